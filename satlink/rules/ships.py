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
  connected group one straight ship, else :class:`Bent` at its first cell);
- :func:`laid`: the problems of a list of ships with the geometry rules
  (on the board, no overlap, no touching, the fleet's counts), and the part
  each cell shows; :func:`default_fleet`.

The placements a fleet's givens and tallies allow, and their narrowing to a
fixed point, are :mod:`satlink.rules.ship_narrowing`.

>>> part((0, 0, 3, "v"), 0), part((0, 0, 3, "v"), 1), part((4, 4, 1, "h"), 0)
('top', 'middle', 'sub')
>>> ships_of({(0, 0), (0, 1), (2, 2)}, 3, 3)
((0, 0, 2, 'h'), (2, 2, 1, 'h'))
>>> ships_of({(0, 0), (0, 1), (1, 1)}, 3, 3)
Traceback (most recent call last):
satlink.rules.ships.Bent: the ship cells at r1c1 do not form a straight line
>>> laid([(0, 0, 2, "h"), (1, 2, 1, "h")], 3, 3, {2: 1, 1: 1})[0]
['ships touch at r1c2 and r2c3']
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from .grid import Cell, Grid


Ship = tuple[int, int, int, str]
#: The parts a ship's cells show.
PARTS = ("sub", "left", "right", "top", "bottom", "middle")


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


def laid(ships: Iterable[Ship], rows: int, cols: int, fleet: Mapping[int, int],
         ) -> tuple[list[str], dict[Cell, str]]:
    """The broken rules of a list of ships (each a 1 x L ship placed h or v,
    on the board, no two overlapping or touching, not even diagonally, as
    many of each length as ``fleet`` says), checked from the rules; and the
    part each ship cell shows."""
    problems = []
    owner: dict[Cell, int] = {}
    shows: dict[Cell, str] = {}
    ships = list(ships)
    for i, ship in enumerate(ships):
        r, c, length, d = ship
        if d not in ("h", "v") or length < 1:
            problems.append(f"ship {ship} is not a 1 x L ship placed h or v")
            continue
        for k, cell in enumerate(cells(ship)):
            if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
                problems.append(f"ship at r{r + 1}c{c + 1} leaves the board")
                break
            if cell in owner:
                problems.append(f"two ships overlap at r{cell[0] + 1}c{cell[1] + 1}")
            owner[cell] = i
            shows[cell] = part(ship, k)
    have = Counter(s[2] for s in ships)
    for length in sorted(set(have) | set(fleet)):
        if have[length] != fleet.get(length, 0):
            problems.append(f"{have[length]} ships of length {length}, the fleet has"
                            f" {fleet.get(length, 0)}")
    for (r, c), i in owner.items():
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            j = owner.get((r + dr, c + dc))
            if j is not None and j != i:
                problems.append(f"ships touch at r{r + 1}c{c + 1} and"
                                f" r{r + dr + 1}c{c + dc + 1}")
    return problems, shows


def default_fleet(rows: int, cols: int) -> list[int]:
    """The triangular fleet 1 x L, 2 x (L - 1), ..., L x 1 with the largest
    L whose L(L + 1)(L + 2)/6 ship cells take at most a fifth of the board
    (at least one submarine, no ship longer than the board): 10 x 10 gets
    the standard fleet 4 3 3 2 2 2 1 1 1 1 (L = 4, 20 cells, up to 13 x 13),
    8 x 8 L = 3 (3 2 2 1 1 1), 5 x 5 to 7 x 7 L = 2 (2 1 1), 4 x 4 and
    smaller one submarine, 15 x 15 L = 5."""
    area, side = rows * cols, max(rows, cols)
    top = 1
    while (top + 1 <= side and (top + 1) * (top + 2) * (top + 3) <= 6 * area // 5):
        top += 1
    return [length for k, length in enumerate(range(top, 0, -1), 1) for _ in range(k)]
