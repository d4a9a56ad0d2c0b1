"""Inside a loop: the parity literals of satlink.rules.inside against a
flood fill of the doubled board (networkx) over every cycle of small boards."""
from __future__ import annotations

import pytest
from pysat.solvers import Solver

from satlink.formula import Formula
from satlink.rules.grid import Grid
from satlink.rules.inside import Inside, inside_cells
from satlink.rules.loops import CellLoop
from tests.puzzles.loop_checks import flood_inside
from tests.rules.test_loops import cycles


@pytest.mark.parametrize("rows, cols", [(3, 3), (3, 4), (4, 4)])
def test_parity_literals_and_ray_agree_with_a_flood_fill(rows, cols):
    grid = Grid(rows, cols)
    f = Formula()
    loop = CellLoop(grid, f)
    inside = Inside(loop)
    lit = {c: inside.of(c) for c in grid.cells}
    with Solver(bootstrap_with=f.clauses) as solver:
        for cyc in cycles(grid):
            want = flood_inside(grid, cyc)
            assert inside_cells(grid, cyc) == want
            on = {c for e in cyc for c in e}
            assumptions = [x if e in cyc else -x for e, x in loop.edges.items()]
            assert solver.solve(assumptions=assumptions)
            model = set(solver.get_model())
            got = {c for c in grid.cells if c not in on and lit[c] in model}
            assert got == want


@pytest.mark.parametrize("rows, cols, given, some", [
    (4, 4, {(1, 1): True}, True),
    (5, 4, {(1, 1): False, (3, 2): True}, True),
    (4, 5, {(0, 2): False, (2, 2): True, (2, 1): True}, True),
    (4, 4, {(0, 0): True}, False),  # a cell on the rim is never inside
    (4, 4, {(1, 1): False, (2, 2): True}, False),  # diagonal cells off the loop share a side
])
def test_given_sides_keep_exactly_the_loops_that_agree(rows, cols, given, some):
    """Cells off the loop with a given side: every cycle around the rest is
    a model exactly when the flood fill puts those cells on their sides,
    and then every cell's literal is its flood-fill side."""
    grid = Grid(rows, cols)
    f = Formula()
    free = [c for c in grid.cells if c not in given]
    loop = CellLoop(grid, f, free)
    inside = Inside(loop, given)
    lit = {c: inside.of(c) for c in grid.cells}
    agree = 0
    with Solver(bootstrap_with=f.clauses) as solver:
        for cyc in cycles(grid, free):
            want = flood_inside(grid, cyc)
            ok = all((c in want) == side for c, side in given.items())
            assumptions = [x if e in cyc else -x for e, x in loop.edges.items()]
            assert solver.solve(assumptions=assumptions) == ok
            if ok:
                agree += 1
                model = set(solver.get_model())
                on = {c for e in cyc for c in e}
                assert {c for c in grid.cells if c not in on and lit[c] in model} == want
    assert (agree > 0) == some
