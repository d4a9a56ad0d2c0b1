"""Regions of k cells against every division of tiny boards: the lazy and the
complete form give exactly the divisions whose regions all have k cells, and
every lazy cut holds on each of them."""
from __future__ import annotations

import pytest

from satlink.formula import Formula
from satlink.rules.equal_regions import EqualRegions, placements
from satlink.rules.grid import Grid
from tests.rules.enumerate import solutions
from tests.rules.test_regions import BOARDS, divisions

CASES = [(r, c, k) for r, c in BOARDS for k in range(1, r * c + 1) if r * c % k == 0]


def expected(rows: int, cols: int, k: int) -> set[frozenset]:
    """The walls of every division (networkx, by brute force) whose regions
    all have k cells."""
    return {walls for walls, regions in divisions(rows, cols)
            if all(len(region) == k for region in regions)}


@pytest.mark.parametrize("rows,cols,k", CASES)
@pytest.mark.parametrize("complete", [False, True])
def test_models_are_the_divisions_into_k_cells(rows, cols, k, complete):
    f = Formula()
    regions = EqualRegions(f, Grid(rows, cols), k, complete)
    wall = {v: e for e, v in regions.border.items()}
    found: list = []
    got = solutions(f, list(wall), regions.cuts, found_cuts=found)
    want = expected(rows, cols, k)
    assert {frozenset(wall[v] for v in s) for s in got} == want
    assert not complete or not found
    for clause in found:  # valid: every true division satisfies every cut
        for walls in want:
            assert any((lit > 0) == (wall[abs(lit)] in walls) for lit in clause), clause


def test_placements_count_the_fixed_polyominoes():
    grid = Grid(5, 5)
    assert len(placements(grid, 1)) == 25
    # I across and down 2 x 10, O 16 places, the other 16 fixed ones in a 2x3 or 3x2 box 12
    assert len(placements(grid, 4)) == 2 * 10 + 16 + 16 * 12
    assert sorted(len(p) for p in placements(grid, 5).values())[0] == 5


def test_rim_and_sides():
    f = Formula()
    regions = EqualRegions(f, Grid(2, 3), 2)
    assert len(regions.sides((0, 1))) == 3 and len(regions.sides((0, 0))) == 2
    assert len(regions.rim([(0, 0), (0, 1)])) == 3
