"""satlink.rules.numbers against brute force: every tuple of values (and
every value of the clue selector) is checked directly; the models of the
clauses, projected on the value variables and the selector, must be exactly
the tuples that obey the rule."""
from __future__ import annotations

import itertools
import math
import operator

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.numbers import Numbers
from tests.rules.enumerate import solutions


@st.composite
def groups(draw, max_cells: int = 4, values=range(0, 6)):
    """Cells 0..m-1, a common value list, and maybe a domain per cell."""
    m = draw(st.integers(0, max_cells))
    common = sorted(draw(st.sets(st.sampled_from(list(values)), min_size=1, max_size=5)))
    domains = {}
    if draw(st.booleans()):
        for c in range(m):
            domains[c] = sorted(draw(st.sets(st.sampled_from(common), min_size=1)))
    return list(range(m)), common, domains


def build(cells, values, domains, guard):
    f = Formula()
    n = Numbers(f, cells, values, domains)
    sel = f.var("sel") if guard else None
    return f, n, sel


def brute(n: Numbers, cells, sel, ok) -> set[frozenset[int]]:
    """Projections of every value tuple (and selector value) with ``ok``."""
    out = set()
    for vals in itertools.product(*(n.domain[c] for c in cells)):
        for on in ((False, True) if sel is not None else (True,)):
            if not on or ok(vals):
                got = [n.val(c, v) for c, v in zip(cells, vals)]
                out.add(frozenset(got + ([sel] if on and sel is not None else [])))
    return out


def models(f, n: Numbers, sel) -> set[frozenset[int]]:
    return solutions(f, n.answer() + ([sel] if sel is not None else []))


@settings(max_examples=30, deadline=None)
@given(g=groups())
def test_one_value_per_cell(g):
    cells, values, domains = g
    f, n, _ = build(cells, values, domains, False)
    want = brute(n, cells, None, lambda vals: True)
    assert len(want) == math.prod(len(n.domain[c]) for c in cells)
    assert models(f, n, None) == want


@settings(max_examples=80, deadline=None)
@given(g=groups(), guard=st.booleans())
def test_all_different(g, guard):
    cells, values, domains = g
    f, n, sel = build(cells, values, domains, guard)
    n.all_different(cells, when=sel)
    assert models(f, n, sel) == brute(n, cells, sel, lambda vals: len(set(vals)) == len(vals))


def test_all_different_with_as_many_values_as_cells_places_each_value():
    """A Latin row of 4: 24 permutations, and the "at least one" clauses."""
    f = Formula()
    n = Numbers(f, range(4), range(1, 5))
    n.all_different(range(4))
    assert sorted(len(c) for c in f.clauses).count(4) == 8  # 4 cells + 4 values
    assert len(solutions(f, n.answer())) == 24


@settings(max_examples=100, deadline=None)
@given(g=groups(), total=st.integers(-1, 16), guard=st.booleans(), distinct=st.booleans())
def test_sum(g, total, guard, distinct):
    cells, values, domains = g
    f, n, sel = build(cells, values, domains, guard)
    n.sum_is(cells, total, when=sel, distinct=distinct)

    def ok(vals):
        return sum(vals) == total and (not distinct or len(set(vals)) == len(vals))

    assert models(f, n, sel) == brute(n, cells, sel, ok)


@settings(max_examples=100, deadline=None)
@given(g=groups(), total=st.integers(0, 64), guard=st.booleans())
def test_product(g, total, guard):
    cells, values, domains = g
    f, n, sel = build(cells, values, domains, guard)
    n.product_is(cells, total, when=sel)
    assert models(f, n, sel) == brute(n, cells, sel, lambda vals: math.prod(vals) == total)


@settings(max_examples=60, deadline=None)
@given(g=groups(), total=st.integers(0, 150), guard=st.booleans())
def test_fold_respects_the_order_of_the_group(g, total, guard):
    """The values read as digits in base 6: an operation that does not commute."""
    cells, values, domains = g
    f, n, sel = build(cells, values, domains, guard)
    n.fold_is(cells, lambda t, v: 6 * t + v, 0, total, when=sel)

    def ok(vals):
        number = 0
        for v in vals:
            number = 6 * number + v
        return number == total

    assert models(f, n, sel) == brute(n, cells, sel, ok)


RELATIONS = {"less": operator.lt, "differ by one": lambda a, b: abs(a - b) == 1,
             "double": lambda a, b: a == 2 * b or b == 2 * a, "never": lambda a, b: False}


@settings(max_examples=40, deadline=None)
@given(g=groups(values=range(1, 7)), name=st.sampled_from(sorted(RELATIONS)),
       guard=st.booleans())
def test_relation(g, name, guard):
    cells, values, domains = g
    cells = [0, 1]
    domains = {c: domains.get(c, values) for c in cells}
    f, n, sel = build(cells, values, domains, guard)
    n.relation(0, 1, RELATIONS[name], when=sel)
    assert models(f, n, sel) == brute(n, cells, sel, lambda vals: RELATIONS[name](*vals))


@settings(max_examples=40, deadline=None)
@given(g=groups(), data=st.data())
def test_givens_behind_selectors(g, data):
    cells, values, domains = g
    f = Formula()
    n = Numbers(f, cells, values, domains)
    clues = {c: data.draw(st.integers(0, 6)) for c in cells if data.draw(st.booleans())}
    behind = {c: f.var("sel", c) for c in clues if data.draw(st.booleans())}
    n.givens(clues, behind)
    sels = list(behind.values())
    want = set()
    for vals in itertools.product(*(n.domain[c] for c in cells)):
        value = dict(zip(cells, vals))
        for on in itertools.product((False, True), repeat=len(sels)):
            chosen = {c for c, b in zip(behind, on) if b}
            if all(value[c] == v for c, v in clues.items() if c not in behind or c in chosen):
                want.add(frozenset([n.val(c, value[c]) for c in cells]
                                   + [behind[c] for c in chosen]))
    assert solutions(f, n.answer() + sels) == want


def test_a_killer_cage_and_a_kakuro_run():
    """Hand-checked counts: a three-cell Killer cage of 1..9 summing to 7
    holds {1, 2, 4} in some order (6 ways); a Kakuro run of two summing to
    4 is 1 + 3 or 3 + 1, and 2 is impossible in it."""
    f = Formula()
    n = Numbers(f, "abc", range(1, 10))
    n.sum_is("abc", 7, distinct=True)
    got = solutions(f, n.answer())
    assert len(got) == 6
    assert {frozenset(f.key(x)[-1] for x in s) for s in got} == {frozenset({1, 2, 4})}
    f = Formula()
    n = Numbers(f, "ab", range(1, 10))
    n.sum_is("ab", 4, distinct=True)
    assert [-n.val("a", 2)] in f.clauses
    assert len(solutions(f, n.answer())) == 2


def test_a_kenken_product_cage():
    """A two-cell x cage of 12 in a 4x4 KenKen: 3 x 4 and 4 x 3."""
    f = Formula()
    n = Numbers(f, "ab", range(1, 5))
    n.product_is("ab", 12)
    assert {tuple(f.key(x)[-1] for x in sorted(s)) for s in solutions(f, n.answer())} \
        == {(3, 4), (4, 3)}


def test_decoding_values():
    from satlink.model import Model
    f = Formula()
    n = Numbers(f, [(0, 0), (0, 1)], [1, 2])
    m = Model(f, [n.val((0, 0), 2)])
    assert (n.value(m, (0, 0)), n.value(m, (0, 1))) == (2, None)


def test_an_impossible_given_is_a_clause_against_its_selector():
    f = Formula()
    n = Numbers(f, [0], [1, 2])
    sel = f.var("sel")
    n.given(0, 7, when=sel)
    assert f.clauses[-1] == [-sel]
    assert solutions(f, n.answer() + [sel]) == {frozenset({n.val(0, 1)}),
                                                frozenset({n.val(0, 2)})}
