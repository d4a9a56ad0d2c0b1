"""symmetric_domains (one search) against the greatest fixed point, computed
the slow way on random boards and centres."""
import random

import pytest

from satlink.rules.grid import Grid
from satlink.rules.region_shapes import mirror, symmetric_domains, touching


def fixed_point(grid, centres):
    """Start from every cell whose mirror image is on the board and that touches
    no other centre; keep the symmetric part of what the centre's cells reach,
    until nothing changes (empty when a centre's cell is lost)."""
    # the first centre a cell touches owns it: later ones written first, overwritten
    owner = {c: i for i in reversed(range(len(centres))) for c in touching(grid, centres[i])}
    out = []
    for i, centre in enumerate(centres):
        anchors = touching(grid, centre)
        dom = {c for c in grid.cells if owner.get(c, i) == i and grid.inside(mirror(c, centre))}
        while True:
            if not all(a in dom for a in anchors):
                dom = set()
                break
            reach, todo = set(anchors), list(anchors)
            while todo:
                c = todo.pop()
                for n in grid.neighbours(c):
                    if n in dom and n not in reach:
                        reach.add(n)
                        todo.append(n)
            keep = {c for c in reach if mirror(c, centre) in reach}
            if keep == dom:
                break
            dom = keep
        out.append(dom)
    return out


@pytest.mark.parametrize("seed", range(60))
def test_symmetric_domains_are_the_greatest_fixed_point(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 7), rng.randint(1, 7)
    grid = Grid(rows, cols)
    points = [(y, x) for y in range(1, 2 * rows) for x in range(1, 2 * cols)]
    centres = rng.sample(points, rng.randint(1, min(len(points), 8)))
    got = symmetric_domains(grid, centres)
    assert got == fixed_point(grid, centres)
    assert any(got) or not centres
