"""rules.bits.abs_difference and total, against every pair of small numbers."""
from __future__ import annotations

import itertools

import pytest
from pysat.solvers import Solver

from satlink.formula import Formula
from satlink.rules import bits


@pytest.mark.parametrize("width", [1, 2, 3])
def test_abs_difference_is_exactly_the_distance(width):
    """For every a, b: the difference bits take one value, |a - b|, in every
    model (the models are enumerated over d, blocking each value found)."""
    for x, y in itertools.product(range(1 << width), repeat=2):
        f = Formula()
        a, b = bits.number(f, "a", width), bits.number(f, "b", width)
        d = bits.abs_difference(f, a, b)
        bits.equal(f, a, bits.constant(f, x, width))
        bits.equal(f, b, bits.constant(f, y, width))
        seen = set()
        with Solver(bootstrap_with=f.clauses) as s:
            while s.solve():
                v = bits.value(s.get_model(), d)
                seen.add(v)
                s.add_clause([-lit if v >> i & 1 else lit for i, lit in enumerate(d)])
        assert seen == {abs(x - y)}, (x, y, seen)


def test_total_adds_and_refuses_overflow():
    f = Formula()
    xs = [bits.constant(f, v, 3) for v in (7, 5, 6)]
    out = bits.total(f, xs, 5)
    with Solver(bootstrap_with=f.clauses) as s:
        assert s.solve() and bits.value(s.get_model(), out) == 18
    g = Formula()
    bits.total(g, [bits.constant(g, 7, 3), bits.constant(g, 2, 3)], 3)  # 9 does not fit
    with Solver(bootstrap_with=g.clauses) as s:
        assert not s.solve()
