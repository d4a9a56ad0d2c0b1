"""Region digits against brute force: 1..k per region, ``differ``, ``order``
and ``apart`` on random small cells, every model listed."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.region_digits import RegionDigits, broken_regions, close_repeats
from tests.rules.enumerate import solutions

LINE = [(0, c) for c in range(6)]


@st.composite
def cut(draw):
    """A row of up to 6 cells cut into consecutive regions, some givens, some pairs."""
    n = draw(st.integers(1, 6))
    bounds = sorted(draw(st.sets(st.integers(1, n - 1), max_size=n - 1))) if n > 1 else []
    edges = [0, *bounds, n]
    regions = [LINE[a:b] for a, b in zip(edges, edges[1:])]
    size = {c: len(r) for r in regions for c in r}
    givens = {c: draw(st.integers(1, size[c])) for c in LINE[:n] if draw(st.integers(0, 4)) == 0}
    pairs = draw(st.lists(st.tuples(st.sampled_from(LINE[:n]), st.sampled_from(LINE[:n])),
                          max_size=3))
    return regions, givens, [(a, b) for a, b in pairs if a != b]


def encoded(regions, givens, pairs, apart, selectors):
    f = Formula()
    d = RegionDigits(f, regions, givens, selectors=selectors)
    for a, b in pairs:
        d.differ(a, b)
    if apart:
        d.apart([c for r in regions for c in r])
    assume = [d.selector(c, v) for c, v in givens.items()] if selectors else []
    slot = {x: (c, v) for c, vs in d.numbers.var.items() for v, x in vs.items()}
    return {frozenset(slot[x] for x in s) for s in solutions(f, list(slot), assumptions=assume)}


def brute(regions, givens, pairs, apart):
    cells = [c for r in regions for c in r]
    out = set()
    for choice in itertools.product(*[itertools.permutations(range(1, len(r) + 1))
                                      for r in regions]):
        v = dict(zip(cells, (x for p in choice for x in p)))
        if any(v[c] != g for c, g in givens.items()) or any(v[a] == v[b] for a, b in pairs):
            continue
        if apart and any(v[cells[i]] == v[cells[j]] and j - i <= v[cells[i]]
                         for i in range(len(cells)) for j in range(i + 1, len(cells))):
            continue
        out.add(frozenset(v.items()))
    return out


@settings(max_examples=50, deadline=None)
@given(cut(), st.booleans(), st.booleans())
def test_models_are_the_brute_force_fillings(case, apart, selectors):
    regions, givens, pairs = case
    want = brute(regions, givens, pairs, apart)
    assert encoded(regions, givens, pairs, apart, selectors) == want
    for sol in want:
        values = dict(sol)
        assert broken_regions(values, regions, str) == []
        assert (close_repeats(values, [c for r in regions for c in r], str) == []) or not apart


def test_order_and_checks_name_what_is_broken():
    f = Formula()
    d = RegionDigits(f, [[(0, 0), (1, 0)]])
    d.order((0, 0), (1, 0), lambda up, down: up > down)
    slot = {x: (c, v) for c, vs in d.numbers.var.items() for v, x in vs.items()}
    got = solutions(f, list(slot))
    assert {frozenset(slot[x] for x in s) for s in got} == {frozenset({((0, 0), 2), ((1, 0), 1)})}
    assert broken_regions({"a": 1, "b": 1}, [["a", "b"]], str) == [
        "the region at a holds [1, 1], not 1..2 once each"]
    assert close_repeats({"a": 2, "b": 1, "c": 2}, ["a", "b", "c"], str) == [
        "the 2s at a and c have 1 cells between them, fewer than 2"]
