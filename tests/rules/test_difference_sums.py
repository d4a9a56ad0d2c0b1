"""rules.difference_sums: the difference against every pair of small numbers;
the bounds and their narrowing against brute force (they keep every solution)."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from satlink.formula import Formula
from satlink.rules import bits, difference_sums as D


@pytest.mark.parametrize("wa, wb, width", [(1, 1, 1), (2, 2, 2), (3, 2, 3), (3, 3, 2), (2, 3, 1)])
def test_difference_is_exactly_the_distance(wa, wb, width):
    """Every pair extends, to d = |a - b| only, when that fits in ``width``
    bits; to nothing when it does not."""
    for x, y in itertools.product(range(1 << wa), range(1 << wb)):
        f = Formula()
        a, b = bits.constant(f, x, wa), bits.constant(f, y, wb)
        d = D.difference(f, a, b, width, -bits.true(f))
        seen = set()
        with Solver(bootstrap_with=f.clauses) as s:
            while s.solve():
                v = bits.value(s.get_model(), d)
                seen.add(v)
                s.add_clause([-lit if v >> i & 1 else lit for i, lit in enumerate(d)])
        assert seen == ({abs(x - y)} if abs(x - y) < 1 << width else set()), (x, y, seen)


def brute(cells, neighbours, givens, limit):
    """Every filling of ``cells`` with 1..limit where each number is the sum
    of its differences to its neighbours, the givens kept."""
    adj = {c: [] for c in cells}
    for a, b in neighbours:
        adj[a].append(b)
        adj[b].append(a)
    out = []
    for values in itertools.product(range(1, limit + 1), repeat=len(cells)):
        v = dict(zip(cells, values))
        if all(v[c] == g for c, g in givens.items()) and \
                all(v[c] == sum(abs(v[c] - v[n]) for n in adj[c]) for c in cells):
            out.append(v)
    return out


@st.composite
def boards(draw):
    """A few cells of a 3 x 3 grid, their orthogonal pairs, up to two givens."""
    cells = sorted(set(draw(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2)),
                                     min_size=1, max_size=6))))
    on = set(cells)
    pairs = [(a, b) for a in cells for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])) if b in on]
    givens = {c: draw(st.integers(1, 12)) for c in draw(st.lists(st.sampled_from(cells), max_size=2))}
    return cells, pairs, givens


@settings(max_examples=40, deadline=None)
@given(boards())
def test_bounds_and_narrow_keep_every_solution(board):
    """Every solution within 1..limit lies within the bounds and within the
    narrowed bounds; empty bounds only where brute force finds nothing; and
    the encoding within the narrowed bounds has exactly the brute-force
    solutions."""
    cells, pairs, givens = board
    limit = 12 if len(cells) <= 4 else 6
    sols = brute(cells, pairs, givens, limit)
    wide = D.bounds(cells, pairs, givens, limit)
    tight = D.narrow(pairs, wide)
    for bound in (wide, tight):
        for v in sols:
            assert all(bound[c][0] <= v[c] <= bound[c][1] for c in cells), (bound, v)
    f = Formula()
    value = D.encode(f, pairs, tight)
    got = []
    with Solver(bootstrap_with=f.clauses) as s:
        while s.solve():
            model = s.get_model()
            got.append({c: bits.value(model, value[c]) for c in cells})
            s.add_clause([-x if x in set(model) else x for c in cells for x in value[c]])
    assert sorted(map(sorted, map(dict.items, got))) == sorted(map(sorted, map(dict.items, sols)))
