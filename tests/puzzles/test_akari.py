"""Akari: brute force, selectors, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.contract import Options
from satlink.formula import Formula
from satlink.lang import parse_text
from satlink.puzzles import akari as A
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions, grid_pzl,
                                        unique_and_published)
from tests.rules.enumerate import solutions

INSTANCES = sorted((ROOT / "instances" / "akari").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """Every set of lamps on white cells that the rules accept, checked
    here directly (not with ``verify``)."""
    black = dict(inst.walls)
    white = [c for c in Grid(inst.rows, inst.cols).cells if c not in black]

    def line(cell):  # the cells a lamp lights, itself included
        out = {cell}
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            r, c = cell
            while True:
                r, c = r + dr, c + dc
                if not (0 <= r < inst.rows and 0 <= c < inst.cols) or (r, c) in black:
                    break
                out.add((r, c))
        return out

    out = set()
    for bits in itertools.product((0, 1), repeat=len(white)):
        lamps = {c for c, b in zip(white, bits) if b}
        lights = [line(c) for c in lamps]
        if any(len(lamps & lit) > 1 for lit in lights):
            continue
        if set().union(*lights) != set(white):
            continue
        if all(n == A.BLACK or sum((r + dr, c + dc) in lamps for dr, dc in
                                  ((0, 1), (0, -1), (1, 0), (-1, 0))) == n
               for (r, c), n in inst.walls):
            out.add(frozenset(lamps))
    return out



@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    walls = [(c, draw(st.sampled_from((A.BLACK, 0, 1, 2, 3, 4)))) for c in Grid(rows, cols).cells
             if draw(st.integers(0, 3)) == 0]
    return A.Instance(rows, cols, tuple(walls))


def sat_solutions(inst, options=Options(), clues=None) -> set[frozenset]:
    f = Formula()
    enc = A.encode(inst, f, options)
    name = {x: c for c, x in enc.lamp.items()}
    assume = enc.assumptions(clues) if clues is not None else ()
    got = solutions(f, list(name), enc.cuts, assumptions=assume)
    return {frozenset(name[x] for x in s) for s in got}


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    assert all(A.verify(inst, s) == [] for s in want)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny(), st.data())
def test_selectors_pose_any_subset_of_numbers(inst, data):
    kept = [n for n in A.clues(inst) if data.draw(st.booleans())]
    sub = A.with_clues(inst, kept)
    assert sat_solutions(inst, Options(clues="selectors"), clues=kept) == brute(sub)


test_modes_agree_with_brute_force = brute_force_harness(A.GENRE, tiny(9), brute,
                                                        examples=25, limit=600)


# -- verify, from the rules -------------------------------------------------------------------
ROOM = A.Instance(3, 3, (((1, 1), 2),))  # a 2 in the middle of a 3 x 3


@pytest.mark.parametrize("lamps, words", [
    ({(0, 1), (1, 0), (2, 2)}, None),
    ({(0, 1), (1, 0)}, "r3c3 is not lit"),
    ({(0, 0), (0, 2), (2, 1)}, "light each other"),
    ({(0, 0), (2, 2)}, "the 2 at r2c2 touches 0 lamps"),
    ({(1, 1), (0, 0), (2, 2)}, "not on a white cell"),
    ({(0, 1), (1, 0), (2, 2), (5, 5)}, "not on a white cell"),
])
def test_verify(lamps, words):
    problems = A.verify(ROOM, frozenset(lamps))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(A.GENRE, datasets, "Akari") == (194, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = A.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert A.FORMAT.from_document(doc) == inst
    assert A.FORMAT.expected_solution(doc) == sol
    assert A.FORMAT.to_pzl(A.FORMAT.from_document(doc), sol) == text


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert A.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    names = A.GENRE.cells(inst, sol)
    assert sum(names.values()) == len(sol)
    assert len(names) == inst.rows * inst.cols - len(inst.walls)
    text = A.GENRE.render_text(inst, sol)
    assert "●" in text and "█" in text
    assert A.clues(inst) == [(c, n) for c, n in inst.walls if n != A.BLACK]


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("akari", rows)


#: `.pzl` text, or grid text read as `--type Akari`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". x .", ". q ."]), 5, 5, "`q`", None),
    (pzl([". 5 .", ". . ."]), 4, 5, "above 4", None),
    (pzl([". x .", ". . . 1"]), 5, 9, "row 2 has 4 cells", None),
    (pzl([". 1 ."]) + "solution\n  o 1 z\n", 6, 7, "`z`", None),
    ("2 3\nx - 7\n- - -\n", 2, 5, "above 4", "Akari"),
    ("2 3\nx - w\n- - -\n", 2, 5, "`w`", "Akari"),
    ("2 3\nx - 1\n- -\n", 3, 3, "row 2 has 2 cells", "Akari"),
    ("3 3\nx - 1\n- - -\n", 3, 5, "the grid has 2 rows", "Akari"),
])


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("3 3\n- - -\n- 2 -\n- - -\n")  # four solutions
    assert main(["check", "--format", "grid-text", "--type", "lightup", str(good)]) != 0
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". x .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/lightup.js: the URL, and the board its
    accepted answer (the last failcheck) lights: `#` a lamp there."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?lightup/6/6/nekcakbl"
    genre, inst = puzzlink.decode(url)
    assert genre is A.GENRE
    assert inst.walls == (((1, 2), 4), ((2, 4), 2), ((3, 1), 0), ((4, 3), 1))
    assert puzzlink.encode(A.GENRE, inst) == "https://puzz.link/p?akari/6/6/nekcakbl"
    answer = ". . # . . . /. # 4 # . . /. . # . 2 # /+ 0 . . # . /# + . 1 . . /. . . # . . /"
    lamps = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
             for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(A.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == lamps


def test_puzzlink_black_cells_without_numbers():
    from satlink.formats import puzzlink

    inst = A.Instance(2, 3, (((0, 0), A.BLACK), ((1, 2), 3)))
    url = puzzlink.encode(A.GENRE, inst)
    assert puzzlink.decode(url)[1] == inst
