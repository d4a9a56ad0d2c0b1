"""satlink.rules.bridges against brute force.

The geometry is written again from its definition (two points see each
other when they share a row or column with no point between them; two
bridges cross when a cell lies strictly inside both), and the clauses of
:class:`Bridges` (two implies one, exact counts, no crossings) must have
exactly the models that an enumeration of every count 0-2 per pair accepts.
"""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.bridges import Bridges, count_template, crossings, loads, seen, sight_pairs
from tests.rules.enumerate import solutions


@st.composite
def boards(draw, most: int = 5):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    points = draw(st.sets(st.sampled_from(cells), max_size=most))
    return rows, cols, sorted(points)


def inside(a, b):
    """The cells strictly between a and b on their row or column."""
    if a[0] == b[0]:
        return {(a[0], c) for c in range(min(a[1], b[1]) + 1, max(a[1], b[1]))}
    return {(r, a[1]) for r in range(min(a[0], b[0]) + 1, max(a[0], b[0]))}


def brute_pairs(points):
    return {(a, b) for a, b in itertools.combinations(sorted(points), 2)
            if (a[0] == b[0] or a[1] == b[1]) and not inside(a, b) & set(points)}


@given(boards(8))
@settings(max_examples=100, deadline=None)
def test_geometry_matches_its_definition(board):
    rows, cols, points = board
    pairs = sight_pairs(rows, cols, points)
    assert len(pairs) == len(set(pairs)) and set(pairs) == brute_pairs(points)
    assert all(a < b for a, b in pairs)
    # the order numbers the variables: by first point in reading order, east before south
    assert list(pairs) == sorted(pairs, key=lambda e: (e[0], e[0][0] != e[1][0]))
    want = {(h, v) for h in pairs for v in pairs
            if h[0][0] == h[1][0] and v[0][1] == v[1][1] and inside(*h) & inside(*v)}
    assert set(crossings(pairs)) == want
    sees = seen(points, pairs)
    assert all(set(sees[p]) == {b if a == p else a for a, b in pairs if p in (a, b)}
               for p in points)


@given(boards(5), st.data())
@settings(max_examples=80, deadline=None)
def test_clauses_have_exactly_the_brute_force_models(board, data):
    rows, cols, points = board
    pairs = sight_pairs(rows, cols, points)
    drawn = data.draw(st.lists(st.integers(0, 2), min_size=len(pairs), max_size=len(pairs)))
    numbers = loads(points, [(*e[0], *e[1], n) for e, n in zip(pairs, drawn)])
    if points and data.draw(st.booleans()):  # a number no drawing need meet
        numbers[data.draw(st.sampled_from(points))] = data.draw(st.integers(0, 8))
    f = Formula()
    b = Bridges(f, pairs)
    f.extend(b.order() + b.apart(crossings(pairs)))
    for p in points:
        f.extend(b.count(p, numbers[p]))
        guard = [f.var("guard", *p)]
        assert b.count(p, numbers[p], guard) == [c + guard for c in b.count(p, numbers[p])]
    got = solutions(f, b.answer)
    want = set()
    for counts in itertools.product((0, 1, 2), repeat=len(pairs)):
        k = dict(zip(pairs, counts))
        if any(k[h] and k[v] for h, v in crossings(pairs)):
            continue
        sol = [(*e[0], *e[1], n) for e, n in k.items() if n]
        if loads(points, sol) != numbers:
            continue
        want.add(frozenset([b.one[e] for e in pairs if k[e]] + [b.two[e] for e in pairs
                                                                  if k[e] == 2]))
    assert got == want
    if not any(k[h] and k[v] for h, v in crossings(pairs) for k in [dict(zip(pairs, drawn))]) \
            and numbers == loads(points, [(*e[0], *e[1], n) for e, n in zip(pairs, drawn)]):
        assert got  # the drawing itself is a model


def test_count_template_is_exactly_the_sum():
    for d in range(0, 5):
        for v in range(0, 2 * d + 4):
            clauses = count_template(d, v)
            for xs in itertools.product((0, 1, 2), repeat=d):
                ok = all(any(xs[i] >= t if t > 0 else xs[i] < -t for i, t in c) for c in clauses)
                assert ok == (sum(xs) == v), (d, v, xs)
