"""rules/subset_counts against brute force: every n <= 5 and k from -1 to n + 1,
direct and behind a selector (on: exactly the k-subsets; off: anything)."""
from itertools import combinations

import pytest

from satlink.formula import Formula
from satlink.rules import subset_counts
from tests.rules.enumerate import solutions


def _all(xs, k):
    return {frozenset(s) for s in combinations(xs, k)} if 0 <= k <= len(xs) else set()


@pytest.mark.parametrize("n", range(6))
def test_exactly_k_is_the_k_subsets(n):
    for k in range(-1, n + 2):
        f = Formula()
        xs = [f.var("x", i) for i in range(n)]
        subset_counts.exactly(f, xs, k)
        assert f.num_vars == n  # no auxiliary variable
        assert solutions(f, xs) == _all(xs, k), (n, k)


@pytest.mark.parametrize("n", range(5))
def test_behind_a_selector(n):
    for k in range(-1, n + 2):
        f = Formula()
        xs = [f.var("x", i) for i in range(n)]
        sel = f.var("sel")
        subset_counts.exactly(f, xs, k, when=sel)
        assert solutions(f, xs, assumptions=[sel]) == _all(xs, k)
        every = {frozenset(s) for m in range(n + 1) for s in combinations(xs, m)}
        assert solutions(f, xs, assumptions=[-sel]) == every


def test_too_many_literals_is_refused():
    f = Formula()
    with pytest.raises(ValueError, match="at most"):
        subset_counts.exactly(f, [f.var("x", i) for i in range(subset_counts.MOST + 1)], 2)


@pytest.mark.parametrize("n", [4, subset_counts.MOST + 2])
def test_exactly_any_either_way(n):
    """At most MOST literals by subsets (no auxiliary), above by a counter."""
    for k in (0, 2, n):
        f = Formula()
        xs = [f.var("x", i) for i in range(n)]
        sel = f.var("sel")
        subset_counts.exactly_any(f, xs, k, when=sel)
        assert (f.num_vars == n + 1) == (n <= subset_counts.MOST or k in (0, n))
        assert solutions(f, xs, assumptions=[sel]) == _all(xs, k)
