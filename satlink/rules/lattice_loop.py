"""A single loop along the sides of cells (Slitherlink; Mejilink and the
other lattice-loop genres of issue 26 later).

:class:`LatticeLoop` holds one variable per lattice edge of a board
(``edges``; ``(tag, "h", r, c)`` from point ``(r, c)`` to ``(r, c + 1)``,
``(tag, "v", r, c)`` to ``(r + 1, c)``). Encoded at once: every lattice
point has none or two loop edges (:func:`satlink.rules.graph.zero_or_two`)
and some edge is on the loop. "The edges form one cycle" is lazy
(:meth:`LatticeLoop.cuts`: separation cuts found on the grid's arrays, a
walk per loop) or complete (``complete=True``:
:func:`satlink.rules.graph_encodings.encode_connected`). Around it:

- :meth:`~LatticeLoop.promise`: a genre tells the cut finder that every
  solution's loop passes through one point of any set holding ``need`` of
  some points (Slitherlink's clues do), which lets the cuts leave out
  witnesses (``encodings/loops.md``, "The lattice loop");
- :meth:`~LatticeLoop.inside`: a literal per cell, the cell lies inside
  the loop (parity across the loop's edges): implied in complete mode, a
  rule of its own for genres that colour the inside;
- the literals of :class:`satlink.rules.lines.Lines` on the lattice points
  (``through``, ``straight``, ``turn``).

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> loop = LatticeLoop(Grid(2, 3), f)
>>> len(loop.edges), f.name(loop.edges[((0, 0), (0, 1))])
(17, 'loop(h,0,0)')
>>> [f.name(x) for x in loop.sides((1, 2))]
['loop(h,1,2)', 'loop(h,2,2)', 'loop(v,1,2)', 'loop(v,1,3)']
"""
from __future__ import annotations

from collections.abc import Collection, Iterable

from ..formula import Formula
from . import graph, graph_cuts, graph_encodings
from .grid import Cell, Edge, Grid, Point
from .lines import Lines
from .cycle_cuts import CycleCuts


class LatticeLoop(Lines, CycleCuts):
    """One loop along the sides of the cells of ``grid``.

    - ``edges``: ``grid.lattice_edges()`` -> variable;
    - ``complete``: the one-cycle rule as clauses (then :meth:`cuts` has
      nothing to add);
    - ``nonempty``: the loop exists (one clause: some edge is on it);
    - ``only``: the lattice edges the loop may use (default every one);
      the others get no variable (Mejilink's edges that are not dotted:
      fewer variables and clauses than a variable and a negative unit each).
    """

    def __init__(self, grid: Grid, f: Formula, tag: str = "loop", *, complete: bool = False,
                 nonempty: bool = True, only: Collection[Edge] | None = None) -> None:
        self.grid, self.complete = grid, complete
        var = f.var  # edge_key(e), inlined: this runs for every edge of the board
        usable = grid.lattice_edges() if only is None else [
            e for e in grid.lattice_edges() if e in only]
        super().__init__(Grid(grid.rows + 1, grid.cols + 1), f, tag,
                         {e: var(tag, "h" if e[0][0] == e[1][0] else "v", *e[0])
                          for e in usable})
        w = grid.cols + 1
        # The board as integer arrays for the cut finder: point r * w + c.
        self.index_points((grid.rows + 1) * w, ((a * w + b, c * w + d, x) for ((a, b), (c, d)), x
                                                in self.edges.items()))
        for nb in self.nbrs:
            graph.zero_or_two(f, [x for _, x in nb])
        if nonempty:
            f.add(list(self.ex))
        if complete:
            graph_encodings.encode_connected(f, self.edges, tag=tag + ".conn")
        self._answer: bool | None = None

    def sides(self, cell: Cell) -> list[int]:
        """The variables of the four sides of ``cell``: top, bottom, left,
        right (every side must have one: not with ``only``)."""
        return [self.edges[e] for e in self.grid.sides(cell)]

    def promise(self, points: Iterable[Point], need: int) -> None:
        """Every solution's loop passes through a point of any set that holds
        ``need`` or more of ``points``: the cut finder then leaves out the
        witness of a loop or region that does (valid only while the promise
        holds: a genre makes it from clues that every solution obeys)."""
        w = self.grid.cols + 1
        self.promise_points((r * w + c for r, c in points), need)

    def inside(self) -> dict[Cell, int]:
        """A variable ``(tag, "in", r, c)`` per cell, true when the cell lies
        inside the loop, with its definition: a side is on the loop exactly
        when one of its two cells is inside (the outside of the board counts
        as outside). Valid because a simple closed curve along the grid
        lines splits the cells into inside and outside, and its edges are
        exactly the sides between the two; the edges fix every cell's value."""
        cell = {c: self.f.var(self.tag, "in", *c) for c in self.grid.cells}
        out = self.f.clauses
        for e, x in self.edges.items():
            a, b = (cell.get(c) for c in self.grid.beside(e))
            if a is None or b is None:
                y = a or b
                out.extend(([-x, y], [x, -y]))
            else:
                out.extend(([-x, a, b], [-x, -a, -b], [x, -a, b], [x, a, -b]))
        return cell

    # -- the lazy rule ----------------------------------------------------------------
    def cuts(self, model) -> list[list[int]]:
        """Clauses against a candidate with more than one loop (or none):
        :meth:`satlink.rules.cycle_cuts.CycleCuts.cycle_cuts`, with
        promises. Written for the grid rather than through
        ``graph_cuts.single_cycle_cuts`` because of speed: a round on a 60 x 60
        board costs 1.2 ms against 4.2 ms (encodings/slitherlink.md, "The finder").
        """
        if self.complete:
            return []
        if self._answer is None:  # the answer variables are the edges: read them at once
            self._answer = self.f.answer == self.ex
        true = model.true_answer() if self._answer else model.true_vars(self.ex)
        if not true:
            return [list(self.ex)]
        cuts = self.cycle_cuts(true)
        if cuts is None:  # a branch or a dead end: not a degree 0/2 candidate
            return graph_cuts.single_cycle_cuts(self.edges, model)
        return cuts
