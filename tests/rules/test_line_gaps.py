"""Line gaps against brute force: random lines, marks and gap rules."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.line_gaps import broken_gaps, gaps
from tests.rules.enumerate import solutions


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 7), st.lists(st.integers(0, 3), min_size=7, max_size=7),
       st.sets(st.integers(0, 6)))
def test_models_are_the_markings(n, weight, never):
    line = list(range(n))

    def ok(a, b, gap):
        return abs(weight[a] - weight[b]) == gap

    f = Formula()
    mark = {c: f.var("m", c) for c in line if c not in never}
    gaps(f, line, mark.get, ok)
    got = {frozenset(c for c in line if c in mark and mark[c] in s)
           for s in solutions(f, list(mark.values()))}
    want = set()
    for bits in itertools.product((0, 1), repeat=len(mark)):
        chosen = [c for c, b in zip(sorted(mark), bits) if b]
        if all(ok(a, b, b - a - 1) for a, b in zip(chosen, chosen[1:])):
            want.add(frozenset(chosen))
        fine = broken_gaps(dict.fromkeys(chosen, 0), line, ok) == []
        assert fine == (frozenset(chosen) in want)
    assert got == want
