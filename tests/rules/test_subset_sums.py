"""The subset-sum narrowing and exact sum against brute force: a fixed item
holds its value in every choice that meets all the lines, an impossible
verdict means no choice meets them, and the exact sum's models are the
choices of the right weight."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from satlink.formula import Formula
from satlink.rules.subset_sums import exact_sum, narrow


@st.composite
def crossing_lines(draw):
    """Up to 8 items of weight 0-4 on up to 4 lines, totals near a random choice."""
    n = draw(st.integers(1, 8))
    weights = {i: draw(st.integers(0, 4)) for i in range(n)}
    chosen = {i for i in range(n) if draw(st.booleans())}
    lines = []
    for _ in range(draw(st.integers(1, 4))):
        items = draw(st.lists(st.sampled_from(range(n)), min_size=0, max_size=n, unique=True))
        total = sum(weights[i] for i in items if i in chosen) + draw(st.sampled_from([0, 0, 1, -1]))
        lines.append((items, total))
    return weights, lines


@settings(max_examples=150, deadline=None)
@given(crossing_lines())
def test_narrow_keeps_every_solution(case):
    weights, lines = case
    n = len(weights)
    solutions = [bits for bits in itertools.product((False, True), repeat=n)
                 if all(sum(weights[i] for i in items if bits[i]) == t for items, t in lines)]
    fixed, possible = narrow(lines, weights)
    if not possible:
        assert solutions == []
    for bits in solutions:
        assert all(bits[i] == v for i, v in fixed.items())


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=6), st.integers(-1, 20))
def test_exact_sum_models_are_the_right_choices(weights, total):
    f = Formula()
    x = [f.var("x", i) for i in range(len(weights))]
    exact_sum(f, list(zip(x, weights)), total)
    want = {bits for bits in itertools.product((False, True), repeat=len(x))
            if sum(w for w, b in zip(weights, bits) if b) == total}
    got = set()
    with Solver(bootstrap_with=f.clauses) as s:
        while s.solve():
            model = set(s.get_model())
            bits = tuple(v in model for v in x)
            got.add(bits)
            s.add_clause([-v if b else v for v, b in zip(x, bits)])
    assert got == want
