"""Formula: variable naming, cardinality helpers against brute force, DIMACS text."""
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from satlink.formula import ENCODINGS, Formula


def models_over(f: Formula, lits):
    """Projections of all models onto ``lits`` (enumerated with blocking)."""
    out = set()
    with Solver(name="cadical195", bootstrap_with=f.clauses) as s:
        while s.solve():
            m = set(s.get_model())
            proj = tuple(x in m for x in lits)
            out.add(proj)
            s.add_clause([-x if x in m else x for x in lits])
    return out


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 6), k=st.integers(-1, 7),
       kind=st.sampled_from(["at_most", "at_least", "exactly"]),
       enc=st.sampled_from([None, *ENCODINGS]))
def test_cardinality_matches_brute_force(n, k, kind, enc):
    if enc in ("bitwise", "pairwise", "ladder") and k != 1:
        enc = None  # these encodings are at-most-one only
    f = Formula()
    xs = [f.var("x", i) for i in range(n)]
    getattr(f, kind)(xs, k, encoding=enc)
    op = {"at_most": lambda s: s <= k, "at_least": lambda s: s >= k, "exactly": lambda s: s == k}
    expected = {bits for bits in itertools.product([False, True], repeat=n) if op[kind](sum(bits))}
    if any(c == [] for c in f.clauses):
        assert expected == set()
    else:
        assert models_over(f, xs) == expected


def test_names_and_dimacs_are_deterministic():
    def build():
        f = Formula()
        a, b, c = f.var("cell", 1, 2, 3), f.var("edge", (0, 0), (0, 1)), f.var("flag")
        f.exactly_one([a, b, c], encoding="ladder")
        f.declare_answer([a, b])
        return f

    t1, t2 = build().to_dimacs(["hello"]), build().to_dimacs(["hello"])
    assert t1 == t2
    lines = t1.splitlines()
    assert lines[0] == "c hello"
    assert "c 1 cell(1,2,3)" in lines and "c 2 edge((0, 0),(0, 1))" in lines
    assert "c answer 1 2" in lines
    header = next(ln for ln in lines if ln.startswith("p cnf"))
    nvars, nclauses = map(int, header.split()[2:])
    body = lines[lines.index(header) + 1:]
    assert len(body) == nclauses and all(ln.endswith(" 0") for ln in body)
    assert max(abs(int(x)) for ln in body for x in ln.split()) <= nvars


def test_equiv_helpers():
    f = Formula()
    a, b, o1, o2 = (f.var(x) for x in "ab12")
    f.equiv_and(o1, [a, b])
    f.equiv_or(o2, [a, b])
    for bits in models_over(f, [a, b, o1, o2]):
        assert bits[2] == (bits[0] and bits[1]) and bits[3] == (bits[0] or bits[1])
    assert len(models_over(f, [a, b, o1, o2])) == 4


def test_unknown_encoding_name_fails_loudly():
    f = Formula()
    with pytest.raises(KeyError):
        f.at_most([f.var(i) for i in range(4)], 2, encoding="nonsense")


def _card_enc_reference(f: Formula, kind: str, lits, k: int, enc: str | None):
    """What ``Formula`` added before it called python-sat's C encoder
    directly: ``CardEnc``'s clauses on the same pool (the trivial bounds
    aside, which both leave to ``Formula._card``)."""
    from pysat.card import CardEnc

    from satlink.formula import DEFAULT_K_ENCODING, LARGE_AMO_ENCODING, PAIRWISE_LIMIT
    if k == 1 and kind in ("at_most", "exactly"):
        enc = enc or ("pairwise" if len(lits) <= PAIRWISE_LIMIT else LARGE_AMO_ENCODING)
        out = [list(lits)] if kind == "exactly" else []
        if enc == "pairwise":
            return out + [[-a, -b] for a, b in itertools.combinations(lits, 2)]
        return out + CardEnc.atmost(lits, 1, vpool=f.pool, encoding=ENCODINGS[enc]).clauses
    fn = {"at_most": CardEnc.atmost, "at_least": CardEnc.atleast, "exactly": CardEnc.equals}[kind]
    return fn(lits, k, vpool=f.pool, encoding=ENCODINGS[enc or DEFAULT_K_ENCODING]).clauses


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 24), k=st.integers(1, 23), before=st.integers(0, 5),
       kind=st.sampled_from(["at_most", "at_least", "exactly"]),
       enc=st.sampled_from([None, *ENCODINGS]), data=st.data())
def test_cardinality_clauses_and_numbering_equal_cardenc(n, k, before, kind, enc, data):
    """The counts are CardEnc's clauses with CardEnc's auxiliary numbers, and
    the pool ends where CardEnc leaves it, so formulas (and their DIMACS) are
    those CardEnc gave; a second count after the first numbers on alike.
    Literals are of either sign and out of order, some pool variables unused."""
    if not k < n or (enc in ("bitwise", "pairwise", "ladder") and k not in (1, n - 1)):
        k = 1
    made, ref = Formula(), Formula()
    for g in (made, ref):
        xs = [g.var("x", i) for i in range(n + before)]
    order = data.draw(st.permutations(range(n)))
    signs = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    lits = [xs[i] if s else -xs[i] for i, s in zip(order, signs)]
    for _ in range(2):  # twice: the second count numbers from where the first ended
        start = len(made.clauses)
        getattr(made, kind)(lits, k, encoding=enc)
        assert made.clauses[start:] == _card_enc_reference(ref, kind, lits, k, enc)
        assert made.num_vars == ref.num_vars


def test_card_in_pool_with_occupied_ranges_renumbers_as_cardenc():
    """A pool with occupied ranges (renumbering) goes through CardEnc itself."""
    from pysat.card import CardEnc
    from pysat.formula import IDPool

    f = Formula()
    xs = [f.var("x", i) for i in range(6)]
    f.pool.occupy(8, 12)
    f.at_most(xs, 3)
    ref = IDPool()
    for i in range(6):
        ref.id(("x", i))
    ref.occupy(8, 12)
    assert f.clauses == CardEnc.atmost(xs, 3, vpool=ref).clauses
    assert not any(8 <= abs(x) <= 12 for c in f.clauses for x in c)
