"""Subset sums (satlink/rules/subsets.py) against brute force: the table and
its fall-back to the automaton, with and without a selector."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import subsets
from tests.rules.enumerate import solutions


def brute(weights, total):
    return {frozenset(i for i, b in enumerate(bits) if b)
            for bits in itertools.product((0, 1), repeat=len(weights))
            if sum(w for w, b in zip(weights, bits) if b) == total}


@settings(max_examples=120, deadline=None)
@given(weights=st.lists(st.integers(1, 6), min_size=1, max_size=7), total=st.integers(0, 25),
       most=st.sampled_from([0, 1, 3, 64]), on=st.sampled_from([None, True, False]))
def test_weighted_total_is_exact(weights, total, most, on):
    f = Formula()
    x = [f.var("x", i) for i in range(len(weights))]
    sel = f.var("sel") if on is not None else None
    subsets.weighted_total(f, x, weights, total, when=sel, most=most)
    assume = [] if on is None else [sel if on else -sel]
    got = {frozenset(x.index(v) for v in s) for s in solutions(f, x, assumptions=assume)}
    every = {frozenset(i for i, b in enumerate(bits) if b)
             for bits in itertools.product((0, 1), repeat=len(weights))}
    assert got == (every if on is False else brute(weights, total))


def test_subsets_cap():
    assert subsets.subsets([1, 2, 3], 3) == [(0, 1), (2,)]
    assert subsets.subsets([1, 1, 1, 1], 2, most=3) is None
