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
