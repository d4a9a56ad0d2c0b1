"""Cave: brute force, lazy = complete = selectors, verify, the dev slice,
files, errors, puzz.link."""
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
from satlink.puzzles import cave as V
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions, grid_pzl,
                                        unique_and_published)
from tests.rules.enumerate import solutions

INSTANCES = sorted((ROOT / "instances" / "cave").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, sh: set) -> bool:
    """The rules checked here directly (not with ``verify``): the outside
    is a node joined to every edge cell."""
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    white = board.subgraph(set(board) - sh)
    if white.number_of_nodes() and not nx.is_connected(white):
        return False
    dark = nx.Graph(board.subgraph(sh))
    dark.add_node("out")
    dark.add_edges_from(("out", (r, c)) for r, c in sh
                        if r in (0, inst.rows - 1) or c in (0, inst.cols - 1))
    if not nx.is_connected(dark):
        return False
    for (r, c), n in inst.numbers:
        if (r, c) in sh:
            return False
        if n == V.HIDDEN:
            continue
        count = 1
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            y, x = r + dr, c + dc
            while 0 <= y < inst.rows and 0 <= x < inst.cols and (y, x) not in sh:
                count, y, x = count + 1, y + dr, x + dc
        if count != n:
            return False
    return True


def brute(inst) -> set[frozenset]:
    cells = list(inst.grid.cells)
    return {frozenset(s) for bits in itertools.product((0, 1), repeat=len(cells))
            if obeys(inst, s := {c for c, b in zip(cells, bits) if b})}


@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    numbers = [(c, draw(st.one_of(st.just(V.HIDDEN), st.integers(1, rows + cols - 1))))
               for c in Grid(rows, cols).cells if draw(st.integers(0, 3)) == 0]
    return V.Instance(rows, cols, tuple(numbers))


def sat_solutions(inst, options=Options(), clues=None) -> set[frozenset]:
    f = Formula()
    enc = V.encode(inst, f, options)
    name = {enc.shading.var[V.ringed(c)]: c for c in inst.grid.cells}
    assume = enc.assumptions(clues) if clues is not None else ()
    got = solutions(f, list(name), enc.cuts, assumptions=assume)
    return {frozenset(name[x] for x in s) for s in got}


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    assert all(V.verify(inst, s) == [] for s in want)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny(), st.data())
def test_selectors_pose_any_subset_of_numbers(inst, data):
    kept = [n for n in V.clues(inst) if data.draw(st.booleans())]
    sub = V.with_clues(inst, kept)
    assert sat_solutions(inst, Options(clues="selectors"), clues=kept) == brute(sub)


test_modes_agree_with_brute_force = brute_force_harness(V.GENRE, tiny(9), brute,
                                                        examples=25, limit=600)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = V.Instance(3, 3, (((0, 0), 3),))


@pytest.mark.parametrize("sh, words", [
    ({(0, 2), (2, 0)}, None),
    ({(1, 1)}, "do not reach the edge"),
    ({(0, 1), (1, 0)}, "not connected"),
    ({(0, 0)}, "the number at r1c1 is shaded"),
    (set(), "the 3 at r1c1 sees 5 cells"),
    ({(0, 2), (2, 0), (3, 3)}, "off the board"),
])
def test_verify(sh, words):
    problems = V.verify(BOARD, frozenset(sh))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(V.GENRE, datasets, "Cave") == (84, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = V.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert V.FORMAT.from_document(doc) == inst
    assert V.FORMAT.expected_solution(doc) == sol
    assert V.FORMAT.to_pzl(V.FORMAT.from_document(doc), sol) == text


def test_published_solutions_mark_the_cave():
    item = satlink.load_text("2 2\n2 -\n- -\n", "c.txt", fmt="grid-text", puzzle_type="Cave")[0]
    from satlink.formats.grid_text import split
    got = V.GENRE.solution_from_grid_text(split("2 2\nx x\n- -\n", "s.txt"), item.instance)
    assert got == {(1, 0), (1, 1)}


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert V.verify(inst, sol) == []
    assert V.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(V.GENRE.cells(inst, sol).values()) == len(sol)
    text = V.GENRE.render_text(inst, sol)
    assert "█" in text and "6" in text


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("cave", rows)


#: `.pzl` text, or grid text read as `--type Cave`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."]), 5, 5, "`q`", None),
    (pzl([". 5 .", ". . ."]), 4, 5, "outside 1..4", None),
    (pzl([". 2 .", ". . . 1"]), 5, 9, "row 2 has 4 cells", None),
    (pzl([". 1 ."]) + "solution\n  x . z\n", 6, 7, "`z`", None),
    ("2 3\n2 - w\n- - -\n", 2, 5, "`w`", "Cave"),
    ("3 3\n2 - 1\n- - -\n", 3, 5, "the grid has 2 rows", "Cave"),
])


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("2 2\n- -\n- -\n")  # no numbers: many caves
    assert main(["check", "--format", "grid-text", "--type", "Cave", str(good)]) != 0
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". 2 .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/cave.js: the URL, and its accepted answer
    (the last failcheck: `#` shaded)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g"
    genre, inst = puzzlink.decode(url)
    assert genre is V.GENRE
    assert dict(inst.numbers)[(3, 3)] == 11
    assert puzzlink.encode(V.GENRE, inst) == url
    answer = ("# . . . # # /# # # . # # /# . # . . # /. . . . . . /. # . . # # /"
              ". # # . . # /")
    sh = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
          for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(V.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == sh
