"""Juosan: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import juosan as J
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        instances_match_their_solution)
from tests.rules.test_regions import divisions

INSTANCES = sorted((ROOT / "instances" / "juosan").glob("*.pzl"))
BOARDS = [(1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (1, 5)]


def brute(inst) -> set:
    cells = inst.grid.cells
    return {frozenset(c for c, up in zip(cells, bits) if up)
            for bits in itertools.product((False, True), repeat=len(cells))
            if not J.verify(inst, frozenset(c for c, up in zip(cells, bits) if up))}


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    _, parts = draw(st.sampled_from(divisions(rows, cols)))
    regions = [[0] * cols for _ in range(rows)]
    for k, part in enumerate(parts):
        for r, c in part:
            regions[r][c] = k
    numbers = []
    for part in parts:
        if draw(st.booleans()):
            numbers.append((draw(st.sampled_from(sorted(part))), draw(st.integers(0, len(part)))))
    return J.Instance(rows, cols, tuple(map(tuple, regions)), tuple(numbers))


test_modes_agree_with_brute_force = brute_force_harness(J.GENRE, tiny(), brute, examples=40)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force(inst):
    assert set(engine.solve(J.GENRE, inst, limit=600).solutions) == brute(inst)


# -- verify, from the rules ----------------------------------------------------------------
ROW = J.Instance(2, 3, ((0, 0, 1), (0, 0, 1)), (((0, 0), 1), ((0, 2), 2)))


@pytest.mark.parametrize("vertical, words", [
    (frozenset({(0, 0), (0, 2), (1, 2)}), None),
    (frozenset({(0, 0), (0, 1), (0, 2), (1, 2)}), "three vertical lines side by side from r1c1"),
    (frozenset({(0, 2), (1, 2)}), "the region of r1c1 has 0 vertical and 4 horizontal lines"),
])
def test_verify(vertical, words):
    problems = J.verify(ROW, vertical)
    assert (problems == []) if words is None else any(words in p for p in problems)


def test_verify_stacked_horizontals():
    inst = J.Instance(3, 1, ((0,), (0,), (0,)))
    assert J.verify(inst, frozenset()) == ["three horizontal lines stacked from r1c1"]


# -- the dev slice ---------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Juosan.json").read_text())["data"]
    assert len(data) == 16
    for name, entry in data.items():
        inst = J.FORMAT.from_grid_text(split(entry["problem"], name))
        published = J.FORMAT.solution_from_grid_text(split(entry["solution"]), inst)
        assert J.verify(inst, published) == [], name
        res = engine.solve(J.GENRE, inst)
        assert res.verdict == "unique", name
        assert res.solutions[0] == published, name


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(J.verify, INSTANCES)


@settings(max_examples=40, deadline=None)
@given(tiny(), st.data())
def test_pzl_and_grid_text_round_trip(inst, data):
    sol = data.draw(st.sampled_from([None, frozenset(), frozenset(inst.grid.cells[:1])]))
    text = J.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert J.FORMAT.from_document(doc) == inst
    assert J.FORMAT.expected_solution(doc) == sol
    assert J.FORMAT.to_pzl(J.FORMAT.from_document(doc), sol) == text
    assert J.FORMAT.from_grid_text(split(J.FORMAT.to_grid_text(inst))) == inst


def test_outputs_and_picture():
    from satlink.render import to_svg

    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    rows = J.solution_json(inst, sol)
    assert len(rows) == inst.rows and set("".join(rows)) <= set("vh")
    assert J.cells(inst, sol)["r1c2"] == "v"
    board = J.picture(inst, sol)
    assert len(board.labels) == inst.rows * inst.cols and "<svg" in to_svg(board)
    assert len(J.picture(inst).labels) == len(inst.numbers)


# -- bad input -----------------------------------------------------------------------------------
def pzl(rows, regions):
    return (f"puzzle juosan\nsize {len(rows[0].split())} x {len(rows)}\ngrid\n"
            + "".join(f"  {r}\n" for r in rows) + "regions\n"
            + "".join(f"  {r}\n" for r in regions))


test_bad_pzl_has_position = errors_have_positions([
    (pzl(["1 . q"], ["a a b"]), 4, 7, "`q`"),
    (pzl(["3 . ."], ["a a b"]), 4, 3, "number 3 at r1c1 is more than the 2 cells"),
    (pzl(["1 1 ."], ["a a b"]), 4, 5, "second number"),
    (pzl([". . ."], ["a b a"]), 6, 7, "region `a` is not connected"),
])


def test_bad_grid_text_has_position():
    with pytest.raises(InputError) as exc:
        satlink.load_text("1 3\n1 - x\n1 1 2\n", "bad.txt", fmt="grid-text", puzzle_type="Juosan")
    assert "`x`" in str(exc.value) and (exc.value.pos.line, exc.value.pos.column) == (2, 5)


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("1 3\n3 - -\n1 1 1\n")
    assert main(["check", "--format", "grid-text", "--type", "juosan", str(good)]) == 0
    none = tmp_path / "n.txt"
    none.write_text("3 3\n0 - -\n- - -\n- - -\n1 1 1\n1 1 1\n1 1 1\n")
    assert main(["check", "--format", "grid-text", "--type", "Juosan", str(none)]) == 3
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl(["1 . q"], ["a a b"]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:4:7" in err and "Traceback" not in err


def test_puzzlink_pzprjs_vector_solves_and_round_trips():
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?juosan/5/5/8mdnvues132g213g22g"  # robx/pzprjs test/script
    mod, inst = puzzlink.decode(url)
    assert mod is J.GENRE and puzzlink.encode(J.GENRE, inst) == url
    assert ((0, 2), 3) in inst.numbers and len(inst.region_cells) == 11
    assert engine.solve(J.GENRE, inst).solutions == [satlink.load(INSTANCES[0])[0].expected]
    with pytest.raises(InputError):
        puzzlink.decode("https://puzz.link/p?juosan/5/5/8mdnvues132g213g22")
