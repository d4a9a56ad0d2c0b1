"""design.bounds (rising bounds over known unavoidable sets) and Sudoku's
``unavoidable`` hook, checked from outside: the minimum against brute force
over every clue subset on 4 x 4 grids (and with tiny candidate pools), and
every emitted set against the solver (some other grid differs from the
target only inside it; and no smaller part of it has one)."""
from __future__ import annotations

import itertools
import random

import pytest

from satlink.design.bounds import proven_minimum
from satlink.design.clue_sets import minimal, minimum
from satlink.design.oracle import Oracle, clock
from satlink.design.tasks import random_solution
from satlink.engine.search import search
from satlink.puzzles import sudoku
from satlink.puzzles._sudoku_sets import differs_only_inside, minimal_masks, unavoidable_sets

from test_design_brute import World, world_for


def _grid(n: int, seed: int):
    return random_solution(sudoku.GENRE, sudoku.blank(n, n, {}), random.Random(seed))


@pytest.mark.parametrize("seed", range(4))
def test_minimum_of_a_4x4_grid_equals_brute_force(seed):
    shape = sudoku.blank(4, 4, {})
    target = _grid(4, seed)
    cands = sudoku.clues_of(shape, target)
    world = World(sudoku.GENRE, shape, target, cands)
    # brute force: the smallest k with a k-subset that every other grid breaks
    expect = next(k for k in range(len(cands) + 1)
                  if any(world.unique(world.bits(s)) for s in itertools.combinations(cands, k)))
    seeds = sudoku.unavoidable(shape, target)
    with Oracle(sudoku.GENRE, shape, target, cands) as oracle:
        for found in (proven_minimum(oracle, cands, seeds=seeds),
                      proven_minimum(oracle, cands)):  # without seeds too
            assert found.optimal and found.lower == len(found.clues) == expect
            assert world.unique(world.bits(found.clues))
        keep = [cands[0], cands[5]]
        kept = proven_minimum(oracle, cands, keep=keep, seeds=seeds)
        assert set(keep) <= set(kept.clues) and world.unique(world.bits(kept.clues))
        assert len(kept.clues) == world.minimum_size(world.bits(cands), world.bits(keep))


def test_minimum_on_tiny_pools_equals_brute_force():
    """Candidate pools of at most 11 clues (a minimal set topped up), where
    the brute force of test_design_brute applies; also against minimum."""
    for seed in range(3):
        world = world_for(sudoku.GENRE, seed)
        every = (1 << len(world.cands)) - 1
        with Oracle(sudoku.GENRE, world.shape, world.target, world.cands) as oracle:
            found = proven_minimum(oracle, world.cands,
                                   seeds=sudoku.unavoidable(world.shape, world.target))
            assert found.optimal and len(found.clues) == world.minimum_size(every)
            assert len(minimum(oracle, world.cands).clues) == len(found.clues)


def test_a_deadline_keeps_only_what_was_proved():
    shape = sudoku.blank(9, 9, {})
    target = _grid(9, 7)
    cands = sudoku.clues_of(shape, target)
    with Oracle(sudoku.GENRE, shape, target, cands) as oracle:
        start = minimal(oracle, cands)
        seeds = sudoku.unavoidable(shape, target, 12)
        oracle.deadline = clock(1.0)
        found = proven_minimum(oracle, cands, seeds=seeds, start=start)
    assert not found.optimal and 4 <= found.lower <= 17 <= len(found.clues) <= len(start)
    assert search(sudoku.GENRE, sudoku.with_clues(shape, found.clues)).verdict == "unique"
    assert [b[1] for b in found.bounds] == sorted(b[1] for b in found.bounds)


def _all_grids(n: int):
    return search(sudoku.GENRE, sudoku.blank(n, n, {}), limit=1000).solutions


def test_4x4_sets_are_exactly_the_minimal_unavoidable_sets():
    grids = _all_grids(4)
    assert len(grids) == 288
    for target in grids[::37]:
        diffs = [sum(1 << (r * 4 + c) for r in range(4) for c in range(4)
                     if g[r][c] != target[r][c]) for g in grids if g != target]
        expect = [[(i // 4, i % 4) for i in range(16) if m >> i & 1]
                  for m in minimal_masks(diffs)]
        assert unavoidable_sets(target, 2, 2) == expect


def _other_grid(shape, target, cells):
    """Another grid equal to the target outside ``cells`` (None if none)."""
    inside = set(cells)
    givens = [(r, c, v) for r, row in enumerate(target) for c, v in enumerate(row)
              if (r, c) not in inside]
    sols = search(sudoku.GENRE, sudoku.with_clues(shape, givens), limit=2).solutions
    return next((s for s in sols if s != target), None)


@pytest.mark.parametrize("seed", range(3))
def test_9x9_sets_are_unavoidable_and_minimal(seed):
    shape = sudoku.blank(9, 9, {})
    target = _grid(9, seed)
    sets = sudoku.unavoidable(shape, target, 12)
    assert sets and all(len(u) <= 12 for u in sets)
    sizes = [len(u) for u in sets]
    assert sizes == sorted(sizes) and min(sizes) >= 4
    rng = random.Random(seed)
    for u in sets:
        assert all(target[r][c] == v for r, c, v in u)
        cells = [(r, c) for r, c, _ in u]
        other = _other_grid(shape, target, cells)
        assert other is not None and differs_only_inside(target, other, cells)
    for u in rng.sample(sets, 6):  # minimal: no cell of it can be left out
        cells = [(r, c) for r, c, _ in u]
        for cell in cells:
            assert _other_grid(shape, target, [x for x in cells if x != cell]) is None
