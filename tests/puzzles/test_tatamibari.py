"""Tatamibari: brute force, verify, the dev slice, files, errors, puzz.link."""
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
from satlink.puzzles import tatamibari as T
from satlink.rules.grid import Grid
from satlink.rules.region_shapes import rect_cells
from tests.helpers import EXTERNAL, ROOT, dimacs_roundtrip, load_pzl
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions, grid_pzl,
                                        instances_match_their_solution)
from tests.rules.enumerate import solutions
from tests.rules.test_regions import BOARDS, divisions, is_rect

INSTANCES = sorted((ROOT / "instances" / "tatamibari").glob("*.pzl"))


def shape(part) -> str:
    rows, cols = {r for r, _ in part}, {c for _, c in part}
    return "square" if len(rows) == len(cols) else "wide" if len(cols) > len(rows) else "tall"


def brute(inst) -> set:
    """Every division into rectangles, each holding one symbol of its form
    (`?` any), with no point where four regions meet."""
    where = dict(inst.symbols)
    out = set()
    for walls, parts in divisions(inst.rows, inst.cols):
        region = {c: i for i, p in enumerate(parts) for c in p}
        if any(len({region[(r + a, c + b)] for a in (0, 1) for b in (0, 1)}) == 4
               for r in range(inst.rows - 1) for c in range(inst.cols - 1)):
            continue
        if all(is_rect(p) and len([c for c in p if c in where]) == 1
               and where[next(c for c in p if c in where)] in (T.QUESTION, shape(p))
               for p in parts):
            out.add(walls)
    return out


def sat_solutions(inst, options=Options()) -> set:
    f = Formula()
    enc = T.encode(inst, f, options)
    rect = {x: r for r, x in enc.piece.items()}
    out = set()
    for chosen in solutions(f, list(rect), enc.cuts):
        label = {c: rect[x] for x in chosen for c in rect_cells(rect[x])}
        out.add(frozenset((a, b) for a, b in inst.grid.cell_edges() if label[a] != label[b]))
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    return T.Instance(rows, cols, tuple(
        (c, draw(st.sampled_from([T.SQUARE, T.WIDE, T.TALL, T.QUESTION])))
        for c in Grid(rows, cols).cells if draw(st.integers(0, 2)) == 0))


test_modes_agree_with_brute_force = brute_force_harness(T.GENRE, tiny(), brute, examples=40)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force_in_every_mode(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    assert set(engine.solve(T.GENRE, inst, limit=500).solutions) == want


# -- verify, from the rules ----------------------------------------------------------------
TWO = T.Instance(2, 3, (((0, 0), T.SQUARE), ((1, 2), T.TALL)))
GOOD = frozenset({((0, 1), (0, 2)), ((1, 1), (1, 2))})


@pytest.mark.parametrize("walls, words", [
    (GOOD, None),
    (GOOD | {((0, 0), (0, 1))}, "lies inside a region"),
    (frozenset({((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 1), (0, 2))}), "is not a rectangle"),
    (frozenset(), "holds 2 symbols"),
    (frozenset({((0, 0), (0, 1)), ((1, 0), (1, 1))}), "is tall, its symbol says square"),
])
def test_verify(walls, words):
    problems = T.verify(TWO, walls)
    assert (problems == []) if words is None else any(words in p for p in problems)


def test_verify_four_regions_at_a_point():
    inst = T.Instance(2, 2, tuple(((r, c), T.SQUARE) for r in range(2) for c in range(2)))
    problems = T.verify(inst, frozenset(Grid(2, 2).cell_edges()))
    assert problems == ["four regions meet at the top-left corner of r2c2"]


# -- the dev slice ---------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Tatamibari.json").read_text())["data"]
    assert len(data) == 30
    for name, entry in data.items():
        inst = T.FORMAT.from_grid_text(split(entry["problem"], name))
        published = T.FORMAT.solution_from_grid_text(split(entry["solution"]), inst)
        assert T.verify(inst, published) == [], name
        res = engine.solve(T.GENRE, inst)
        assert res.verdict == "unique", name
        assert res.solutions[0] == published, name


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(T.verify, INSTANCES)


def test_a_question_mark_takes_any_form():
    text = (ROOT / "instances" / "tatamibari" / "handmade.pzl").read_text()
    inst = load_pzl(text.replace(". s . .", ". ? . .")).instance
    assert len(engine.solve(T.GENRE, inst, limit=10).solutions) == 2


@pytest.mark.parametrize("solver", EXTERNAL)
def test_dimacs_external(solver, tmp_path):
    item = satlink.load(INSTANCES[0])[0]
    decoded = dimacs_roundtrip(item, solver, tmp_path)
    assert decoded.status == "sat" and not decoded.problems
    assert decoded.solution == item.expected


@settings(max_examples=40, deadline=None)
@given(tiny(), st.data())
def test_pzl_and_grid_text_round_trip(inst, data):
    walls = data.draw(st.sampled_from([w for w, _ in divisions(inst.rows, inst.cols)]))
    sol = walls if data.draw(st.booleans()) else None
    text = T.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert T.FORMAT.from_document(doc) == inst
    assert T.FORMAT.expected_solution(doc) == sol
    assert T.FORMAT.to_pzl(T.FORMAT.from_document(doc), sol) == text
    assert T.FORMAT.from_grid_text(split(T.FORMAT.to_grid_text(inst))) == inst


def test_outputs_and_picture():
    from satlink.render import to_svg

    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    grid = T.solution_json(inst, sol)
    assert grid[0][0] == 1 and max(map(max, grid)) == len(inst.symbols)
    assert T.cells(inst, sol)["r1c1"] == 1
    board = T.picture(inst, sol)
    assert len(board.edges) == len(sol) and {lab.text for lab in board.labels} <= set("+-|?")
    assert T.picture(inst).edges == () and "<svg" in to_svg(board)


# -- bad input -----------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("tatamibari", rows)


test_bad_pzl_has_position = errors_have_positions([
    (pzl([". s .", ". q ."]), 5, 5, "`q`"),
    (pzl([". s .", ". 2 ."]), 5, 5, "`2`"),
    (pzl([". s ."]) + "solution\n  1 1 .\n", 6, 7, "`.`"),
])


test_bad_grid_text_has_position = errors_have_positions([
    ("2 3\ns - x\n- - -\n", 2, 5, "`x`"),
    ("2 3\ns - -\n- -\n", 3, 3, "row 2 has 2 cells"),
], "Tatamibari")


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("1 3\n- h -\n")
    assert main(["check", "--format", "grid-text", "--type", "tatamibari", str(good)]) == 0
    none = tmp_path / "n.txt"
    none.write_text("1 3\n- v -\n")
    assert main(["check", "--format", "grid-text", "--type", "Tatamibari", str(none)]) == 3
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". s .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


def test_puzzlink_pzprjs_vector_solves_and_round_trips():
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?tatamibari/5/5/m3g11i2g31h13g3g"  # robx/pzprjs test/script
    mod, inst = puzzlink.decode(url)
    assert mod is T.GENRE and puzzlink.encode(T.GENRE, inst) == url
    assert ((1, 2), T.SQUARE) in inst.symbols and ((2, 0), T.TALL) in inst.symbols
    assert ((2, 4), T.WIDE) in inst.symbols
    assert engine.solve(T.GENRE, inst).solutions == [satlink.load(
        ROOT / "instances" / "tatamibari" / "pzprjs.pzl")[0].expected]
    for path in INSTANCES:
        item = satlink.load(path)[0]
        assert puzzlink.decode(puzzlink.encode(T.GENRE, item.instance))[1] == item.instance
    with pytest.raises(InputError):  # a symbol 4
        puzzlink.decode("https://puzz.link/p?tatamibari/2/1/4g")
