"""Weighted sums (rules.weighted) against brute force."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.weighted import sum_is
from tests.rules.enumerate import solutions


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=0, max_size=6), st.integers(0, 12), st.booleans())
def test_sums_match_brute_force(weights, n, guard):
    f = Formula()
    cells = [(0, i) for i in range(len(weights))]
    x = {c: f.var("x", *c) for c in cells}
    g = f.var("guard") if guard else None
    sum_is(f, x, dict(zip(cells, weights)), cells, n, when=g)
    want = {frozenset(x[c] for c, b in zip(cells, bits) if b)
            for bits in itertools.product((0, 1), repeat=len(cells))
            if sum(w for w, b in zip(weights, bits) if b) == n}
    got = solutions(f, list(x.values()), assumptions=[g] if guard else [])
    assert got == want
    if guard:  # deselected: any choice
        assert len(solutions(f, list(x.values()), assumptions=[-g])) == 2 ** len(cells)
