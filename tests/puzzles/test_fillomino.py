"""Fillomino: brute force in every mode, verify, the dev slice, files, errors."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.formula import Formula
from satlink.lang import parse_text
from satlink.puzzles import fillomino as F
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        instances_match_their_solution)
from tests.rules.enumerate import solutions
from tests.rules.test_regions import BOARDS, fillomino_divisions

INSTANCES = sorted((ROOT / "instances" / "fillomino").glob("*.pzl"))


def as_grid(inst, size) -> F.Sizes:
    return tuple(tuple(size[(r, c)] for c in range(inst.cols)) for r in range(inst.rows))


def brute(inst) -> set:
    """The size grids of every division of the board in which no two
    regions of one size touch and every number is its region's size
    (tests/rules/test_regions.py lists the divisions with networkx)."""
    return {as_grid(inst, size) for _, size in fillomino_divisions(inst.rows, inst.cols)
            if all(size[c] == n for c, n in inst.numbers)}


def sat_solutions(inst, options=Options(), clues=None) -> set:
    """The solutions the encoding admits (solve, cut, block over the walls)."""
    f = Formula()
    enc = F.encode(inst, f, options)
    assume = enc.assumptions(clues) if clues is not None else ()
    got = solutions(f, list(enc.regions.wall.values()), enc.cuts, assumptions=assume)
    wall_of = {x: e for e, x in enc.regions.wall.items()}
    out = set()
    for walls in got:
        regions = inst.grid.regions(wall_of[x] for x in walls)
        out.add(as_grid(inst, {c: len(r) for r in regions for c in r}))
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    cells = Grid(rows, cols).cells
    numbers = [(c, draw(st.integers(1, 5))) for c in cells if draw(st.integers(0, 3)) == 0]
    return F.Instance(rows, cols, tuple((c, min(n, rows * cols)) for c, n in numbers))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force_in_every_mode(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    assert sat_solutions(inst, Options(settings={"cap": 3})) == want


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny(), st.data())
def test_selectors_pose_any_subset_of_numbers(inst, data):
    kept = [n for n in inst.numbers if data.draw(st.booleans())]
    sub = F.Instance(inst.rows, inst.cols, tuple(kept))
    assert sat_solutions(inst, Options(clues="selectors"), clues=kept) == brute(sub)


test_modes_agree_with_brute_force = brute_force_harness(F.GENRE, tiny(), brute,
                                                        examples=20, limit=2000)


def test_an_empty_3x3_has_445_solutions():
    """Every division of the 3 x 3 where no two regions of one size touch."""
    assert len(sat_solutions(F.Instance(3, 3, ()))) == 445


# -- verify, from the rules ----------------------------------------------------------------
SMALL = F.Instance(2, 3, (((0, 0), 3),))


@pytest.mark.parametrize("sol, words", [
    (((3, 3, 3), (2, 2, 1)), None),
    (((3, 3, 1), (3, 2, 2)), None),
    (((3, 3, 3), (3, 2, 1)), "has 4 cells, its number is 3"),   # 3s touch: one region
    (((1, 3, 3), (3, 2, 2)), "the number at r1c1 is 3"),
    (((3, 3, 3), (1, 1, 1)), "has 3 cells, its number is 1"),
    (((3, 3, 3), (2, 1, 2)), "has 1 cells, its number is 2"),
    (((3, 3), (2, 2)), "not 3 x 2"),
])
def test_verify(sol, words):
    problems = F.verify(SMALL, sol)
    assert (problems == []) if words is None else any(words in p for p in problems)


# -- the dev slice ---------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    """Every board of puzzlekit-dev/Fillomino.json: unique, the published
    sizes (29_10x10's solution has a line `unit 30` after its grid, which
    the reader skips as it skips lines after any grid)."""
    data = json.loads((datasets / "puzzlekit-dev" / "Fillomino.json").read_text())["data"]
    assert len(data) == 168
    for name, entry in data.items():
        inst = F.FORMAT.from_grid_text(split(entry["problem"], name))
        res = engine.solve(F.GENRE, inst)
        assert res.verdict == "unique", name
        assert res.solutions[0] == F.FORMAT.solution_from_grid_text(split(entry["solution"]), inst), name


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(F.verify, INSTANCES)


@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(F.Instance(inst.rows, inst.cols, ())))
    sol = sols[len(sols) // 2] if with_solution else None
    text = F.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert F.FORMAT.from_document(doc) == inst
    assert F.FORMAT.expected_solution(doc) == sol
    assert F.FORMAT.to_pzl(F.FORMAT.from_document(doc), sol) == text


def test_outputs_and_picture():
    from satlink.render import to_svg

    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert F.GENRE.solution_json(inst, sol) == [list(row) for row in sol]
    assert F.GENRE.cells(inst, sol)["r1c2"] == sol[0][1]
    board = F.picture(inst, sol)
    assert len(board.labels) == inst.rows * inst.cols
    assert sum(not label.given for label in board.labels) == inst.rows * inst.cols - len(
        inst.numbers)
    # a border between every two adjacent cells of different sizes, none elsewhere
    differ = sum(sol[a[0]][a[1]] != sol[b[0]][b[1]] for a, b in inst.grid.cell_edges())
    assert len(board.edges) == differ and all(e.kind == "border" for e in board.edges)
    assert F.picture(inst).edges == ()
    assert "<svg" in to_svg(board)


# -- bad input -----------------------------------------------------------------------------------
def pzl(rows, size=None):
    size = size or f"{len(rows[0].split())} x {len(rows)}"
    return "puzzle fillomino\nsize " + size + "\ngrid\n" + "".join(f"  {r}\n" for r in rows)


test_bad_pzl_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."]), 5, 5, "`q`"),
    (pzl([". 2 .", ". 0 ."]), 5, 5, "number 0 at row 2, column 2 is below 1"),
    (pzl([". 2 .", ". 7 ."]), 5, 5, "size 7 at r2c2 is not 1 to 6"),
    (pzl([". 2 .", ". . . 1"]), 5, 9, "row 2 has 4 cells"),
    (pzl([". 2 ."]) + "solution\n  1 2 .\n", 6, 7, "no size at r1c3"),
    (pzl([". 2 ."]) + "solution\n  1 2 x\n", 6, 7, "`x`"),
])


test_bad_grid_text_has_position = errors_have_positions([
    ("2 3\n1 - x\n- - -\n", 2, 5, "`x`"),
    ("2 3\n1 - 9\n- - -\n", 2, 5, "size 9 at r1c3"),
    ("2 3\n1 - 2\n- -\n", 3, 3, "row 2 has 2 cells"),
], "Fillomino")


def test_numbers_off_the_board_are_input_errors():
    with pytest.raises(InputError, match="off the 3 x 2 board"):
        F.Instance(2, 3, (((2, 0), 1),))
    with pytest.raises(InputError, match="two numbers"):
        F.Instance(2, 3, (((0, 0), 1), ((0, 0), 2)))


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("2 3\n3 - -\n- 2 1\n")
    assert main(["check", "--format", "grid-text", "--type", "fillomino", str(good)]) == 0
    assert main(["solve", str(INSTANCES[0])]) == 0
    several = tmp_path / "s.txt"
    several.write_text("2 3\n3 - -\n- - -\n")
    assert main(["check", "--format", "grid-text", "--type", "Fillomino", str(several)]) == 1
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". 2 .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


def test_puzzlink_pzprjs_vector_solves_and_round_trips():
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h"  # robx/pzprjs test/script
    mod, inst = puzzlink.decode(url)
    assert mod is F.GENRE and puzzlink.encode(F.GENRE, inst) == url
    assert ((0, 2), 4) in inst.numbers and ((5, 3), 3) in inst.numbers
    assert engine.solve(F.GENRE, inst).verdict == "unique"
    with pytest.raises(InputError):  # a number 0
        puzzlink.decode("https://puzz.link/p?fillomino/2/1/10")
    with pytest.raises(InputError):  # given borders after the numbers: not read
        puzzlink.decode("https://puzz.link/p?fillomino/2/1/11g")
