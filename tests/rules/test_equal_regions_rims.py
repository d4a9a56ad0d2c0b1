"""The eager rim clauses of EqualRegions, read from flat arrays, against the
rule written out: per fixed polyomino of fewer than k cells at every place
on the board (holes left out), the negated border variables of its rim."""
import random

import pytest

from satlink.formula import Formula
from satlink.rules.equal_regions import EqualRegions, fixed_polyominoes, placements
from satlink.rules.grid import Grid
from satlink.rules.shapes import free_polyominoes, orientations


@pytest.mark.parametrize("k", range(1, 7))
def test_fixed_polyominoes_are_the_orientations_of_the_free_ones(k):
    assert fixed_polyominoes(k)[-1] == sorted(
        {o for shape in free_polyominoes(k) for o in orientations(shape)})


@pytest.mark.parametrize("seed", range(30))
def test_small_rims_are_every_small_placement(seed):
    rng = random.Random(seed)
    rows, cols, k = rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 5)
    grid = Grid(rows, cols)
    cells = [c for c in grid.cells if rng.random() > 0.2] if seed % 2 else None
    f = Formula()
    regions = EqualRegions(f, grid, k, cells=cells)
    want = []
    for j in range(1, k):
        for piece in placements(grid, j, regions.cells).values():
            held = set(piece)
            want.append(sorted(-v for c in piece for nb, v in regions.around[c] if nb not in held))
    assert [sorted(c) for c in f.clauses] == want
    assert k == 1 or want
