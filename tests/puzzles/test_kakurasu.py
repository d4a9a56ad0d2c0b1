"""Kakurasu: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.cli import main
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import kakurasu as K
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "kakurasu").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """Every shading whose weighted rows and columns add up to the sums shown."""
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    out = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        on = {x for x, b in zip(cells, bits) if b}
        if all(t is None or sum(c + 1 for c in range(inst.cols) if (r, c) in on) == t
               for r, t in enumerate(inst.row_sums)) and \
           all(t is None or sum(r + 1 for r in range(inst.rows) if (r, c) in on) == t
               for c, t in enumerate(inst.col_sums)):
            out.add(frozenset(on))
    return out


@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    def sums(n, side):
        return tuple(draw(st.one_of(st.none(), st.integers(0, side * (side + 1) // 2)))
                     for _ in range(n))
    return K.Instance(rows, cols, sums(rows, cols), sums(cols, rows))


test_modes_agree_with_brute_force = brute_force_harness(K.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
SMALL = K.Instance(2, 3, (4, 2), (1, 2, 1))  # x . x / . x .


@pytest.mark.parametrize("shaded, words", [
    ({(0, 0), (0, 2), (1, 1)}, None),
    ({(0, 0), (0, 2)}, "row 2 adds up to 0, its sum is 2"),
    ({(0, 0), (0, 2), (1, 1), (1, 0)}, "column 1 adds up to 3, its sum is 1"),
    ({(0, 0), (0, 2), (1, 1), (2, 2)}, "off the board"),
])
def test_verify(shaded, words):
    problems = K.verify(SMALL, frozenset(shaded))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(K.GENRE, datasets, "Kakurasu") == (56, [])  # none malformed


def test_grid_text_column_sums_first():
    inst = K.GENRE.from_grid_text(split("2 3\n1 2 1\n4 2\n", "t.txt"))
    assert inst == SMALL and K.FORMAT.to_grid_text(inst) == "2 3\n1 2 1\n4 2\n"


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = K.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert K.FORMAT.from_document(doc) == inst
    assert K.FORMAT.expected_solution(doc) == sol
    assert K.FORMAT.to_pzl(K.FORMAT.from_document(doc), sol) == text


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert K.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(K.GENRE.cells(inst, sol).values()) == len(sol)
    assert "█" in K.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
PZL = "puzzle kakurasu\nsize 3 x 2\nrows 4 2\ncols 1 2 1\n"


test_bad_input_has_position = errors_have_positions([
    (PZL.replace("rows 4 2", "rows 4 q"), 3, 8, "`q`", None),
    (PZL.replace("rows 4 2", "rows 4 7"), 3, 8, "above 6", None),
    (PZL.replace("cols 1 2 1", "cols 1 2 1 1"), 4, 12, "`cols` has 4 values", None),
    (PZL + "solution\n  x . x\n  . z .\n", 7, 5, "`z`", None),
    ("2 3\n1 2 4\n4 2\n", 2, 5, "above 3", "Kakurasu"),
    ("2 3\n1 2 w\n4 2\n", 2, 5, "`w`", "Kakurasu"),
    ("2 3\n1 2 1\n", 1, 1, "expected the `rows` line", "Kakurasu"),
])


def test_cli_exit_codes(capsys, tmp_path):
    several = tmp_path / "g.txt"
    several.write_text("2 2\n- -\n- -\n")  # no sum shown
    assert main(["check", "--format", "grid-text", "--type", "Kakurasu", str(several)]) == 1
    none = tmp_path / "n.txt"
    none.write_text("2 2\n1 1\n1 1\n")  # r1c1 alone gives row 2 nothing
    assert main(["check", "--format", "grid-text", "--type", "Kakurasu", str(none)]) == 3
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(PZL.replace("rows 4 2", "rows 4 q"))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:3:8" in err and "Traceback" not in err
