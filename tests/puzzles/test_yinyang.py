"""YinYang: brute force, lazy = complete = selectors, verify, the dev slice,
files, errors, puzz.link."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.puzzles import yinyang as Y
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, errors_have_positions,
                                        grid_pzl, pzl_round_trips, unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "yinyang").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, black: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    cells = set(inst.grid.cells)
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    for part in (black, cells - black):
        if part and not nx.is_connected(board.subgraph(part)):
            return False
        for r, c in itertools.product(range(inst.rows - 1), range(inst.cols - 1)):
            if {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= part:
                return False
    return all((cell in black) == (colour == "b") for cell, colour in inst.circles)


def brute(inst) -> set[frozenset]:
    cells = list(inst.grid.cells)
    return {frozenset(s) for bits in itertools.product((0, 1), repeat=len(cells))
            if obeys(inst, s := {c for c, b in zip(cells, bits) if b})}


@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    circles = [(c, draw(st.sampled_from("wb"))) for c in Grid(rows, cols).cells
               if draw(st.integers(0, 3)) == 0]
    return Y.Instance(rows, cols, tuple(circles))


test_modes_agree_with_brute_force = brute_force_harness(Y.GENRE, tiny(), brute,
                                                        examples=40, limit=600)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = Y.Instance(3, 3, (((0, 0), "b"),))


@pytest.mark.parametrize("black, words", [
    ({(0, 0), (1, 0), (2, 0), (1, 1)}, None),
    ({(0, 0), (0, 1), (1, 0), (1, 1)}, "the 2x2 block at r1c1 is all black"),
    (set(), "changed colour"),
    ({(0, 0), (0, 2)}, "the black circles are not connected"),
    ({(0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)}, "the white circles are not"),
    ({(0, 0), (0, 1), (0, 2), (1, 1)}, None),
    ({(0, 0), (1, 0), (2, 0), (5, 5)}, "off the board"),
])
def test_verify(black, words):
    problems = Y.verify(BOARD, frozenset(black))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_an_empty_board_has_both_colours_anywhere():
    """1 x 3 without circles: each colour one run, so 2^3 minus the two split ones."""
    assert len(brute(Y.Instance(1, 3))) == 6
    assert engine.solve(Y.GENRE, Y.Instance(1, 3)).verdict == "multiple"


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(Y.GENRE, datasets, "YinYang") == (34, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=25, deadline=None)
@given(tiny(9), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(Y.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert Y.verify(inst, sol) == []
    assert Y.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert list(Y.GENRE.cells(inst, sol).values()).count("b") == len(sol)
    assert len(Y.picture(inst, sol).circles) == inst.rows * inst.cols
    assert len(Y.picture(inst).circles) == len(inst.circles)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("yinyang", rows)


#: `.pzl` text, or grid text read as `--type YinYang`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". w .", ". q ."]), 5, 5, "`q`", None),
    (pzl([". b .", ". . . w"]), 5, 9, "row 2 has 4 cells", None),
    (pzl([". b ."]) + "solution\n  w b z\n", 6, 7, "`z`", None),
    ("2 3\nw - 3\n- - -\n", 2, 5, "`3`", "YinYang"),
    ("3 3\nw - b\n- - -\n", 3, 5, "the grid has 2 rows", "YinYang"),
])


def test_cli_exit_codes(capsys, tmp_path):
    """No circles: many colourings."""
    cli_exit_codes(capsys, tmp_path, "YinYang", "2 2\n- -\n- -\n", INSTANCES[0],
                   pzl([". w .", ". q ."]), "5:5")


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/yinyang.js: the URL, and its accepted answer
    (the last failcheck: the given circles, then the placed ones; 2 black)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?yinyang/5/5/016612300"
    genre, inst = puzzlink.decode(url)
    assert genre is Y.GENRE
    assert dict(inst.circles) == {(1, 0): "w", (1, 2): "b", (2, 0): "b", (2, 4): "w",
                                  (3, 2): "b", (3, 4): "w"}
    assert puzzlink.encode(Y.GENRE, inst) == url
    given_ = ". . . . . /1 . 2 . . /2 . . . 1 /. . 2 . 1 /. . . . . /"
    placed = "1 1 1 1 1 /. 2 . 2 1 /. 2 1 1 . /1 2 . 2 . /1 1 1 1 1 /"
    black = {(r, c) for grid in (given_, placed) for r, row in enumerate(grid.split("/")[:-1])
             for c, t in enumerate(row.split()) if t == "2"}
    res = engine.solve(Y.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == black
