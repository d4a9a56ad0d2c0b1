"""Nawabari: brute force, verify, the dev slice, files, errors, puzz.link."""
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
from satlink.puzzles import nawabari as N
from satlink.rules.grid import Grid
from satlink.rules.region_shapes import rect_cells
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions, grid_pzl,
                                        instances_match_their_solution)
from tests.rules.enumerate import solutions
from tests.rules.test_regions import BOARDS, divisions, is_rect

INSTANCES = sorted((ROOT / "instances" / "nawabari").glob("*.pzl"))


def brute(inst) -> set:
    """Every division into rectangles, each holding one number, its cell
    having that many sides on a border or the outline (`?` any)."""
    where = dict(inst.numbers)
    out = set()
    for walls, parts in divisions(inst.rows, inst.cols):
        region = {c: i for i, p in enumerate(parts) for c in p}
        if not all(is_rect(p) and len([c for c in p if c in where]) == 1 for p in parts):
            continue
        if all(n == N.QUESTION or n == sum(region.get((r + a, c + b)) != region[(r, c)]
                                           for a, b in ((0, 1), (1, 0), (0, -1), (-1, 0)))
               for (r, c), n in inst.numbers):
            out.add(walls)
    return out


def sat_solutions(inst, options=Options()) -> set:
    f = Formula()
    enc = N.encode(inst, f, options)
    rect = {x: r for r, x in enc.piece.items()}
    out = set()
    for chosen in solutions(f, list(rect), enc.cuts):
        label = {c: rect[x] for x in chosen for c in rect_cells(rect[x])}
        out.add(frozenset((a, b) for a, b in inst.grid.cell_edges() if label[a] != label[b]))
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    return N.Instance(rows, cols, tuple(
        (c, draw(st.sampled_from([0, 1, 2, 2, 3, 3, 4, N.QUESTION])))
        for c in Grid(rows, cols).cells if draw(st.integers(0, 2)) == 0))


test_modes_agree_with_brute_force = brute_force_harness(N.GENRE, tiny(), brute, examples=40)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force_in_every_mode(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    assert set(engine.solve(N.GENRE, inst, limit=500).solutions) == want


# -- verify, from the rules ----------------------------------------------------------------
TWO = N.Instance(2, 3, (((0, 0), 2), ((1, 2), 3)))
GOOD = frozenset({((0, 1), (0, 2)), ((1, 1), (1, 2))})  # a 2 x 2 and a 1 x 2


@pytest.mark.parametrize("walls, words", [
    (GOOD, None),
    (GOOD | {((0, 0), (0, 1))}, "lies inside a region"),
    (frozenset({((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 1), (0, 2))}), "is not a rectangle"),
    (frozenset(), "holds 2 numbers"),
    (frozenset({((0, 0), (0, 1)), ((1, 0), (1, 1))}), "the number 2 at r1c1 has 3 border sides"),
])
def test_verify(walls, words):
    problems = N.verify(TWO, walls)
    assert (problems == []) if words is None else any(words in p for p in problems)


# -- the dev slice ---------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Nawabari.json").read_text())["data"]
    assert len(data) == 32
    for name, entry in data.items():
        inst = N.FORMAT.from_grid_text(split(entry["problem"], name))
        published = N.FORMAT.solution_from_grid_text(split(entry["solution"]), inst)
        assert N.verify(inst, published) == [], name
        res = engine.solve(N.GENRE, inst)
        assert res.verdict == "unique", name
        assert res.solutions[0] == published, name


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(N.verify, INSTANCES)


def test_a_question_mark_takes_any_count():
    inst = N.Instance(1, 3, (((0, 1), N.QUESTION),))
    assert N.verify(inst, frozenset()) == []
    assert engine.solve(N.GENRE, inst).verdict == "unique"


@settings(max_examples=40, deadline=None)
@given(tiny(), st.data())
def test_pzl_and_grid_text_round_trip(inst, data):
    walls = data.draw(st.sampled_from([w for w, _ in divisions(inst.rows, inst.cols)]))
    sol = walls if data.draw(st.booleans()) else None
    text = N.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert N.FORMAT.from_document(doc) == inst
    assert N.FORMAT.expected_solution(doc) == sol
    assert N.FORMAT.to_pzl(N.FORMAT.from_document(doc), sol) == text
    assert N.FORMAT.from_grid_text(split(N.FORMAT.to_grid_text(inst))) == inst


def test_outputs_and_picture():
    from satlink.render import to_svg

    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    grid = N.solution_json(inst, sol)
    assert grid[0][0] == 1 and max(map(max, grid)) == len(inst.numbers)
    assert N.cells(inst, sol)["r1c1"] == 1
    board = N.picture(inst, sol)
    assert len(board.edges) == len(sol) and len(board.labels) == len(inst.numbers)
    assert N.picture(inst).edges == () and "<svg" in to_svg(board)


# -- bad input -----------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("nawabari", rows)


test_bad_pzl_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."]), 5, 5, "`q`"),
    (pzl([". 2 .", ". 5 ."]), 5, 5, "number 5 at row 2, column 2 is above 4"),
    (pzl([". 2 ."]) + "solution\n  1 1 .\n", 6, 7, "`.`"),
])


test_bad_grid_text_has_position = errors_have_positions([
    ("2 3\n2 - x\n- - -\n", 2, 5, "`x`"),
    ("2 3\n2 - -\n- -\n", 3, 3, "row 2 has 2 cells"),
], "Nawabari")


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("1 3\n- 2 -\n")
    assert main(["check", "--format", "grid-text", "--type", "nawabari", str(good)]) == 0
    none = tmp_path / "n.txt"
    none.write_text("1 3\n- 4 -\n")
    assert main(["check", "--format", "grid-text", "--type", "Nawabari", str(none)]) == 3
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". 2 .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


def test_puzzlink_pzprjs_vector_solves_and_round_trips():
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?nawabari/5/5/f0b1f2a1f"  # robx/pzprjs test/script
    mod, inst = puzzlink.decode(url)
    assert mod is N.GENRE and puzzlink.encode(N.GENRE, inst) == url
    assert inst.numbers == (((1, 1), 0), ((1, 4), 1), ((3, 1), 2), ((3, 3), 1))
    assert engine.solve(N.GENRE, inst).solutions == [satlink.load(
        ROOT / "instances" / "nawabari" / "pzprjs.pzl")[0].expected]
    q = N.Instance(2, 2, (((0, 0), N.QUESTION), ((1, 1), 4)))
    assert puzzlink.decode(puzzlink.encode(N.GENRE, q))[1] == q
    for bad in ("5/5/f0b1f2a1z", "2/1/5", "2/1/7a"):  # too long, a 5, a cell off the board
        with pytest.raises(InputError):
            puzzlink.decode("https://puzz.link/p?nawabari/" + bad)
