"""Nurikabe: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.contract import Options
from satlink.formula import Formula
from satlink.lang import parse_text
from satlink.puzzles import nurikabe as N
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions, grid_pzl,
                                        unique_and_published)
from tests.rules.enumerate import solutions

INSTANCES = sorted((ROOT / "instances" / "nurikabe").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, sea: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    numbers = dict(inst.numbers)
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    if any(c in sea for c in numbers):
        return False
    for island in nx.connected_components(board.subgraph(set(board) - sea)):
        held = [numbers[c] for c in island if c in numbers]
        if len(held) != 1 or held[0] not in (N.HIDDEN, len(island)):
            return False
    if sea and not nx.is_connected(board.subgraph(sea)):
        return False
    return not any({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= sea
                   for r in range(inst.rows - 1) for c in range(inst.cols - 1))


def brute(inst) -> set[frozenset]:
    cells = list(inst.grid.cells)
    return {frozenset(s) for bits in itertools.product((0, 1), repeat=len(cells))
            if obeys(inst, s := {c for c, b in zip(cells, bits) if b})}


@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    where = draw(st.lists(st.sampled_from(sorted(N.Instance(rows, cols, ()).grid.cells)),
                          min_size=1, max_size=3, unique=True))
    most = min(5, rows * cols)
    numbers = [(c, draw(st.one_of(st.just(N.HIDDEN), st.integers(1, most)))) for c in where]
    return N.Instance(rows, cols, tuple(numbers))


def sat_solutions(inst, options=Options()) -> set[frozenset]:
    f = Formula()
    enc = N.encode(inst, f, options)
    name = {x: c for c, x in enc.shading.var.items()}
    return {frozenset(name[x] for x in s) for s in solutions(f, list(name), enc.cuts)}


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    assert all(N.verify(inst, s) == [] for s in want)


test_modes_agree_with_brute_force = brute_force_harness(N.GENRE, tiny(9), brute,
                                                        examples=25, limit=600)


def test_large_islands_are_decided():
    """755_10x10 of the dev slice, a 12 and a 12 beside a 64-cell sea: the
    lazy cuts alone ran past 20 s; the distances settle it."""
    item = satlink.load_text("10 10\n- - - - 4 - - - - -\n- 12 - - - - - - 1 -\n"
                             "- - - - - - 2 - - -\n" + "- - - - - - - - - -\n" * 4
                             + "- - - 2 - - - - - -\n- 12 - - - - - - 1 -\n"
                             "- - - - - 6 - - - -\n", "755.txt", fmt="grid-text",
                             puzzle_type="Nurikabe")[0]
    res = engine.solve(N.GENRE, item.instance)
    assert res.verdict == "unique" and N.verify(item.instance, res.solutions[0]) == []


# -- verify, from the rules -------------------------------------------------------------------
BOARD = N.Instance(2, 4, (((0, 0), 2), ((0, 3), N.HIDDEN)))  # 2 . . ? / . . . .
SEA = {(0, 2), (1, 0), (1, 1), (1, 2)}


@pytest.mark.parametrize("sea, words", [
    (SEA, None),
    (SEA | {(0, 1)}, "the 2 at r1c1 is on an island of 1 cells"),
    ({(1, 0), (1, 1), (1, 2)}, "holds 2 numbers"),
    (SEA | {(0, 3)}, "the number at r1c4 is shaded"),
    ({(0, 1), (0, 2), (1, 0), (1, 2)}, "holds no number"),
    ({(0, 2), (1, 0), (1, 2)}, "not connected"),
    (SEA | {(5, 5)}, "off the board"),
])
def test_verify(sea, words):
    problems = N.verify(BOARD, frozenset(sea))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_verify_pools():
    inst = N.Instance(3, 3, (((0, 0), 1),))
    sea = set(inst.grid.cells) - {(0, 0)}
    assert any("2x2 block at r2c2" in p for p in N.verify(inst, frozenset(sea)))


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    """Five records promise more rows than their grids have (input errors)."""
    assert unique_and_published(N.GENRE, datasets, "Nurikabe") == (226, [
        "1092_18x10", "1097_39x20", "1100_32x15", "1132_19x10", "1137_26x13"])


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = N.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert N.FORMAT.from_document(doc) == inst
    assert N.FORMAT.expected_solution(doc) == sol
    assert N.FORMAT.to_pzl(N.FORMAT.from_document(doc), sol) == text


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert N.verify(inst, sol) == []
    assert N.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(N.cells(inst, sol).values()) == len(sol)
    text = N.GENRE.render_text(inst, sol)
    assert "█" in text and "4" in text


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("nurikabe", rows)


#: `.pzl` text, or grid text read as `--type Nurikabe`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."]), 5, 5, "`q`", None),
    (pzl([". 0 .", ". . ."]), 4, 5, "0", None),
    (pzl([". 7 .", ". . ."]), 4, 5, "outside 1..6", None),
    (pzl([". 2 .", ". . . 1"]), 5, 9, "row 2 has 4 cells", None),
    (pzl([". 1 ."]) + "solution\n  x . z\n", 6, 7, "`z`", None),
    ("2 3\n2 - w\n- - -\n", 2, 5, "`w`", "Nurikabe"),
    ("2 3\n2 - 1\n- -\n", 3, 3, "row 2 has 2 cells", "Nurikabe"),
    ("3 3\n2 - 1\n- - -\n", 3, 5, "the grid has 2 rows", "Nurikabe"),
])


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("2 2\n- -\n- 2\n")  # the 2 and one of two neighbours
    assert main(["check", "--format", "grid-text", "--type", "Nurikabe", str(good)]) != 0
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". 2 .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/nurikabe.js: the URL, and its accepted answer
    (the last failcheck: `#` shaded)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
    genre, inst = puzzlink.decode(url)
    assert genre is N.GENRE
    assert inst.numbers == (((0, 1), 5), ((1, 2), 2), ((3, 2), 1), ((4, 3), 3))
    assert puzzlink.encode(N.GENRE, inst) == url
    answer = "+ 5 # # # /+ # 2 + # /+ # # # # /+ # 1 # . /# # # 3 . /"
    sea = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
           for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(N.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == sea


def test_puzzlink_hidden_numbers():
    from satlink.formats import puzzlink

    inst = N.Instance(2, 3, (((0, 0), N.HIDDEN), ((1, 2), 3)))
    assert puzzlink.decode(puzzlink.encode(N.GENRE, inst))[1] == inst
