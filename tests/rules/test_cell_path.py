"""CellPath: the paths the encoding admits (lazy cuts, complete) are
exactly networkx's simple paths between the ends, on small boards."""
from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.cell_path import CellPath, path_problems
from satlink.rules.grid import Grid, edge
from tests.rules.enumerate import solutions


def paths_of(grid, ends, cells=None, must=(), complete=False):
    f = Formula()
    p = CellPath(grid, f, ends, cells, must=must)
    if complete:
        p.encode_complete()
    got = solutions(f, list(p.edges.values()), None if complete else p.cuts)
    name = {x: e for e, x in p.edges.items()}
    return {frozenset(name[x] for x in s) for s in got}


def brute(grid, ends, cells=None, must=()):
    g = nx.Graph(grid.cell_edges(cells))
    g.add_nodes_from(ends)
    return {frozenset(edge(a, b) for a, b in zip(p, p[1:]))
            for p in nx.all_simple_paths(g, *ends) if set(must) <= set(p)}


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(1, 3), (2, 2), (2, 3), (3, 3), (3, 4)]))
    g = Grid(rows, cols)
    ends = draw(st.lists(st.sampled_from(g.cells), min_size=2, max_size=2, unique=True))
    gone = draw(st.sets(st.sampled_from([c for c in g.cells if c not in ends]), max_size=2))
    rest = [c for c in g.cells if c not in gone]
    must = draw(st.sets(st.sampled_from(rest), max_size=2))
    return g, tuple(ends), rest, tuple(must)


@settings(max_examples=60, deadline=None)
@given(boards(), st.booleans())
def test_paths_match_networkx(board, complete):
    g, ends, cells, must = board
    assert paths_of(g, ends, cells, must, complete) == brute(g, ends, cells, must)


@pytest.mark.parametrize("n, count", [(2, 2), (3, 12)])  # corner to corner: OEIS A007764
def test_corner_to_corner_counts(n, count):
    g = Grid(n, n)
    assert len(paths_of(g, ((0, 0), (n - 1, n - 1)))) == count


def test_path_problems_names_what_is_wrong():
    g = Grid(2, 3)
    line = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    assert path_problems(g, line, ((0, 0), (0, 2))) == []
    assert "no path joins" in " ".join(path_problems(g, line[:1], ((0, 0), (0, 2))))
    ring = [((1, 0), (1, 1)), ((1, 1), (1, 2))]
    assert any("separate pieces" in p for p in path_problems(g, line + ring, ((0, 0), (0, 2))))
    with pytest.raises(ValueError):
        CellPath(g, Formula(), ((0, 0), (0, 0)))
