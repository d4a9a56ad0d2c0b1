"""symmetric_domains: the first search against the greatest fixed point,
computed the slow way on random boards and centres; the narrowed domains
against every division by brute force, on boards made from galaxies."""
import random

import pytest

from tests.rules.test_regions import BOARDS, divisions, galaxy

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
    got = symmetric_domains(grid, centres, narrow=False)
    assert got == fixed_point(grid, centres)
    assert any(got) or not centres


def centre_of(part) -> tuple[int, int] | None:
    """The point a region is symmetric about (half-cell units), or None."""
    rs, cs = [c[0] for c in part], [c[1] for c in part]
    centre = (min(rs) + max(rs) + 1, min(cs) + max(cs) + 1)
    return centre if {mirror(c, centre) for c in part} == set(part) else None


def galaxies_of(rows, cols):
    """(centres, the divisions obeying them) for each division of the board
    whose regions are all symmetric: boards with a solution, where the
    givens decide much (what narrowing is for)."""
    grid = Grid(rows, cols)
    every = divisions(rows, cols)
    for _, parts in every:
        centres = [centre_of(p) for p in parts]
        if None in centres or not galaxy(grid, [set(p) for p in parts], centres):
            continue  # a region not symmetric, or two about one point, or a centre on a wall
        yield centres, [ps for _, ps in every if galaxy(grid, [set(p) for p in ps], centres)]


@pytest.mark.parametrize("rows, cols", [b for b in BOARDS if b[0] * b[1] > 1])
def test_narrowed_domains_hold_every_solution(rows, cols):
    """Each region of each division obeying the centres lies in its centre's
    narrowed domain; the narrowed domains lie in the first ones; somewhere
    narrowing drops cells (3 x 3: the smallest boards where it does, so the
    test sees it work)."""
    grid = Grid(rows, cols)
    dropped = 0
    for centres, solved in galaxies_of(rows, cols):
        wide = symmetric_domains(grid, centres, narrow=False)
        narrow = symmetric_domains(grid, centres)
        assert all(n <= w for n, w in zip(narrow, wide))
        dropped += sum(len(w) - len(n) for n, w in zip(narrow, wide))
        assert solved  # the division the centres came from
        for parts in solved:
            for part in parts:
                (i,) = [i for i, z in enumerate(centres) if set(touching(grid, z)) <= set(part)]
                assert set(part) <= narrow[i]
    assert dropped or (rows, cols) != (3, 3)
