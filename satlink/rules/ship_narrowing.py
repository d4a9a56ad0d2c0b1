"""Ship placements: where a fleet of straight ships (:mod:`satlink.rules.ships`)
can lie, given parts and line tallies, narrowed to a fixed point.

- :func:`placements`: the placements of a fleet that given parts and line
  tallies allow (each rejection forced by a rule), as
  :mod:`satlink.rules.placements` lays them; :func:`of_placement`;
- :func:`narrow`: those placements cut to a fixed point by the tallies and
  the ship cells; :func:`candidates`: both, what an encoding with its clues
  applied needs.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .grid import Cell, Grid
from .placements import Placement, pieces
from .placements import placements as lay
from .shapes import line
from .ships import PARTS, Ship, part


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
