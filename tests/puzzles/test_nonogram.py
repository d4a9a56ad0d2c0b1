"""Nonogram: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.formats import puzzlink
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import nonogram as N
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "nonogram").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def runs(bits) -> tuple:
    return tuple(len(list(g)) for k, g in itertools.groupby(bits) if k)


def brute(inst) -> set[frozenset]:
    """Every shading whose rows and columns show their clues' runs."""
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    out = set()
    for bits in itertools.product((False, True), repeat=len(cells)):
        on = dict(zip(cells, bits))
        if all(k is None or runs(on[r, c] for c in range(inst.cols)) == k
               for r, k in enumerate(inst.row_clues)) and \
           all(k is None or runs(on[r, c] for r in range(inst.rows)) == k
               for c, k in enumerate(inst.col_clues)):
            out.add(frozenset(c for c in cells if on[c]))
    return out


@st.composite
def tiny(draw, most=12):
    """A random shading's runs, some lines hidden, some changed (no solution)."""
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    shaded = {(r, c) for r in range(rows) for c in range(cols) if draw(st.booleans())}
    row_clues = [runs((r, c) in shaded for c in range(cols)) for r in range(rows)]
    col_clues = [runs((r, c) in shaded for r in range(rows)) for c in range(cols)]
    for clues, n in ((row_clues, cols), (col_clues, rows)):
        for i in range(len(clues)):
            pick = draw(st.integers(0, 5))
            if pick == 0:
                clues[i] = None
            elif pick == 1:
                clues[i] = draw(st.sampled_from([(), (1,), (n,), (1, 1)][:3 + (n >= 3)]))
    return N.Instance(rows, cols, tuple(row_clues), tuple(col_clues))


test_modes_agree_with_brute_force = brute_force_harness(N.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
SMALL = N.Instance(2, 3, ((2,), (1, 1)), ((2,), (1,), (1,)))  # x x . / x . x


@pytest.mark.parametrize("shaded, words", [
    ({(0, 0), (0, 1), (1, 0), (1, 2)}, None),
    ({(0, 0), (0, 1), (1, 0)}, "row 2 shows runs [1], its clue is [1, 1]"),
    ({(0, 1), (0, 2), (1, 0), (1, 2)}, "column 1 shows runs [1]"),
    ({(0, 0), (0, 1), (1, 0), (1, 2), (4, 4)}, "off the board"),
])
def test_verify(shaded, words):
    problems = N.verify(SMALL, frozenset(shaded))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_hidden_line_is_free():
    inst = N.Instance(1, 2, (None,), ((), (1,)))
    assert engine.solve(N.GENRE, inst).solutions == [frozenset({(0, 1)})]


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(N.GENRE, datasets, "Nonogram") == (468, [])  # none malformed


def test_grid_text_layout_columns_first():
    """puzzlekit's layout: `ROWS COLS`, the column clues, then the row clues."""
    inst = N.GENRE.from_grid_text(split("2 3\n2\n1\n1\n2\n1 1\n", "t.txt"))
    assert inst == SMALL
    assert N.FORMAT.to_grid_text(inst) == "2 3\n2\n1\n1\n2\n1 1\n"
    sol = N.GENRE.solution_from_grid_text(split("2 3\nx x -\nx - x\n"), inst)
    assert sol == frozenset({(0, 0), (0, 1), (1, 0), (1, 2)})


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = N.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert N.FORMAT.from_document(doc) == inst
    assert N.FORMAT.expected_solution(doc) == sol
    assert N.FORMAT.to_pzl(N.FORMAT.from_document(doc), sol) == text


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert N.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(N.cells(inst, sol).values()) == len(sol)
    text = N.GENRE.render_text(inst, sol)
    assert "█" in text and " 5 " in text
    assert len(N.clues(inst)) == inst.rows + inst.cols


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows, cols):
    return (f"puzzle nonogram\nsize {len(cols)} x {len(rows)}\nrows\n"
            + "".join(f"  {r}\n" for r in rows) + "cols\n" + "".join(f"  {c}\n" for c in cols))


#: `.pzl` text, or grid text read as `--type Nonogram`.
test_bad_input_has_position = errors_have_positions([
    (pzl(["1", "q"], ["1", "1"]), 5, 3, "`q` in the clue of row 2", None),
    (pzl(["1", "1 1"], ["1", "1"]), 5, 3, "need 3 cells, the row has 2", None),
    (pzl(["1", "1 0"], ["1", "1"]), 5, 5, "a run of length 0", None),
    (pzl(["1", "1"], ["3", "1"]), 7, 3, "the column has 2", None),
    (pzl(["1"], ["1", "1"]).replace("2 x 1", "2 x 2"), 4, 3, "the rows has 1 rows, size says 2",
     None),
    ("2 2\n1\n1\n1\n", 4, 1, "found 3 lines", "Nonogram"),
    ("2 2\n1\n1\n1\n1 1\n", 5, 1, "need 3 cells, the row has 2", "Nonogram"),
    ("2 2\n1\n-1\n1\n1\n", 3, 1, "`-1`", "Nonogram"),
    ("2 2\n1\n1\n1\n1\n1\n", 6, 1, "found 5 lines", "Nonogram"),
])


def test_cli_exit_codes(capsys, tmp_path):
    several = tmp_path / "g.txt"
    several.write_text("2 2\n1\n1\n1\n1\n")  # two diagonals
    assert main(["check", "--format", "grid-text", "--type", "Nonogram", str(several)]) == 1
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl(["1", "q"], ["1", "1"]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:3" in err and "Traceback" not in err


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/nonogram.js: the URL, and the board its
    accepted answer shades."""
    url = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"
    genre, inst = puzzlink.decode(url)
    assert genre is N.GENRE
    assert inst.row_clues == ((2, 1), (1, 1), (1, 2), (), (1, 1), (3,))
    assert inst.col_clues == ((2, 1), (1, 1, 1), (1,), (1, 1, 1), (2, 1), ())
    assert puzzlink.encode(N.GENRE, inst) == url
    answer = ["# # . # . .", "# . . . # .", ". # . # # .", ". . . . . .", "# . . . # .",
              ". # # # . ."]
    shaded = {(r, c) for r, row in enumerate(answer) for c, t in enumerate(row.split())
              if t == "#"}
    res = engine.solve(N.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == shaded


def test_puzzlink_width_differs_from_height():
    """pzprjs's `Puzzle with width != height` (10 rows, 3 columns) round-trips
    and is unique; a line whose clue is not shown has no puzz.link form (pzprjs reads
    a line without numbers as a line without runs)."""
    from satlink.errors import InputError

    inst = N.Instance(10, 3, ((2,), (1,), (2,), (2,), (1,), (1,), (3,), (1,), (1,), (3,)),
                      ((4, 1), (1, 2, 1, 1), (3, 4)))
    assert puzzlink.decode(puzzlink.encode(N.GENRE, inst))[1] == inst
    assert engine.solve(N.GENRE, inst).verdict == "unique"
    with pytest.raises(InputError, match="not shown"):
        puzzlink.encode(N.GENRE, N.Instance(1, 2, (None,), ((), (1,))))


@settings(max_examples=60, deadline=None)
@given(tiny())
def test_settled_cells_are_those_of_every_solution(inst):
    """The cells line solving fixes (direct mode's units) agree with every
    solution; no cell is fixed against one; None only without a solution;
    a fully fixed board is its one solution."""
    sols = brute(inst)
    got = N.settle(inst)
    if got is None:
        assert not sols
        return
    for s in sols:
        assert all((c in s) == v for c, v in got.items())
    if len(got) == inst.rows * inst.cols and sols:
        assert sols == {frozenset(c for c, v in got.items() if v)}
