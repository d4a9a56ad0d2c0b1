"""Burokku: brute force, verify, the dev slice, files, given borders, errors."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import burokku as B
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions, grid_pzl,
                                        instances_match_their_solution)
from tests.rules.test_regions import BOARDS, divisions

INSTANCES = sorted((ROOT / "instances" / "burokku").glob("*.pzl"))


def brute(inst) -> set:
    """Every division into connected regions of ``inst.region`` cells, none
    holding a symbol twice, with a wall on every given border and none
    between two side-by-side symbols adding up to ``join`` (A = 1)."""
    symbol = dict(inst.symbols)
    value = {c: "_ABC".index(s) for c, s in inst.symbols}
    joined = {(a, b) for a, b in Grid(inst.rows, inst.cols).cell_edges()
              if inst.join is not None and a in value and b in value
              and value[a] + value[b] == inst.join}
    out = set()
    for walls, parts in divisions(inst.rows, inst.cols):
        if not set(inst.borders) <= walls or any(len(p) != inst.region for p in parts):
            continue
        if joined & walls:
            continue
        if all(len(held) == len(set(held))
               for held in ([symbol[c] for c in p if c in symbol] for p in parts)):
            out.add(walls)
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    g = Grid(rows, cols)
    size = draw(st.sampled_from([k for k in range(1, rows * cols + 1) if (rows * cols) % k == 0]
                                + [2] * (rows * cols > 1)))  # 2 may leave a cell over
    symbols = tuple((c, draw(st.sampled_from("AABC"))) for c in g.cells
                    if draw(st.integers(0, 2)) == 0)
    borders = tuple(e for e in g.cell_edges() if draw(st.integers(0, 5)) == 0)
    join = draw(st.sampled_from([None, None, 3, 4]))
    return B.Instance(rows, cols, symbols, size, borders, join)


test_modes_agree_with_brute_force = brute_force_harness(B.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules ----------------------------------------------------------------
TWO = B.Instance(2, 2, (((0, 0), "A"), ((0, 1), "A")), 2, (((1, 0), (1, 1)),))
GOOD = frozenset({((0, 0), (0, 1)), ((1, 0), (1, 1))})  # two columns


@pytest.mark.parametrize("walls, words", [
    (GOOD, None),
    (frozenset({((0, 0), (1, 0)), ((0, 1), (1, 1))}), "holds A 2 times"),
    (frozenset({((0, 1), (1, 1)), ((1, 0), (1, 1))}), "has 3 cells, not 2"),
    (GOOD | {((0, 0), (1, 0))}, "has 1 cells, not 2"),
    (frozenset({((0, 0), (0, 1))}), "lies inside a region"),
])
def test_verify(walls, words):
    problems = B.verify(TWO, walls)
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_a_join_pair_shares_a_region():
    """janko's second variant: A (1) beside C (3) add up to 4, one region."""
    inst = B.Instance(2, 2, (((0, 0), "A"), ((0, 1), "C")), 2, (), 4)
    assert inst.joined() == [((0, 0), (0, 1))]
    columns = frozenset({((0, 0), (0, 1)), ((1, 0), (1, 1))})
    assert any("r1c1 and r1c2 add up to 4 but lie in different regions" in p
               for p in B.verify(inst, columns))
    rows = frozenset({((0, 0), (1, 0)), ((0, 1), (1, 1))})
    assert B.verify(inst, rows) == []
    assert engine.solve(B.GENRE, inst).solutions == [rows]
    assert len(engine.solve(B.GENRE, replace(inst, join=None)).solutions) == 2


def test_a_given_border_is_a_region_border():
    inst = B.Instance(2, 2, (), 2, (((0, 0), (1, 0)),))
    rows = frozenset({((0, 0), (1, 0)), ((0, 1), (1, 1))})
    assert B.verify(inst, rows) == []
    assert any("given border r1c1-r2c1" in p for p in B.verify(inst, GOOD))
    assert engine.solve(B.GENRE, inst).solutions == [rows]


# -- the dev slice ---------------------------------------------------------------------------
#: The dev boards with several solutions under the first variant's rules
#: alone, and how many (encodings/chosen_regions.md, "Burokku: the second
#: variant"): janko's records 046-191 are its second variant.
AMBIGUOUS = {"106_8x8": 3, "110_9x9": 3, "115_6x6": 4, "160_9x9": 5, "50_6x6": 2, "70_9x9": 4}


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    """Every board is unique and published under its variant: the first for
    all but six; those six have several solutions under the first and
    exactly the published one under the second (`join` = the side). Every
    board whose published solution keeps the second variant's rule is also
    unique under it, so the rule is janko's, not fitted to six boards."""
    data = json.loads((datasets / "puzzlekit-dev" / "Burokku.json").read_text())["data"]
    assert len(data) == 54
    several, second = {}, set()
    for name, entry in sorted(data.items()):
        inst = B.FORMAT.from_grid_text(split(entry["problem"], name))
        published = B.FORMAT.solution_from_grid_text(split(entry["solution"]), inst)
        assert B.verify(inst, published) == [], name
        res = engine.solve(B.GENRE, inst, limit=10 if name in AMBIGUOUS else 2)
        assert published in res.solutions, name
        if res.verdict != "unique":
            several[name] = len(res.solutions)
            assert all(B.verify(inst, s) == [] for s in res.solutions), name
        joined = replace(inst, join=inst.rows)
        if B.verify(joined, published) == []:
            second.add(name)
            assert engine.solve(B.GENRE, joined, limit=2).solutions == [published], name
    assert several == AMBIGUOUS
    assert set(AMBIGUOUS) <= second and len(second) == 34


def test_janko_lines_block_gives_borders(datasets):
    """Record 201 writes given borders in a `[lines]` block (2: below the
    cell): without them it has two solutions, with them the published one."""
    entry = json.loads((datasets / "puzzlekit-dev" / "Burokku.json").read_text())["data"][
        "201_6x6"]
    inst = B.FORMAT.from_grid_text(split(entry["problem"], "201"))
    assert inst.borders == (((0, 0), (1, 0)), ((0, 1), (1, 1)))
    published = B.FORMAT.solution_from_grid_text(split(entry["solution"]), inst)
    assert engine.solve(B.GENRE, inst).solutions == [published]
    bare = B.FORMAT.from_grid_text(split(entry["problem"].split("[lines]")[0], "201"))
    assert bare.borders == () and len(engine.solve(B.GENRE, bare).solutions) == 2
    assert B.FORMAT.from_grid_text(split(B.FORMAT.to_grid_text(inst))) == inst


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(B.verify, INSTANCES)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny(), st.data())
def test_pzl_and_grid_text_round_trip(inst, data):
    walls = data.draw(st.sampled_from([w for w, _ in divisions(inst.rows, inst.cols)]))
    sol = walls if data.draw(st.booleans()) else None
    text = B.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert B.FORMAT.from_document(doc) == inst
    assert B.FORMAT.expected_solution(doc) == sol
    assert B.FORMAT.to_pzl(B.FORMAT.from_document(doc), sol) == text
    if inst.join is None:
        back = B.FORMAT.from_grid_text(split(B.FORMAT.to_grid_text(inst)))
        assert (back.symbols, back.borders) == (inst.symbols, inst.borders)
    else:
        with pytest.raises(ValueError, match="no form for `join`"):
            B.FORMAT.to_grid_text(inst)


def test_janko_region_size():
    assert B.FORMAT.from_grid_text(split("2 2\nA B\nB A\n")).region == 2
    assert B.FORMAT.from_grid_text(split("2 4\na - - -\n- - - -\n")).region == 4


def test_outputs_and_picture():
    from satlink.render import to_svg

    item = satlink.load(INSTANCES[0])[0]  # borders-4x4
    inst, sol = item.instance, item.expected
    grid = B.solution_json(inst, sol)
    assert grid[0][0] == 1 and max(map(max, grid)) == 4
    assert B.cells(inst, sol)["r4c4"] == 4
    board = B.picture(inst, sol)
    assert len(board.edges) == len(sol) and len(board.labels) == len(inst.symbols)
    assert len(B.picture(inst).edges) == len(inst.borders) and "<svg" in to_svg(board)


# -- bad input -----------------------------------------------------------------------------------
def pzl(rows, extra=""):
    return grid_pzl("burokku", rows).replace("grid\n", extra + "grid\n")


test_bad_pzl_has_position = errors_have_positions([
    (pzl(["A B", "B ?"]), 5, 5, "`?`"),
    (pzl(["A B", "B A"], "region 2\nborders r1c1e r1c2e\n"), 4, 15, "on the outline"),
    (pzl(["A B", "B A"], "region 2\nborders r1c3s\n"), 4, 9, "off the 2 x 2 board"),
    (pzl(["A B", "B A"], "region 2\nborders r1c1x\n"), 4, 9, "`r2c3e` (east of r2c3)"),
    (pzl(["A B", "B A"], "region 0\n"), 3, 8, "region size 0"),
    (pzl(["A B", "B A"], "region 2\njoin 1\n"), 4, 6, "below 2"),
    (pzl(["A B", "B A"], "region 2\njoin x\n"), 4, 6, "`x`"),
    (pzl(["A B", "B A"], "region 2\n") + "solution\n  1 1\n  2 x\n", 9, 5, "`x`"),
])


test_bad_grid_text_has_position = errors_have_positions([
    ("2 2\nA B\nB ?\n", 3, 3, "`?`"),
    ("2 2\nA B\nB A\n[lines]\n- 1\n- -\n", 5, 3, "lies on the outline"),
    ("2 2\nA B\nB A\n[lines]\n- 4\n- -\n", 5, 3, "`4`"),
    ("2 2\nA B\nB A\n[lines]\n- -\n", 5, 3, "the grid has 1 rows"),
    ("2 2\nA B\nB A\n[lines] x\n- -\n- -\n", 4, 9, "stands alone"),
    ("2 2\nA B\nB A\n- -\n", 4, 1, "unexpected line"),
], "Burokku")


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("2 2\nA B\nA B\n")
    assert main(["check", "--format", "grid-text", "--type", "Burokku", str(good)]) == 0
    amb = tmp_path / "a.txt"
    amb.write_text("2 2\nA B\nB A\n")
    assert main(["check", "--format", "grid-text", "--type", "burokku", str(amb)]) == 1
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl(["A B", "B ?"]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err
