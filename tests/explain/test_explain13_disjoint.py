"""The disjoint correction sets of the smallest-reason search
(``by_search(..., disjoint=N)``, satlink/explain/smallest.py) and the
MaxSAT hitting sets (satlink/explain/hitting.py, ``MaxSatHitting``): on a
Slitherlink (lazy one-loop cuts) each set a test returns is a minimal
correction set, disjoint from the hitting set tested and from the sets
before it, and the search ends at reasons of the same size with and
without them."""
from __future__ import annotations

from satlink.api import load
from satlink.explain import explain
from satlink.explain.refute import Refuter
from satlink.explain.smallest import by_search, smallest


def _facts_with_reasons(ex, n):
    sels = list(ex.names.encoding.selectors.values())
    known, out = list(ex.given), []
    for step in ex.steps:
        for lit, reason in zip(step.facts, step.reasons):
            if reason.size >= 2:
                out.append((list(dict.fromkeys([*known, *sels])), lit))
        known += step.facts
    return out[:: max(1, len(out) // n)][:n]


def test_disjoint_correction_sets_are_minimal_and_disjoint():
    item = load("instances/slitherlink/small-5x5.pzl")[0]
    ex = explain(item.puzzle, item.instance, search=0)
    ref = Refuter(ex.names.encoding, "glucose4")
    judge = Refuter(ex.names.encoding, "glucose4")  # a solver of its own to check them
    seen = 0
    try:
        for soft, lit in _facts_with_reasons(ex, 5):
            test = by_search(ref, soft, lit, grow=True, disjoint=3)
            h = soft[:1]
            sets = test(h)
            if sets is None:
                continue  # the first candidate alone refutes the fact
            assert isinstance(sets, list) and all(isinstance(s, list) for s in sets)
            used = set(h)
            for s in sets:
                assert s and used.isdisjoint(s), (h, sets)
                used |= set(s)
                rest = [a for a in soft if a not in set(s)]
                # a correction set: a solution with the fact false keeps every other candidate
                assert not judge.refutes([*rest, -lit])
                # minimal: any one member back and no such solution is left
                for a in s:
                    assert judge.refutes([*rest, a, -lit]), (a, s)
                seen += 1
    finally:
        ref.close()
        judge.close()
    assert seen >= 5


def test_the_search_ends_at_the_same_size_with_disjoint_sets_and_maxsat(monkeypatch):
    import satlink.explain.smallest as sm

    # one node a call: every hitting set the branch and bound does not find at once comes from RC2
    import satlink.explain.hitting as hm

    monkeypatch.setattr(sm, "SWITCH_NODES", 1)
    made = []

    class Counted(hm.MaxSatHitting):
        def __init__(self, conflicts):
            made.append(conflicts)
            super().__init__(conflicts)

    monkeypatch.setattr(hm, "MaxSatHitting", Counted)
    item = load("instances/slitherlink/small-5x5.pzl")[0]
    ex = explain(item.puzzle, item.instance, search=0)
    ref = Refuter(ex.names.encoding, "glucose4")
    try:
        for soft, lit in _facts_with_reasons(ex, 6):
            plain, ok1, _ = smallest(soft, soft, by_search(ref, soft, lit), rounds=10**5,
                                     seconds=60)
            fast, ok2, _ = smallest(soft, soft, by_search(ref, soft, lit, grow=True,
                                                          disjoint=2),
                                    rounds=10**5, seconds=60, conflicts=10**7)
            assert ok1 and ok2 and len(plain) == len(fast), (plain, fast)
            assert ref.refutes([*fast, -lit])
    finally:
        ref.close()
    assert made  # RC2 answered some hitting sets
