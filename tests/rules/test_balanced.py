"""Balanced lines against brute force: random small boards, givens, both clue modes."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.balanced import Balanced, three_alike, unbalanced
from tests.rules.enumerate import solutions


@st.composite
def board(draw):
    k = draw(st.sampled_from([2, 3]))
    shapes = [(1, 3), (2, 3), (1, 6)] if k == 3 else [(2, 2), (2, 4), (3, 3), (1, 6)]
    rows, cols = draw(st.sampled_from(shapes))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    givens = {c: draw(st.integers(1, k)) for c in cells if draw(st.integers(0, 4)) == 0}
    return k, rows, cols, givens, draw(st.booleans()), draw(st.booleans())


@settings(max_examples=60, deadline=None)
@given(board())
def test_models_are_the_brute_force_grids(case):
    k, rows, cols, givens, three, selectors = case
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    lines = [[(r, c) for c in range(cols)] for r in range(rows)]
    lines += [[(r, c) for r in range(rows)] for c in range(cols)]
    f = Formula()
    b = Balanced(f, cells, k, givens, selectors=selectors)
    b.balance(lines)
    if three:
        b.no_three(lines)
    assume = [b.selector(c, v) for c, v in givens.items()] if selectors else []
    slot = {x: (c, v) for c, vs in b.numbers.var.items() for v, x in vs.items()}
    got = {frozenset(slot[x] for x in s) for s in solutions(f, list(slot), assumptions=assume)}
    named = [(str(i), line) for i, line in enumerate(lines)]
    want = set()
    for vals in itertools.product(range(1, k + 1), repeat=len(cells)):
        v = dict(zip(cells, vals))
        if any(v[c] != g for c, g in givens.items()):
            continue
        if any(len(line) % k or any(k * sum(v[c] == x for c in line) != len(line)
                                    for x in range(1, k + 1)) for line in lines):
            continue
        if three and any(v[a] == v[b] == v[c] for line in lines
                         for a, b, c in zip(line, line[1:], line[2:])):
            continue
        assert unbalanced(v, named, k) == [] and three_alike(v, named, str) == []
        want.add(frozenset(v.items()))
    assert got == want
