"""Sum between two blacks against brute force: random short lines and domains."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.between import between, sum_between, sum_between_placed
from satlink.rules.numbers import Numbers
from tests.rules.enumerate import solutions


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sets(st.integers(0, 3), min_size=1), min_size=1, max_size=5),
       st.integers(0, 7), st.booleans())
def test_models_are_the_lines(domains, total, guarded):
    cells = list(range(len(domains)))
    f = Formula()
    n = Numbers(f, cells, range(0, 4), {c: sorted(d) for c, d in zip(cells, domains)})
    when = f.var("clue") if guarded else None
    sum_between(f, [n.var[c] for c in cells], total, when)
    slot = {x: (c, v) for c, vs in n.var.items() for v, x in vs.items()}
    got = {frozenset(slot[x] for x in s)
           for s in solutions(f, list(slot), assumptions=[when] if guarded else [])}
    want = {frozenset(zip(cells, vals)) for vals in itertools.product(*map(sorted, domains))
            if vals.count(0) == 2 and between(vals) == total}
    assert got == want


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sets(st.integers(0, 4), min_size=1), min_size=1, max_size=6),
       st.integers(0, 11), st.booleans())
def test_placed_models_are_the_lines_of_different_digits(domains, total, guarded):
    """sum_between_placed, with the two blacks and the different digits it
    relies on said by the test: the models are the lines with two blacks,
    no digit twice and ``total`` between the blacks."""
    cells = list(range(len(domains)))
    f = Formula()
    n = Numbers(f, cells, range(0, 5), {c: sorted(d) for c, d in zip(cells, domains)})
    for v in range(5):
        lits = [n.var[c][v] for c in cells if v in n.var[c]]
        if v == 0:  # exactly two blacks, by their subsets
            f.extend(itertools.combinations([-x for x in lits], 3))
            f.extend(itertools.combinations(lits, len(lits) - 1) if len(lits) > 1 else [[]])
        else:
            f.extend(itertools.combinations([-x for x in lits], 2))
    when = f.var("clue") if guarded else None
    sum_between_placed(f, [n.var[c] for c in cells], total, when)
    slot = {x: (c, v) for c, vs in n.var.items() for v, x in vs.items()}
    got = {frozenset(slot[x] for x in s)
           for s in solutions(f, list(slot), assumptions=[when] if guarded else [])}
    lines = [vals for vals in itertools.product(*map(sorted, domains)) if vals.count(0) == 2
             and len(set(vals)) == len(vals) - 1]  # two blacks, no digit twice
    assert got == {frozenset(zip(cells, vals)) for vals in lines if between(vals) == total}
    if guarded:  # deselected: every such line, whatever its sum
        free = {frozenset(slot[x] for x in s) for s in solutions(f, list(slot), assumptions=[-when])}
        assert free == {frozenset(zip(cells, vals)) for vals in lines}
