"""Formula's direct call of pysat's encoder gives CardEnc's clauses and
numbers exactly; declare_answer keeps first occurrences in order."""
from __future__ import annotations

import random

import pytest
from pysat.card import CardEnc

from satlink.formula import ENCODINGS, Formula

KINDS = {"atmost": ("at_most", CardEnc.atmost), "atleast": ("at_least", CardEnc.atleast),
         "equals": ("exactly", CardEnc.equals)}


@pytest.mark.parametrize("enc", sorted(ENCODINGS))
def test_card_calls_match_cardenc_clause_for_clause(enc):
    rng = random.Random(enc)
    f, ref = Formula(), Formula()  # ref: the same calls through CardEnc
    for _ in range(60):
        n = rng.randint(3, 9)
        for g in (f, ref):
            for i in range(n):
                g.var("x", len(g.clauses), i)
        lits = [v if rng.random() < 0.7 else -v
                for v in rng.sample(range(1, f.num_vars + 1), n)]
        k = rng.randint(2, n - 1)
        kind = rng.choice(sorted(KINDS))
        method, fn = KINDS[kind]
        try:
            expected = fn(lits, bound=k, vpool=ref.pool, encoding=ENCODINGS[enc]).clauses
        except Exception as exc:  # pysat refuses this bound with this encoding
            with pytest.raises(type(exc)):
                getattr(f, method)(lits, k, enc)
            continue
        ref.clauses.extend(expected)
        getattr(f, method)(lits, k, enc)
        assert f.clauses == ref.clauses and f.num_vars == ref.num_vars, (kind, n, k)


def test_large_at_most_one_matches_cardenc():
    f, ref = Formula(), Formula()
    for g in (f, ref):
        lits = [g.var("x", i) for i in range(30)]
    f.at_most_one(lits)
    ref.clauses.extend(CardEnc.atmost(lits, 1, vpool=ref.pool, encoding=ENCODINGS["bitwise"]).clauses)
    assert f.clauses == ref.clauses and f.num_vars == ref.num_vars > 30


def test_occupied_pool_still_renumbers():
    f = Formula()
    lits = [f.var("x", i) for i in range(6)]
    f.pool.occupy(7, 9)
    f.at_most(lits, 3)
    aux = {abs(x) for c in f.clauses for x in c} - set(lits)
    assert aux and not aux & {7, 8, 9}


def test_declare_answer_keeps_first_occurrences_in_order():
    f = Formula()
    f.declare_answer(iter([5, 3, 5, 1, 3]))
    assert f.answer == [5, 3, 1]
    f.declare_answer([2, 3, 7, 2], one_hot=True)
    assert f.answer == [5, 3, 1, 2, 7] and not f.answer_one_hot
    f.declare_answer([])
    assert f.answer == [5, 3, 1, 2, 7] and f.answer_span() is None
    g = Formula()
    g.declare_answer(range(4, 9), one_hot=True)
    assert g.answer_span() == (4, 8) and g.answer_one_hot
