"""Shaded cells that form dominoes never touching orthogonally (Norinori),
stated on the cells alone, without a variable per placement
(``encodings/shapes.md``).
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable

from ..formula import Formula
from .counts import CellLits, literal_of
from .grid import Cell, Grid


def dominoes(f: Formula, grid: Grid, lits: CellLits,
             cells: Iterable[Cell] | None = None) -> None:
    """The true cells form dominoes that never touch orthogonally
    (Norinori): every true cell has exactly one true orthogonal neighbour
    (among ``cells``, default the whole board). The same models as
    ``fill`` (exact) and ``halo`` (orthogonal) over domino placements,
    without their variables; clauses per cell: "one neighbour true" and
    "not two neighbours true" (``encodings/shapes.md``).

    >>> f = Formula(); g = Grid(1, 3); x = {c: f.var("x", *c) for c in g.cells}
    >>> dominoes(f, g, x); f.clauses
    [[-1, 2], [-2, 1, 3], [-2, -1, -3], [-3, 2]]
    """
    lit = literal_of(lits)
    inside = set(grid.cells if cells is None else cells) & set(grid.cells)
    clauses = f.clauses
    for r, c in sorted(inside):
        x = lit((r, c))
        near = [lit(n) for n in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)) if n in inside]
        clauses.append([-x, *near])
        clauses.extend([-x, -a, -b] for a, b in itertools.combinations(near, 2))
