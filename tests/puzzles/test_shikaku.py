"""Shikaku: brute force, verify, the dev slice, files, errors."""
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
from satlink.puzzles import shikaku as S
from satlink.rules.grid import Grid
from satlink.rules.region_shapes import rect_cells
from tests.helpers import ROOT, load_pzl
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        instances_match_their_solution)
from tests.rules.enumerate import solutions
from tests.rules.test_regions import BOARDS, divisions, is_rect

INSTANCES = sorted((ROOT / "instances" / "shikaku").glob("*.pzl"))
#: The one record of the dev slice with several solutions under janko's
#: rules (see test_dev_slice_unique_and_published).
AMBIGUOUS = {"128_20x20": 3}


def brute(inst) -> set:
    """The walls of every division into rectangles that each hold exactly
    one number, equal to its area (`?`: any area)."""
    where = dict(inst.numbers)
    out = set()
    for walls, parts in divisions(inst.rows, inst.cols):
        ok = True
        for part in parts:
            held = [p for p in part if p in where]
            if not is_rect(part) or len(held) != 1 or where[held[0]] not in (S.QUESTION, len(part)):
                ok = False
                break
        if ok:
            out.add(walls)
    return out


def sat_solutions(inst, options=Options()) -> set:
    """The walls between the rectangles of each model (solve, block over
    the rectangles chosen)."""
    f = Formula()
    enc = S.encode(inst, f, options)
    rect = {x: r for r, x in enc.piece.items()}
    out = set()
    for chosen in solutions(f, list(rect), enc.cuts):
        label = {c: rect[x] for x in chosen for c in rect_cells(rect[x])}
        out.add(frozenset((a, b) for a, b in inst.grid.cell_edges() if label[a] != label[b]))
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    numbers = [(c, draw(st.sampled_from([1, 2, 2, 3, 4, 6, S.QUESTION])))
               for c in Grid(rows, cols).cells if draw(st.integers(0, 2)) == 0]
    return S.Instance(rows, cols, tuple(
        (c, n if n == S.QUESTION else min(n, rows * cols)) for c, n in numbers))


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, tiny(), brute, examples=40)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force_in_every_mode(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    res = engine.solve(S.GENRE, inst, limit=500)
    assert set(res.solutions) == want


@st.composite
def divided(draw):
    """A 6 x 6 board cut into rectangles (guillotine cuts), each with its
    area at a cell of it, some shown as `?`: the division is a solution."""
    rects, todo = [], [(0, 0, 5, 5)]
    while todo:
        top, left, bottom, right = todo.pop()
        cut = draw(st.integers(0, 2)) if (bottom - top) + (right - left) else 0
        if cut == 1 and bottom > top:
            y = draw(st.integers(top, bottom - 1))
            todo += [(top, left, y, right), (y + 1, left, bottom, right)]
        elif cut == 2 and right > left:
            x = draw(st.integers(left, right - 1))
            todo += [(top, left, bottom, x), (top, x + 1, bottom, right)]
        else:
            rects.append((top, left, bottom, right))
    numbers = [(draw(st.sampled_from(rect_cells(r))),
                draw(st.sampled_from([len(rect_cells(r)), S.QUESTION]))) for r in rects]
    return S.Instance(6, 6, tuple(numbers)), rects


@settings(max_examples=60, deadline=None)
@given(divided())
def test_narrowed_keeps_every_rectangle_of_a_solution(case):
    inst, rects = case
    assert set(rects) <= set(S.candidates(inst))


# -- verify, from the rules ----------------------------------------------------------------
TWO = S.Instance(2, 3, (((0, 0), 4), ((1, 2), 2)))
GOOD = frozenset({((0, 1), (0, 2)), ((1, 1), (1, 2))})  # a 2 x 2 and a 2 x 1


@pytest.mark.parametrize("walls, words", [
    (GOOD, None),
    (GOOD | {((0, 0), (0, 1))}, "lies inside a region"),
    (frozenset({((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 1), (0, 2))}), "is not a rectangle"),
    (frozenset(), "holds 2 numbers"),
    (frozenset(Grid(2, 3).cell_edges()), "holds 0 numbers"),
    (frozenset({((0, 0), (0, 1)), ((1, 0), (1, 1))}), "has 4 cells, its number is 2"),
])
def test_verify(walls, words):
    problems = S.verify(TWO, walls)
    assert (problems == []) if words is None else any(words in p for p in problems)


def test_a_hidden_number_takes_any_area():
    inst = S.Instance(1, 3, (((0, 0), S.QUESTION),))
    assert S.verify(inst, frozenset()) == []
    assert engine.solve(S.GENRE, inst).verdict == "unique"


# -- the dev slice ---------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    """Every board of puzzlekit-dev/Shikaku.json is unique and its published
    solution, but 128_20x20: its 2s at r5c19 and r6c20 share a 2 x 2 block
    that the rest leaves to them, and two dominoes fill it either way (and
    a third solution differs elsewhere), so janko's rules give it 3
    solutions, the published one among them."""
    data = json.loads((datasets / "puzzlekit-dev" / "Shikaku.json").read_text())["data"]
    assert len(data) == 101
    for name, entry in data.items():
        inst = S.FORMAT.from_grid_text(split(entry["problem"], name))
        published = S.FORMAT.solution_from_grid_text(split(entry["solution"]), inst)
        assert S.verify(inst, published) == [], name
        if name in AMBIGUOUS:
            res = engine.solve(S.GENRE, inst, limit=100)
            assert len(res.solutions) == AMBIGUOUS[name] and published in res.solutions
            continue
        res = engine.solve(S.GENRE, inst)
        assert res.verdict == "unique", name
        assert res.solutions[0] == published, name


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(S.verify, INSTANCES)


@settings(max_examples=40, deadline=None)
@given(tiny(), st.data())
def test_pzl_round_trip(inst, data):
    """Any division (a solution or not) prints as region numbers and reads back."""
    walls = data.draw(st.sampled_from([w for w, _ in divisions(inst.rows, inst.cols)]))
    sol = walls if data.draw(st.booleans()) else None
    text = S.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert S.FORMAT.from_document(doc) == inst
    assert S.FORMAT.expected_solution(doc) == sol
    assert S.FORMAT.to_pzl(S.FORMAT.from_document(doc), sol) == text


def test_region_numbers_in_any_order_read_as_one_division():
    text = ("puzzle shikaku\nsize 3 x 2\ngrid\n  4 . .\n  . . 2\n"
            "solution\n  7 7 0\n  7 7 0\n")
    item = load_pzl(text)
    assert item.expected == GOOD
    assert "  1 1 2\n  1 1 2\n" in S.FORMAT.to_pzl(item.instance, item.expected)


def test_outputs_and_picture():
    from satlink.render import to_svg

    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    grid = S.solution_json(inst, sol)
    assert grid[0][0] == 1 and max(map(max, grid)) == len(inst.numbers)
    assert S.cells(inst, sol)["r1c1"] == 1
    board = S.picture(inst, sol)
    assert len(board.edges) == len(sol) and all(e.kind == "border" for e in board.edges)
    assert len(board.labels) == len(inst.numbers) and S.picture(inst).edges == ()
    assert "<svg" in to_svg(board)


# -- bad input -----------------------------------------------------------------------------------
def pzl(rows, size=None):
    size = size or f"{len(rows[0].split())} x {len(rows)}"
    return "puzzle shikaku\nsize " + size + "\ngrid\n" + "".join(f"  {r}\n" for r in rows)


test_bad_pzl_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."]), 5, 5, "`q`"),
    (pzl([". 2 .", ". 0 ."]), 5, 5, "number 0 at row 2, column 2 is below 1"),
    (pzl([". 2 .", ". 7 ."]), 5, 5, "area 7 at r2c2 is not 1 to 6"),
    (pzl([". 2 ."]) + "solution\n  1 1 .\n", 6, 7, "`.`"),
])


test_bad_grid_text_has_position = errors_have_positions([
    ("2 3\n1 - x\n- - -\n", 2, 5, "`x`"),
    ("2 3\n1 - 9\n- - -\n", 2, 5, "area 9 at r1c3"),
    ("2 3\n1 - 2\n- -\n", 3, 3, "row 2 has 2 cells"),
], "Shikaku")


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("2 3\n4 - -\n- - 2\n")
    assert main(["check", "--format", "grid-text", "--type", "shikaku", str(good)]) == 0
    none = tmp_path / "n.txt"
    none.write_text("2 3\n4 - -\n- - 3\n")
    assert main(["check", "--format", "grid-text", "--type", "Shikaku", str(none)]) == 3
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". 2 .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


def test_puzzlink_pzprjs_vector_solves_and_round_trips():
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"  # robx/pzprjs test/script
    mod, inst = puzzlink.decode(url)
    assert mod is S.GENRE and puzzlink.encode(S.GENRE, inst) == url
    assert ((0, 4), 3) in inst.numbers and ((5, 1), 5) in inst.numbers
    assert engine.solve(S.GENRE, inst).verdict == "unique"
    for path in INSTANCES:
        item = satlink.load(path)[0]
        assert puzzlink.decode(puzzlink.encode(S.GENRE, item.instance))[1] == item.instance
    with pytest.raises(InputError):  # an area 0
        puzzlink.decode("https://puzz.link/p?shikaku/2/1/10")
