"""Regions of k cells against every division of tiny boards: the lazy and the
complete form give exactly the divisions whose regions all have k cells, and
every lazy cut holds on each of them."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest

from satlink.formula import Formula
from satlink.rules.equal_regions import EqualRegions, equal_regions_problems, placements
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


@pytest.mark.parametrize("rows,cols,holes,k", [
    (2, 3, [(0, 0)], 5), (3, 3, [(0, 0), (2, 2)], 7), (3, 3, [(1, 1)], 4), (3, 3, [(1, 1)], 2),
    (2, 4, [(0, 0), (1, 3)], 3), (3, 3, [(0, 1), (1, 0)], 1), (3, 3, [(0, 1), (1, 0)], 3),
])
def test_a_board_with_cells_cut_out(rows, cols, holes, k):
    """Only ``cells``: the divisions of the rest (brute force, networkx)."""
    grid = Grid(rows, cols)
    cells = [c for c in grid.cells if c not in holes]
    edges = grid.cell_edges(cells)
    want = set()
    for bits in itertools.product((False, True), repeat=len(edges)):
        walls = frozenset(e for e, b in zip(edges, bits) if b)
        g = nx.Graph([e for e in edges if e not in walls])
        g.add_nodes_from(cells)
        part = {c: i for i, p in enumerate(nx.connected_components(g)) for c in p}
        if all(part[a] != part[b] for a, b in walls) and all(
                len(p) == k for p in nx.connected_components(g)):
            want.add(walls)
    for complete in (False, True):
        f = Formula()
        regions = EqualRegions(f, grid, k, complete, cells=cells)
        wall = {v: e for e, v in regions.border.items()}
        got = solutions(f, list(wall), regions.cuts)
        assert {frozenset(wall[v] for v in s) for s in got} == want


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


@pytest.mark.parametrize("rows,cols,holes", [(2, 3, ()), (2, 4, ()), (1, 6, ()), (3, 3, ((1, 1),)),
                                             (2, 4, ((0, 0), (1, 3)))])
def test_the_verifier_accepts_exactly_the_divisions_into_k_cells(rows, cols, holes):
    """equal_regions_problems on every set of sides against brute force
    (networkx): no problem exactly for the divisions into regions of k cells."""
    grid = Grid(rows, cols)
    cells = [c for c in grid.cells if c not in holes]
    edges = grid.cell_edges(cells)
    for k in (k for k in range(1, len(cells) + 1) if len(cells) % k == 0):
        for bits in itertools.product((False, True), repeat=len(edges)):
            walls = frozenset(e for e, b in zip(edges, bits) if b)
            g = nx.Graph([e for e in edges if e not in walls])
            g.add_nodes_from(cells)
            parts = list(nx.connected_components(g))
            good = all(len(p) == k for p in parts) and not any(
                any(a in p and b in p for p in parts) for a, b in walls)
            assert (equal_regions_problems(grid, k, walls, cells) == []) == good, (k, walls)
    assert "is not a side" in equal_regions_problems(grid, 1, [((0, 0), (1, 1))], cells)[0]
