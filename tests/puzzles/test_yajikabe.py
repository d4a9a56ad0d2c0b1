"""Yajikabe: brute force, lazy = complete = selectors, verify, the dev
slice, files, errors."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.puzzles import yajikabe as Y
from satlink.puzzles.yajilin import Arrow
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, errors_have_positions,
                                        grid_pzl, pzl_round_trips, unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "yajikabe").glob("*.pzl"))
STEP = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, sh: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    if sh and not nx.is_connected(board.subgraph(sh)):
        return False
    for r, c in itertools.product(range(inst.rows - 1), range(inst.cols - 1)):
        if {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= sh:
            return False
    for a in inst.arrows:
        if a.cell in sh:
            return False
        if a.count is not None:
            (dr, dc), (r, c), n = STEP[a.direction], a.cell, 0
            while (r + dr, c + dc) in board:
                r, c = r + dr, c + dc
                n += (r, c) in sh
            if n != a.count:
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
    g = Grid(rows, cols)
    arrows = []
    for c in g.cells:
        if draw(st.integers(0, 3)) == 0:
            d = draw(st.sampled_from("nesw"))
            count = draw(st.one_of(st.none(), st.integers(0, len(g.ray(c, d)))))
            arrows.append(Arrow(c, d, count))
    return Y.Instance(rows, cols, tuple(arrows))


test_modes_agree_with_brute_force = brute_force_harness(Y.GENRE, tiny(10), brute,
                                                        examples=30, limit=300)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = Y.Instance(3, 3, (Arrow((0, 0), "e", 2), Arrow((2, 2), "n", None)))


@pytest.mark.parametrize("sh, words", [
    ({(0, 1), (0, 2), (1, 1)}, None),
    ({(0, 1), (1, 0)}, "not connected"),
    ({(0, 1)}, "the arrow at r1c1 shows 2 but 1 shaded cells lie east"),
    ({(0, 1), (0, 2), (1, 1), (1, 2)}, "the 2x2 block at r1c2 is all shaded"),
    ({(0, 1), (0, 2), (1, 2), (2, 2)}, "the clue at r3c3 is shaded"),
    ({(0, 1), (0, 2), (3, 3)}, "off the board"),
])
def test_verify(sh, words):
    problems = Y.verify(BOARD, frozenset(sh))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_removing_a_count_keeps_the_arrow():
    inst = Y.with_clues(BOARD, [])
    assert [a.count for a in inst.arrows] == [None, None] and Y.clues(inst) == []


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(Y.GENRE, datasets, "Yajikabe") == (20, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG) -----------------
@settings(max_examples=25, deadline=None)
@given(tiny(9), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(Y.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert Y.verify(inst, sol) == []
    assert sum(Y.GENRE.cells(inst, sol).values()) == len(sol)
    assert len(Y.picture(inst, sol).arrows) == len(inst.arrows)
    assert "█" in Y.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("yajikabe", rows)


#: `.pzl` text, or grid text read as `--type Yajikabe`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". 1e .", ". q ."]), 5, 5, "`q`", None),
    (pzl([". 3e .", ". . ."]), 4, 5, "only 1 cells lie east", None),
    (pzl([". 1e .", ". . . 1s"]), 5, 9, "row 2 has 4 cells", None),
    ("2 3\n1e - 2x\n- - -\n", 2, 6, "`2x`", "Yajikabe"),
    ("3 3\n1e - -\n- - -\n", 3, 5, "the grid has 2 rows", "Yajikabe"),
])


def test_cli_exit_codes(capsys, tmp_path):
    """One arrow: many shadings."""
    cli_exit_codes(capsys, tmp_path, "Yajikabe", "2 2\n1e -\n- -\n", INSTANCES[0],
                   pzl([". 1e .", ". q ."]), "5:5")
