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
