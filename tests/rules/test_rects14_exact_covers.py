"""exact_covers.narrow_numbered (pieces as cell numbers, the worklist on
sets of piece numbers) reaches the fixed point of the narrowing rule
applied naively, round after round, over every cell."""
from __future__ import annotations

import random

from satlink.rules.exact_covers import narrow_cover, narrow_numbered
from satlink.rules.grid import Grid
from satlink.rules.region_shapes import rect_cells, rectangles


def reference(held: list[list[int]], cells: int) -> list[int] | None:
    """The rule of exact_covers' docstring to a fixed point, each round
    over every cell; None when a cell is left without a piece."""
    live = set(range(len(held)))
    while True:
        drop = set()
        for c in range(cells):
            over = [k for k in live if c in held[k]]
            if not over:
                return None
            common = set.intersection(*(set(held[k]) for k in over))
            drop |= {k for k in live if c not in held[k] and common & set(held[k])}
        if not drop:
            return sorted(live)
        live -= drop


def random_cover_board(rng: random.Random):
    """A board, a division of it into rectangles (so a cover exists), and
    those rectangles among random others, as cell numbers."""
    g = Grid(rng.randint(1, 5), rng.randint(1, 5))
    free, pieces = set(g.cells), []
    while free:  # grow a random rectangle from the first free cell
        r, c = min(free)
        bottom, right = r, c
        while rng.random() < 0.5 and (bottom + 1, c) in free:
            bottom += 1
        while rng.random() < 0.5 and all((x, right + 1) in free for x in range(r, bottom + 1)):
            right += 1
        rect = (r, c, bottom, right)
        free -= set(rect_cells(rect))
        pieces.append(rect)
    every = list(rectangles(g))
    pieces += rng.sample(every, min(len(every), rng.randint(0, 25)))
    pieces = list(dict.fromkeys(pieces))
    rng.shuffle(pieces)
    return g, pieces, [[r * g.cols + c for r, c in rect_cells(p)] for p in pieces]


def test_narrow_numbered_reaches_the_naive_fixed_point():
    narrowed = 0
    for seed in range(300):
        rng = random.Random(seed)
        g, rects, held = random_cover_board(rng)
        want = reference(held, g.rows * g.cols)
        assert want is not None  # a cover exists: every cell keeps a piece
        assert narrow_numbered(held, g.rows * g.cols) == want, seed
        kept = narrow_cover({rect: rect_cells(rect) for rect in rects}, g.cells)
        assert list(kept) == [rects[k] for k in want], seed  # the same pieces, in order
        narrowed += len(want) < len(held)
    assert narrowed > 150  # the boards exercise the rule
