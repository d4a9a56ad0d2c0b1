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

- :func:`placements`: the placements of a fleet that given parts and line
  tallies allow (each rejection forced by a rule), as
  :mod:`satlink.rules.placements` lays them; :func:`of_placement`;
- :func:`narrow`: those placements cut to a fixed point by the tallies and
  the ship cells; :func:`candidates`: both, what an encoding with its clues
  applied needs;
- :func:`laid`: the problems of a list of ships with the geometry rules
  (on the board, no overlap, no touching, the fleet's counts), and the part
  each cell shows; :func:`default_fleet`.

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
from collections.abc import Iterable, Mapping, Sequence

from .grid import Cell, Grid
from .placements import Placement, pieces
from .placements import placements as lay
from .shapes import line

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


def of_placement(p: Placement) -> Ship:
    """A placement of a ship piece (:func:`placements`) as a Ship."""
    return (*p.origin, p.label, "v" if p.piece.height > 1 else "h")


def placements(grid: Grid, lengths: Iterable[int], given: Mapping[Cell, str] | None = None,
               row_tallies: Sequence[int | None] = (), col_tallies: Sequence[int | None] = (),
               ) -> list[Placement]:
    """The placements of ships of these lengths, longest first, horizontal
    before vertical, by origin. With ``given`` (cell -> ``water``, ``some``
    ship part, or one of :data:`PARTS`) and the tallies (None: unknown),
    only those they allow, each rejection forced by a rule: each cell k not
    water, not given as a part other than the ship's k-th, in no line of
    tally 0 and not across a line whose tally is below the length; no part
    (or ``some``) in the halo."""
    shapes = pieces({length: line(length) for length in lengths})
    if given is None:
        return lay(grid, shapes)
    rt, ct = row_tallies, col_tallies
    open_ = {(r, c) for r, c in grid.cells
             if given.get((r, c)) != "water" and rt[r] != 0 and ct[c] != 0}
    other = {p: {c for c in open_ if given.get(c, p) not in (p, "some")} for p in PARTS}
    sets: dict[tuple, set] = {}

    def allowed(piece, k):  # one set object per key: lay() reads each once
        length, d = piece.label, "v" if piece.height > 1 else "h"
        kind = part((0, 0, length, d), k)
        lines = [i for i, t in enumerate(rt if d == "h" else ct) if t is not None and t < length]
        key = (kind, tuple(lines), d)
        if key not in sets:
            sets[key] = {(r, c) for r, c in open_ - other[kind] if (r if d == "h" else c)
                         not in lines} if lines else open_ - other[kind]
        return sets[key]
    parts = {c for c, g in given.items() if g != "water"}
    return lay(grid, shapes, allowed, halo_free=parts, diagonal=True)


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


def default_fleet(width: int, height: int) -> list[int]:
    """The triangular fleet 1 x L, 2 x (L - 1), ..., L x 1 with the largest
    L whose L(L + 1)(L + 2)/6 ship cells take at most a fifth of the board
    (at least one submarine, no ship longer than the board): 10 x 10 gets
    the standard fleet 4 3 3 2 2 2 1 1 1 1 (L = 4, 20 cells, up to 13 x 13),
    8 x 8 L = 3 (3 2 2 1 1 1), 5 x 5 to 7 x 7 L = 2 (2 1 1), 4 x 4 and
    smaller one submarine, 15 x 15 L = 5."""
    area, side = width * height, max(width, height)
    top = 1
    while (top + 1 <= side and (top + 1) * (top + 2) * (top + 3) <= 6 * area // 5):
        top += 1
    return [length for k, length in enumerate(range(top, 0, -1), 1) for _ in range(k)]


def narrow(grid: Grid, placed: Sequence[Placement], ship: Iterable[Cell],
           row_tallies: Sequence[int | None], col_tallies: Sequence[int | None],
           ) -> tuple[list[Placement], set[Cell]] | None:
    """The placements of ``placed`` that can still be chosen, and the cells
    that are ship cells in every solution, to a fixed point; None when no
    solution exists. ``placed`` must hold every placement of every solution
    (:func:`placements` with the givens), ``ship`` cells given as ship parts.

    Rules (each keeps every solution; ``encodings/battleship.md``): a cell
    no placement covers is water; a line whose open cells number its tally
    is all ship, one whose ship cells do is water elsewhere; a ship cell
    lies in one of the placements covering it, so the cells all of them
    share are ship and the halo cells all of them share are water; a
    placement on a water cell, or with a ship cell in its halo, or with
    more ship cells along its own line than the tally allows, goes.

    >>> g, cols = Grid(1, 4), [None] * 4
    >>> ps = placements(g, [2, 1], {}, [2], cols)      # 3 ships of 2, 4 submarines
    >>> kept, ship = narrow(g, ps, [(0, 1)], [2], cols)
    >>> [p.cells for p in kept], ship          # r1c2 is a ship cell: its halo goes
    ([((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 1),), ((0, 3),)], {(0, 1)})
    >>> narrow(g, ps, [(0, 0), (0, 2)], [2], cols)[1] == {(0, 0), (0, 2)}  # two submarines
    True
    >>> narrow(g, ps, [(0, 0), (0, 1), (0, 3)], [2], cols) is None     # 3 ship cells, tally 2
    True
    """
    R, C = grid.rows, grid.cols
    W = C + 2  # cells as numbers on the board with a border: (r + 1) * W + c + 1

    def num(r: int, c: int) -> int:
        return (r + 1) * W + c + 1
    shapes: dict[int, tuple[list[int], list[int]]] = {}  # id(piece) -> cell and halo offsets
    cells, rims = [], []  # rims: (first cell, halo offsets), the halo made when needed
    cov: dict[int, set[int]] = {}
    for i, p in enumerate(placed):
        got = shapes.get(id(p.piece))
        if got is None:
            got = shapes[id(p.piece)] = ([r * W + c for r, c in p.piece.shape],
                                         [r * W + c for r, c in p.piece.around])
        base = num(*p.origin)
        cells.append(own := [base + d for d in got[0]])
        rims.append((base, got[1]))
        for c in own:
            if c in cov:
                cov[c].add(i)
            else:
                cov[c] = {i}

    def halo(i: int) -> set[int]:  # border cells too: never covered, never ship
        base, offsets = rims[i]
        return {base + d for d in offsets}
    around = (-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1)
    lines = [(t, [num(r, c) for c in range(C)]) for r, t in enumerate(row_tallies)
             if t is not None]
    lines += [(t, [num(r, c) for r in range(R)]) for c, t in enumerate(col_tallies)
              if t is not None]
    # placements of length >= 2 by their own line (a horizontal one's row), with its tally
    along: dict[int, tuple[int, list[int], list[int]]] = {}
    for k, (t, cells_) in enumerate(lines):
        along[k] = (t, cells_, [])
    which = {("h", r): k for k, r in enumerate(r for r, t in enumerate(row_tallies)
                                                if t is not None)}
    nrows = len(which)
    which.update({("v", c): nrows + k for k, c in
                  enumerate(c for c, t in enumerate(col_tallies) if t is not None)})
    for i, p in enumerate(placed):
        if len(cells[i]) > 1:
            r, c = p.origin
            k = which.get(("h", r) if p.piece.height == 1 else ("v", c))
            if k is not None:
                along[k][2].append(i)
    ship = {num(*c) for c in ship}
    seen: dict[int, int] = {}  # ship cell -> size of its cover when last read
    fresh = set(ship)  # ship cells whose halo has not yet removed placements
    counted = [0] * len(lines)  # each line's ship cells when its placements were checked
    dead: set[int] = set()
    while True:
        water: set[int] = set()
        grow: set[int] = set()
        for t, cells_ in lines:
            open_ = [c for c in cells_ if cov.get(c)]
            known = sum(1 for c in cells_ if c in ship)
            if len(open_) < t or known > t:
                return None
            if len(open_) == t:
                grow.update(c for c in open_ if c not in ship)
            elif known == t:
                water.update(c for c in open_ if c not in ship)
        for c in ship:
            cv = cov.get(c)
            if not cv:
                return None
            if seen.get(c) == len(cv):
                continue
            seen[c] = len(cv)
            it = iter(cv)
            i = next(it)
            same, apart = set(cells[i]), halo(i)
            for i in it:
                same.intersection_update(cells[i])
                apart &= halo(i)
                if not same and not apart:
                    break
            grow |= same
            water |= apart
        grow -= ship
        if grow & water or water & ship:
            return None
        ship |= grow
        fresh |= grow
        kill: set[int] = set()
        for c in water:
            kill.update(cov.get(c, ()))
        for c in fresh:  # a line's halo: the cells 8-adjacent to it, not its own
            touch: set[int] = set()
            for d in around:
                touch.update(cov.get(c + d, ()))
            kill |= touch.difference(cov.get(c, ()))
        fresh = set()
        for k, (t, cells_, idx) in along.items():
            known = sum(1 for c in cells_ if c in ship)
            if known == counted[k]:
                continue
            counted[k] = known
            for i in idx:
                if i not in dead and known + sum(1 for c in cells[i] if c not in ship) > t:
                    kill.add(i)
        kill -= dead
        if not kill and not grow:
            break
        dead |= kill
        for i in kill:
            for c in cells[i]:
                cov[c].discard(i)
    return ([p for i, p in enumerate(placed) if i not in dead],
            {(c // W - 1, c % W - 1) for c in ship})


def candidates(grid: Grid, lengths: Iterable[int], given: Mapping[Cell, str],
               row_tallies: Sequence[int | None], col_tallies: Sequence[int | None],
               ) -> tuple[list[Placement], set[Cell]] | None:
    """The placements of ships of these lengths that the givens and tallies
    allow (:func:`placements`), narrowed to a fixed point (:func:`narrow`),
    and the cells that are ship cells in every solution; None when no
    solution exists. Every placement of every solution is kept."""
    placed = placements(grid, lengths, given, row_tallies, col_tallies)
    return narrow(grid, placed, [c for c, g in given.items() if g != "water"], row_tallies,
                  col_tallies)
