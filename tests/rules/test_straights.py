"""satlink.rules.straights against brute force: every assignment of digits
to a small group (some cells decided before encoding, as Latin's fixed
cells are) whose digits are different and consecutive, read directly."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.numbers import Numbers
from satlink.rules.straights import narrow, straight
from tests.rules.enumerate import solutions


@st.composite
def groups(draw):
    n = draw(st.integers(1, 6))
    length = draw(st.integers(1, min(n, 4)))
    fixed = {i: draw(st.integers(1, n)) for i in range(length) if draw(st.integers(0, 3)) == 0}
    fixed = {i: v for i, v in fixed.items() if list(fixed.values()).count(v) == 1}
    return n, length, fixed  # decided cells differ, as Latin's fixed cells of a unit do


@settings(max_examples=150, deadline=None)
@given(groups())
def test_straight_matches_brute_force(group):
    n, length, fixed = group
    f = Formula()
    open_cells = [i for i in range(length) if i not in fixed]
    nums = Numbers(f, open_cells, range(1, n + 1))
    for a, b in itertools.combinations(open_cells, 2):
        for v in range(1, n + 1):
            f.add([-nums.val(a, v), -nums.val(b, v)])
    for c in open_cells:  # all different with the decided cells too (Latin's units)
        f.extend([-nums.val(c, d)] for d in fixed.values())

    straight(f, [{fixed[c]: True} if c in fixed else nums.var[c] for c in range(length)], n,
             "g")
    project = {x: (c, v) for c in open_cells for v, x in nums.var[c].items()}
    got = {tuple(sorted(project[x] for x in m)) for m in solutions(f, list(project))}
    want = set()
    for digits in itertools.product(range(1, n + 1), repeat=len(open_cells)):
        full = {**fixed, **dict(zip(open_cells, digits))}
        values = [full[i] for i in range(length)]
        if len(set(values)) == length and max(values) - min(values) == length - 1:
            want.add(tuple(sorted(zip(open_cells, digits))))
    assert got == want


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), st.data())
def test_narrow_keeps_every_straight(n, data):
    length = data.draw(st.integers(1, n))
    masks = [data.draw(st.integers(0, (1 << (n + 1)) - 2)) & ~1 for _ in range(length)]
    out = narrow(n)(masks)
    for digits in itertools.product(range(1, n + 1), repeat=length):
        if all(m >> d & 1 for m, d in zip(masks, digits)) and \
                sorted(digits) == list(range(min(digits), min(digits) + length)):
            assert all(m >> d & 1 for m, d in zip(out, digits))
    assert all(o & ~m == 0 for o, m in zip(out, masks))
