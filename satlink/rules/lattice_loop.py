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
from operator import itemgetter

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
      fewer variables and clauses than a variable and a negative unit each);
    - ``said``: (cell, statement) for clauses the genre adds itself, without
      a guard, about the two sides of the cell that meet at each of its
      corners (:data:`STATEMENTS`: Slitherlink's 0, 1, 3 and 4): the degree
      clauses of inner points that one of them subsumes are left out
      (the same models; ``encodings/loops.md``, "The lattice loop").
    """

    def __init__(self, grid: Grid, f: Formula, tag: str = "loop", *, complete: bool = False,
                 nonempty: bool = True, only: Collection[Edge] | None = None,
                 said: Iterable[tuple[Cell, str]] = ()) -> None:
        self.grid, self.complete = grid, complete
        rows, cols = grid.rows, grid.cols
        w = cols + 1
        lattice = grid.lattice_edges()
        if only is not None:
            lattice = [e for e in lattice if e in only]
            ids = [f.var(tag, "h" if a[0] == b[0] else "v", *a) for a, b in lattice]
        else:  # the keys of lattice_edges() in its order (h rows, then v rows), at once
            keys = [(tag, "h", r, c) for r in range(rows + 1) for c in range(cols)]
            keys += [(tag, "v", r, c) for r in range(rows) for c in range(w)]
            ids = f.vars(keys)
        super().__init__(Grid(rows + 1, w), f, tag, dict(zip(lattice, ids)))
        #: The first edge variable when every lattice edge has one, numbered at
        #: once in the order of ``grid.lattice_edges()`` (then ``h(r, c)`` is
        #: ``first + r * cols + c`` and ``v(r, c)`` is ``first + (rows + 1) *
        #: cols + r * (cols + 1) + c``: :meth:`side_vars`); else None.
        self.first = ids[0] if isinstance(ids, range) and ids else None
        # The board as integer arrays for the cut finder: point r * w + c.
        if self.first is None:
            self.index_points((rows + 1) * w, ((a * w + b, c * w + d, x) for ((a, b), (c, d)), x
                                               in self.edges.items()))
            for nb in self.nbrs:
                graph.zero_or_two(f, [x for _, x in nb])
        else:
            us = [r * w + c for r in range(rows + 1) for c in range(cols)]
            vs = [u + 1 for u in us]
            self.index_arrays((rows + 1) * w, us + list(range(rows * w)),
                              vs + list(range(w, (rows + 1) * w)), ids)
            _lattice_degrees(f, rows, cols, self.first, _subsumed(rows, cols, said))
        if nonempty:
            f.add(list(self.ex))
        if complete:
            graph_encodings.encode_connected(f, self.edges, tag=tag + ".conn")
        self._answer: bool | None = None

    def side_vars(self, r: int, c: int) -> tuple[int, int, int, int]:
        """:meth:`sides` of cell ``(r, c)`` by arithmetic when the edges are
        numbered at once (``first`` is not None; the genre's loop over its
        clues calls this for every clue)."""
        cols = self.grid.cols
        top = self.first + r * cols + c
        left = self.first + (self.grid.rows + 1) * cols + r * (cols + 1) + c
        return top, top + cols, left, left + 1

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


#: The clauses of the degree rule at an inner lattice point, as positions
#: of its edges (0 left, 1 right, 2 up, 3 down; ~i: not edge i), in the
#: order :func:`_lattice_degrees` writes them.
_INNER = ((~0, 1, 2, 3), (~1, 0, 2, 3), (~2, 0, 1, 3), (~3, 0, 1, 2),
          (~0, ~1, ~2), (~0, ~1, ~3), (~0, ~2, ~3), (~1, ~2, ~3))
#: What a genre's clauses may say of the two sides ``a``, ``b`` of a cell
#: that meet at a point, as those clauses: neither is on (units ``not a``,
#: ``not b``), not both (``not a or not b``), one of them (``a or b``), both.
STATEMENTS = {"neither": lambda a, b: ((~a,), (~b,)), "not both": lambda a, b: ((~a, ~b),),
              "one of": lambda a, b: ((a, b),), "both": lambda a, b: ((a,), (b,))}
#: The two sides at the point of the cell at each corner of the point: the
#: cell up-left of it (its right side is the point's up edge, its bottom
#: side the left edge), up-right, down-left, down-right.
_QUADRANTS = ((2, 0), (2, 1), (3, 0), (3, 1))


def _subsumed_mask(statement: str, quadrant: int) -> int:
    """The bits of the :data:`_INNER` clauses that a statement about the
    sides of the cell in ``quadrant`` subsumes (a clause of it is a subset)."""
    said = STATEMENTS[statement](*_QUADRANTS[quadrant])
    return sum(1 << i for i, clause in enumerate(_INNER)
               if any(set(part) <= set(clause) for part in said))


#: :func:`_subsumed_mask` of every statement and quadrant (a constant table).
_MASKS = {k: tuple(_subsumed_mask(k, q) for q in range(4)) for k in STATEMENTS}


#: Per mask of :data:`_INNER` clauses to leave out, the function that picks
#: the others from a point's eight as a tuple (``itemgetter``: a filtering
#: comprehension per point was a third of the lattice loop's set-up).
_KEEP = [itemgetter(*keep) if len(keep) > 1 else
         (lambda clauses, keep=keep: tuple(clauses[i] for i in keep))
         for keep in ([i for i in range(8) if not m >> i & 1] for m in range(256))]


def _subsumed(rows: int, cols: int, said: Iterable[tuple[Cell, str]]) -> list[int] | None:
    """Per lattice point (``r * (cols + 1) + c``), the bits of its degree
    clauses (:data:`_INNER`, inner points only) that the statements ``said``
    about its cells subsume; None when nothing is said."""
    w = cols + 1
    drop = [0] * ((rows + 1) * w)
    for (r, c), statement in said:
        # the cell is down-right of its corner p, down-left of p + 1, up-right
        # of p + w, up-left of p + w + 1
        nw, ne, sw, se = _MASKS[statement]
        p = r * w + c
        drop[p] |= se
        drop[p + 1] |= sw
        drop[p + w] |= ne
        drop[p + w + 1] |= nw
    return drop if any(drop) else None


def _lattice_degrees(f: Formula, rows: int, cols: int, first: int,
                     drop: list[int] | None = None) -> None:
    """:func:`satlink.rules.graph.zero_or_two` at every lattice point, in
    point order, each point's edges in the cut finder's order (left, right,
    up, down): the same clauses as a call per point over ``nbrs``, written
    by arithmetic on the variables numbered at once from ``first``
    (:attr:`LatticeLoop.first`). By hand for speed: the degree clauses are
    most of a lattice loop's clauses, and a call and a list of literals per
    point were two fifths of its set-up. ``drop``: per point, the bits of
    the inner point's clauses to leave out (:func:`_subsumed`)."""
    w, out, zero_or_two = cols + 1, f.clauses, graph.zero_or_two
    v0 = first + (rows + 1) * cols  # v(r, c) = v0 + r * w + c
    for r in range(rows + 1):
        hr, up, down = first + r * cols, v0 + (r - 1) * w, v0 + r * w
        vert = [x for x, on in ((up, r > 0), (down, r < rows)) if on]  # at column 0
        if not cols or not vert:  # no cells (a board of one line): point by point
            for c in range(w):
                zero_or_two(f, [x for x in (hr + c - 1, hr + c) if hr <= x < hr + cols]
                            + [x + c for x in vert])
            continue
        zero_or_two(f, [hr, *vert])  # the point (r, 0)
        if len(vert) == 2:  # an inner row: left a, right a + 1, up c, down e
            for a in range(hr, hr + cols - 1):
                b, c, e = a + 1, up + a - hr + 1, down + a - hr + 1
                here = ([-a, b, c, e], [-b, a, c, e], [-c, a, b, e], [-e, a, b, c],
                        [-a, -b, -c], [-a, -b, -e], [-a, -c, -e], [-b, -c, -e])
                out += _KEEP[drop[r * w + a - hr + 1]](here) if drop else here
        else:  # the top or bottom row: left a, right a + 1, the one vertical c
            for a in range(hr, hr + cols - 1):
                b, c = a + 1, vert[0] + a - hr + 1
                out += ([-a, b, c], [-b, a, c], [-c, a, b], [-a, -b, -c])
        zero_or_two(f, [hr + cols - 1, *(x + cols for x in vert)])  # the point (r, cols)
