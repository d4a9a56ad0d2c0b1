"""Fobidoshi: brute force, lazy = complete = selectors, verify, the dev
slice, files, errors."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.puzzles import fobidoshi as F
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, errors_have_positions,
                                        grid_pzl, pzl_round_trips, unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "fobidoshi").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, circles: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    if circles and not nx.is_connected(board.subgraph(circles)):
        return False
    for r, c in board:
        for dr, dc in ((0, 1), (1, 0)):
            if all((r + i * dr, c + i * dc) in circles for i in range(4)):
                return False
    return all((cell in circles) == (v == "o") for cell, v in inst.givens)


def brute(inst) -> set[frozenset]:
    cells = list(inst.grid.cells)
    return {frozenset(s) for bits in itertools.product((0, 1), repeat=len(cells))
            if obeys(inst, s := {c for c, b in zip(cells, bits) if b})}


@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(5, most // rows)))
    givens = [(c, draw(st.sampled_from("ox"))) for c in Grid(rows, cols).cells
              if draw(st.integers(0, 2)) == 0]
    return F.Instance(rows, cols, tuple(givens))


test_modes_agree_with_brute_force = brute_force_harness(F.GENRE, tiny(10), brute,
                                                        examples=30, limit=300)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = F.Instance(2, 5, (((0, 0), "o"), ((1, 4), "x")))


@pytest.mark.parametrize("circles, words", [
    ({(0, 0), (0, 1), (0, 2), (1, 2), (1, 3)}, None),
    ({(0, 0), (0, 1), (0, 2), (0, 3)}, "4 circles in a line from r1c1"),
    ({(0, 0), (1, 1)}, "not connected"),
    ({(0, 1)}, "the given circle at r1c1 is not kept"),
    ({(0, 0), (0, 1), (1, 1), (1, 2), (1, 3), (1, 4)}, "the given cross at r2c5 is not kept"),
    ({(0, 0), (2, 2)}, "off the board"),
])
def test_verify(circles, words):
    problems = F.verify(BOARD, frozenset(circles))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(F.GENRE, datasets, "Fobidoshi") == (50, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG) -----------------
@settings(max_examples=25, deadline=None)
@given(tiny(9), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(F.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert F.verify(inst, sol) == []
    assert sum(F.GENRE.cells(inst, sol).values()) == len(sol)
    pic = F.picture(inst, sol)
    assert len(pic.circles) == len(sol) and len(pic.marks) == 4


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("fobidoshi", rows)


#: `.pzl` text, or grid text read as `--type Fobidoshi`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". o .", ". q ."]), 5, 5, "`q`", None),
    (pzl([". o .", ". . . x"]), 5, 9, "row 2 has 4 cells", None),
    (pzl([". o ."]) + "solution\n  o o x\n", 6, 7, "`x`", None),
    ("2 3\no - 3\n- - -\n", 2, 5, "`3`", "Fobidoshi"),
    ("3 3\no - x\n- - -\n", 3, 5, "the grid has 2 rows", "Fobidoshi"),
])


def test_cli_exit_codes(capsys, tmp_path):
    """No givens: many connected sets."""
    cli_exit_codes(capsys, tmp_path, "Fobidoshi", "2 2\n- -\n- -\n", INSTANCES[0],
                   pzl([". o .", ". q ."]), "5:5")
