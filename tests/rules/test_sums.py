"""satlink.rules.sums against brute force: every tuple of values (and both
values of the clue selector) is checked directly; the models of the
clauses, projected on the value variables and the selector, must be exactly
the tuples that obey the rule, for every method and relation."""
from __future__ import annotations

import itertools
import operator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import sums
from satlink.rules.numbers import Numbers
from tests.rules.enumerate import solutions
from tests.rules.test_numbers import brute

OPS = {"==": operator.eq, "<=": operator.le, ">=": operator.ge}


@st.composite
def cages(draw, max_cells: int = 4):
    """Cells 0..m-1 with digits from 1..6 (a domain per cell, maybe), a
    total around the reachable sums, a relation and whether to guard."""
    m = draw(st.integers(0, max_cells))
    domains = {c: sorted(draw(st.sets(st.integers(1, 6), min_size=1, max_size=6)))
               for c in range(m)}
    total = draw(st.integers(0, 6 * m + 1))
    return list(range(m)), domains, total, draw(st.sampled_from(list(OPS))), draw(st.booleans())


def run(cage, method, distinct):
    cells, domains, total, rel, guard = cage
    f = Formula()
    n = Numbers(f, cells, range(1, 7), domains)
    sel = f.var("sel") if guard else None
    sums.sum_is(n, cells, total, rel, when=sel, distinct=distinct, method=method)

    def ok(vals):
        return OPS[rel](sum(vals), total) and (not distinct or len(set(vals)) == len(vals))

    got = solutions(f, n.answer() + ([sel] if sel is not None else []))
    assert got == brute(n, cells, sel, ok)


@settings(max_examples=150, deadline=None)
@given(cage=cages())
def test_table_of_distinct_sums(cage):
    run(cage, "table", True)


@pytest.mark.parametrize("distinct", [False, True])
@settings(max_examples=100, deadline=None)
@given(cage=cages())
def test_automaton(cage, distinct):
    run(cage, "automaton", distinct)


@pytest.mark.parametrize("distinct", [False, True])
@settings(max_examples=100, deadline=None)
@given(cage=cages())
def test_halves(cage, distinct):
    run(cage, "halves", distinct)


def test_default_methods():
    """Distinct sums default to the table (set variables), others to the
    automaton (its states named by the sum), as measured in encodings/sums.md."""
    f = Formula()
    n = Numbers(f, "abc", range(1, 10))
    sums.sum_is(n, "abc", 12, distinct=True)
    assert any(f.key(v) and f.key(v)[0] == "val.set" for v in range(1, f.num_vars + 1))
    f = Formula()
    n = Numbers(f, "abc", range(1, 10))
    before = f.num_vars
    sums.sum_is(n, "abc", 12)
    assert f.num_vars > before
    assert all(f.key(v) is not None and f.key(v)[0] != "val.set"
               for v in range(before + 1, f.num_vars + 1))


def test_one_set_needs_no_set_variable():
    """3 cells, sum 6, distinct: only {1, 2, 3}; digits above 3 refused and
    each of 1, 2, 3 placed somewhere, with no auxiliary variable."""
    f = Formula()
    n = Numbers(f, "abc", range(1, 10))
    before = f.num_vars
    sums.sum_is(n, "abc", 6, distinct=True)
    assert f.num_vars == before
    assert len(solutions(f, n.answer())) == 6


def test_digit_sets_respect_each_cells_digits():
    assert sums.digit_sets([[4], [4], range(1, 10)], 9) == []       # both cells 4
    assert sums.digit_sets([[4], [1, 4], range(1, 10)], 10) == [(1, 4, 5)]
    assert sums.digit_sets([range(1, 10)] * 2, 15, "<=") == [
        s for s in itertools.combinations(range(1, 10), 2) if sum(s) <= 15]


@settings(max_examples=100, deadline=None)
@given(terms=st.lists(st.tuples(st.integers(0, 3), st.integers(-3, 5)), max_size=5),
       bound=st.integers(-5, 12), rel=st.sampled_from(list(OPS)), guard=st.booleans())
def test_linear_over_literals(terms, bound, rel, guard):
    """Weighted literals (a literal may repeat, negated or not) against
    every assignment of the four variables."""
    f = Formula()
    xs = [f.var("x", i) for i in range(4)]
    sel = f.var("sel") if guard else None
    lits = [(xs[i] if w >= 0 else -xs[i], abs(w) + (w < 0)) for i, w in terms]
    sums.linear(f, lits, rel, bound, when=sel)
    want = set()
    for bits in itertools.product((False, True), repeat=4):
        val = {x: b for x, b in zip(xs, bits)}
        s = sum(w for x, w in lits if (val[abs(x)] if x > 0 else not val[abs(x)]))
        for on in ((False, True) if guard else (True,)):
            if not on or OPS[rel](s, bound):
                want.add(frozenset([x for x in xs if val[x]] + ([sel] if on and guard else [])))
    assert solutions(f, xs + ([sel] if guard else [])) == want


def test_impossible_sum_is_the_guard_alone():
    f = Formula()
    n = Numbers(f, "ab", range(1, 10))
    sel = f.var("sel")
    sums.sum_is(n, "ab", 18, distinct=True, when=sel)   # 9 + 9 repeats
    assert [-sel] in f.clauses
