"""numbered_path against networkx: its models are the numberings along
Hamiltonian paths of the neighbour graph, and reach cuts none of them."""
from __future__ import annotations

import networkx as nx
import pytest
from pysat.solvers import Solver

from satlink.formula import Formula
from satlink.model import Model
from satlink.rules.grid import Grid
from satlink.rules.numbered_path import chebyshev, manhattan, numbered_path, reach
from satlink.rules.numbers import Numbers


def numberings(g: Grid, distance) -> set:
    net = nx.Graph((a, b) for a in g.cells for b in g.cells if a < b and distance(a, b) == 1)
    out = set()
    for s in g.cells:
        for t in g.cells:
            for p in (nx.all_simple_paths(net, s, t) if s != t else ()):
                if len(p) == len(g.cells):
                    out.add(tuple(sorted((c, i + 1) for i, c in enumerate(p))))
    return out


def models(g: Grid, distance, givens) -> set:
    f = Formula()
    n = Numbers(f, g.cells, range(1, len(g.cells) + 1),
                reach(g.cells, len(g.cells), givens, distance))
    numbered_path(f, n, lambda c: [d for d in g.cells if distance(c, d) == 1])
    out = set()
    with Solver(bootstrap_with=f.clauses) as s:
        while s.solve():
            m = Model(f, s.get_model())
            got = tuple(sorted((c, n.value(m, c)) for c in g.cells))
            out.add(got)
            s.add_clause([-n.val(c, v) for c, v in got])
    return out


@pytest.mark.parametrize("shape", [(1, 3), (2, 2), (2, 3), (3, 3)])
@pytest.mark.parametrize("distance", [chebyshev, manhattan])
def test_models_are_hamiltonian_numberings(shape, distance):
    g = Grid(*shape)
    want = numberings(g, distance)
    assert models(g, distance, {}) == want
    for c in g.cells[:3]:  # a given prunes by reach and keeps exactly its numberings
        for v in (1, len(g.cells) // 2 + 1):
            assert models(g, distance, {c: v}) == {s for s in want if (c, v) in s}
