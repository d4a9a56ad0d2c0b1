"""Hakyuu (Ripple Effect): brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import pytest
from hypothesis import given, settings

from satlink import engine
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import hakyuu as H
from satlink.puzzles._digit_rooms import make
from tests.helpers import ROOT
from tests.puzzles.digit_rooms_checks import fillings, tiny
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published

INSTANCE = ROOT / "instances" / "hakyuu" / "pzprjs-4x4.pzl"


def brute(inst) -> set:
    """Fillings of 1..k per region where equal X in a row or column are more than X apart."""
    def ok(g):
        for r in range(inst.rows):
            for c in range(inst.cols):
                x = g[r][c]
                if any(g[r][c + d] == x for d in range(1, x + 1) if c + d < inst.cols):
                    return False
                if any(g[r + d][c] == x for d in range(1, x + 1) if r + d < inst.rows):
                    return False
        return True
    return {g for g in fillings(inst) if ok(g)}


test_modes_agree_with_brute_force = brute_force_harness(
    H.GENRE, tiny(make, most_cells=12, most_region=4), brute, examples=40)


@settings(max_examples=30, deadline=None)
@given(tiny(make))
def test_verify_accepts_exactly_the_brute_force_solutions(inst):
    want = brute(inst)
    for g in fillings(inst):
        assert (H.verify(inst, g) == []) == (g in want)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = H.FORMAT.from_document(doc), H.FORMAT.expected_solution(doc)
    assert H.verify(inst, good) == []
    bad = ((2, 1, 3, 1), (2, 1, 4, 2), (4, 3, 2, 1), (1, 2, 1, 3))
    problems = H.verify(inst, bad)
    assert "the 1s at r1c2 and r1c4 have 1 cells between them, fewer than 1" not in problems
    assert "the 2s at r1c1 and r2c1 have 0 cells between them, fewer than 2" in problems
    assert "the 1s at r1c2 and r2c2 have 0 cells between them, fewer than 1" in problems
    assert H.verify(inst, good[:3]) == ["the grid is not 4 x 4"]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(H.GENRE, datasets, "Hakyuu") == (96, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle hakyuu\nsize 2 x 1\ngrid\n  3 .\nregions\n  a a\n", 4, 3, "outside 1..2", None),
    ("puzzle hakyuu\nsize 3 x 1\ngrid\n  . . .\nregions\n  a b a\n", 6, 7, "not connected", None),
    ("puzzle hakyuu\nsize 2 x 1\ngrid\n  . 0\nregions\n  a a\n", 4, 5, "below 1", None),
    ("1 2\n- 3\n1 1\n", 2, 3, "outside 1..2", "Hakyuu"),
    ("1 2\n- x\n1 1\n", 2, 3, "`x`", "Hakyuu"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/ripple.js: the URL, and its accepted answer."""
    url = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k"
    genre, inst = puzzlink.decode(url)
    assert genre is H.GENRE and puzzlink.encode(H.GENRE, inst) == url
    res = engine.solve(H.GENRE, inst)
    assert res.verdict == "unique"
    assert res.solutions[0] == ((1, 2, 3, 1), (2, 1, 4, 2), (4, 3, 2, 1), (1, 2, 1, 3))
