"""What the region-digit genres' tests share (Suguru, Hakyuu, Cojun): tiny
boards cut into random regions with random givens, and every filling whose
regions hold 1..k once each and that keeps the givens, listed by brute force
(region by region, over permutations) without the genre's code; each genre's
oracle filters these fillings by its own neighbour rule."""
from __future__ import annotations

import itertools
import random

from hypothesis import strategies as st


def partition(rows: int, cols: int, most: int, rng: random.Random) -> list[list[str]]:
    """Region names of a random cut of the board into connected regions of at
    most ``most`` cells (grown from random seeds)."""
    names = [[None] * cols for _ in range(rows)]
    free = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(free)
    k = 0
    for start in free:
        if names[start[0]][start[1]] is not None:
            continue
        size, region = rng.randint(1, most), [start]
        names[start[0]][start[1]] = "abcdefghijklmnop"[k]
        while len(region) < size:
            grow = [(r + dr, c + dc) for r, c in region
                    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < rows and 0 <= c + dc < cols
                    and names[r + dr][c + dc] is None]
            if not grow:
                break
            r, c = rng.choice(grow)
            names[r][c] = names[start[0]][start[1]]
            region.append((r, c))
        k += 1
    return names


@st.composite
def tiny(draw, make, most_cells: int = 9, most_region: int = 3):
    """A board of at most ``most_cells`` cells made by ``make(rows, cols,
    givens, regions)``, a given in about one cell in five."""
    rows = draw(st.integers(1, 3))
    cols = draw(st.integers(1, max(1, min(4, most_cells // rows))))
    names = partition(rows, cols, most_region, random.Random(draw(st.integers(0, 10**9))))
    size = {n: sum(row.count(n) for row in names) for row in names for n in row}
    givens = [[draw(st.sampled_from([None] * 4 + list(range(1, size[names[r][c]] + 1))))
               for c in range(cols)] for r in range(rows)]
    return make(rows, cols, givens, names)


def fillings(inst):
    """Every grid whose regions hold 1..k once each and that keeps the givens
    (None on a cell in no region: a black cell)."""
    regions = {}
    for r in range(inst.rows):
        for c in range(inst.cols):
            if inst.regions[r][c] is not None:
                regions.setdefault(inst.regions[r][c], []).append((r, c))
    per_region = [[dict(zip(cells, p)) for p in itertools.permutations(range(1, len(cells) + 1))
                   if all(inst.givens[r][c] in (None, v) for (r, c), v in zip(cells, p))]
                  for cells in regions.values()]
    for choice in itertools.product(*per_region):
        values = {}
        for part in choice:
            values.update(part)
        yield tuple(tuple(values.get((r, c)) for c in range(inst.cols)) for r in range(inst.rows))
