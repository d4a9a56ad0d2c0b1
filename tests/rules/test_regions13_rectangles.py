"""region_shapes.lone_rectangles pruned by a wanted border count (Nawabari)
against the unpruned rectangles filtered afterwards, and
_divisions.rect_mask against the rectangle's cells, on random boards."""
from __future__ import annotations

import random

from satlink.puzzles import _divisions as D
from satlink.puzzles.nawabari import border_sides
from satlink.rules import exact_covers
from satlink.rules.grid import Grid
from satlink.rules.region_shapes import lone_rectangles, rect_cells
from tests.puzzles.test_nawabari_one_each import random_boards


def test_sides_prune_exactly_the_rectangles_of_another_count():
    pruned = 0
    for seed in range(120):
        rng = random.Random(seed)
        g = Grid(rng.randint(1, 6), rng.randint(1, 6))
        marks = {c: 0 for c in rng.sample(g.cells, rng.randint(1, min(5, len(g.cells))))}
        sides = {p: rng.choice([None, 0, 1, 2, 3, 4]) for p in marks}
        every = list(lone_rectangles(g, marks))
        want = [(p, rect) for p, rect in every
                if sides[p] is None or border_sides(p, rect) == sides[p]]
        assert list(lone_rectangles(g, marks, sides)) == want, seed  # same order too
        pruned += len(want) < len(every)
    assert pruned > 60  # the boards exercise the pruning


def test_rect_mask_holds_the_rectangles_cells():
    rng = random.Random(7)
    for _ in range(200):
        rows, cols = rng.randint(1, 9), rng.randint(1, 9)
        top, bottom = sorted(rng.randrange(rows) for _ in range(2))
        left, right = sorted(rng.randrange(cols) for _ in range(2))
        rect = (top, left, bottom, right)
        want = sum(1 << (r * cols + c) for r, c in rect_cells(rect))
        assert D.rect_mask(rect, cols) == want


def reference_one_each(options):
    """The two rules of exact_covers.one_each over sets, applied to every clue
    each round until nothing goes (None when a clue loses every piece)."""
    live = {p: dict(pcs) for p, pcs in options.items()}
    while True:
        span = {p: set().union(*map(set, pcs.values())) for p, pcs in live.items()}
        sure = {p: set.intersection(*map(set, pcs.values())) for p, pcs in live.items()}
        dropped = False
        for p, pcs in live.items():
            single = {c for c in span[p] if all(c not in span[q] for q in live if q != p)}
            others = set().union(*(sure[q] for q in live if q != p))
            keep = {k: cs for k, cs in pcs.items() if single <= set(cs) and not others & set(cs)}
            if not keep:
                return None
            dropped |= len(keep) < len(pcs)
            live[p] = keep
        if not dropped:
            return {p: list(pcs) for p, pcs in live.items()}


def test_one_each_masks_reaches_the_reference_fixpoint():
    compared = narrowed = 0
    for seed, _g, options in random_boards(300, 5, 5, 0.6):
        want = reference_one_each(options)
        if want is None:
            continue  # no cover: where the narrowing stops does not matter
        got = exact_covers.one_each(options)
        assert {p: list(ks) for p, ks in got.items()} == want, seed
        compared += 1
        narrowed += sum(map(len, want.values())) < sum(map(len, options.values()))
    assert compared > 100 and narrowed > 30
