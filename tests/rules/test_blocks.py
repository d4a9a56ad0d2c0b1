"""Block clues (satlink/rules/blocks.py) against brute force over every
shading of short lines, with and without a selector."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import blocks
from tests.rules.enumerate import solutions


def brute(n, clue):
    """Every shading of n cells whose maximal shaded runs are ``clue``,
    counted here with itertools.groupby."""
    want = tuple(b for b in clue if b)
    out = set()
    for bits in itertools.product((False, True), repeat=n):
        got = tuple(len(list(g)) for k, g in itertools.groupby(bits) if k)
        if got == want:
            out.add(frozenset(i for i, b in enumerate(bits) if b))
    return out


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 8), clue=st.lists(st.integers(0, 4), max_size=4))
def test_line_clue_is_exact(n, clue):
    f = Formula()
    x = [f.var("x", i) for i in range(n)]
    blocks.line_clue(f, x, clue)
    got = {frozenset(x.index(v) for v in s) for s in solutions(f, x)}
    assert got == brute(n, clue)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 6), clue=st.lists(st.integers(1, 3), max_size=3), on=st.booleans())
def test_behind_a_selector(n, clue, on):
    """Selected: the clue; deselected: any shading."""
    f = Formula()
    x = [f.var("x", i) for i in range(n)]
    sel = f.var("sel")
    blocks.line_clue(f, x, clue, when=sel)
    got = {frozenset(x.index(v) for v in s)
           for s in solutions(f, x, assumptions=[sel if on else -sel])}
    every = {frozenset(i for i, b in enumerate(bits) if b)
             for bits in itertools.product((0, 1), repeat=n)}
    assert got == (brute(n, clue) if on else every)


def test_runs():
    assert blocks.runs([]) == ()
    assert blocks.runs([False, True, True, False, False, True]) == (2, 1)


@settings(max_examples=300, deadline=None)
@given(clue=st.lists(st.integers(1, 4), max_size=4),
       known=st.lists(st.sampled_from([None, None, True, False]), min_size=1, max_size=9))
def test_settle_is_what_every_filling_agrees_on(clue, known):
    """settle: the cells every filling of the clue that agrees with the known
    cells shades or leaves white, None when none agrees (brute force)."""
    n = len(known)
    fits = [s for s in brute(n, clue)
            if all(k is None or k == (i in s) for i, k in enumerate(known))]
    got = blocks.settle(clue, known)
    if not fits:
        assert got is None
        return
    want = [True if all(i in s for s in fits) else False if all(i not in s for s in fits)
            else None for i in range(n)]
    assert got == want
