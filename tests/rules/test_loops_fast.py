"""CellPath's variables, numbered at once, in the order of the plain
construction. (The cycle collector is paused around the whole encoding by
the engine, satlink.engine.search.gc_paused, not rule by rule.)"""
from __future__ import annotations


from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import graph
from satlink.rules.cell_path import CellPath
from satlink.rules.grid import Grid, edge_key


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_cell_path_as_written_plainly(data):
    grid = Grid(data.draw(st.integers(1, 4)), data.draw(st.integers(2, 4)))
    cells = data.draw(st.lists(st.sampled_from(grid.cells), unique=True, min_size=2))
    ends = tuple(data.draw(st.lists(st.sampled_from(cells), unique=True, min_size=2,
                                    max_size=2)))
    f, g = Formula(), Formula()
    if data.draw(st.booleans()):  # a variable taken before: numbered one by one
        f.var("path", "on", *cells[0])
        g.var("path", "on", *cells[0])
    p = CellPath(grid, f, ends, cells)
    edges = {e: g.var("path", *edge_key(e)) for e in grid.cell_edges(cells)}
    on = {c: g.var("path", "on", *c) for c in cells}
    at = {c: [] for c in cells}
    for (a, b), x in edges.items():
        at[a].append(x)
        at[b].append(x)
    for c, lits in at.items():
        if c in ends:
            g.add(lits)
            g.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:])
            g.extend([-x, on[c]] for x in lits)
        else:
            graph.zero_or_two(g, lits, on[c])
    g.extend([on[c]] for c in ends)
    assert p.edges == edges and p.on == on
    assert f.clauses == g.clauses and f.pool.obj2id == g.pool.obj2id
