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


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(1, 6), cols=st.integers(1, 6), shaded=st.booleans(),
       listed=st.booleans())
def test_whole_board_paths_as_written_plainly(rows, cols, shaded, listed):
    """On a whole board (cells left out, or every cell listed in reading
    order) adj, edges, no_adjacent and no_square read the variables by rows
    and ranges; they give what the look-ups over any set of cells give."""
    grid = Grid(rows, cols)
    f = Formula()
    s = Shading(f, grid, list(grid.cells) if listed else None)
    assert s._whole()
    inside = set(grid.cells)
    assert s.adj == {(r, c): [n for n in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                              if n in inside] for r, c in grid.cells}
    assert list(s.adj) == grid.cells
    assert s.edges == grid.cell_edges(grid.cells)
    s.no_adjacent(shaded)
    s.no_square(shaded)
    lit = {c: x if shaded else -x for c, x in s.var.items()}
    want = [[-lit[a], -lit[b]] for a, b in grid.cell_edges(grid.cells)]
    want += [[-lit[c] for c in square] for square in grid.squares()]
    assert f.clauses == want
    part = Shading(Formula(), grid, grid.cells[:-1] or None)  # a cell missing: not whole
    assert part._whole() == (rows * cols == 1)


@settings(max_examples=60, deadline=None)
@given(board=boards(), taken=st.booleans(), data=st.data())
def test_shaded_cells_as_read_plainly(board, taken, data):
    """shaded_cells reads one slice of the model when the variables are
    consecutive (and cell by cell when not: a variable made before)."""
    from satlink.model import Model
    grid, cells = board
    f = Formula()
    if taken:
        f.var("shaded", *cells[-1])
    s = Shading(f, grid, cells)
    true = data.draw(st.lists(st.sampled_from(sorted(s.var.values())), unique=True))
    model = Model(f, true)
    want = {c for c, x in s.var.items() if model.value(x)}
    assert s.shaded_cells(model) == want and s.shaded_cells(model) == want


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 5), cols=st.integers(1, 5), listed=st.booleans())
def test_arrays_on_a_whole_board_as_looked_up(rows, cols, listed):
    """arrays' neighbour indices by arithmetic on a whole board are those
    looked up cell by cell."""
    from satlink.model import Model
    grid = Grid(rows, cols)
    f = Formula()
    s = Shading(f, grid, list(grid.cells) if listed else None)
    var, adj, shaded = s.arrays(Model(f, []))
    at = {c: i for i, c in enumerate(grid.cells)}
    assert adj == [[at[n] for n in s.adj[c]] for c in grid.cells]
    assert var == [s.var[c] for c in grid.cells] and not any(shaded)
