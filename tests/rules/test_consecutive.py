"""Consecutive groups against brute force: random domains, every model listed."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.consecutive import broken_runs, consecutive
from satlink.rules.numbers import Numbers
from tests.rules.enumerate import solutions


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sets(st.integers(1, 6), min_size=1), min_size=1, max_size=4))
def test_models_are_the_runs(domains):
    cells = list(range(len(domains)))
    f = Formula()
    n = Numbers(f, cells, range(1, 7), {c: sorted(d) for c, d in zip(cells, domains)})
    consecutive(f, n, cells)
    slot = {x: (c, v) for c, vs in n.var.items() for v, x in vs.items()}
    got = {frozenset(slot[x] for x in s) for s in solutions(f, list(slot))}
    want = set()
    for vals in itertools.product(*[sorted(d) for d in domains]):
        s = sorted(vals)
        if s == list(range(s[0], s[0] + len(s))):
            want.add(frozenset(zip(cells, vals)))
            assert broken_runs(dict(zip(cells, vals)), [cells], str) == []
        else:
            assert broken_runs(dict(zip(cells, vals)), [cells], str) != []
    assert got == want
