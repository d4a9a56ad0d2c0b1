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


def test_vars_numbers_a_new_family_at_once_and_falls_back_otherwise():
    f = Formula()
    a = f.var("a")
    xs = f.vars([("x", i) for i in range(3)])
    assert list(xs) == [2, 3, 4] and f.num_vars == 4 and f.name(3) == "x(1)"
    # a key seen before, or repeated: one variable per key, as var() gives it
    ys = f.vars([("y", 0), ("a",), ("y", 0), ("x", 2)])
    assert list(ys) == [5, a, 5, 4] and f.num_vars == 5
    assert f.var("z") == 6


def test_cover_keeps_equal_placements_and_shared_keys_on_one_variable():
    from satlink.rules.grid import Grid
    from satlink.rules.placement_cover import Cover
    from satlink.rules.placements import pieces, place, placements
    g = Grid(2, 3)
    ps = placements(g, pieces({"d": ((0, 0), (0, 1))}))
    f = Formula()
    cover = Cover(f, ps + [place(ps[0].piece, ps[0].origin)])  # an equal placement again
    assert list(cover.var.values()) == list(range(1, len(ps) + 1))
    assert cover.covering[(0, 1)] == [cover.var[p] for p in ps if (0, 1) in p.cells]
    g2 = Formula()
    by_row = Cover(g2, ps, key=lambda p: (p.origin[0],))  # two keys only: two variables
    assert sorted(set(by_row.var.values())) == [1, 2] and g2.num_vars == 2
