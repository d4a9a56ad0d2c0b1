"""Nurimisaki: brute force, lazy = complete = selectors, verify, the dev
slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.puzzles import nurimisaki as N
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, errors_have_positions,
                                        grid_pzl, pzl_round_trips, unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "nurimisaki").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, sh: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    white = set(board) - sh
    if white and not nx.is_connected(board.subgraph(white)):
        return False
    for r, c in itertools.product(range(inst.rows - 1), range(inst.cols - 1)):
        block = {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)}
        if block <= sh or block <= white:
            return False
    circles = dict(inst.numbers)
    for cell in board:
        cape = cell in white and sum(n in white for n in board[cell]) == 1
        if cape != (cell in circles):
            return False
        if cape and circles[cell] != N.HIDDEN:
            (dr, dc), = [(n[0] - cell[0], n[1] - cell[1]) for n in board[cell] if n in white]
            k, (y, x) = 1, cell
            while (y + dr, x + dc) in white:
                k, y, x = k + 1, y + dr, x + dc
            if k != circles[cell]:
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
    numbers = st.just(N.HIDDEN) if rows + cols < 3 else st.one_of(
        st.just(N.HIDDEN), st.integers(2, rows + cols - 1))
    return N.Instance(rows, cols, tuple((c, draw(numbers)) for c in Grid(rows, cols).cells
                                        if draw(st.integers(0, 2)) == 0))


test_modes_agree_with_brute_force = brute_force_harness(N.GENRE, tiny(10), brute,
                                                        examples=30, limit=300)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = N.Instance(3, 3, (((0, 0), 3), ((2, 0), N.HIDDEN)))


@pytest.mark.parametrize("sh, words", [
    ({(1, 0), (1, 1)}, None),
    ({(1, 0), (1, 1), (0, 2)}, "the 3 at r1c1 sees 2 cells"),
    ({(1, 1), (1, 2)}, "the circle at r1c1 is not a white dead end"),
    ({(1, 0), (1, 1), (1, 2)}, "the dead end at r1c3 has no circle"),
    (set(), "the 2x2 block at r1c1 is all white"),
    ({(1, 0), (1, 1), (1, 2)}, "not connected"),
    ({(1, 0), (1, 1), (4, 4)}, "off the board"),
])
def test_verify(sh, words):
    problems = N.verify(BOARD, frozenset(sh))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_removing_a_number_keeps_the_circle():
    inst = N.with_clues(BOARD, [])
    assert inst.numbers == (((0, 0), N.HIDDEN), ((2, 0), N.HIDDEN)) and N.clues(inst) == []


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(N.GENRE, datasets, "Nurimisaki") == (20, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=25, deadline=None)
@given(tiny(9), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(N.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert N.verify(inst, sol) == []
    assert sum(N.GENRE.cells(inst, sol).values()) == len(sol)
    assert "█" in N.GENRE.render_text(inst, sol)
    assert sorted(c.text for c in N.picture(inst).circles)[-1] in ("2", "5")


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("nurimisaki", rows)


#: `.pzl` text, or grid text read as `--type Nurimisaki`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."]), 5, 5, "`q`", None),
    (pzl([". 5 .", ". . ."]), 4, 5, "outside 1..4", None),
    (pzl([". 2 .", ". . . ?"]), 5, 9, "row 2 has 4 cells", None),
    ("2 3\n2 - w\n- - -\n", 2, 5, "`w`", "Nurimisaki"),
    ("3 3\n2 - ?\n- - -\n", 3, 5, "the grid has 2 rows", "Nurimisaki"),
])


def test_cli_exit_codes(capsys, tmp_path):
    """Two circles on a 1 x 4: the line between them, shaded or not inside."""
    cli_exit_codes(capsys, tmp_path, "Nurimisaki", "2 3\n? - -\n- - ?\n", INSTANCES[0],
                   pzl([". 2 .", ". q ."]), "5:5")


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/nurimisaki.js: the URL, and its accepted
    answer (the last failcheck: `#` shaded)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?nurimisaki/5/5/g.i.m2l.j"
    genre, inst = puzzlink.decode(url)
    assert genre is N.GENRE
    assert inst.numbers == (((0, 1), N.HIDDEN), ((1, 0), N.HIDDEN), ((2, 3), 2),
                            ((4, 0), N.HIDDEN))
    assert puzzlink.encode(N.GENRE, inst) == url
    answer = "# . . . . /. # # # . /. . # . . /# . # # . /. . . . . /"
    sh = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
          for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(N.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == sh
