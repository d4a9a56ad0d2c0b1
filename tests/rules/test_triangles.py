"""The triangles rule (white areas are rectangles) against brute force."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.triangles import Triangles
from tests.puzzles.test_shakashaka import rectangles_only
from tests.rules.enumerate import solutions


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.integers(1, 3), st.integers(1, 3), st.data())
def test_rectangles_match_brute_force(rows, cols, data):
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    walls = {c for c in cells if data.draw(st.integers(0, 2)) == 0}
    if len(cells) - len(walls) > 4:
        walls |= set(cells[:len(cells) - len(walls) - 4])
    f = Formula()
    t = Triangles(f, rows, cols, walls)
    t.rectangles()
    sides = [x for s in t.side.values() for x in s.values()]
    got = set()
    for sol in solutions(f, sides):
        got.add(frozenset((cell, k) for cell, s in t.side.items() for k in ("nw", "ne", "sw", "se")
                          if s[k[0]] in sol and s[k[1]] in sol))
    assert got == rectangles_only(rows, cols, walls)


def test_a_lone_triangle_in_the_open_is_refused():
    f = Formula()
    t = Triangles(f, 1, 2, ())
    t.rectangles()
    one = t.side[(0, 0)]
    sol = solutions(f, [x for s in t.side.values() for x in s.values()],
                    assumptions=[one["n"], one["w"]])
    assert sol == set()  # (0,0) nw leaves a white triangle beside a square: no rectangle


def test_templated_clauses_are_the_generic_ones():
    """Points with four open cells take their clauses from templates; they
    are those the generic run-by-run writer gives, in its order."""
    from satlink.formula import Formula
    from satlink.rules.triangles import AROUND, BAD_RUNS, Triangles, _run_clause
    f = Formula()
    t = Triangles(f, 4, 5, walls=[(1, 2)])
    start = len(f.clauses)
    t.rectangles()
    want = []
    for r in range(t.rows + 1):
        for c in range(t.cols + 1):
            ring = [t.black((r + dr, c + dc), s) for (dr, dc), s in AROUND]
            if all(x is True for x in ring):
                continue
            want += [cl for k in BAD_RUNS for i in range(8)
                     if (cl := _run_clause(ring, i, k)) is not None]
    assert f.clauses[start:] == want
    assert t._rising
    g = Formula()
    g.var("tri", 3, 4, "e")  # made before: the variables no longer rise, no templates
    u = Triangles(g, 4, 5, walls=[(1, 2)])
    assert not u._rising
