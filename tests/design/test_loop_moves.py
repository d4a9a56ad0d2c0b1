"""Slitherlink's cell flips (design/loop_moves.py) against the rules, and the
difference-set search with them against the search without them."""
from __future__ import annotations

import random

import pytest

from satlink import puzzles
from satlink.design.families import difference_sets
from satlink.design.loop_moves import moves_for
from satlink.design.oracle import Oracle
from satlink.design.tasks import generate_one

SLITHER = puzzles.get("slitherlink")


def drawn(w: int, h: int, seed: int):
    shape = SLITHER.design.blank(h, w, {})
    rng = random.Random(seed)
    target = generate_one(SLITHER, shape, rng).solution
    return shape, target, list(SLITHER.design.clues_of(shape, target)), rng


@pytest.mark.parametrize("seed", range(3))
def test_flips_are_every_loop_one_cell_away_with_its_difference_set(seed):
    shape, target, cands, rng = drawn(5, 4, seed)
    cands = rng.sample(cands, 12)  # some cells without a candidate
    with Oracle(SLITHER, shape, target, cands) as oracle:
        moves = moves_for(oracle, cands)
        blank = oracle.instance([])
        state, diff = moves.start(target)
        assert diff == 0
        got = {moves.solution(new): d for new, d in moves.neighbours(state, diff)}
        want = {}
        for x in shape.grid.cells:  # every flip, kept when the rules say it is one loop
            flipped = frozenset(target ^ set(shape.grid.sides(x)))
            if flipped and not SLITHER.verify(blank, flipped):
                broken = oracle.breaks(flipped)
                want[flipped] = sum(1 << i for i, c in enumerate(cands) if c in broken)
        assert got == want and want


@pytest.mark.parametrize("w, h, seed, drop", [(4, 4, 0, 0), (5, 4, 1, 0), (5, 4, 2, 2),
                                              (5, 4, 3, 3)])
def test_family_with_moves_is_the_family_without(w, h, seed, drop):
    shape, target, cands, rng = drawn(w, h, seed)
    for c in rng.sample(cands, drop):  # a few cells without a candidate
        cands.remove(c)
    families = []
    for moves in (None, False):
        with Oracle(SLITHER, shape, target, cands) as oracle:
            family = difference_sets(oracle, cands, moves=moves)
        assert family.complete
        assert len(set(family.sets)) == len(family.sets)
        families.append(set(family.sets))
    assert families[0] == families[1]
