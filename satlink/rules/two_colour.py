"""Two colours, both connected (YinYang): implied clauses over a
:class:`~satlink.rules.shading.Shading` whose shaded cells and whose
unshaded cells are each one orthogonally connected area.

Neither rule is needed for correctness (the connectivity rules decide); each
holds in every assignment whose two colours are both connected, so adding it
removes no solution, and it spares the lazy cuts most of their rounds.
``encodings/yinyang.md`` proves both.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.rules.shading import Shading
>>> f = Formula(); s = Shading(f, Grid(2, 2))
>>> no_checkerboard(s); f.clauses
[[1, -2, -3, 4], [-1, 2, 3, -4]]
"""
from __future__ import annotations

from .grid import Cell
from .shading import Shading


def no_checkerboard(s: Shading) -> None:
    """No 2x2 block of cells is coloured like a checkerboard (its two
    diagonals of two different colours): the two shaded cells of a diagonal
    and the two unshaded ones of the other could not both be joined."""
    for a, b, c, d in s.grid.squares():  # a b / c d
        if all(x in s.var for x in (a, b, c, d)):
            x = s.var
            s.f.add([x[a], -x[b], -x[c], x[d]])
            s.f.add([-x[a], x[b], x[c], -x[d]])


def ring(rows: int, cols: int) -> list[Cell]:
    """The cells along the edge of a board of at least 2 x 2 cells, once
    round clockwise from the top left corner.

    >>> ring(2, 3)
    [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]
    """
    top = [(0, c) for c in range(cols)]
    right = [(r, cols - 1) for r in range(1, rows)]
    bottom = [(rows - 1, c) for c in range(cols - 2, -1, -1)]
    left = [(r, 0) for r in range(rows - 2, 0, -1)]
    return top + right + bottom + left


def one_arc_each(s: Shading) -> None:
    """Along the edge of the board (of at least 2 x 2 cells, the shading
    over all of it), the colour changes at most twice: the shaded edge cells
    form one arc and the unshaded ones another. A variable per pair of
    cells next to each other on the ring, true iff their colours differ,
    and at most two of them true (an even number always is)."""
    rows, cols = s.grid.rows, s.grid.cols
    if rows < 2 or cols < 2:
        return
    cells = ring(rows, cols)
    changes = []
    for a, b in zip(cells, cells[1:] + cells[:1]):
        x, y, d = s.var[a], s.var[b], s.f.var(f"{s.tag}.edge_change", *a, *b)
        s.f.extend([[-d, x, y], [-d, -x, -y], [d, -x, y], [d, x, -y]])
        changes.append(d)
    s.f.at_most(changes, 2)
