"""chosen_sizes.bound_size against brute force, and two_way_counter's two
directions."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.chosen_sizes import bound_size, two_way_counter
from tests.rules.enumerate import solutions


@st.composite
def bounds(draw):
    n = draw(st.integers(0, 6))
    most = draw(st.integers(-1, n + 1))
    least = draw(st.lists(st.integers(-1, n + 2), max_size=3))
    return n, most, least, draw(st.booleans())


@settings(max_examples=200, deadline=None)
@given(bounds())
def test_bound_size_models_are_the_counts_within_the_bounds(case):
    # every assignment of the cells, the guards and `when`: a model exactly where
    # at most `most` cells hold (or `when` is false) and each true guard's bound holds
    n, most, least, guarded = case
    f = Formula()
    cells = [f.var("c", i) for i in range(n)]
    guards = [f.var("g", i) for i in range(len(least))]
    when = [f.var("when")] if guarded else []
    bound_size(f, cells, most, dict(zip(guards, least)), when[0] if when else None)
    got = solutions(f, cells + guards + when)
    want = set()
    for bits in itertools.product((0, 1), repeat=n + len(guards) + len(when)):
        on, g = sum(bits[:n]), bits[n:n + len(guards)]
        upper = (when and not bits[-1]) or 0 <= most and on <= most
        if upper and all(on >= k for k, b in zip(least, g) if b):
            want.add(frozenset(x for x, b in zip(cells + guards + when, bits) if b))
    assert got == want


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 7), st.integers(0, 8), st.integers(0, 8))
def test_two_way_counter_directions(n, up, down):
    # S_t assumed true leaves the assignments with t cells or more where t <= down;
    # S_t assumed false leaves those with fewer than t where t <= up
    f = Formula()
    cells = [f.var("c", i) for i in range(n)]
    s = two_way_counter(f, cells, up, down)
    assert len(s) == min(n, max(up, down))
    every = [frozenset(c) for k in range(n + 1) for c in itertools.combinations(cells, k)]
    for t, x in enumerate(s, 1):
        if t <= down:
            assert solutions(f, cells, assumptions=[x]) == {c for c in every if len(c) >= t}
        if t <= up:
            assert solutions(f, cells, assumptions=[-x]) == {c for c in every if len(c) < t}
