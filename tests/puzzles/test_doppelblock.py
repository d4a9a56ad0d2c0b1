"""Doppelblock: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import doppelblock as D
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published

INSTANCE = ROOT / "instances" / "doppelblock" / "pzprjs-5x5.pzl"


def inner(line):
    """The sum between the first two zeros of a line with exactly two."""
    i, j = [k for k, v in enumerate(line) if v == 0]
    return sum(line[i + 1:j])


def brute(inst) -> set:
    """Grids whose rows and columns are permutations of 0, 0, 1..n-2 with the given sums
    (rows placed one by one, no column holding a value more often than allowed)."""
    n = inst.size
    rows = sorted(set(itertools.permutations([0, 0, *range(1, n - 1)])))
    grids = []

    def go(done):
        if len(done) == n:
            grids.append(tuple(done))
            return
        for row in rows:
            if all(sum(p[c] == row[c] for p in done) < (2 if row[c] == 0 else 1)
                   for c in range(n)):
                go(done + [row])

    go([])
    out = set()
    for grid in grids:
        cols = list(zip(*grid))
        if any(s is not None and inner(grid[r]) != s for r, s in enumerate(inst.rows)):
            continue
        if any(s is not None and inner(cols[c]) != s for c, s in enumerate(inst.cols)):
            continue
        out.add(grid)
    return out


@st.composite
def tiny(draw, sizes=(3, 4)):
    n = draw(st.sampled_from(sizes))
    most = sum(range(1, n - 1))
    sums = [draw(st.one_of(st.none(), st.none(), st.integers(0, most))) for _ in range(2 * n)]
    return D.Instance(n, tuple(sums[:n]), tuple(sums[n:]))


test_modes_agree_with_brute_force = brute_force_harness(D.GENRE, tiny(), brute, examples=40)


@settings(max_examples=30, deadline=None)
@given(tiny(sizes=(3,)))
def test_verify_accepts_exactly_the_brute_force_solutions(inst):
    want = brute(inst)
    n = inst.size
    rows = sorted(set(itertools.permutations([0, 0, *range(1, n - 1)])))
    for grid in itertools.product(rows, repeat=n):
        assert (D.verify(inst, grid) == []) == (grid in want)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = D.FORMAT.from_document(doc), D.FORMAT.expected_solution(doc)
    assert D.verify(inst, good) == []
    bad = ((3, 0, 2, 1, 0), (0, 1, 0, 2, 3), (2, 3, 0, 0, 1), (0, 2, 1, 3, 0), (0, 1, 3, 0, 2))
    problems = D.verify(inst, bad)
    assert "column 1 holds [3, 0, 2, 0, 0], not two blacks and 1..3 once each" in problems
    swapped = tuple(row[:1] + row[3:4] + row[2:3] + row[1:2] + row[4:] for row in good)
    assert "column 2 sums 3 between its blacks, not 6" in D.verify(inst, swapped)
    assert D.verify(inst, good[:2]) == ["the grid is not 5 x 5"]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(D.GENRE, datasets, "DoppelBlock") == (48, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle doppelblock\nsize 4\ncols 1 - - -\nrows - - - 9\n", 4, 12, "outside 0..3", None),
    ("puzzle doppelblock\nsize 4\ncols 1 - - q\nrows - - - -\n", 3, 12, "`q`", None),
    ("puzzle doppelblock\nsize 4\ncols 1 - -\nrows - - - -\n", 3, 1, "3 values", None),
    ("puzzle doppelblock\nsize 4\ndigits 3\ncols - - - -\nrows - - - -\n", 3, 8, "1..2", None),
    ("4 4 2\n0 0 1\n1 1 1 1\n", 2, 1, "3 values", "DoppelBlock"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/doppelblock.js: the URL, and its accepted answer."""
    url = "https://puzz.link/p?doppelblock/5/5/g6g34g10h"
    genre, inst = puzzlink.decode(url)
    assert genre is D.GENRE and puzzlink.encode(D.GENRE, inst) == url
    assert (inst.cols, inst.rows) == ((None, 6, None, 3, 4), (None, 1, 0, None, None))
    res = engine.solve(D.GENRE, inst)
    assert res.verdict == "unique"
    assert res.solutions[0] == ((3, 0, 2, 1, 0), (0, 1, 0, 2, 3), (2, 3, 0, 0, 1),
                                (0, 2, 1, 3, 0), (1, 0, 3, 0, 2))
