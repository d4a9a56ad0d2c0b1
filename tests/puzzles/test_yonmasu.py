"""Yonmasu: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.cli import main
from satlink.lang import parse_text
from satlink.puzzles import yonmasu as Y
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions, grid_pzl,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "yonmasu").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """Every division of the free cells: take the first uncovered cell and
    every connected four-cell set through it of free uncovered cells
    (grown by breadth), keep those with one circle, recurse."""
    free = {(r, c) for r in range(inst.rows) for c in range(inst.cols)} - {
        c for c, k in inst.marks if k == Y.BLACK}
    circles = {c for c, k in inst.marks if k == Y.WHITE}
    out = set()

    def shapes(start, left):
        found, frontier = set(), {frozenset([start])}
        for _ in range(3):
            frontier = {p | {n} for p in frontier for (r, c) in p
                        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                        if n in left and n not in p}
        return {p for p in frontier if len(p) == 4} | found

    def walk(left, chosen):
        if not left:
            out.add(frozenset(chosen))
            return
        start = min(left)
        for p in shapes(start, left):
            if len(p & circles) == 1:
                walk(left - p, chosen + [p])

    walk(frozenset(free), [])
    return out


@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    marks = []
    for r in range(rows):
        for c in range(cols):
            k = draw(st.integers(0, 5))
            if k == 0:
                marks.append(((r, c), Y.BLACK))
            elif k <= 2:
                marks.append(((r, c), Y.WHITE))
    return Y.Instance(rows, cols, tuple(marks))


test_modes_agree_with_brute_force = brute_force_harness(Y.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
BAR = Y.Instance(2, 4, (((0, 0), Y.WHITE), ((1, 3), Y.WHITE)))
TOP, BOTTOM = frozenset({(0, 0), (0, 1), (0, 2), (0, 3)}), frozenset({(1, 0), (1, 1), (1, 2),
                                                                      (1, 3)})


@pytest.mark.parametrize("pieces, words", [
    ({TOP, BOTTOM}, None),
    ({TOP}, "r2c1 lies in no piece"),
    ({TOP, BOTTOM, frozenset({(0, 3), (1, 3), (1, 2), (1, 1)})}, "lies in two pieces"),
    ({frozenset({(0, 0), (1, 0), (0, 3), (1, 3)}), frozenset({(0, 1), (0, 2), (1, 1), (1, 2)})},
     "not connected"),
    ({frozenset({(0, 0), (1, 0), (1, 1), (0, 1)}), frozenset({(0, 2), (0, 3), (1, 2), (1, 3)})},
     None),
    ({frozenset({(0, 0), (0, 1), (0, 2)}), frozenset({(0, 3), (1, 0), (1, 1), (1, 2), (1, 3)})},
     "has 3 cells"),
])
def test_verify(pieces, words):
    problems = Y.verify(BAR, frozenset(pieces))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_verify_circles():
    two = Y.Instance(1, 4, (((0, 0), Y.WHITE), ((0, 3), Y.WHITE)))
    assert any("holds 2 circles" in p for p in Y.verify(two, frozenset({frozenset(
        (0, c) for c in range(4))})))


# -- the dev slice -----------------------------------------------------------------------------
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(Y.GENRE, datasets, "Yonmasu") == (24, [])  # none malformed


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=lambda s: sorted(map(sorted, s)))
    sol = sols[0] if with_solution and sols else None
    text = Y.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert Y.FORMAT.from_document(doc) == inst
    assert Y.FORMAT.expected_solution(doc) == sol
    assert Y.FORMAT.to_pzl(Y.FORMAT.from_document(doc), sol) == text


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert len(Y.solution_json(inst, sol)) == len(sol) == 5
    assert len(Y.cells(inst, sol)) == 20
    assert "○" in Y.GENRE.render_text(inst) or "o" in Y.GENRE.render_text(inst).lower()


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("yonmasu", rows)


test_bad_input_has_position = errors_have_positions([
    (pzl(["o . q .", ". . . ."]), 4, 7, "`q`", None),
    (pzl(["o . . .", ". . . o"]) + "solution\n  1 1 1 1\n  2 2 2 *\n", 8, 9, "`*`", None),
    (pzl(["o . . .", ". . ."]), 5, 7, "row 2 has 3 cells", None),
    ("2 4\no - - -\n- - - w\n", 3, 7, "`w`", "Yonmasu"),
])


def test_cli_exit_codes(capsys, tmp_path):
    several = tmp_path / "g.txt"
    several.write_text("2 4\no - - -\n- - - o\n")  # two bars or two squares
    assert main(["check", "--format", "grid-text", "--type", "Yonmasu", str(several)]) == 1
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl(["o . q .", ". . . ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:4:7" in err and "Traceback" not in err
