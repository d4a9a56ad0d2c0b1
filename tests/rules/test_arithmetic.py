"""satlink.rules.arithmetic against brute force: every tuple of values (and
both values of the clue selector) is checked with plain arithmetic; the
models of the clauses, projected on the value variables and the selector,
must be exactly the tuples that obey the cage, for the table and for the
automaton (``limit=0``), with some cells decided beforehand; and the
narrowing keeps every value some obeying tuple uses."""
from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import arithmetic as A
from satlink.rules.numbers import Numbers
from tests.rules.enumerate import solutions
from tests.rules.test_numbers import brute


def obeys(op, total, vals, apart=()):
    """The rule, written again: sum, product, difference or quotient of two
    (larger over smaller, exact), or any of those for `?`."""
    if any(vals[i] == vals[j] for i, j in apart):
        return False
    got = set()
    if op in "+?":
        got.add(sum(vals))
    if op in "*?":
        got.add(math.prod(vals))
    if len(vals) == 2 and op in "-?":
        got.add(abs(vals[0] - vals[1]))
    if len(vals) == 2 and op in "/?":
        hi, lo = max(vals), min(vals)
        if hi % lo == 0:
            got.add(hi // lo)
    return total in got


@st.composite
def cages(draw):
    op = draw(st.sampled_from("+-*/?"))
    m = 2 if op in "-/" else draw(st.integers(0, 4))   # no cell: a grey cell's empty sum
    domains = {c: sorted(draw(st.sets(st.integers(1, 6), min_size=1, max_size=6)))
               for c in range(m)}
    some = [vs for vs in itertools.product(*domains.values())]
    total = draw(st.sampled_from([sum(v) for v in some] + [math.prod(v) for v in some]
                                           + [1, 2, 3, 5, 7]))
    apart = [p for p in itertools.combinations(range(m), 2) if draw(st.booleans())]
    fixed = {c: domains[c][0] for c in range(m) if draw(st.integers(0, 3)) == 0}
    return op, domains, total, apart, fixed, draw(st.booleans()), draw(st.booleans())


@settings(max_examples=250, deadline=None)
@given(cage=cages())
def test_cage_is_the_rule(cage):
    op, domains, total, apart, fixed, guard, table = cage
    cells = list(domains)
    f = Formula()
    open_ = [c for c in cells if c not in fixed]
    n = Numbers(f, open_, range(1, 7), {c: domains[c] for c in open_})
    sel = f.var("sel") if guard else None
    A.cage_is(n, cells, op, total, when=sel, fixed=fixed, apart=apart,
              limit=A.TABLE_LIMIT if table else 0)

    def ok(vals):
        full = dict(fixed)
        full.update(zip(open_, vals))
        return obeys(op, total, [full[c] for c in cells], apart)

    got = solutions(f, n.answer() + ([sel] if sel is not None else []))
    doms = [[fixed[c]] if c in fixed else domains[c] for c in cells]
    limit = None if len(cells) <= 2 else A.TABLE_LIMIT if table else 0   # pairs: always a table
    if A.tuples(op, total, doms, apart, limit) is not None:
        assert got == brute(n, open_, sel, ok)
    else:  # the automaton does not say `apart` (the Latin rule does): check without it
        def plain(vals):
            full = {**fixed, **dict(zip(open_, vals))}
            return obeys(op, total, [full[c] for c in cells])

        assert got == brute(n, open_, sel, plain)


@settings(max_examples=200, deadline=None)
@given(cage=cages())
def test_filter_keeps_every_obeying_value(cage):
    op, domains, total, apart, _, _, _ = cage
    masks = [sum(1 << v for v in domains[c]) for c in domains]
    narrowed = A.cage_filter(op, total, apart)(masks)
    keep = [0] * len(masks)
    for vals in itertools.product(*domains.values()):
        if obeys(op, total, vals, apart):
            for i, v in enumerate(vals):
                keep[i] |= 1 << v
    assert narrowed == keep


@pytest.mark.parametrize("op,size,ops", [("?", 1, ["+", "*"]), ("-", 2, ["-"]),
                                         ("/", 3, []), ("?", 2, ["+", "-", "*", "/"])])
def test_applies(op, size, ops):
    assert A.applies(op, size) == ops


def test_too_many_tuples_give_up():
    assert A.tuples("+", 20, [range(1, 10)] * 4, limit=10) is None
    assert len(A.tuples("+", 20, [range(1, 10)] * 4)) == sum(
        1 for t in itertools.product(range(1, 10), repeat=4) if sum(t) == 20)


@settings(max_examples=150, deadline=None)
@given(cage=cages())
def test_supports_are_the_values_of_the_tuples(cage):
    op, domains, total, _, _, _, _ = cage
    want = [set() for _ in domains]
    for vals in itertools.product(*domains.values()):
        if obeys(op, total, vals):
            for i, v in enumerate(vals):
                want[i].add(v)
    assert A.supports(op, total, list(domains.values())) == want
    assert A.cage_filter(op, total, limit=0)([sum(1 << v for v in d) for d in domains.values()]
                                             ) == [sum(1 << v for v in w) for w in want]
