"""Sum between two blacks against brute force: random short lines and domains."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.between import between, sum_between
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
