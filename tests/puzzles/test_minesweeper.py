"""Minesweeper: brute force, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.formats.pzprjs_numbers import QUESTION
from satlink.lang import parse_text
from satlink.puzzles import minesweeper as M
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "minesweeper").glob("*.pzl"))


def brute(inst) -> set[frozenset]:
    """Every set of mines the rules accept, checked here directly."""
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    numbers = dict(inst.numbers)
    out = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        mines = {c for c, b in zip(cells, bits) if b}
        if mines & set(numbers) or (inst.mines is not None and len(mines) != inst.mines):
            continue
        if all(n == QUESTION or sum((r + dr, c + dc) in mines for dr in (-1, 0, 1)
                                    for dc in (-1, 0, 1)) == n for (r, c), n in numbers.items()):
            out.add(frozenset(mines))
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    numbers = []
    for r in range(rows):
        for c in range(cols):
            if draw(st.integers(0, 2)) == 0:
                most = sum(0 <= r + dr < rows and 0 <= c + dc < cols
                           for dr in (-1, 0, 1) for dc in (-1, 0, 1)) - 1
                numbers.append(((r, c), draw(st.sampled_from((QUESTION, *range(most + 1))))))
    total = draw(st.one_of(st.none(), st.integers(0, rows * cols - len(numbers))))
    return M.Instance(rows, cols, tuple(numbers), total)


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = M.Instance(2, 3, (((0, 0), 1), ((1, 2), 2)), 2)


@pytest.mark.parametrize("mines, words", [
    ({(0, 1), (1, 1)}, "the 1 at r1c1 has 2 mines"),
    ({(1, 0), (0, 2)}, "has 1 mines"),
    ({(0, 1), (0, 2)}, None),
    ({(0, 1), (0, 2), (1, 1)}, "3 mines, not 2"),
    ({(0, 0), (0, 2)}, "hides a mine"),
    ({(0, 1), (0, 2), (7, 7)}, "off the board"),
])
def test_verify(mines, words):
    problems = M.verify(BOARD, frozenset(mines))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(M.GENRE, datasets, "Minesweeper") == (72, [])  # none malformed


# -- files -----------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = engine.solve(M.GENRE, inst).solutions
    sol = sols[0] if with_solution and sols else None
    text = M.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert M.FORMAT.from_document(doc) == inst
    assert M.FORMAT.expected_solution(doc) == sol
    assert M.FORMAT.to_pzl(M.FORMAT.from_document(doc), sol) == text


def test_outputs():
    sol = frozenset({(0, 1), (0, 2)})
    assert M.solution_json(BOARD, sol) == [[0, 1], [0, 2]]
    assert M.cells(BOARD, sol) == {"r1c2": True, "r1c3": True, "r2c1": False, "r2c2": False}
    assert "●" in M.GENRE.render_text(BOARD, sol) and "2 mines" in M.GENRE.render_text(BOARD)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows, head=""):
    size = f"{len(rows[0].split())} x {len(rows)}"
    return f"puzzle minesweeper\nsize {size}\n{head}grid\n" + "".join(f"  {r}\n" for r in rows)


test_bad_input_has_position = errors_have_positions([
    (pzl([". q .", ". . ."]), 4, 5, "`q`", None),
    (pzl([". 9 .", ". . ."]), 4, 5, "above 8", None),
    (pzl(["6 . .", ". . ."]), 4, 3, "has 3 neighbours", None),
    (pzl([". . .", ". . ."], "mines x\n"), 3, 7, "`x`", None),
    (pzl(["1 . .", ". . ."], "mines 6\n"), 3, 7, "do not fit", None),
    ("2 3 1\n- 9 -\n- - -\n", 2, 3, "above 8", "Minesweeper"),
    ("2 3 1\n- 1 -\n- -\n", 3, 3, "row 2 has 2 cells", "Minesweeper"),
    ("2 3\n- 1 -\n- - -\n", 1, 1, "ROWS COLS MINES", "Minesweeper"),
])


def test_cli_exit_codes(capsys, tmp_path):
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". q .", ". . ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:4:5" in err and "Traceback" not in err


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/mines.js: the URL and its accepted answer
    (the last failcheck: `#` a mine)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?mines/5/5/g2m13l13g0j"
    genre, inst = puzzlink.decode(url)
    assert genre is M.GENRE and inst.mines is None
    assert puzzlink.encode(M.GENRE, inst) == url
    answer = ". . + . . /# # + . . /. # + + # /+ + . . # /. + + + # /"
    want = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
            for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(M.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == want


def test_puzzlink_question_and_no_total():
    from satlink.formats import puzzlink
    from satlink.formats.pzprjs_stream import Unfit

    inst = M.Instance(2, 2, (((0, 0), QUESTION), ((1, 1), 1)))
    assert puzzlink.decode(puzzlink.encode(M.GENRE, inst))[1] == inst
    with pytest.raises(Unfit, match="no total"):
        M.PUZZLINK.encode(M.Instance(2, 2, (), 1))
