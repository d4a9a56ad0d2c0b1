"""Inside and outside of a loop through cell centres (Castle Wall).

The loop runs between cell centres; the corners of cells (*faces*, one
lattice point each) lie inside or outside it. :class:`Inside` gives each
face a literal: the faces on the board's rim are outside, and two
neighbouring faces differ exactly when the loop edge that separates them is
on (an exclusive or per cell edge, which propagates locally). A cell off
the loop lies in the same place as its corners. Plain clauses, no lazy
part; the proof is in ``encodings/inside.md``. :func:`inside_cells` reads the same fact off a set
of loop edges with a ray to the north, for ``verify``.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.rules.loops import CellLoop
>>> f = Formula()
>>> inside = Inside(CellLoop(Grid(3, 3), f))
>>> f.name(inside.of((1, 1))), f.name(inside.of((2, 2)))
('inside(2,2)', 'loop(never)')
"""
from __future__ import annotations

from collections.abc import Iterable

from .grid import Cell, Edge, Grid
from .loops import CellLoop


class Inside:
    """A literal per *face* (the lattice point ``(i, j)`` at the corner
    shared by cells ``(i - 1, j - 1)`` .. ``(i, j)``, ``0 <= i <= rows``): the
    face lies inside the loop. Faces on the board's rim are outside
    (:attr:`~satlink.rules.loops.Lines.never`); two neighbouring faces differ
    exactly when the loop edge between them is on. :meth:`of` gives a cell's
    literal: a cell off the loop lies in the face at its corner."""

    def __init__(self, loop: CellLoop) -> None:
        self.loop, f, g = loop, loop.f, loop.grid
        rows, cols = g.rows, g.cols
        self.face = {(i, j): (loop.never if i in (0, rows) or j in (0, cols)
                              else f.var("inside", i, j))
                     for i in range(rows + 1) for j in range(cols + 1)}
        for i in range(1, rows):
            for j in range(cols):  # across the edge below cell (i - 1, j)
                self._differ(self.face[i, j], self.face[i, j + 1], loop.through((i - 1, j), "s"))
        for i in range(rows):
            for j in range(1, cols):  # across the edge right of cell (i, j - 1)
                self._differ(self.face[i, j], self.face[i + 1, j], loop.through((i, j - 1), "e"))

    def _differ(self, a: int, b: int, x: int) -> None:
        """``a xor b == x`` (four clauses; fewer where a literal is ``never``)."""
        never = self.loop.never
        if a == never and b == never:
            return  # both on the rim: the edge between them is off the board
        self.loop.f.extend([v for v in c if v != never]  # `never` is false: drop it,
                           for c in ([-a, -b, -x], [a, b, -x], [-a, b, x], [a, -b, x])
                           if -never not in c)  # and the clauses it satisfies

    def of(self, cell: Cell) -> int:
        """True exactly when ``cell``, if off the loop, lies inside it."""
        return self.face[cell[0] + 1, cell[1] + 1]


def inside_cells(grid: Grid, edges: Iterable[Edge]) -> set[Cell]:
    """The cells off the loop ``edges`` that lie inside it: a ray north from
    half a cell east of the centre crosses an odd number of horizontal
    loop edges ``(j, c) - (j, c + 1)``, ``j < r``."""
    edges = set(edges)
    on = {c for e in edges for c in e}
    out = set()
    for r, c in grid.cells:
        if (r, c) not in on and sum(((j, c), (j, c + 1)) in edges for j in range(r)) % 2:
            out.add((r, c))
    return out
