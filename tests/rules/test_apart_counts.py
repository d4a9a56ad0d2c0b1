"""rules.apart_counts against brute force: with the caller's "not both"
clauses of the apart pairs, the models are exactly the assignments with k
true literals and no apart pair both true, guarded or not; and the clauses
left out are only those an apart pair holds."""
from __future__ import annotations

import itertools
import random

import pytest

from satlink.formula import Formula
from satlink.rules import apart_counts, subset_counts


def models(n: int, clauses: list[list[int]], guard: int | None = None) -> set[tuple[bool, ...]]:
    """The assignments of variables 1..n that satisfy every clause (the
    guard, variable n + 1, true; auxiliaries, above that, searched too)."""
    top = max([n + (guard is not None)] + [abs(x) for cl in clauses for x in cl])
    out = set()
    for bits in itertools.product((False, True), repeat=top):
        if guard is not None and not bits[guard - 1]:
            continue
        if all(any(bits[abs(x) - 1] == (x > 0) for x in cl) for cl in clauses):
            out.add(bits[:n])
    return out


@pytest.mark.parametrize("seed", range(120))
def test_models_are_the_count_with_the_pairs(seed):
    rng = random.Random(seed)
    n = rng.randrange(1, 7)
    pairs = [p for p in itertools.combinations(range(n), 2) if rng.random() < 0.35]
    k = rng.randrange(-1, n + 2)
    guarded = rng.random() < 0.3
    f = Formula()
    xs = [f.var("x", i) for i in range(n)]
    when = f.var("when") if guarded else None
    f.clauses.extend([-xs[i], -xs[j]] for i, j in pairs)
    apart_counts.exactly(f, xs, k, pairs, when=when)
    want = {bits for bits in itertools.product((False, True), repeat=n)
            if sum(bits) == k and not any(bits[i] and bits[j] for i, j in pairs)}
    assert models(n, f.clauses, when) == want


@pytest.mark.parametrize("seed", range(40))
def test_only_subsets_holding_a_pair_are_left_out(seed):
    """Where the subsets are written, they are subset_counts.exactly's less
    each "not all of S" whose S holds an apart pair."""
    rng = random.Random(seed)
    n = rng.randrange(2, 7)
    pairs = {p for p in itertools.combinations(range(n), 2) if rng.random() < 0.4}
    k = rng.randrange(0, n + 1)
    f, g = Formula(), Formula()
    xs = [f.var("x", i) for i in range(n)]
    ys = [g.var("x", i) for i in range(n)]
    apart_counts.exactly(f, xs, k, pairs)
    if f.pool.top > n:  # the counter was written: nothing to compare
        return
    subset_counts.exactly(g, ys, k)
    kept = [cl for cl in g.clauses if not (all(x < 0 for x in cl) and any(
        (i, j) in pairs for i, j in itertools.combinations(sorted(-x - 1 for x in cl), 2)))]
    assert f.clauses == kept
