"""Rekuto: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.cli import main
from satlink.formats.grid_text import split
from satlink.puzzles import rekuto as R
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, error_at,
                                         instances_match_their_solution,
                                         pzl_round_trips, unique_and_published)
from tests.rules.test_regions import BOARDS, divisions, is_rect

INSTANCES = sorted((ROOT / "instances" / "rekuto").glob("*.pzl"))


def brute(inst) -> set:
    """Every division into rectangles, each holding one number equal to its
    width plus its height."""
    where = dict(inst.numbers)
    out = set()
    for walls, parts in divisions(inst.rows, inst.cols):
        ok = True
        for p in parts:
            held = [where[c] for c in p if c in where]
            rows, cols = {r for r, _ in p}, {c for _, c in p}
            ok = ok and is_rect(p) and held == [len(rows) + len(cols)]
        if ok:
            out.add(walls)
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    return R.Instance(rows, cols, tuple(
        (c, draw(st.integers(2, rows + cols)))
        for c in Grid(rows, cols).cells if draw(st.integers(0, 2)) == 0))


test_modes_agree_with_brute_force = brute_force_harness(R.GENRE, tiny(), brute, examples=60)


# -- verify, from the rules ----------------------------------------------------------------
TWO = R.Instance(2, 3, (((0, 0), 3), ((1, 2), 3)))
GOOD = frozenset({((0, 1), (0, 2)), ((1, 0), (1, 1)), ((0, 1), (1, 1))})


@pytest.mark.parametrize("walls, words", [
    (frozenset({((0, 0), (0, 1)), ((1, 0), (1, 1))}) | {((0, 0), (1, 0))}, "holds 0 numbers"),
    (frozenset(), "holds 2 numbers"),
    (frozenset({((0, 0), (0, 1)), ((1, 0), (1, 1))}), "is 2 wide and 2 tall, its number says 3"),
    (GOOD, "is not a rectangle"),
])
def test_verify(walls, words):
    problems = R.verify(TWO, walls)
    assert any(words in p for p in problems), problems


def test_verify_accepts_the_solution():
    inst = R.Instance(1, 3, (((0, 0), 3), ((0, 2), 2)))
    assert R.verify(inst, frozenset({((0, 1), (0, 2))})) == []


# -- the dev slice ---------------------------------------------------------------------------
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(R.GENRE, datasets, "Rekuto") == (44, [])


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(R.verify, INSTANCES)


@settings(max_examples=40, deadline=None)
@given(tiny(), st.data())
def test_pzl_and_grid_text_round_trip(inst, data):
    walls = data.draw(st.sampled_from([w for w, _ in divisions(inst.rows, inst.cols)]))
    sol = walls if data.draw(st.booleans()) else None
    pzl_round_trips(R.FORMAT, inst, sol)
    assert R.FORMAT.from_grid_text(split(R.FORMAT.to_grid_text(inst))) == inst


def test_outputs_and_picture():
    from satlink.render import to_svg

    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    grid = R.solution_json(inst, sol)
    assert grid[0][0] == 1 and max(map(max, grid)) == len(inst.numbers)
    assert R.cells(inst, sol)["r1c1"] == 1
    board = R.picture(inst, sol)
    assert len(board.edges) == len(sol) and len(board.labels) == len(inst.numbers)
    assert R.picture(inst).edges == () and "<svg" in to_svg(board)


# -- bad input -----------------------------------------------------------------------------------
def pzl(rows):
    return (f"puzzle rekuto\nsize {len(rows[0].split())} x {len(rows)}\ngrid\n"
            + "".join(f"  {r}\n" for r in rows))


@pytest.mark.parametrize("text,line,col,words", [
    (pzl([". 3 .", ". q ."]), 5, 5, "`q`"),
    (pzl([". 3 .", ". 1 ."]), 5, 5, "below 2"),
    (pzl([". 3 .", ". 9 ."]), 5, 5, "not 2 to 5"),
    (pzl([". 3 ."]) + "solution\n  1 1 .\n", 6, 7, "`.`"),
])
def test_bad_pzl_has_position(text, line, col, words):
    got = error_at(text)
    assert got[:2] == (line, col) and words in got[2]


@pytest.mark.parametrize("text,line,col,words", [
    ("2 3\n3 - x\n- - 3\n", 2, 5, "`x`"),
    ("2 3\n3 - -\n- -\n", 3, 3, "row 2 has 2 cells"),
])
def test_bad_grid_text_has_position(text, line, col, words):
    got = error_at(text, "Rekuto")
    assert got[:2] == (line, col) and words in got[2]


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("1 3\n- 4 -\n")
    assert main(["check", "--format", "grid-text", "--type", "rekuto", str(good)]) == 0
    none = tmp_path / "n.txt"
    none.write_text("1 3\n- 3 -\n")
    assert main(["check", "--format", "grid-text", "--type", "Rekuto", str(none)]) == 3
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". 3 .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err
