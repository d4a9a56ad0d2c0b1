"""Runs: straight lines of cells of one colour along a row or a column.

A *run* is a maximal group of consecutive cells of one colour (shaded, or
unshaded with ``shaded=False``) in a row or a column of a
:class:`~satlink.rules.shading.Shading`. Two rules bound them, each a
clause per window (local, no lazy form; ``encodings/runs.md``):

- :func:`at_most` -- no run is longer than ``most`` cells (Aqre: no four
  in a line of either colour);
- :func:`across_rooms` -- no run crosses ``borders`` room borders
  (Heyawake: a line of white cells spans at most two rooms).

Cells left out of the shading (black cells) end a run as a board edge does.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.rules.shading import Shading
>>> f = Formula(); s = Shading(f, Grid(1, 4))
>>> at_most(s, 2)                                  # no three shaded in a line
>>> f.clauses
[[-1, -2, -3], [-2, -3, -4]]
>>> windows_across_rooms(Grid(1, 5), {(0, c): r for c, r in enumerate("aabbc")}.get, 2)
[[(0, 1), (0, 2), (0, 3), (0, 4)]]
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

from .grid import Cell, Grid
from .shading import Shading


def lines(grid: Grid, cells=None) -> list[list[Cell]]:
    """The rows, then the columns, cut into pieces of consecutive cells of
    ``cells`` (every cell when None).

    >>> lines(Grid(2, 3), {(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)})
    [[(0, 0)], [(0, 2)], [(1, 0), (1, 1), (1, 2)], [(0, 0), (1, 0)], [(1, 1)], [(0, 2), (1, 2)]]
    """
    keep = set(grid.cells) if cells is None else set(cells)
    out = []
    for line in grid.rows_of_cells() + grid.cols_of_cells():
        piece: list[Cell] = []
        for c in line + [None]:
            if c is not None and c in keep:
                piece.append(c)
            elif piece:
                out.append(piece)
                piece = []
    return out


def at_most(s: Shading, most: int, shaded: bool = True) -> None:
    """No run of the colour is longer than ``most`` cells: of every
    ``most + 1`` consecutive cells of a line, one is of the other colour."""
    for line in lines(s.grid, s.cells):
        for i in range(len(line) - most):
            s.f.add([-s.lit(c, shaded) for c in line[i:i + most + 1]])


def windows_across_rooms(grid: Grid, room: Callable[[Cell], Hashable], borders: int,
                         cells=None) -> list[list[Cell]]:
    """The shortest straight windows of consecutive cells that cross
    ``borders`` room borders: from the cell before one border to the cell
    after the ``borders``-th border that follows along the line (``room``
    gives a cell's room; cells outside ``cells`` end a line)."""
    out = []
    for line in lines(grid, cells):
        rooms = [room(c) for c in line]
        cut = [i for i in range(len(line) - 1) if rooms[i] != rooms[i + 1]]
        for j in range(len(cut) - borders + 1):
            out.append(line[cut[j]:cut[j + borders - 1] + 2])
    return out


def across_rooms(s: Shading, room: Callable[[Cell], Hashable], borders: int = 2,
                 shaded: bool = False) -> None:
    """No run of the colour crosses ``borders`` room borders (Heyawake:
    white, two): every window of :func:`windows_across_rooms` holds a cell
    of the other colour."""
    var, add = s.var, s.f.clauses.append  # s.lit(c, not shaded), without a call per cell
    if shaded:
        for window in windows_across_rooms(s.grid, room, borders, s.cells):
            add([-var[c] for c in window])
    else:
        for window in windows_across_rooms(s.grid, room, borders, s.cells):
            add([var[c] for c in window])
