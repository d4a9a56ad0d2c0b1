"""Battleship: parsing, errors, brute-force counts, public data sets, DIMACS."""
from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
import satlink.cli
from satlink import engine
from satlink.errors import InputError
from satlink.formats import battleship_dzn, csplib_battleship
from satlink.lang import parse_text
from satlink.puzzles import battleship as bs

from tests.helpers import ROOT, dimacs_roundtrip, load_pzl

INSTANCES = sorted((ROOT / "instances" / "battleship").glob("*.pzl"))
CSPLIB = Path("battleship/csplib014")

BASE = """puzzle battleship
size 4 x 3
fleet 1x2 1x1
rows 2 0 1
cols 1 1 0 1
grid
  . . . .
  . . . .
  . . . .
"""


def blank(inst: bs.Instance) -> bs.Instance:
    """The same board without any given cell."""
    return dataclasses.replace(inst, givens=tuple(("." ,) * inst.cols for _ in range(inst.rows)))


# -- the hand-written instances -------------------------------------------------------
@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: p.stem)
def test_instances_unique_and_as_written(path):
    item = satlink.load(path)[0]
    o = satlink.outcome(item)
    assert o.verdict == "unique"
    assert item.expected is not None and o.expected_ok is True
    assert bs.verify(item.instance, item.expected) == []


@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: p.stem)
def test_instances_roundtrip_and_render(path):
    item = satlink.load(path)[0]
    text = bs.to_pzl(item.instance, item.expected)
    doc = parse_text(text, "again.pzl")
    assert bs.from_document(doc) == item.instance
    assert bs.expected_solution(doc) == item.expected
    pic = bs.render_text(item.instance, item.expected)
    assert pic.count("\n") == item.instance.rows + 3
    assert all(g in pic for g in "◀▶") or all(g in pic for g in "▲▼")


def test_json_schema():
    item = satlink.load(ROOT / "instances" / "battleship" / "small.pzl")[0]
    js = bs.solution_json(item.instance, item.expected)
    assert sorted(tuple(s) for s in js) == sorted(item.expected)
    for r, c, length, d in js:
        assert d in ("h", "v") and length >= 1 and 0 <= r < 6 and 0 <= c < 6


# -- pzl round trip on random instances ------------------------------------------------------
@st.composite
def instances(draw, max_side=6):
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    lengths = draw(st.lists(st.integers(1, max(rows, cols)), max_size=3, unique=True))
    fleet = [(ln, draw(st.integers(1, 3))) for ln in lengths]
    total = sum(a * b for a, b in fleet)
    rt = draw(st.lists(st.one_of(st.none(), st.integers(0, cols)), min_size=rows, max_size=rows))
    ct = draw(st.lists(st.one_of(st.none(), st.integers(0, rows)), min_size=cols, max_size=cols))
    if all(t is not None for t in rt) and sum(rt) != total:
        rt[0] = None
    if all(t is not None for t in ct) and sum(ct) != total:
        ct[0] = None
    glyphs = draw(st.lists(st.lists(st.sampled_from(bs.GLYPHS), min_size=cols, max_size=cols),
                           min_size=rows, max_size=rows))
    return bs.make(rows, cols, fleet, rt, ct, glyphs)


@given(instances())
@settings(max_examples=150, deadline=None)
def test_pzl_roundtrip(inst):
    assert bs.from_document(parse_text(bs.to_pzl(inst), "r.pzl")) == inst


# -- brute force on tiny boards ---------------------------------------------------------------
def brute_count(inst: bs.Instance) -> int:
    """Every choice of ship positions per length, filtered by verify (the rules)."""
    per_length = []
    for length, count in inst.fleet:
        spots = [(r, c, length, d) for d in (("h", "v") if length > 1 else ("h",))
                 for r in range(inst.rows) for c in range(inst.cols)
                 if (d == "h" and c + length <= inst.cols) or (d == "v" and r + length <= inst.rows)]
        per_length.append(list(itertools.combinations(spots, count)))
    n = 0
    for combo in itertools.product(*per_length):
        ships = tuple(sorted(s for group in combo for s in group))
        if not bs.verify(inst, ships):
            n += 1
    return n


@st.composite
def tiny(draw):
    rows = draw(st.integers(2, 4))
    cols = draw(st.integers(2, 4))
    fleet = draw(st.sampled_from([((1, 2),), ((2, 1), (1, 1)), ((2, 2),), ((3, 1), (1, 1)),
                                  ((2, 1), (1, 2))]))
    fleet = tuple((ln, n) for ln, n in fleet if ln <= max(rows, cols))
    total = sum(a * b for a, b in fleet)
    rt = draw(st.lists(st.one_of(st.none(), st.integers(0, min(cols, 2))), min_size=rows,
                       max_size=rows))
    ct = draw(st.lists(st.one_of(st.none(), st.integers(0, min(rows, 2))), min_size=cols,
                       max_size=cols))
    if all(t is not None for t in rt) and sum(rt) != total:
        rt[-1] = None
    if all(t is not None for t in ct) and sum(ct) != total:
        ct[-1] = None
    weights = [bs.UNKNOWN] * 12 + list(bs.GLYPHS)
    glyphs = draw(st.lists(st.lists(st.sampled_from(weights), min_size=cols, max_size=cols),
                           min_size=rows, max_size=rows))
    return bs.make(rows, cols, fleet, rt, ct, glyphs)


@given(tiny())
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_counts_match_brute_force(inst):
    result = engine.solve(bs, inst, limit=10_000)
    assert result.complete
    assert result.count == brute_count(inst)
    assert len(set(result.solutions)) == result.count  # each fleet arrangement once


def test_interchangeable_ships_counted_once():
    # 1 x 3 board, two submarines: only the two ends, a single arrangement.
    inst = bs.make(1, 3, {1: 2}, [2], [1, 0, 1])
    assert engine.solve(bs, inst, limit=100).count == 1
    inst = bs.make(3, 3, {1: 2}, [None] * 3, [None] * 3)
    assert engine.solve(bs, inst, limit=100).count == brute_count(inst) == 16


# -- public data sets -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def csplib(datasets):
    items = satlink.load(datasets / CSPLIB / "battleship_instances.pl")
    assert len(items) == 303 and all(i.error is None for i in items)
    return items


def test_csplib_boards_unique_with_hints(csplib):
    # The listing's boards are generated so that their hints make them unique.
    for item in csplib:
        result = engine.solve(bs, item.instance, limit=2)
        assert result.verdict == "unique", item.extra["id"]


def test_csplib_published_counts(csplib):
    """`Solutions: N` is the count of the tallies alone (the listing's hints
    each remove the number of solutions printed after them, down to 1); the
    engine must reproduce it. All 303 are counted in benchmarks/battleship.py;
    here the 107 boards with at most 300 solutions (9,605 in all)."""
    checked = 0
    for item in csplib:
        want = item.extra["published_count"]
        if want > 300:
            continue
        got = engine.solve(bs, blank(item.instance), limit=want + 10)
        assert got.complete and got.count == want, item.extra["id"]
        checked += 1
    assert checked == 107


def test_csplib_count_through_cli(datasets, tmp_path, capsys):
    # Board 113 (70 solutions) through `satlink count`, hints removed.
    item = next(i for i in satlink.load(datasets / CSPLIB / "battleship_instances.pl")
                if i.extra["id"] == "113")
    path = tmp_path / "b113.pzl"
    path.write_text(bs.to_pzl(blank(item.instance)))
    assert satlink.cli.main(["count", str(path), "--limit", "100000"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "70 solutions"


def test_janko_all_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Battleship.json").read_text())["data"]
    assert len(data) == 173
    compared = 0
    for key, rec in data.items():
        item = satlink.load_text(rec["problem"], key, fmt="grid-text",
                                 puzzle_type="battleship")[0]
        result = engine.solve(bs, item.instance, limit=2)
        assert result.verdict == "unique", key
        if rec["solution"].strip():
            assert result.solutions[0] == bs.solution_from_janko(rec["solution"]), key
            compared += 1
    assert compared == 172  # one 30 x 30 puzzle has no published solution


def test_minizinc_boards_solved(datasets):
    files = sorted((datasets / CSPLIB / "minizinc").glob("*.dzn"))
    assert len(files) == 35
    for path in files:
        item = satlink.load(path)[0]
        assert item.puzzle is bs
        result = engine.solve(bs, item.instance, limit=1)
        assert result.count == 1, path.name
        # the solution drawn in the file's comments obeys the rules too
        assert bs.verify(item.instance, item.extra["comment_solution"]) == [], path.name


# -- DIMACS through external solvers ----------------------------------------------------------
@pytest.mark.parametrize("solver", ["cadical", "minisat"])
def test_dimacs_external(solver, tmp_path):
    item = satlink.load(ROOT / "instances" / "battleship" / "classic.pzl")[0]
    d = dimacs_roundtrip(item, solver, tmp_path)
    assert d.status == "sat" and d.problems == []
    assert d.solution == item.expected


# -- bad input --------------------------------------------------------------------------------
def error_of(text: str) -> InputError:
    with pytest.raises(InputError) as exc:
        load_pzl(text)
    return exc.value


def test_fleet_differs_from_tallies():
    e = error_of(BASE.replace("fleet 1x2 1x1", "fleet 2x2 1x1"))
    assert "5 ship cells" in e.message and "add up to 3" in e.message
    assert (e.pos.line, e.pos.column) == (3, 1)


def test_fleet_check_skipped_when_a_tally_is_unknown():
    item = load_pzl(BASE.replace("rows 2 0 1", "rows 2 ? 1").replace("cols 1 1 0 1", "cols ? 1 0 1"))
    assert item.instance.row_tallies == (2, None, 1)


def test_tally_longer_than_grid():
    e = error_of(BASE.replace("cols 1 1 0 1", "cols 1 1 0 1 0"))
    assert "5 column tallies for 4 columns" in e.message
    assert (e.pos.line, e.pos.column) == (5, 14)
    e = error_of(BASE.replace("rows 2 0 1", "rows 2 1"))
    assert "2 row tallies for 3 rows" in e.message and e.pos.line == 4


def test_unknown_glyph():
    e = error_of(BASE.replace("  . . . .\n  . . . .\n", "  . . . .\n  . x . .\n", 1))
    assert "`x` is not a ship-part glyph" in e.message
    assert (e.pos.line, e.pos.column) == (8, 5)


def test_other_bad_input():
    assert "COUNTxLENGTH" in error_of(BASE.replace("fleet 1x2 1x1", "fleet 1-2")).message
    assert "tally" in error_of(BASE.replace("rows 2 0 1", "rows 2 0 z")).message
    e = error_of(BASE.replace("rows 2 0 1", "rows 2 0 7").replace("fleet 1x2 1x1", "fleet 1x2"))
    assert "row 3 has tally 7" in e.message
    assert "row 2 has 3 cells" in error_of(BASE.replace("  . . . .\n  . . . .\n",
                                                        "  . . . .\n  . . .\n", 1)).message


def test_grid_text_errors():
    good = "3 4 1 1\n1 1 0 1\n2 0 1\n- - - -\n- - - -\n- - - -\n"
    assert satlink.load_text(good, "g.txt", fmt="grid-text", puzzle_type="battleship")
    with pytest.raises(InputError) as exc:
        satlink.load_text(good.replace("- - - -\n- - - -\n- - - -", "- - - -\n- q - -\n- - - -"),
                          "g.txt", fmt="grid-text", puzzle_type="battleship")
    assert (exc.value.pos.line, exc.value.pos.column) == (5, 3)
    with pytest.raises(InputError) as exc:
        satlink.load_text(good.replace("2 0 1", "2 0 1 3"), "g.txt", fmt="grid-text",
                          puzzle_type="battleship")
    assert "4 row tallies for 3 rows" in exc.value.message and exc.value.pos.line == 3


def test_csplib_and_dzn_errors(tmp_path):
    pl = tmp_path / "b.pl"
    pl.write_text("% boards\nproblem(1,\n  [2:1],\n  [1,1],\n  [2,0],\n  [c@[1,1],q@[2,2]]).\n"
                  "problem(2, [2:1], [2,0], [1,1], [l@[1,1]]).\n")
    items = satlink.load(pl)
    assert items[0].error is not None and "`q` is not a hint" in items[0].error.message
    assert (items[0].error.pos.line, items[0].error.pos.column) == (6, 12)
    assert items[1].error is None and engine.solve(bs, items[1].instance).verdict == "unique"
    dzn = tmp_path / "b.dzn"
    dzn.write_text("height = 2;\nwidth = 2;\nmaxship = 2;\nship = [0,1];\n"
                   "hint = [| 0, 9 | 0, 0 |];\nrowsum = [2,0];\ncolsum = [1,1];\n")
    with pytest.raises(InputError) as exc:
        satlink.load(dzn)
    assert "hint code 9" in exc.value.message and exc.value.pos.line == 5
    assert battleship_dzn.NAME and csplib_battleship.NAME
