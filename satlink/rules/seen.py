"""What a cell sees along its row and column, from a finished board: the
checking side of :mod:`satlink.rules.sight` (which states the same as
clauses), for ``verify`` and the design tools.

A cell sees along each direction up to a blocked cell (a black or shaded
cell, a wall) or the edge of the board, or, given ``within``, as far as
the cells of ``within`` go (Canal View's shaded cells); itself is not
counted.

>>> from satlink.rules.grid import Grid
>>> seen_from(Grid(3, 3), (1, 1), blocked={(0, 1)})
[(2, 1), (1, 0), (1, 2)]
>>> len(seen_from(Grid(3, 3), (0, 0), blocked=()))
4
>>> seen_from(Grid(3, 3), (0, 0), blocked=(), within={(0, 1), (1, 0), (2, 0)})
[(1, 0), (2, 0), (0, 1)]
"""
from __future__ import annotations

from collections.abc import Container

from .grid import Cell, Grid


def seen_line(grid: Grid, cell: Cell, direction: str, blocked: Container[Cell],
              within: Container[Cell] | None = None) -> list[Cell]:
    """The cells ``cell`` sees in ``direction`` (``n e s w``), nearest first."""
    out = []
    for x in grid.ray(cell, direction):
        if x in blocked or (within is not None and x not in within):
            break
        out.append(x)
    return out


def seen_from(grid: Grid, cell: Cell, blocked: Container[Cell],
              within: Container[Cell] | None = None, directions: str = "nswe") -> list[Cell]:
    """The cells ``cell`` sees along its row and column, direction by
    direction (``directions``, north, south, west, east unless said)."""
    return [x for d in directions for x in seen_line(grid, cell, d, blocked, within)]
