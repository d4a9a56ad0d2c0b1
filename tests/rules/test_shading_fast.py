"""The fast paths of satlink.rules.shading make the clauses and variables of
the plain constructions they replace, in the same order (so every genre's
formula stays byte for byte the same)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.grid import Grid
from satlink.rules.shading import Shading


@st.composite
def boards(draw):
    grid = Grid(draw(st.integers(1, 5)), draw(st.integers(1, 5)))
    cells = draw(st.lists(st.sampled_from(grid.cells), unique=True, min_size=1))
    if draw(st.booleans()):
        cells.sort()
    if draw(st.booleans()):  # a duplicate: one variable still
        cells.append(cells[0])
    return grid, cells


@settings(max_examples=80, deadline=None)
@given(board=boards(), shaded=st.booleans(), taken=st.booleans())
def test_variables_and_no_square_as_written_plainly(board, shaded, taken):
    grid, cells = board
    f = Formula()
    if taken:  # a cell's variable already exists: numbered one by one
        f.var("shaded", *cells[-1])
    s = Shading(f, grid, cells)
    s.no_square(shaded)
    g = Formula()
    if taken:
        g.var("shaded", *cells[-1])
    var = {c: g.var("shaded", *c) for c in cells}
    for square in grid.squares():
        if all(c in var for c in square):
            g.add([-var[c] if shaded else var[c] for c in square])
    assert s.var == var and list(s.var) == list(var)
    assert f.clauses == g.clauses
    assert f.pool.obj2id == g.pool.obj2id and f.num_vars == g.num_vars


@settings(max_examples=80, deadline=None)
@given(board=boards(), shaded=st.booleans())
def test_no_adjacent_as_written_plainly(board, shaded):
    grid, cells = board
    f = Formula()
    s = Shading(f, grid, cells + [(grid.rows, 0)])  # a cell off the board: no edge
    s.no_adjacent(shaded)
    lit = {c: x if shaded else -x for c, x in s.var.items()}
    assert f.clauses == [[-lit[a], -lit[b]] for a, b in grid.cell_edges(cells)]
