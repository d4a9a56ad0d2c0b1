"""The slant rule (a diagonal per cell, no loop) against brute force."""
from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.slants import Slants
from tests.rules.enumerate import solutions


def loop_free(rows: int, cols: int) -> set[frozenset]:
    """Every choice of diagonals without a loop, by brute force: a
    ``\\`` joins (r, c)-(r+1, c+1), a ``/`` joins (r, c+1)-(r+1, c)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    out = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        g = nx.Graph()
        for (r, c), b in zip(cells, bits):
            g.add_edge(*(((r, c), (r + 1, c + 1)) if b else ((r, c + 1), (r + 1, c))))
        if nx.is_forest(g):
            out.add(frozenset(cell for cell, b in zip(cells, bits) if b))
    return out


@settings(max_examples=12, deadline=None)
@given(st.integers(1, 3), st.integers(1, 3), st.booleans())
def test_forests_match_brute_force(rows, cols, complete):
    f = Formula()
    s = Slants(f, rows, cols, complete=complete)
    name = {x: c for c, x in s.back.items()}
    found = []
    got = solutions(f, list(name), s.cuts, found_cuts=found)
    assert {frozenset(name[x] for x in sol) for sol in got} == loop_free(rows, cols)
    assert not (complete and found)  # complete: nothing left for the cuts


def test_diamonds_are_clauses_and_longer_loops_are_cut():
    f = Formula()
    s = Slants(f, 3, 3)
    assert len(f.clauses) == 4  # one diamond per inner point
    found = []
    solutions(f, list(s.back.values()), s.cuts, found_cuts=found)
    assert found and all(len(cut) >= 6 for cut in found)  # the 3 x 3 ring of eight, and others
