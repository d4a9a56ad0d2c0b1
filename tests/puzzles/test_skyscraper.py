"""Skyscrapers: brute force, verify, the dev slice, files, errors, puz.link."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.lang import parse_text
from satlink.puzzles import skyscraper as S
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)
from tests.puzzles import edge_checks
from tests.rules.test_edge_views import seen_count

INSTANCES = sorted((ROOT / "instances" / "skyscraper").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set:
    return edge_checks.brute(inst, seen_count)


test_modes_agree_with_brute_force = brute_force_harness(
    S.GENRE, edge_checks.tiny(S.Instance), brute, examples=30)


# -- verify, from the rules ----------------------------------------------------------------------
BOARD = S.Instance(3, 2, ((None, None, None),) * 3, top=(2, None, None), bottom=(None,) * 3,
                   left=(None, 1, None), right=(None,) * 3)
GOOD = ((1, 2, 0), (2, 0, 1), (0, 1, 2))


@pytest.mark.parametrize("sol, words", [
    (GOOD, None),
    (((1, 2, 0), (0, 1, 2), (2, 0, 1)), "the clue 1 on the left of line 2 sees 2"),
    (((1, 2, 0), (2, 0, 1), (0, 2, 1)), "column 2 holds 2 2"),
    (((1, 2, 0), (2, 0, 1), (0, 1, 3)), "not one of 0-2"),
    (((1, 2), (2, 0)), "not 3 x 3"),
])
def test_verify(sol, words):
    problems = S.verify(BOARD, sol)
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_verify_reads_the_diagonals_and_givens():
    diag = replace(BOARD, diagonal=True, givens=((1, None, None),) + ((None,) * 3,) * 2)
    assert any("diagonal 2 holds nothing" in p for p in S.verify(diag, GOOD))
    assert S.verify(replace(BOARD, givens=((2, None, None),) + ((None,) * 3,) * 2), GOOD) == [
        "r1c1 holds 1, the given is 2"]


# -- the dev slice -------------------------------------------------------------------------------
def test_dev_slice_unique_and_published(datasets):
    """All 94 boards, the diagonal ones (`N N K D`) among them."""
    assert unique_and_published(S.GENRE, datasets, "Skyscraper") == (94, [])


# -- files ---------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(edge_checks.tiny(S.Instance), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst))
    edge_checks.round_trip(S.GENRE, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    inst = S.GENRE.from_document(parse_text(INSTANCES[0].read_text(), "x.pzl"))
    sol = S.GENRE.expected_solution(parse_text(INSTANCES[0].read_text(), "x.pzl"))
    assert S.GENRE.solution_json(inst, sol) == [list(r) for r in sol]
    assert len(S.GENRE.cells(inst, sol)) == inst.size ** 2
    text = S.GENRE.render_text(inst, sol)
    assert all(str(v) in text for v in range(1, inst.k + 1))


# -- bad input -----------------------------------------------------------------------------------
PZL = "puzzle skyscraper\nsize 3\nheights 3\ntop 1 . .\ngrid\n  . . .\n  . . .\n  . . .\n"


test_bad_input_has_position = errors_have_positions([
    (PZL.replace("top 1 . .", "top 4 . ."), 4, 5, "outside 1..3", None),
    (PZL.replace("top 1 . .", "top 1 . . 2"), 4, 11, "4 values", None),
    (PZL.replace("heights 3", "heights 4"), 3, 9, "do not fit", None),
    (PZL.replace("  . . .\n  . . .\n  . . .", "  . . .\n  . 5 .\n  . . ."), 7, 5, "above 3", None),
    (PZL.replace("  . . .\n  . . .\n  . . .", "  . . .\n  . q .\n  . . ."), 7, 5, "`q`", None),
    ("3 3 3\n- - -\n- 9 -\n- - -\n- - -\n- - -\n- - -\n- - -\n", 3, 3, "outside 1..3",
     "Skyscraper"),
    ("3 3 3 Q\n- - -\n- - -\n- - -\n- - -\n- - -\n- - -\n- - -\n", 1, 7, "`Q`", "Skyscraper"),
    ("3 3\n- - -\n- - -\n- - -\n- - -\n- - -\n- - -\n- - -\n", 1, 1, "ROWS COLS HEIGHTS",
     "Skyscraper"),
    ("3 3 3\n- - -\n- - -\n- - -\n- - -\n- - -\n- 7 -\n- - -\n", 7, 3, "above 3", "Skyscraper"),
])


def test_cli_exit_codes(capsys, tmp_path):
    edge_checks.exit_codes(capsys, tmp_path, INSTANCES[0], PZL.replace("top 1 . .", "top 4 . ."), "4:5")


# -- puzz.link -----------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/skyscrapers.js: the URL and its accepted answer."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?skyscrapers/4/4/k13h4j3g"
    genre, inst = puzzlink.decode(url)
    assert genre is S.GENRE and puzzlink.encode(S.GENRE, inst) == url
    assert (inst.bottom, inst.left, inst.right) == ((None, 1, 3, None), (None, 4, None, None),
                                                    (None, None, 3, None))
    answer = ". 2 1 4 3 ./4 1 2 3 4 ./. 4 3 1 2 3/. 3 4 2 1 ."
    want = tuple(tuple(int(t) for t in row.split()[1:5]) for row in answer.split("/"))
    res = engine.solve(S.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == want


def test_puzzlink_refuses_parks_and_diagonals():
    from satlink.errors import InputError
    from satlink.formats import puzzlink

    inst = S.GENRE.from_document(parse_text(INSTANCES[0].read_text(), "x.pzl"))
    assert inst.k < inst.size or inst.diagonal
    with pytest.raises(InputError, match="heights 1..n and no diagonals"):
        puzzlink.encode(S.GENRE, inst)
