"""settle: what it fixes holds in every path that fits (networkx's simple
paths between the ends through the pieces, with the numbers), and it finds
a contradiction only where none fits."""
from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.rules.grid import Grid, edge, exits
from satlink.rules.path_settle import settle


def fitting(g: Grid, ends, pieces, rows_n, cols_n) -> list[set]:
    out = []
    for p in nx.all_simple_paths(nx.Graph(g.cell_edges()), *ends):
        path = {edge(a, b) for a, b in zip(p, p[1:])}
        if any(exits(path, c) != d for c, d in pieces.items()):
            continue
        if all(k is None or sum(c in p for c in line) == k
               for k, line in [*zip(rows_n, g.rows_of_cells()), *zip(cols_n, g.cols_of_cells())]):
            out.append(path)
    return out


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(1, 4), (2, 3), (3, 3), (3, 4), (4, 4)]))
    g = Grid(rows, cols)
    ends = draw(st.lists(st.sampled_from(g.cells), min_size=2, max_size=2, unique=True))
    paths = list(nx.all_simple_paths(nx.Graph(g.cell_edges()), *ends))
    p = draw(st.sampled_from(paths))
    path = {edge(a, b) for a, b in zip(p, p[1:])}
    count = lambda line: sum(c in p for c in line)  # noqa: E731
    rows_n = [draw(st.sampled_from([None, count(line), count(line) + 1]))
              for line in g.rows_of_cells()]
    cols_n = [draw(st.sampled_from([None, count(line)])) for line in g.cols_of_cells()]
    shown = draw(st.sets(st.sampled_from(p[1:-1]), max_size=2)) if len(p) > 2 else set()
    pieces = {c: exits(path, c) for c in [*ends, *shown]}
    return g, tuple(ends), pieces, [min(k, cols) if k else k for k in rows_n], cols_n


@settings(max_examples=150, deadline=None)
@given(boards())
def test_fixed_values_hold_in_every_fitting_path(board):
    g, ends, pieces, rows_n, cols_n = board
    paths = fitting(g, ends, pieces, rows_n, cols_n)
    s = settle(g, ends, pieces, rows_n, cols_n)
    if s is None:
        assert paths == []
        return
    cells, edges = g.cells, g.cell_edges()
    for path in paths:
        on = {c for e in path for c in e}
        assert all(v is None or v == (c in on) for c, v in zip(cells, s.on))
        assert all(v is None or v == (e in path) for e, v in zip(edges, s.used))
    for i in range(len(cells)):  # a cell not open has its literal and edges fixed
        if i not in s.open:
            assert s.on[i] is not None and all(s.used[e] is not None for e in s.inc[i])


def test_a_line_of_three_is_settled_and_a_wrong_number_contradicts():
    g = Grid(1, 3)
    s = settle(g, ((0, 0), (0, 2)), {(0, 0): "e", (0, 2): "w"}, [None], [None, None, None])
    assert s.on == [True, True, True] and s.used == [True, True] and s.open == []
    assert settle(g, ((0, 0), (0, 2)), {(0, 0): "e", (0, 2): "w"}, [2], [None] * 3) is None
