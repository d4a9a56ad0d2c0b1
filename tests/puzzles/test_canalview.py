"""Canal View: brute force, lazy = complete = selectors, verify, the dev
slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.puzzles import canalview as V
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, errors_have_positions,
                                        grid_pzl, pzl_round_trips, unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "canalview").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, sh: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    if sh and not nx.is_connected(board.subgraph(sh)):
        return False
    for r, c in itertools.product(range(inst.rows - 1), range(inst.cols - 1)):
        if {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= sh:
            return False
    for (r, c), n in inst.numbers:
        if (r, c) in sh:
            return False
        if n == V.HIDDEN:
            continue
        count = 0
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            y, x = r + dr, c + dc
            while (y, x) in sh:
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
    numbers = [(c, draw(st.one_of(st.just(V.HIDDEN), st.integers(0, rows + cols - 2))))
               for c in Grid(rows, cols).cells if draw(st.integers(0, 3)) == 0]
    return V.Instance(rows, cols, tuple(numbers))


test_modes_agree_with_brute_force = brute_force_harness(V.GENRE, tiny(10), brute,
                                                        examples=30, limit=300)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = V.Instance(3, 3, (((0, 0), 2),))


@pytest.mark.parametrize("sh, words", [
    ({(0, 1), (0, 2), (1, 2)}, None),
    ({(0, 1), (1, 0)}, "not connected"),
    ({(0, 0), (0, 1)}, "the number at r1c1 is shaded"),
    ({(0, 1), (0, 2), (1, 1), (1, 2)}, "the 2x2 block at r1c2 is all shaded"),
    ({(0, 1)}, "the 2 at r1c1 sees 1 shaded cells"),
    ({(0, 1), (0, 2), (3, 3)}, "off the board"),
])
def test_verify(sh, words):
    problems = V.verify(BOARD, frozenset(sh))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(V.GENRE, datasets, "CanalView") == (22, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=25, deadline=None)
@given(tiny(9), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(V.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert V.verify(inst, sol) == []
    assert sum(V.GENRE.cells(inst, sol).values()) == len(sol)
    text = V.GENRE.render_text(inst, sol)
    assert "█" in text and "5" in text


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("canalview", rows)


#: `.pzl` text, or grid text read as `--type CanalView`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."]), 5, 5, "`q`", None),
    (pzl([". 4 .", ". . ."]), 4, 5, "outside 0..3", None),
    (pzl([". 2 .", ". . . 1"]), 5, 9, "row 2 has 4 cells", None),
    ("2 3\n2 - w\n- - -\n", 2, 5, "`w`", "CanalView"),
    ("3 3\n2 - 1\n- - -\n", 3, 5, "the grid has 2 rows", "CanalView"),
])


def test_cli_exit_codes(capsys, tmp_path):
    """No numbers: many canals."""
    cli_exit_codes(capsys, tmp_path, "CanalView", "2 2\n- -\n- -\n", INSTANCES[0],
                   pzl([". 2 .", ". q ."]), "5:5")


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/canal.js: the URL, and its accepted answer
    (the last failcheck: `#` shaded)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"
    genre, inst = puzzlink.decode(url)
    assert genre is V.GENRE
    assert inst.numbers == (((0, 0), 3), ((0, 4), 3), ((1, 1), 2), ((4, 4), 4), ((5, 1), 5),
                            ((5, 5), 2))
    assert puzzlink.encode(V.GENRE, inst) == url
    answer = ". # # # . + /+ . # + + + /+ + # + # + /+ # # # # # /# # + # . # /# . # # + . /"
    sh = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
          for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(V.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == sh
