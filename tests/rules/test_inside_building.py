"""Inside a loop around cells that are no loop cells (Castle Wall's clue
cells, grey or with a side): the face groups are joined from those cells'
corners (walls15), so clusters of such cells, side by side, diagonal or on
the rim, are checked here against a flood fill over every cycle; and
``inside_cells`` (row by row parities) against a ray per cell."""
from __future__ import annotations

import random

import pytest
from pysat.solvers import Solver

from satlink.formula import Formula
from satlink.rules.grid import Grid
from satlink.rules.inside import Inside, inside_cells
from satlink.rules.loops import CellLoop
from tests.puzzles.loop_checks import flood_inside
from tests.rules.test_loops import cycles


def boards(seed: int, n: int):
    """Random 4 x 4 .. 4 x 5 boards with two to five cells off the loop,
    about half of them with a given side."""
    rng = random.Random(seed)
    for _ in range(n):
        rows, cols = 4, rng.choice((4, 5))
        grid = Grid(rows, cols)
        off = rng.sample(grid.cells, rng.randint(2, 5))
        given = {c: rng.random() < 0.5 for c in off if rng.random() < 0.5}
        yield grid, off, given


@pytest.mark.parametrize("seed", range(6))
def test_cells_off_the_loop_keep_exactly_the_loops_their_sides_allow(seed):
    """Every cycle around the off cells is a model exactly when the flood
    fill puts the cells with a given side on that side; in each model every
    off-loop cell's literal (given side or not) is its flood-fill side."""
    for grid, off, given in boards(seed, 6):
        f = Formula()
        loop = CellLoop(grid, f, [c for c in grid.cells if c not in off])
        inside = Inside(loop, given)
        lit = {c: inside.of(c) for c in grid.cells}
        with Solver(bootstrap_with=f.clauses) as solver:
            for cyc in cycles(grid, loop.cells):
                want = flood_inside(grid, cyc)
                ok = all((c in want) == side for c, side in given.items())
                assumptions = [x if e in cyc else -x for e, x in loop.edges.items()]
                assert solver.solve(assumptions=assumptions) == ok, (off, given, sorted(cyc))
                if ok:
                    model = set(solver.get_model())
                    on = {c for e in cyc for c in e}
                    got = {c for c in grid.cells if c not in on and lit[c] in model}
                    assert got == want, (off, given, sorted(cyc))


def test_faces_joined_by_off_loop_cells_share_one_literal():
    """A block of cells off the loop (and one diagonal to it, and one on the
    rim): their corners are one literal each group, the rim's corners the
    constant outside."""
    grid = Grid(6, 6)
    off = [(2, 2), (2, 3), (3, 3), (4, 4), (0, 5)]
    f = Formula()
    loop = CellLoop(grid, f, [c for c in grid.cells if c not in off])
    face = Inside(loop).face
    block = {face[(i, j)] for i, j in [(2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (3, 4),
                                       (4, 3), (4, 4), (4, 5), (5, 4), (5, 5)]}
    assert len(block) == 1
    assert face[(0, 5)] == face[(1, 5)] == face[(1, 6)] == face[(0, 0)] == loop.never
    assert face[(1, 1)] != face[(2, 2)]


def ray_inside(grid: Grid, edges) -> set:
    """The cells off the loop with an odd number of horizontal loop edges
    straight north of their east half (the definition, a ray per cell)."""
    edges = set(edges)
    on = {c for e in edges for c in e}
    return {(r, c) for r, c in grid.cells if (r, c) not in on
            and sum(((j, c), (j, c + 1)) in edges for j in range(r)) % 2}


def test_inside_cells_counts_the_crossings_of_a_ray_per_cell():
    rng = random.Random(7)
    for _ in range(500):
        grid = Grid(rng.randint(1, 6), rng.randint(1, 6))
        edges = [e for e in grid.cell_edges(grid.cells) if rng.random() < 0.4]
        assert inside_cells(grid, edges) == ray_inside(grid, edges)
