"""Renban: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import renban as R
from tests.helpers import ROOT
from tests.puzzles.digit_rooms_checks import partition
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published
from tests.puzzles.test_jigsawsudoku import SQUARES

INSTANCE = ROOT / "instances" / "renban" / "small-4x4.pzl"


def brute(inst) -> set:
    """Latin squares keeping the givens whose regions hold consecutive digits."""
    out = set()
    for g in SQUARES[inst.rows]:
        if any(v is not None and g[r][c] != v for r, row in enumerate(inst.givens)
               for c, v in enumerate(row)):
            continue
        runs = [sorted(g[r][c] for r, c in room) for room in inst.room_cells]
        if all(s == list(range(s[0], s[0] + len(s))) for s in runs):
            out.add(g)
    return out


@st.composite
def tiny(draw):
    n = draw(st.sampled_from([3, 4]))
    names = partition(n, n, 3, random.Random(draw(st.integers(0, 10**9))))
    givens = [[draw(st.sampled_from([None] * 5 + list(range(1, n + 1)))) for _ in range(n)]
              for _ in range(n)]
    return R.make_renban(n, n, givens, names)


test_modes_agree_with_brute_force = brute_force_harness(R.GENRE, tiny(), brute, examples=40)


@settings(max_examples=20, deadline=None)
@given(tiny())
def test_verify_accepts_exactly_the_brute_force_solutions(inst):
    want = brute(inst)
    for g in SQUARES[inst.rows]:
        assert (R.verify(inst, g) == []) == (g in want)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = R.FORMAT.from_document(doc), R.FORMAT.expected_solution(doc)
    assert R.verify(inst, good) == []
    bad = ((2, 3, 1, 4), (4, 2, 3, 1), (1, 3, 4, 2), (1, 4, 2, 3))
    problems = R.verify(inst, bad)
    assert "column 1 holds 1 twice" in problems and "column 2 holds 3 twice" in problems
    assert "the region at r1c1 holds [1, 2, 4], not consecutive numbers" in problems
    assert R.verify(inst, good[:3]) == ["the grid is not 4 x 4"]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(R.GENRE, datasets, "Renban") == (30, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle renban\nsize 2\ngrid\n  3 .\n  . .\nregions\n  a a\n  b b\n", 4, 3,
     "outside 1..2", None),
    ("puzzle renban\nsize 2\ngrid\n  . .\n  . .\nregions\n  a b\n  b a\n", 8, 3,
     "not connected", None),
    ("puzzle renban\nsize 3 x 2\ngrid\n  . . .\n  . . .\nregions\n  a a a\n  b b b\n", 2, 6,
     "square", None),
    ("2 2\n3 -\n- -\n1 1\n2 2\n", 2, 1, "outside 1..2", "Renban"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message
