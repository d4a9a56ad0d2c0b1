"""satlink.rules.counts against brute force: every assignment of the
variables (and of the clue selectors) is checked directly, and the models of
the clauses, projected on those variables, must be exactly the ones that
obey the count."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import counts
from satlink.rules.grid import Grid
from tests.rules.enumerate import solutions

KINDS = counts.KINDS
GENERAL = ("seqcounter", "totalizer", "sortnetwrk", "cardnetwrk", "mtotalizer", "kmtotalizer")


def holds(kind: str, n: int, k: int) -> bool:
    return {"exactly": n == k, "at_most": n <= k, "at_least": n >= k}[kind]


def brute(variables, ok) -> set[frozenset[int]]:
    """The sets of true variables of every assignment for which ``ok(value)``."""
    out = set()
    for bits in itertools.product((False, True), repeat=len(variables)):
        value = dict(zip(variables, bits))
        if ok(lambda lit: value[lit] if lit > 0 else not value[-lit]):
            out.add(frozenset(v for v in variables if value[v]))
    return out


@settings(max_examples=120, deadline=None)
@given(n=st.integers(0, 5), signs=st.lists(st.booleans(), min_size=5, max_size=5),
       k=st.integers(-1, 6), kind=st.sampled_from(KINDS), guard=st.booleans(),
       encoding=st.sampled_from((None,) + GENERAL))
def test_count_over_literals(n, signs, k, kind, guard, encoding):
    f = Formula()
    xs = [f.var("x", i) for i in range(n)]
    lits = [x if s else -x for x, s in zip(xs, signs)]
    sel = f.var("sel") if guard else None
    counts.count(f, lits, k, kind, when=sel, encoding=encoding)
    variables = xs + ([sel] if guard else [])

    def ok(value):
        return (guard and not value(sel)) or holds(kind, sum(map(value, lits)), k)

    assert solutions(f, variables) == brute(variables, ok)


@pytest.mark.parametrize("kind", KINDS)
def test_named_helpers_are_the_count(kind):
    """exactly / at_most / at_least, guarded, on 4 literals for every k."""
    for k in range(-1, 6):
        f = Formula()
        xs = [f.var("x", i) for i in range(4)]
        sel = f.var("sel")
        getattr(counts, kind)(f, xs, k, when=sel)
        variables = xs + [sel]
        want = brute(variables, lambda v: not v(sel) or holds(kind, sum(map(v, xs)), k))
        assert solutions(f, variables) == want, k


def test_unguarded_impossible_count_is_unsatisfiable():
    f = Formula()
    counts.exactly(f, [f.var("x", i) for i in range(3)], 4)
    assert solutions(f, [f.var("x", i) for i in range(3)]) == set()


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        counts.count(Formula(), [], 0, "about")


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(1, 3), cols=st.integers(1, 3), by_row=st.booleans(),
       ks=st.lists(st.one_of(st.none(), st.integers(-1, 4)), min_size=3, max_size=3),
       kind=st.sampled_from(KINDS), guards=st.lists(st.booleans(), min_size=3, max_size=3))
def test_count_per_row_and_column(rows, cols, by_row, ks, kind, guards):
    g = Grid(rows, cols)
    f = Formula()
    cell = {c: f.var("cell", *c) for c in g.cells}
    groups = g.rows_of_cells() if by_row else g.cols_of_cells()
    ks, guards = ks[:len(groups)], guards[:len(groups)]
    sels = [f.var("sel", i) if gd else None for i, gd in enumerate(guards)]
    if by_row:
        counts.count_rows(f, g, cell, ks, kind, when=sels)
    else:
        counts.count_cols(f, g, cell.get, ks, kind, when=sels)
    variables = list(cell.values()) + [s for s in sels if s is not None]

    def ok(value):
        for group, k, s in zip(groups, ks, sels):
            if k is None or (s is not None and not value(s)):
                continue
            if not holds(kind, sum(value(cell[c]) for c in group), k):
                return False
        return True

    assert solutions(f, variables) == brute(variables, ok)


def test_count_per_regions_with_one_k():
    g = Grid(2, 3)
    regions = g.regions([((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 1), (0, 2)), ((1, 1), (1, 2))])
    assert regions == [[(0, 0), (1, 0)], [(0, 1), (1, 1)], [(0, 2), (1, 2)]]
    f = Formula()
    star = {c: f.var("star", *c) for c in g.cells}
    counts.count_per(f, regions, star, 1)
    variables = list(star.values())
    want = brute(variables, lambda v: all(sum(v(star[c]) for c in r) == 1 for r in regions))
    assert len(want) == 8
    assert solutions(f, variables) == want


def test_count_per_refuses_a_wrong_number_of_values():
    g = Grid(2, 2)
    with pytest.raises(ValueError):
        counts.count_per(Formula(), g.rows_of_cells(), lambda c: 1, [1, 1, 1])


@settings(max_examples=60, deadline=None)
@given(r=st.integers(0, 2), c=st.integers(0, 2), k=st.integers(0, 5),
       diagonal=st.booleans(), guard=st.booleans())
def test_count_around_a_clue(r, c, k, diagonal, guard):
    """Minesweeper (eight neighbours) and Akari walls (four), on 3x3."""
    g = Grid(3, 3)
    f = Formula()
    mine = {cell: f.var("mine", *cell) for cell in g.cells}
    sel = f.var("sel") if guard else None
    counts.count_around(f, g, (r, c), mine, k, diagonal=diagonal, when=sel)
    variables = list(mine.values()) + ([sel] if guard else [])
    near = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and (diagonal or not (dr and dc))
            and 0 <= r + dr < 3 and 0 <= c + dc < 3]
    assert sorted(counts.around(g, (r, c), diagonal)) == sorted(near)

    def ok(value):
        return (guard and not value(sel)) or sum(value(mine[x]) for x in near) == k

    assert solutions(f, variables) == brute(variables, ok)


# -- unary parts and their sum (Mosaic's columns) ---------------------------------------------
@pytest.mark.parametrize("sizes", [s for n in range(4)
                                   for s in itertools.product(range(4), repeat=n)])
def test_sum_of_unary_parts_is_exactly_k(sizes):
    """Every split of up to nine literals into up to three parts of up to
    three, every k (impossible ones too): the models, projected on the
    literals, are exactly the assignments with k true; one set of unary
    counts serves every k (the parts are shared between counts)."""
    total = sum(sizes)
    for k in range(-1, total + 2):
        f = Formula()
        parts = [[f.var("x", p, i) for i in range(m)] for p, m in enumerate(sizes)]
        xs = [x for p in parts for x in p]
        counts.sum_of_parts(f, [counts.unary(f, p) for p in parts], k)
        assert solutions(f, xs) == brute(xs, lambda value: sum(map(value, xs)) == k), (sizes, k)


def test_unary_outputs_are_the_counts():
    """Both directions: out[i] is true exactly when at least i + 1 inputs are."""
    for m in range(4):
        f = Formula()
        xs = [f.var("x", i) for i in range(m)]
        out = counts.unary(f, xs)
        got = solutions(f, xs + out)
        want = {frozenset(on) | frozenset(out[:len(on)])
                for n in range(m + 1) for on in itertools.combinations(xs, n)}
        assert got == want, m
    with pytest.raises(ValueError):
        counts.unary(Formula(), [1, 2, 3, 4])
