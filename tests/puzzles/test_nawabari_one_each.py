"""exact_covers.one_each, which narrows Nawabari's rectangles:
it keeps every piece some exact cover (one piece per clue) holds, on random
boards against brute force, and narrows a board where a number stands alone."""
from __future__ import annotations

import itertools
import random


from satlink.puzzles import nawabari as N
from satlink.rules import exact_covers
from satlink.rules.grid import Grid
from satlink.rules.region_shapes import lone_rectangles, rect_cells


def covers(options, cells):
    """Every choice of one piece per clue that covers ``cells`` exactly once."""
    clues = list(options)
    for pick in itertools.product(*(list(options[p].items()) for p in clues)):
        held = [c for _, piece in pick for c in piece]
        if len(held) == len(set(held)) and set(held) == set(cells):
            yield {p: k for p, (k, _) in zip(clues, pick)}


def random_options(rng: random.Random, side: int, most: int, keep: float):
    """A random board of at most ``side`` x ``side`` cells with up to ``most``
    numbers, and per number a random share ``keep`` of its lone rectangles
    (rectangle -> its cells); None when a number is left none."""
    g = Grid(rng.randint(1, side), rng.randint(1, side))
    marks = {c: 0 for c in rng.sample(g.cells, rng.randint(1, min(most, len(g.cells))))}
    options = {p: {} for p in marks}
    for p, rect in lone_rectangles(g, marks):
        if rng.random() < keep:
            options[p][rect] = rect_cells(rect)
    return (g, options) if all(options.values()) else (g, None)


def random_boards(count: int, side: int, most: int, keep: float):
    """(seed, board, options) of :func:`random_options` for seeds 0 ..
    ``count`` - 1, those where every number keeps a rectangle."""
    for seed in range(count):
        g, options = random_options(random.Random(seed), side, most, keep)
        if options is not None:
            yield seed, g, options


def test_one_each_keeps_every_piece_of_every_cover():
    narrowed = solvable = 0
    for seed, g, options in random_boards(150, 4, 4, 0.7):
        kept = exact_covers.one_each(options)
        used = {(p, k) for cover in covers(options, g.cells) for p, k in cover.items()}
        assert all(kept[p][k] == options[p][k] for p in kept for k in kept[p])
        assert used <= {(p, k) for p in kept for k in kept[p]}, seed
        narrowed += sum(map(len, kept.values())) < sum(map(len, options.values()))
        solvable += bool(used)
    assert narrowed > 20 and solvable > 20  # the boards exercise both


def test_nawabari_candidates_are_narrowed():
    # 1 x 3, `? . 4`: the 4 stands alone, so the middle cell is the ?'s
    inst = N.Instance(1, 3, (((0, 0), N.QUESTION), ((0, 2), 4)))
    assert len(list(lone_rectangles(inst.grid, dict(inst.numbers)))) == 4
    assert sorted(N.candidates(inst)) == [(0, 0, 0, 1), (0, 2, 0, 2)]
