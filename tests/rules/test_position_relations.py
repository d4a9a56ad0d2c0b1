"""satlink.rules.position_relations against brute force.

Two attributes of n values each (n = 1..5), every placement enumerated as
a pair of permutations: the models of :func:`placements` with a relation
between two values (:func:`pair_clauses`, possibly negated, with the
conflict and the support forms both reached), a value and a position
(:func:`at_clauses`), or several relations reified under ``at_least`` /
``exactly`` one (:func:`reified`), projected on the position literals, must
be exactly the placements where the relations hold as stated.
"""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.position_relations import at_clauses, pair_clauses, placements, reified
from tests.rules.enumerate import solutions

PAIRS = {
    "left-of": lambda a, b, d: a == b - 1,
    "somewhere-left-of": lambda a, b, d: a < b,
    "next-to": lambda a, b, d: abs(a - b) == 1,
    "distance": lambda a, b, d: abs(a - b) == d,
    "=": lambda a, b, d: a == b,
}


def placements_of(n):
    """Every placement: (attribute, value) -> position, 1-based."""
    for p0, p1 in itertools.product(itertools.permutations(range(1, n + 1)), repeat=2):
        yield {(0, v): p for v, p in enumerate(p0)} | {(1, v): p for v, p in enumerate(p1)}


relation = st.tuples(st.sampled_from(sorted(PAIRS)), st.integers(0, 4), st.booleans(),
                     st.tuples(st.integers(0, 1), st.integers(0, 4)),
                     st.tuples(st.integers(0, 1), st.integers(0, 4)))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.lists(relation, min_size=1, max_size=3),
       st.sampled_from(["all", "at_least", "exactly"]), st.integers(1, 4))
def test_models_are_the_placements_that_fit(n, rels, how, spot):
    rels = [(kind, d, neg, (a[0], a[1] % n), (b[0], b[1] % n)) for kind, d, neg, a, b in rels]
    f = Formula()
    x = placements(f, ["s", "t"], [[str(v) for v in range(n)]] * 2, n)

    def clauses(rel, negate):
        kind, d, neg, a, b = rel
        return pair_clauses(x[a[0]][a[1]], x[b[0]][b[1]], PAIRS[kind], d, neg != negate)

    def holds(rel, where):
        kind, d, neg, a, b = rel
        return PAIRS[kind](where[a], where[b], d) != neg

    spot = min(spot, n)
    f.extend(at_clauses(x[0][0], lambda p, h: p != h, spot))  # value 0 of s is not at `spot`
    if how == "all":
        for rel in rels:
            f.extend(clauses(rel, False))
    else:
        reified(f, [lambda negate, rel=rel: clauses(rel, negate) for rel in rels], how, ("c",))
    lit = {x[a][v][p - 1]: (a, v, p) for a in range(2) for v in range(n) for p in range(1, n + 1)}
    got = {frozenset(lit[y] for y in s) for s in solutions(f, list(lit))}
    want = set()
    for where in placements_of(n):
        truths = [holds(rel, where) for rel in rels]
        ok = {"all": all(truths), "at_least": any(truths), "exactly": sum(truths) == 1}[how]
        if ok and where[(0, 0)] != spot:
            want.add(frozenset((a, v, p) for (a, v), p in where.items()))
    assert got == want
