"""satlink.formats.cellgrid.region_grid against networkx: the regions are the
connected components of equal names, numbered in reading order of their
first cells, and a name in two components is an error at the later one's
first cell."""
from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formats.cellgrid import CellError, region_grid


def components(grid):
    """Each cell's component of equal names (networkx), None for black cells."""
    g = nx.Graph()
    cells = [(r, c) for r, row in enumerate(grid) for c, name in enumerate(row)
             if name is not None]
    g.add_nodes_from(cells)
    g.add_edges_from((a, b) for a in cells for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1))
                     if b in g and grid[a[0]][a[1]] == grid[b[0]][b[1]])
    return sorted(min(comp) for comp in nx.connected_components(g)), \
        {c: min(comp) for comp in nx.connected_components(g) for c in comp}


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 6).flatmap(lambda cols: st.lists(
    st.lists(st.sampled_from([None, "a", "b", "c", 7]), min_size=cols, max_size=cols),
    min_size=1, max_size=6)))
def test_regions_are_the_components_of_equal_names(rows):
    grid = tuple(map(tuple, rows))
    firsts, first_of = components(grid)
    names = [grid[r][c] for r, c in firsts]
    twice = [p for p in firsts if names.index(grid[p[0]][p[1]]) != firsts.index(p)]
    if twice:
        with pytest.raises(CellError) as err:
            region_grid(grid)
        (r, c) = twice[0]
        assert f"is not connected: r{r + 1}c{c + 1} is apart" in str(err.value)
        return
    number = {p: i for i, p in enumerate(firsts)}
    want = tuple(tuple(None if name is None else number[first_of[(r, c)]]
                       for c, name in enumerate(row)) for r, row in enumerate(grid))
    assert region_grid(grid) == want


def test_ragged_rows_are_refused():
    with pytest.raises(IndexError):
        region_grid((("a", "a"), ("a",)))
