"""Ships: straight 1 x L pieces on a grid, as Battleship's fleet lies.

A ship is ``(row, column, length, direction)``: its top-left cell (0-based),
its length and ``"h"`` (across) or ``"v"`` (down); a ship of one cell (a
submarine) is written ``"h"``. Its k-th cell (0 = top or left) shows a
*part*: ``sub`` (a ship of one cell), the ends ``left``/``right`` or
``top``/``bottom``, or a ``middle``.

- :func:`cells`, :func:`part`, :func:`halo` (the cells that touch a ship,
  diagonally too);
- :func:`straight`: the ship on some cells when they form one;
  :func:`ships_of`: the ships of a set of ship cells (each orthogonally
  connected group one straight ship, else :class:`Bent` at its first cell).

Placing ships in an encoding is :mod:`satlink.rules.placements`
(``pieces({L: shapes.line(L)})``); this module is their geometry, for
readers, checks and counting.

>>> part((0, 0, 3, "v"), 0), part((0, 0, 3, "v"), 1), part((4, 4, 1, "h"), 0)
('top', 'middle', 'sub')
>>> ships_of({(0, 0), (0, 1), (2, 2)}, 3, 3)
((0, 0, 2, 'h'), (2, 2, 1, 'h'))
>>> ships_of({(0, 0), (0, 1), (1, 1)}, 3, 3)
Traceback (most recent call last):
satlink.rules.ships.Bent: the ship cells at r1c1 do not form a straight line
"""
from __future__ import annotations

from collections.abc import Iterable

from .grid import Cell, Grid

Ship = tuple[int, int, int, str]


class Bent(ValueError):
    """Ship cells that are no straight line; ``cell`` is the group's first."""

    def __init__(self, cell: Cell) -> None:
        super().__init__(f"the ship cells at {Grid.name(cell)} do not form a straight line")
        self.cell = cell


def cells(ship: Ship) -> list[Cell]:
    """The cells of a ship, from its top-left cell."""
    r, c, length, d = ship
    return [(r, c + k) for k in range(length)] if d == "h" else [(r + k, c) for k in range(length)]


def part(ship: Ship, k: int) -> str:
    """The part the k-th cell of a ship shows (0 = top/left)."""
    length, d = ship[2], ship[3]
    if length == 1:
        return "sub"
    if 0 < k < length - 1:
        return "middle"
    if d == "h":
        return "left" if k == 0 else "right"
    return "top" if k == 0 else "bottom"


def halo(ship: Ship, rows: int, cols: int) -> list[Cell]:
    """Cells that touch the ship (8-neighbourhood), inside the grid, sorted."""
    own = cells(ship)
    return sorted({h for cell in own for h in Grid(rows, cols).around(cell)} - set(own))


def straight(group: Iterable[Cell]) -> Ship | None:
    """The ship on these cells if they form one straight line (a single cell
    counts as horizontal), else None."""
    group = sorted(group)
    (r0, c0), (r1, c1) = group[0], group[-1]
    if r0 == r1 and c1 - c0 + 1 == len(group):
        return (r0, c0, len(group), "h")
    if c0 == c1 and r1 - r0 + 1 == len(group):
        return (r0, c0, len(group), "v")
    return None


def ships_of(filled: Iterable[Cell], rows: int, cols: int) -> tuple[Ship, ...]:
    """The ships of a set of ship cells on a ``rows`` x ``cols`` board, sorted:
    its orthogonally connected groups, each of which must be a straight line
    (:class:`Bent` otherwise)."""
    board, filled = Grid(rows, cols), set(filled)
    walls = [(a, b) for a, b in board.cell_edges() if (a in filled) != (b in filled)]
    out = []
    for group in board.regions(walls):
        if group[0] in filled:
            ship = straight(group)
            if ship is None:
                raise Bent(group[0])
            out.append(ship)
    return tuple(sorted(out))
