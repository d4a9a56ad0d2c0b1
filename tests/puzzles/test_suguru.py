"""Suguru: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import pytest
from hypothesis import given, settings

from satlink import engine
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import suguru as S
from satlink.puzzles._digit_rooms import make
from tests.helpers import ROOT
from tests.puzzles.digit_rooms_checks import fillings, tiny
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published

INSTANCE = ROOT / "instances" / "suguru" / "pzprjs-5x5.pzl"


def brute(inst) -> set:
    """Fillings of 1..k per region in which no two touching cells are equal."""
    def ok(g):
        return not any(g[r][c] == g[r + dr][c + dc]
                       for r in range(inst.rows) for c in range(inst.cols)
                       for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1))
                       if 0 <= r + dr < inst.rows and 0 <= c + dc < inst.cols)
    return {g for g in fillings(inst) if ok(g)}


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, tiny(make), brute, examples=40)


@settings(max_examples=30, deadline=None)
@given(tiny(make))
def test_verify_accepts_exactly_the_brute_force_solutions(inst):
    from tests.puzzles.digit_rooms_checks import fillings as every
    want = brute(inst)
    for g in every(inst):
        assert (S.verify(inst, g) == []) == (g in want)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = S.FORMAT.from_document(doc), S.FORMAT.expected_solution(doc)
    assert S.verify(inst, good) == []
    bad = ((3, 1, 2, 2, 1), (1, 4, 5, 3, 4), (5, 2, 1, 2, 1), (3, 4, 5, 4, 3), (2, 1, 3, 1, 2))
    problems = S.verify(inst, bad)
    assert any("r5c4 is 1, the given is 2" in p for p in problems)
    assert any("r1c3 and r1c4 touch and both hold 2" in p for p in problems)
    assert any("region at r1c1 holds [1, 1, 3, 4, 5]" in p for p in problems)
    assert any("region at r1c3 holds [2]" in p for p in problems)
    assert S.verify(inst, good[:2]) == ["the grid is not 5 x 5"]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(S.GENRE, datasets, "Suguru") == (40, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle suguru\nsize 2 x 1\ngrid\n  3 .\nregions\n  a a\n", 4, 3, "outside 1..2", None),
    ("puzzle suguru\nsize 3 x 1\ngrid\n  . . .\nregions\n  a b a\n", 6, 7, "not connected", None),
    ("puzzle suguru\nsize 2 x 1\ngrid\n  . q\nregions\n  a a\n", 4, 5, "`q`", None),
    ("puzzle suguru\nsize 2 x 1\ngrid\n  . .\nregions\n  a ?\n", 6, 5, "`?`", None),
    ("1 2\n- 3\n1 1\n", 2, 3, "outside 1..2", "Suguru"),
    ("1 2\n- -\n1 1 1\n", 3, 5, "row 1 has 3 cells", "Suguru"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/suguru.js: the URL, and its accepted answer."""
    url = "https://puzz.link/p?suguru/5/5/cih47bs73m3g5p1g2g"
    genre, inst = puzzlink.decode(url)
    assert genre is S.GENRE and puzzlink.encode(S.GENRE, inst) == url
    res = engine.solve(S.GENRE, inst)
    assert res.verdict == "unique"
    assert res.solutions[0] == ((3, 2, 1, 2, 1), (1, 4, 5, 3, 4), (5, 2, 1, 2, 1),
                                (3, 4, 5, 4, 3), (2, 1, 3, 2, 1))


def test_puzzlink_digit_too_large_is_an_error_at_the_cell():
    from satlink.errors import InputError
    with pytest.raises(InputError) as exc:
        puzzlink.decode("https://puzz.link/p?suguru/2/1/03g")
    assert "outside 1..2" in str(exc.value) and exc.value.pos.column == 33
