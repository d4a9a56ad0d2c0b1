"""Margin Sudoku: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import marginsudoku as M
from satlink.puzzles import sudoku
from satlink.rules.edge_views import SIDES
from tests.helpers import ROOT
from tests.puzzles import edge_checks
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)
from tests.rules.test_edge_views import squares, walk

INSTANCES = sorted((ROOT / "instances" / "marginsudoku").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set:
    """Every Sudoku grid (Latin squares listed directly, boxes checked)
    keeping the givens, each sum the digits of the first box-depth cells
    walked from its side; without ``verify``."""
    s = inst.sudoku
    out = set()
    for g in squares(s.size, s.size, False):
        if not edge_checks.sudoku_boxes_hold(g):
            continue
        if any(v and g[r][c] != v for r, row in enumerate(s.givens) for c, v in enumerate(row)):
            continue
        if all(sum(walk(g, side, i)[:s.box_h if side in ("top", "bottom") else s.box_w]) == v
               for side in SIDES for i, v in enumerate(inst.side(side)) if v is not None):
            out.add(g)
    return out


@st.composite
def tiny(draw):
    n = draw(st.integers(1, 4))
    givens = [[draw(st.integers(1, n)) if draw(st.integers(0, 7)) == 0 else 0 for _ in range(n)]
              for _ in range(n)]
    top = n * (n + 1) // 2
    sides = {s: tuple(draw(st.integers(1, top)) if draw(st.integers(0, 2)) == 0 else None
                      for _ in range(n)) for s in SIDES}
    return M.Instance(sudoku.make(n, givens), **sides)


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, tiny(), brute, examples=30)


# -- verify, from the rules ----------------------------------------------------------------------
GOOD = ((3, 1, 2, 4), (4, 2, 1, 3), (2, 4, 3, 1), (1, 3, 4, 2))


def board(**sides):
    empty = (None,) * 4
    return M.Instance(sudoku.make(4, [[0] * 4] * 4), **{s: sides.get(s, empty) for s in SIDES})


@pytest.mark.parametrize("inst, sol, words", [
    (board(bottom=(3, None, None, 3), left=(None, 6, 6, None)), GOOD, None),
    (board(top=(6, None, None, None)), GOOD, "the sum 6 on the top of line 1 adds up to 7"),
    (board(right=(None, None, None, 6)), GOOD, None),
    (board(), ((3, 1, 2, 4), (4, 2, 1, 3), (2, 4, 3, 1), (1, 3, 2, 4)), "column 3"),
])
def test_verify(inst, sol, words):
    problems = M.verify(inst, sol)
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -------------------------------------------------------------------------------
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(M.GENRE, datasets, "MarginSudoku") == (30, [])


# -- files ---------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst))
    edge_checks.round_trip(M.GENRE, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    doc = parse_text(INSTANCES[0].read_text(), "x.pzl")
    inst, sol = M.GENRE.from_document(doc), M.GENRE.expected_solution(doc)
    assert M.GENRE.solution_json(inst, sol) == [list(r) for r in sol]
    text = M.GENRE.render_text(inst, sol)
    assert "┼" in text and all(str(v) in text for _, _, v in inst.sums())


# -- bad input -----------------------------------------------------------------------------------
PZL = "puzzle marginsudoku\nsize 4\ntop 3 . . .\ngrid\n" + "  . . . .\n" * 4


test_bad_input_has_position = errors_have_positions([
    (PZL.replace("top 3 . . .", "top 11 . . ."), 3, 5, "not a sum", None),
    (PZL.replace("top 3 . . .", "top 3 . ."), 3, 1, "3 values", None),
    (PZL.replace("grid\n  . . . .", "grid\n  . 5 . ."), 5, 5, "out of range", None),
    ("4 4\n- - - -\n- - - -\n- - - -\n- - 0 -\n" + "- - - -\n" * 4, 5, 5, "below 1",
     "MarginSudoku"),
    ("4 4\n- - - -\n- - - -\n- - - -\n- - - -\n" + "- - - -\n" * 3 + "- z - -\n", 9, 3, "`z`",
     "MarginSudoku"),
])


def test_cli_exit_codes(capsys, tmp_path):
    edge_checks.exit_codes(capsys, tmp_path, INSTANCES[0],
                           PZL.replace("top 3 . . .", "top 11 . . ."), "3:5")
