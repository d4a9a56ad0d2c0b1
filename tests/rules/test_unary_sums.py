"""Sums of unary counts (satlink/rules/unary_sums.py) against brute force:
count_unaries by its splits and by its merges, with and without a selector."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import unary_sums
from satlink.rules.unary_sums import count_unaries
from tests.rules.enumerate import solutions


def sorted_unaries(f: Formula, lengths: list[int]) -> list[list[int]]:
    """Unaries of the given lengths, held sorted (x_{j+1} -> x_j)."""
    unaries = [[f.var("u", i, j) for j in range(n)] for i, n in enumerate(lengths)]
    for u in unaries:
        f.extend([b, -a] for b, a in zip(u, u[1:]))
    return unaries


def brute(unaries, k, sel):
    """Every sorted assignment (and selector value) where the selector is
    false or the unaries add up to k."""
    inputs = [v for u in unaries for v in u]
    want = set()
    for bits in itertools.product((False, True), repeat=len(inputs) + (sel is not None)):
        true = {v for v, b in zip(inputs + ([sel] if sel else []), bits) if b}
        if not all(b in true or a not in true for u in unaries for b, a in zip(u, u[1:])):
            continue
        if (sel is not None and sel not in true) or sum(v in true for v in inputs) == k:
            want.add(frozenset(true))
    return want


@pytest.mark.parametrize("limit", [0, unary_sums.SPLIT_LIMIT])  # merges, splits
@settings(max_examples=60, deadline=None)
@given(lengths=st.lists(st.integers(0, 3), min_size=1, max_size=4), k=st.integers(-1, 9),
       guarded=st.booleans())
def test_count_unaries_is_the_sum(limit, lengths, k, guarded):
    f = Formula()
    unaries = sorted_unaries(f, lengths)
    sel = f.var("sel") if guarded else None
    count_unaries(f, unaries, k, when=sel, limit=limit)
    inputs = [v for u in unaries for v in u] + ([sel] if sel else [])
    assert solutions(f, inputs) == brute(unaries, k, sel)


def test_splits_add_no_variable_and_merges_do():
    f = Formula()
    unaries = sorted_unaries(f, [3, 3, 2, 2])
    top = f.num_vars
    count_unaries(f, unaries, 4)
    assert f.num_vars == top
    f2 = Formula()
    unaries = sorted_unaries(f2, [3] * 8)  # 4^8 ways: merged
    top = f2.num_vars
    count_unaries(f2, unaries, 4)
    assert f2.num_vars > top


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 6), st.integers(0, 6), st.integers(1, 13), st.integers(0, 13),
       st.integers(0, 13))
def test_merge_into_is_the_merge_each_direction_capped(p, q, cap, up, down):
    # merge_into at full caps writes _merge's clauses in its order (the loop
    # unary_sum uses, its tests hoisted); capped, it keeps exactly the upward
    # clauses of sums up to `up` and the downward ones below `down`, in that order
    if p + q == 0:
        return
    full, capped = Formula(), Formula()
    for f in (full, capped):
        a = [f.var("a", i) for i in range(p)]
        b = [f.var("b", j) for j in range(q)]
    s = unary_sums._merge(full, a, b, cap, ("s",))
    n = len(s)
    reference = Formula()
    unary_sums.merge_into(reference, a, b, s, n, n)
    assert reference.clauses == full.clauses
    unary_sums.merge_into(capped, a, b, s, up, down)
    index = {x: t for t, x in enumerate(s, 1)}
    assert capped.clauses == [c for c in full.clauses
                              if (c[-1] > 0 and index[c[-1]] <= up)
                              or (c[-1] < 0 and index[-c[-1]] - 1 < down)]
