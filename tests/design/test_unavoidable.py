"""design.unavoidable (SAT-found unavoidable sets, region degrees),
design.hitting_search (the exhaustive hitting-set search) and design.sudoku_minimum
(McGuire's method), checked from outside: on 4 x 4 grids against every one
of the 288 grids and every clue subset; on 9 x 9 every set against the
solver (another grid differs from the target exactly on it) and the puzzles
found by brute force (the Edinburgh grid's 17 is checked by the ordinary
solve path in benchmarks/edinburgh.py)."""
from __future__ import annotations

import itertools
import random

import pytest

from satlink.design.hitting_search import HittingSearch
from satlink.design.sudoku_minimum import minimum, search
from satlink.design.tasks import random_solution
from satlink.design.unavoidable import GridSolver, cells_of, degree, min_hitting_set
from satlink.puzzles import sudoku


def _all_4x4() -> list[tuple[int, ...]]:
    """Every valid 4 x 4 Sudoku grid, flat, by brute force over rows."""
    rows = list(itertools.permutations(range(1, 5)))
    out = []
    for grid in itertools.product(rows, repeat=4):
        cols_ok = all(len({grid[r][c] for r in range(4)}) == 4 for c in range(4))
        boxes_ok = all(len({grid[r][c] for r in (br, br + 1) for c in (bc, bc + 1)}) == 4
                       for br in (0, 2) for bc in (0, 2))
        if cols_ok and boxes_ok:
            out.append(tuple(v for row in grid for v in row))
    return out


GRIDS = _all_4x4()


def _diff(a, b) -> int:
    return sum(1 << i for i in range(len(a)) if a[i] != b[i])


def _rows(flat, n=4):
    return [list(flat[r * n:(r + 1) * n]) for r in range(n)]


def test_there_are_288_grids():
    assert len(GRIDS) == 288


@pytest.mark.slow
@pytest.mark.parametrize("index", [0, 57, 140, 287])
def test_4x4_sets_and_minimum_equal_brute_force(index):
    target = GRIDS[index]
    diffs = [_diff(target, g) for g in GRIDS if g != target]
    expect_sets = sorted({d for d in diffs if not any(e != d and e & d == e for e in diffs)})
    # unique: every other grid differs somewhere on the clues
    expect_min = next(k for k in range(17) for s in itertools.combinations(range(16), k)
                      if all(d & sum(1 << i for i in s) for d in diffs))
    assert expect_min == 4  # the known minimum for 4 x 4
    with GridSolver(_rows(target), 2, 2) as gs:
        assert sorted(gs.sets()) == expect_sets
        assert sorted(gs.sets(limit=4)) == [m for m in expect_sets if m.bit_count() <= 4]
        whole = (1 << 16) - 1
        k, family = degree(gs, whole)
        assert k == expect_min and sorted(family) == expect_sets
    for compiled in (False, True):
        found = minimum(_rows(target), 2, 2, compiled=compiled)
        assert found.proved and found.lower == expect_min == len(found.clues)
        clues = sum(1 << (r * 4 + c) for r, c in found.clues)
        assert all(d & clues for d in diffs)  # unique by brute force
        below = search(_rows(target), 2, 2, expect_min - 1, compiled=compiled)
        assert below.complete and below.found is None


@pytest.mark.parametrize("tail", [0, 2, 3])
@pytest.mark.parametrize("seed", range(3))
def test_hitting_search_lists_every_small_hitting_set(seed, tail):
    """Without pauses answered by a solver: the nodes where it pauses,
    skipped, are exactly the minimal-or-not hitting sets it must reach: every
    hitting set of at most k cells contains one of them (also with the
    exact test of the last ``tail`` clues cutting nodes)."""
    rng = random.Random(seed)
    family = [sum(1 << c for c in rng.sample(range(10), rng.randint(2, 4))) for _ in range(6)]
    for k in range(0, 5):
        hs = HittingSearch(family, k, compiled=False, tail=tail)
        reached = []
        while (clues := hs.next()) is not None:
            reached.append(clues)
            hs.skip()
        brute = [sum(1 << c for c in s) for j in range(k + 1)
                 for s in itertools.combinations(range(10), j)]
        hitting = [m for m in brute if all(m & f for f in family)]
        assert all(m & f for m in reached for f in family)
        assert all(m.bit_count() <= k for m in reached)
        assert all(any(r & m == r for r in reached) for m in hitting)
        assert len(set(reached)) == len(reached)
        assert min_hitting_set(family).bit_count() == min(
            (m.bit_count() for m in [sum(1 << c for c in s) for j in range(11)
                                     for s in itertools.combinations(range(10), j)]
              if all(m & f for f in family)))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
def test_9x9_sets_are_unavoidable_and_minimal(seed):
    shape = sudoku.blank(9, 9, {})
    target = random_solution(sudoku.GENRE, shape, random.Random(seed))
    full = (1 << 81) - 1
    with GridSolver(target, 3, 3) as gs:
        found = gs.sets(limit=8)
        assert found and all(m.bit_count() <= 8 for m in found)
        for m in found:
            # another grid differs from the target exactly on m
            assert gs.other(cells_of(full & ~m)) == m
            # and on no proper part of it
            for i in cells_of(m):
                assert gs.other(cells_of(full & ~(m & ~(1 << i)))) is None


@pytest.mark.parametrize("seed", range(3))
def test_split_subtrees_pause_where_the_whole_search_does(seed):
    from satlink.design.hitting_search import split

    rng = random.Random(seed)
    family = [sum(1 << c for c in rng.sample(range(12), rng.randint(2, 5))) for _ in range(8)]
    for k in (2, 3, 4):
        def pauses(root):
            hs = HittingSearch(family, k, compiled=False, root=root)
            out = []
            while (clues := hs.next()) is not None:
                out.append(clues)
                hs.skip()
            return out
        whole = pauses((0, 0))
        for depth in (1, 2, 3):
            parts = [c for root in split(family, k, depth) for c in pauses(root)]
            assert sorted(parts) == sorted(whole)


@pytest.mark.parametrize("seed", range(3))
def test_tail_test_cuts_only_nodes_without_a_small_hitting_set(seed):
    """Over 72 cells (both 64-bit halves), the search with the exact test
    of the last clues pauses exactly where the plain search does, compiled
    or not, and visits no more nodes."""
    rng = random.Random(seed)
    family = [sum(1 << c for c in rng.sample(range(72), rng.randint(3, 6)))
              for _ in range(14)]
    k = min_hitting_set(family).bit_count()

    def pauses(**kw):
        hs = HittingSearch(family, k, **kw)
        out = []
        while (clues := hs.next()) is not None:
            out.append(clues)
            hs.skip()
        return sorted(out), hs.nodes

    plain, plain_nodes = pauses(compiled=True, tail=0)
    assert plain
    for kw in (dict(compiled=False, tail=2), dict(compiled=True, tail=3),
               dict(compiled=True, tail=k)):
        found, nodes = pauses(**kw)
        assert found == plain
        assert nodes <= plain_nodes


def test_relabel_and_unlabel_are_inverse():
    from satlink.design.sudoku_minimum import coverage_order, relabel, unlabel

    rng = random.Random(5)
    family = [sum(1 << c for c in rng.sample(range(81), rng.randint(4, 12))) for _ in range(30)]
    order = coverage_order(family, 81)
    assert sorted(order) == list(range(81))
    counts = [sum(1 for m in family if m >> c & 1) for c in order]
    assert counts == sorted(counts, reverse=True)
    for m in family:
        assert unlabel(relabel(m, order), order) == m
        assert relabel(m, order).bit_count() == m.bit_count()


@pytest.mark.parametrize("index", [3, 200])
def test_branching_order_and_processes_keep_the_4x4_minimum(index):
    """Index order, coverage order and the split over processes (which
    stops at the first puzzle) agree with brute force on the minimum."""
    from satlink.design.sudoku_minimum import search_parallel

    target = GRIDS[index]
    diffs = [_diff(target, g) for g in GRIDS if g != target]
    grid = _rows(target)
    for order in (None, list(range(16)), list(range(15, -1, -1))):
        hit = search(grid, 2, 2, 4, compiled=False, order=order)
        clues = sum(1 << (r * 4 + c) for r, c in hit.found)
        assert len(hit.found) <= 4 and all(d & clues for d in diffs)
        none = search(grid, 2, 2, 3, compiled=False, order=order)
        assert none.complete and none.found is None
    par = search_parallel(grid, 2, 2, 4, jobs=2, depth=2)
    clues = sum(1 << (r * 4 + c) for r, c in par.found)
    assert all(d & clues for d in diffs)
    none = search_parallel(grid, 2, 2, 3, jobs=2, depth=2)
    assert none.complete and none.found is None and none.nodes > 0
