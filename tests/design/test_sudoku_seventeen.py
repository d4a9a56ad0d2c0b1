"""design.sudoku_seventeen (local search for a puzzle of few clues on a fixed
grid), checked from outside on 4 x 4 grids: the fewest clues of each grid by
brute force over every clue subset against all 288 grids, then the walk
must reach that size with a puzzle the brute force calls unique, and must
never return a puzzle below it."""
from __future__ import annotations

import itertools
import time

from satlink.design.sudoku_seventeen import Walker, hunt
from satlink.design.unavoidable import GridSolver

from test_unavoidable import GRIDS, _diff


def _brute_minimum(grid) -> tuple[int, list[int]]:
    """The fewest clues that fix ``grid`` among the 288 grids, and the
    difference masks of the others (a clue set is unique when it hits all)."""
    diffs = [_diff(grid, g) for g in GRIDS if g != grid]
    for k in range(17):
        for cells in itertools.combinations(range(16), k):
            mask = sum(1 << c for c in cells)
            if all(mask & d for d in diffs):
                return k, diffs
    raise AssertionError("the full grid is unique")


def _as_rows(flat):
    return [list(flat[r * 4:(r + 1) * 4]) for r in range(4)]


def test_hunt_reaches_the_brute_force_minimum_on_4x4_grids():
    for index in (0, 57, 143, 287):
        grid = GRIDS[index]
        least, diffs = _brute_minimum(grid)
        for seed in (1, 2):
            res = hunt(_as_rows(grid), 2, 2, least, seed=seed,
                       deadline=time.process_time() + 5)
            assert res.found is not None, (index, seed)
            mask = sum(1 << (r * 4 + c) for r, c in res.found)
            assert mask.bit_count() == least
            assert all(mask & d for d in diffs)  # unique by brute force
        below = hunt(_as_rows(grid), 2, 2, least - 1, seed=3,
                     deadline=time.process_time() + 0.3)
        assert below.found is None and below.best == least


def test_moves_keep_the_puzzle_unique():
    grid = GRIDS[100]
    diffs = [_diff(grid, g) for g in GRIDS if g != grid]
    import random
    with GridSolver(_as_rows(grid), 2, 2) as gs:
        walk = Walker(gs, [], random.Random(5))
        clues = walk.minimal((1 << 16) - 1)
        assert all(clues & d for d in diffs)
        assert all(not all((clues & ~(1 << c)) & d for d in diffs)
                   for c in range(16) if clues >> c & 1)  # minimal by brute force
        for step in (walk.fewer, walk.swap, lambda m: walk.fewer3(m, 50)):
            nxt = step(clues)
            if nxt is not None:
                assert all(nxt & d for d in diffs)
