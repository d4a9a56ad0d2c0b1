"""The cut finder's arrays and the loop's keys, built the fast way, equal
the plain way (issue 22: CellLoop's set-up by columns, zip and product)."""
from __future__ import annotations

import random

import pytest

from satlink.formula import Formula
from satlink.rules.cycle_cuts import CycleCuts
from satlink.rules.grid import Grid, cell_edges
from satlink.rules.loops import CellLoop, cell_keys


def plain_index(npoints, edges):
    """The arrays as the per-edge loop makes them."""
    top = max((x for _, _, x in edges), default=0)
    pu, pv = [-1] * (top + 1), [-1] * (top + 1)
    nbrs = [[] for _ in range(npoints)]
    for u, v, x in edges:
        pu[x], pv[x] = u, v
        nbrs[u].append((v, x))
        nbrs[v].append((u, x))
    return pu, pv, nbrs


@pytest.mark.parametrize("numbered", ["range", "list", "shuffled"])
def test_index_arrays_equal_the_per_edge_loop(numbered):
    rng = random.Random(3)
    n = 12
    edges = [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.3]
    xs = range(5, 5 + len(edges))
    if numbered != "range":
        xs = list(xs)
        if numbered == "shuffled":
            rng.shuffle(xs)
    us, vs = [u for u, _ in edges], [v for _, v in edges]
    got = CycleCuts()
    got.index_arrays(n, us, vs, xs)
    pu, pv, nbrs = plain_index(n, list(zip(us, vs, xs)))
    assert (got.pu, got.pv, got.nbrs, got.ex) == (pu, pv, nbrs, list(xs))
    via_triples = CycleCuts()
    via_triples.index_points(n, zip(us, vs, xs))
    assert (via_triples.pu, via_triples.pv, via_triples.nbrs) == (pu, pv, nbrs)


def test_cell_keys_and_empty():
    assert cell_keys("t", "h", [(0, 1), (2, 3)]) == [("t", "h", 0, 1), ("t", "h", 2, 3)]
    assert cell_keys("t", "h", []) == []


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 4), (4, 1), (3, 5), (6, 4)])
@pytest.mark.parametrize("subset", [False, True])
def test_cell_loop_edges_keys_and_points(rows, cols, subset):
    """Edges in Grid.cell_edges order, each named (tag, h|v, *first cell),
    numbered in that order; the finder's points and neighbours agree."""
    g = Grid(rows, cols)
    rng = random.Random(rows * 10 + cols)
    cells = [c for c in g.cells if rng.random() < 0.7] if subset else None
    f = Formula()
    loop = CellLoop(g, f, cells, tag="L")
    want = cell_edges(g.cells if cells is None else cells)
    assert list(loop.edges) == want
    for (a, b), x in loop.edges.items():
        assert f.key(x) == ("L", "h" if a[0] == b[0] else "v", *a)
        p, q = a[0] * cols + a[1], b[0] * cols + b[1]
        assert (loop.pu[x], loop.pv[x]) == (p, q)
        assert (q, x) in loop.nbrs[p] and (p, x) in loop.nbrs[q]
    assert sum(map(len, loop.nbrs)) == 2 * len(want)
    assert list(loop.on) == list(dict.fromkeys(g.cells if cells is None else cells))
    assert [f.key(x) for x in loop.on.values()] == [("L", "on", *c) for c in loop.on]
