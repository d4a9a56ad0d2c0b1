"""Easy as ABC: brute force, verify, the dev slice, files, errors, puz.link."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import abcendview as A
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness, errors_have_positions
from tests.puzzles import edge_checks
from tests.rules.test_edge_views import first_letter

INSTANCES = sorted((ROOT / "instances" / "abcendview").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set:
    return edge_checks.brute(inst, first_letter)


test_modes_agree_with_brute_force = brute_force_harness(
    A.GENRE, edge_checks.tiny(A.Instance, 2), brute, examples=30)


# -- verify, from the rules ----------------------------------------------------------------------
BOARD = A.Instance(3, 2, ((None, None, None),) * 3, top=(1, None, None), bottom=(None,) * 3,
                   left=(None, 2, None), right=(None,) * 3)
GOOD = ((1, 2, 0), (2, 0, 1), (0, 1, 2))


@pytest.mark.parametrize("sol, words", [
    (GOOD, None),
    (((2, 1, 0), (1, 0, 2), (0, 2, 1)), "the clue A on the top of line 1 sees B"),
    (((1, 2, 0), (2, 0, 1), (0, 2, 1)), "column 2 holds B B"),
    (((1, 2, 0), (2, 0, 1), (0, 1, 3)), "not one of 0-2"),
    (((1, 2), (2, 0)), "not 3 x 3"),
])
def test_verify(sol, words):
    problems = A.verify(BOARD, sol)
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_verify_reads_the_givens():
    board = replace(BOARD, givens=((None, 0, None),) + ((None,) * 3,) * 2)
    assert A.verify(board, GOOD) == ["r1c2 holds B, the given is -"]


# -- the dev slice -------------------------------------------------------------------------------
#: Boards whose published solutions hold every letter once on both main
#: diagonals too (janko's diagonal variant, which the grid text does not
#: say): several solutions under the plain rules, unique with the diagonals.
DIAGONAL = {"165_6x6", "174_5x5", "179_7x7"}


def test_dev_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "ABCEndView.json").read_text())["data"]
    assert len(data) == 122
    for key, entry in sorted(data.items()):
        inst = A.GENRE.from_grid_text(split(entry["problem"], key))  # none malformed
        published = A.GENRE.solution_from_grid_text(split(entry["solution"], key), inst)
        res = engine.solve(A.GENRE, inst)
        if key in DIAGONAL:
            assert res.verdict == "multiple", key
            res = engine.solve(A.GENRE, replace(inst, diagonal=True))
        assert res.verdict == "unique", key
        assert res.solutions[0] == published, key


# -- files ---------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(edge_checks.tiny(A.Instance), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst))
    edge_checks.round_trip(A.GENRE, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    doc = parse_text(INSTANCES[0].read_text(), "x.pzl")
    inst, sol = A.GENRE.from_document(doc), A.GENRE.expected_solution(doc)
    rows = A.solution_json(inst, sol)
    assert all(sorted(r.replace("-", "")) == list("ABCD"[:inst.k]) for r in rows)
    assert set(A.cells(inst, sol).values()) == set("-ABCD"[:inst.k + 1])
    assert "A" in A.GENRE.render_text(inst, sol)


# -- bad input -----------------------------------------------------------------------------------
PZL = "puzzle abcendview\nsize 3\nletters b\ntop a . .\ngrid\n  . . .\n  . . .\n  . . .\n"


test_bad_input_has_position = errors_have_positions([
    (PZL.replace("top a . .", "top c . ."), 4, 5, "outside 1..2", None),
    (PZL.replace("top a . .", "top 1 . ."), 4, 5, "`1`", None),
    (PZL.replace("letters b", "letters d"), 3, 9, "do not fit", None),
    (PZL.replace("  . . .\n  . . .\n  . . .", "  . . .\n  . c .\n  . . ."), 7, 5, "above 2", None),
    ("3 3 b\n- - -\n- c -\n- - -\n- - -\n- - -\n- - -\n- - -\n", 3, 3, "outside 1..2",
     "ABCEndView"),
    ("3 3 7\n- - -\n- - -\n- - -\n- - -\n- - -\n- - -\n- - -\n", 1, 5, "`7`", "ABCEndView"),
    ("3 3 b\n- - -\n- - -\n- - -\n- - -\n- - -\n- 9 -\n- - -\n", 7, 3, "`9`", "ABCEndView"),
])


def test_cli_exit_codes(capsys, tmp_path):
    edge_checks.exit_codes(capsys, tmp_path, INSTANCES[0], PZL.replace("top a . .", "top c . ."), "4:5")


# -- puzz.link -----------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/easyasabc.js: the URL and its accepted answer."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?easyasabc/4/4/3/1m2h3g3h"
    genre, inst = puzzlink.decode(url)
    assert genre is A.GENRE and puzzlink.encode(A.GENRE, inst) == url
    assert (inst.k, inst.top, inst.left, inst.right) == (
        3, (1, None, None, None), (2, None, None, 3), (None, 3, None, None))
    answer = "- 2 3 1/1 - 2 3/2 3 1 -/3 1 - 2"
    want = tuple(tuple(0 if t == "-" else int(t) for t in row.split())
                 for row in answer.split("/"))
    res = engine.solve(A.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == want
