"""rules.group_sums.grouped_sum against brute force: the same value
assignments as the plain sum, whenever each group's values are distinct."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from satlink.formula import Formula
from satlink.rules import group_sums
from satlink.rules.numbers import Numbers


@st.composite
def sums(draw):
    """Up to three groups of up to three cells, each cell a domain within
    1..5, a total, and whether every group is cut into cells (``most_sets`` 0)."""
    groups, domains, k = [], {}, 0
    for _ in range(draw(st.integers(1, 3))):
        group = []
        for _ in range(draw(st.integers(1, 3))):
            domains[k] = sorted(draw(st.sets(st.integers(1, 5), min_size=1, max_size=5)))
            group.append(k)
            k += 1
        groups.append(group)
    return groups, domains, draw(st.integers(1, 30)), draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(sums())
def test_grouped_sum_is_the_plain_sum(case):
    groups, domains, total, cut = case
    cells = [c for g in groups for c in g]
    want = {vals for vals in itertools.product(*(domains[c] for c in cells))
            if sum(vals) == total and all(
                len({vals[cells.index(c)] for c in g}) == len(g) for g in groups)}
    f = Formula()
    n = Numbers(f, cells, range(1, 6), domains=domains)
    for g in groups:
        n.all_different(g)
    group_sums.grouped_sum(n, groups, total, most_sets=0 if cut else group_sums.MOST_SETS)
    got = set()
    with Solver(bootstrap_with=f.clauses) as s:
        while s.solve():
            m = set(s.get_model())
            vals = tuple(next(v for v, x in n.var[c].items() if x in m) for c in cells)
            got.add(vals)
            s.add_clause([-n.var[c][v] for c, v in zip(cells, vals)])
    assert got == want
