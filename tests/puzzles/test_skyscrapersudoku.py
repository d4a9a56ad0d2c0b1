"""Skyscraper Sudoku: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import skyscrapersudoku as K
from tests.helpers import ROOT
from tests.puzzles import edge_checks
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)
from tests.rules.test_edge_views import seen_count

INSTANCES = sorted((ROOT / "instances" / "skyscrapersudoku").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set:
    """The Skyscrapers' brute force (no parks), then every box (the
    squarest split of n, written out here) holding each digit once."""
    return {g for g in edge_checks.brute(inst, seen_count) if edge_checks.sudoku_boxes_hold(g)}


@st.composite
def tiny(draw):
    inst = draw(edge_checks.tiny(K.Instance, 0))  # k = n: no blanks
    givens = tuple(tuple(v or None for v in row) for row in inst.givens)
    return K.Instance(inst.size, inst.size, givens, inst.top, inst.bottom, inst.left,
                      inst.right)


test_modes_agree_with_brute_force = brute_force_harness(K.GENRE, tiny(), brute, examples=30)


# -- verify, from the rules ----------------------------------------------------------------------
def board(**sides):
    empty = (None,) * 4
    return K.Instance(4, 4, (empty,) * 4, **{s: sides.get(s, empty) for s in
                                             ("top", "bottom", "left", "right")})


GOOD = ((2, 1, 4, 3), (3, 4, 1, 2), (4, 2, 3, 1), (1, 3, 2, 4))


@pytest.mark.parametrize("sol, words", [
    (GOOD, None),
    (((1, 2, 3, 4), (2, 3, 4, 1), (3, 4, 1, 2), (4, 1, 2, 3)), "box 1 holds 2 twice"),
    (((2, 1, 4, 3), (3, 4, 1, 2), (4, 2, 3, 1), (1, 3, 4, 2)), "column 3"),
])
def test_verify(sol, words):
    problems = K.verify(board(top=(None, None, 1, 2)), sol)
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_verify_reads_the_clues():
    assert K.verify(board(top=(2, None, None, None)), GOOD) == [
        "the clue 2 on the top of line 1 sees 3"]


# -- the dev slice -------------------------------------------------------------------------------
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(K.GENRE, datasets, "SkyscraperSudoku") == (10, [])


# -- files ---------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst))
    edge_checks.round_trip(K.GENRE, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    doc = parse_text(INSTANCES[0].read_text(), "x.pzl")
    inst, sol = K.GENRE.from_document(doc), K.GENRE.expected_solution(doc)
    assert K.GENRE.solution_json(inst, sol) == [list(r) for r in sol]
    assert "┼" in K.GENRE.render_text(inst, sol)


# -- bad input -----------------------------------------------------------------------------------
PZL = "puzzle skyscrapersudoku\nsize 4\ntop 1 . . .\ngrid\n" + "  . . . .\n" * 4


test_bad_input_has_position = errors_have_positions([
    (PZL.replace("top 1 . . .", "top 5 . . ."), 3, 5, "outside 1..4", None),
    (PZL.replace("top 1 . . .", "top 1 . ."), 3, 1, "3 values", None),
    (PZL.replace("grid\n  . . . .", "grid\n  . 5 . ."), 5, 5, "above", None),
    ("4 4\n- - - -\n- - - -\n- - - -\n- 9 - -\n" + "- - - -\n" * 4, 5, 3, "outside 1..4",
     "SkyscraperSudoku"),
    ("4 4\n- - - -\n- - - -\n- - - -\n- - - -\n" + "- - - -\n" * 3 + "- z - -\n", 9, 3, "`z`",
     "SkyscraperSudoku"),
])


def test_cli_exit_codes(capsys, tmp_path):
    edge_checks.exit_codes(capsys, tmp_path, INSTANCES[0],
                           PZL.replace("top 1 . . .", "top 5 . . ."), "3:5")
