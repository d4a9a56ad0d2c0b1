"""Inside a loop: the parity literals of satlink.rules.inside against a
flood fill of the doubled board (networkx) over every cycle of small boards."""
from __future__ import annotations

import networkx as nx
import pytest
from pysat.solvers import Solver

from satlink.formula import Formula
from satlink.rules.grid import Grid
from satlink.rules.inside import Inside, inside_cells
from satlink.rules.loops import CellLoop
from tests.rules.test_loops import cycles


def flood_inside(grid: Grid, loop: frozenset) -> set:
    """Cells off the loop not reachable from beyond the board: points of a
    doubled lattice (cell centres at even coordinates, the board framed by
    one more ring), joined unless a loop edge runs through one of them."""
    blocked = {(a[0] + b[0] + 2, a[1] + b[1] + 2) for a, b in loop}
    blocked |= {(2 * r + 2, 2 * c + 2) for e in loop for r, c in e}
    pts = [(y, x) for y in range(2 * grid.rows + 3) for x in range(2 * grid.cols + 3)]
    g = nx.Graph()
    g.add_nodes_from(p for p in pts if p not in blocked)
    g.add_edges_from((p, q) for p in g for q in ((p[0] + 1, p[1]), (p[0], p[1] + 1)) if q in g)
    outside = nx.node_connected_component(g, (0, 0))
    return {(r, c) for r, c in grid.cells if (2 * r + 2, 2 * c + 2) in g
            and (2 * r + 2, 2 * c + 2) not in outside}


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
