"""satlink.rules.vertex_cuts against brute force: the models the
lazy loop (solve, cut, block) accepts, projected on the cell literals, are
exactly the subsets of cells (every one of at most nine) whose cells are
connected by networkx, with and without required cells and holes."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.grid import Grid
from satlink.rules.vertex_cuts import ConnectedCells, board_neighbours
from tests.rules.enumerate import solutions
from tests.rules.test_shading import areas_of, boards, shadings


def lazy_models(grid, cells, required=(), negate=False):
    f = Formula()
    var = {c: f.var("x", *c) for c in cells}
    lits = {c: -x if negate else x for c, x in var.items()}
    f.extend([lits[c]] for c in required)
    rule = ConnectedCells(grid, lits, required)
    return var, solutions(f, list(var.values()), cuts=rule.cuts)


@settings(max_examples=40, deadline=None)
@given(board=boards(), data=st.data(), negate=st.booleans())
def test_connected(board, data, negate):
    grid, cells = board
    required = data.draw(st.sets(st.sampled_from(cells), max_size=2))
    var, got = lazy_models(grid, cells, required, negate)
    want = set()
    for on in shadings(cells):
        if required <= on and len(areas_of(grid, cells, on)) <= 1:
            true = (set(cells) - on) if negate else on  # the variables true when ``on`` is
            want.add(frozenset(var[c] for c in true))
    assert got == want


@pytest.mark.parametrize("rows, cols, nonempty", [(3, 3, 218), (2, 4, 108), (3, 4, 1126)])
def test_connected_counts(rows, cols, nonempty):
    """Connected induced subgraphs of the grid graph (OEIS A287151; 218 for
    3x3 is A059525), plus the empty set, which counts as connected."""
    grid = Grid(rows, cols)
    assert len(lazy_models(grid, grid.cells)[1]) == nonempty + 1


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 5), (4, 1), (3, 4), (5, 5)])
def test_a_whole_board_in_order_has_the_neighbours_of_any_order(rows, cols):
    """The index arithmetic for a whole board in row order (the fast path)
    gives each cell the neighbours, in grid.neighbours' order, that the
    look-ups give when the same cells come in another order."""
    g = Grid(rows, cols)
    fast = ConnectedCells(g, {c: i + 1 for i, c in enumerate(g.cells)}, [(0, 0)])
    turned = list(reversed(g.cells))
    slow = ConnectedCells(g, {c: g.cells.index(c) + 1 for c in turned}, [(0, 0)])
    for i, c in enumerate(g.cells):
        j = turned.index(c)
        assert [fast.cells[k] for k in fast.nbrs[i]] == [slow.cells[k] for k in slow.nbrs[j]]
        assert [fast.cells[k] for k in fast.nbrs[i]] == g.neighbours(c)
    assert fast.required[0] == 1 and slow.required[turned.index((0, 0))] == 1
    assert sum(fast.required) == sum(slow.required) == 1


def king_connected(cells) -> bool:
    """Whether ``cells`` are connected through sides and corners (networkx)."""
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(cells)
    g.add_edges_from((a, b) for a in cells for b in cells
                     if a < b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1)
    return not cells or nx.is_connected(g)


@pytest.mark.parametrize("rows, cols", [(1, 4), (2, 2), (2, 3), (3, 3), (2, 4)])
@pytest.mark.parametrize("whole", [True, False])
def test_diagonal_connected_against_networkx(rows, cols, whole):
    """diagonal=True: the models the lazy loop accepts are exactly the
    subsets connected through sides and corners, on a whole board (the
    index arithmetic) and on the board less its last cell (the look-ups)."""
    grid = Grid(rows, cols)
    cells = grid.cells if whole else grid.cells[:-1]
    f = Formula()
    var = {c: f.var("x", *c) for c in cells}
    got = solutions(f, list(var.values()), cuts=ConnectedCells(grid, var, diagonal=True).cuts)
    want = {frozenset(var[c] for c in on) for on in shadings(cells) if king_connected(sorted(on))}
    assert got == want
    assert len(want) > len({frozenset(var[c] for c in on) for on in shadings(cells)
                            if len(areas_of(grid, cells, on)) <= 1}) or rows == 1


@pytest.mark.parametrize("rows, cols", [(1, 4), (2, 2), (2, 3), (3, 3)])
@pytest.mark.parametrize("diagonal", [False, True])
@pytest.mark.parametrize("whole", [True, False])
def test_encode_complete_against_networkx(rows, cols, diagonal, whole):
    """The complete form's models, projected on the cells, are exactly the
    subsets connected (through corners too with ``diagonal``), as the lazy
    form's; without a link map and with one shared by a second rule."""
    grid = Grid(rows, cols)
    cells = grid.cells if whole else grid.cells[:-1]
    connected = king_connected if diagonal else (
        lambda on: len(areas_of(grid, cells, on)) <= 1)
    f = Formula()
    var = {c: f.var("x", *c) for c in cells}
    ConnectedCells(grid, var, diagonal=diagonal).encode_complete(f)
    got = solutions(f, list(var.values()))
    want = {frozenset(var[c] for c in on) for on in shadings(cells) if connected(sorted(on))}
    assert got == want
    # two rules over one link map: the second makes no link the first made
    f = Formula()
    var = {c: f.var("x", *c) for c in cells}
    links: dict = {}
    ConnectedCells(grid, var).encode_complete(f, "a", links)
    made = len(links)
    ConnectedCells(grid, var, diagonal=diagonal).encode_complete(f, "b", links)
    names = [f.key(v)[0] for v in range(1, f.num_vars + 1) if f.key(v)]
    assert names.count("a.link") == made
    assert names.count("b.link") == len(links) - made
    # both rules hold: the side-connected subsets (each is connected through corners too)
    assert solutions(f, list(var.values())) == {
        frozenset(var[c] for c in on) for on in shadings(cells)
        if len(areas_of(grid, cells, on)) <= 1}


def test_encode_complete_leaves_out_pairs_never_both_true():
    """A pair mapped to None gets no link: its cells do not join through it
    (the genre's own clauses keep them from both being true)."""
    grid = Grid(1, 2)
    f = Formula()
    var = {c: f.var("x", *c) for c in grid.cells}
    ConnectedCells(grid, var).encode_complete(f, links={((0, 0), (0, 1)): None})
    assert solutions(f, list(var.values())) == {frozenset(), frozenset([var[(0, 0)]]),
                                                 frozenset([var[(0, 1)]])}


SIDES = [(-1, 0), (0, -1), (0, 1), (1, 0)]
CORNERS = [(-1, -1), (-1, 1), (1, -1), (1, 1)]


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 2), (2, 1), (1, 5), (5, 1), (2, 2),
                                        (2, 3), (3, 2), (3, 4), (4, 3), (5, 5)])
@pytest.mark.parametrize("diagonal", [False, True])
def test_neighbours_by_definition(rows, cols, diagonal):
    """Each cell's neighbours (whole board in order: the rows' arithmetic;
    the board less a cell or shuffled: the look-ups) are the cells of the
    rule one step away, sides (n, w, e, s) then with ``diagonal`` corners
    (nw, ne, sw, se), as the steps and the board's bounds define them."""
    import random

    g = Grid(rows, cols)
    moves = SIDES + CORNERS if diagonal else SIDES
    assert board_neighbours(rows, cols, diagonal) == [
        [(r + dr) * cols + c + dc for dr, dc in moves if 0 <= r + dr < rows and 0 <= c + dc < cols]
        for r, c in g.cells]
    shuffled = list(g.cells)
    random.Random(rows * 10 + cols).shuffle(shuffled)
    for cells in (g.cells, g.cells[1:], shuffled, shuffled[: len(shuffled) // 2 + 1]):
        rule = ConnectedCells(g, {c: i + 1 for i, c in enumerate(cells)}, cells[-1:], diagonal)
        for i, (r, c) in enumerate(cells):
            want = [(r + dr, c + dc) for dr, dc in moves if (r + dr, c + dc) in cells]
            assert [rule.cells[k] for k in rule.nbrs[i]] == want
        assert list(rule.required) == ([0] * (len(cells) - 1) + [1] if cells else [])
