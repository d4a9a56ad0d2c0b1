"""The smallest hitting set of :mod:`satlink.explain.hitting` against brute
force over every subset of a small universe, and the smallest-reason search
on it (:func:`satlink.explain.smallest.smallest`) against the reasons a
made-up refutation test knows."""
from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.explain.hitting import Hitting, Unknown, packing
from satlink.explain.smallest import smallest

UNIVERSE = range(1, 8)
families = st.lists(st.sets(st.sampled_from(UNIVERSE), min_size=1, max_size=4),
                    min_size=1, max_size=8)


def brute(sets, limit):
    for k in range(limit + 1):
        for h in combinations(UNIVERSE, k):
            if all(set(h) & s for s in sets):
                return k
    return None


@settings(max_examples=150, deadline=None)
@given(families, st.integers(0, 5))
def test_smallest_hitting_set_has_the_least_size(sets, limit):
    hs = Hitting()
    for s in sets:
        hs.hit(sorted(s))
    got = hs.smallest(limit)
    want = brute(sets, limit)
    assert (None if got is None else len(got)) == want
    if got is not None:
        assert all(set(got) & s for s in sets)
    assert packing(sets) <= (want if want is not None else len(UNIVERSE))


def test_the_node_budget_says_unknown():
    sets = [[a, b] for a, b in combinations(range(1, 13), 2)]  # a clique: 11 members needed
    try:
        Hitting(sets, nodes=5).smallest(10)
    except Unknown:
        return
    raise AssertionError("the budget of five nodes did not run out")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sets(st.sampled_from(UNIVERSE), min_size=1, max_size=4), min_size=1,
                max_size=4))
def test_the_search_finds_a_smallest_reason(reasons):
    """``test`` refutes exactly the supersets of a reason; its correction
    set is every candidate outside the set (valid: a reason outside it would
    be refuted with the set). A settled answer is a smallest reason."""
    cands = list(UNIVERSE)

    def test(h):
        if any(r <= set(h) for r in reasons):
            return None
        return [c for c in cands if c not in h]

    got, settled, _ = smallest(cands, cands, test, rounds=10**4, seconds=60)
    assert settled and any(r <= set(got) for r in reasons)
    assert len(got) == min(len(r) for r in reasons)


@settings(max_examples=100, deadline=None)
@given(families, st.integers(0, 5))
def test_the_sat_solver_answers_where_the_nodes_run_out(sets, limit):
    """With one node a call the branch and bound gives every question to
    the MaxSAT solver (:class:`MaxSatHitting`, RC2): its answers are still of the
    least size, as brute force says, call after call as sets are added."""
    hs = Hitting(nodes=1, conflicts=10**6)
    for i, s in enumerate(sets):
        hs.hit(sorted(s))
        got = hs.smallest(limit)
        want = brute(sets[:i + 1], limit)
        assert (None if got is None else len(got)) == want
        if got is not None:
            assert all(set(got) & t for t in sets[:i + 1])


def test_the_conflict_budget_says_unknown():
    sets = [list(c) for c in combinations(range(1, 17), 3)]  # 14 members needed
    assert len(Hitting(sets, nodes=5, conflicts=10**6).smallest(16)) == 14
    try:
        Hitting(sets, nodes=5, conflicts=5).smallest(16)
    except Unknown:
        return
    raise AssertionError("five conflicts settled every triple of sixteen")
