"""Random Hashi islands for ``generate`` (:func:`satlink.puzzles.hashi.layout`).

Islands grow one from another: a random island, a random direction, a
random distance of 2 to :data:`REACH` cells over water that no earlier such
bridge crosses, so these bridges, one each, join all islands without
crossing (the board has a solution); no two islands are orthogonal
neighbours (a bridge between them could not be drawn in a grid of cells).
"""
from __future__ import annotations

import random

from ..errors import InputError
from ..rules.grid import Cell, Grid

#: Islands a random layout aims at, per cell of the board (about 22 on 10 x 10).
ISLAND_DENSITY = 0.22
#: How far (in cells) a new island may stand from the island it grows from.
REACH = 6


def grow_islands(g: Grid, goal: int, rng: random.Random) -> list[Cell]:
    """At most ``goal`` islands on ``g``, grown from a random one."""
    islands = [(rng.randrange(g.rows), rng.randrange(g.cols))]
    taken = set(islands)
    spanned: set[Cell] = set()  # the water under the tree's bridges
    misses = 0
    while len(islands) < goal and misses < 50 * goal:
        r, c = rng.choice(islands)
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        k = rng.randint(2, REACH)
        far = (r + k * dr, c + k * dc)
        path = [(r + i * dr, c + i * dc) for i in range(1, k + 1)]
        if not (g.inside(far) and far not in taken and not taken.intersection(g.neighbours(far))
                and not any(x in taken or x in spanned for x in path)):
            misses += 1
            continue
        islands.append(far)
        taken.add(far)
        spanned.update(path[:-1])
    return islands


def random_islands(rows: int, cols: int, rng: random.Random, params: dict) -> list[Cell]:
    """Islands grown on a ``rows`` x ``cols`` board (:func:`grow_islands`),
    ``params["density"]`` per cell (default :data:`ISLAND_DENSITY`), at
    least two; an InputError where no two fit."""
    if cols < 3 and rows < 3:
        raise InputError(f"two islands that are not neighbours need a board of at least"
                         f" 3 x 1, not {cols} x {rows}")
    goal = max(2, round(params.get("density", ISLAND_DENSITY) * rows * cols))
    for _ in range(20):  # a start from which no second island fits: start again
        islands = grow_islands(Grid(rows, cols), goal, rng)
        if len(islands) >= 2:
            return islands
    raise InputError(f"no two islands fit on a board of {cols} x {rows}")
