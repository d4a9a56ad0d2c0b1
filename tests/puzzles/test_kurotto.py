"""Kurotto: brute force, lazy = complete, verify, the dev slice, files,
errors, puzz.link."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.puzzles import kurotto as K
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, errors_have_positions,
                                        grid_pzl, pzl_round_trips, unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "kurotto").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, sh: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    numbered = {c for c, n in inst.circles if n != K.EMPTY}
    for cell, n in inst.circles:
        if cell in sh:
            return False
        if n != K.EMPTY:
            areas = [a for a in nx.connected_components(board.subgraph(sh))
                     if any(m in a for m in board[cell])]
            if sum(map(len, areas)) != n:
                return False
    return all(any(m in numbered for c in a for m in board[c])
               for a in nx.connected_components(board.subgraph(sh)))


def brute(inst) -> set[frozenset]:
    cells = list(inst.grid.cells)
    return {frozenset(s) for bits in itertools.product((0, 1), repeat=len(cells))
            if obeys(inst, s := {c for c, b in zip(cells, bits) if b})}


@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    cells = [c for c in Grid(rows, cols).cells if draw(st.integers(0, 3)) == 0]
    free = rows * cols - len(cells)
    return K.Instance(rows, cols, tuple(
        (c, draw(st.one_of(st.just(K.EMPTY), st.integers(0, min(free, 5))))) for c in cells))


test_modes_agree_with_brute_force = brute_force_harness(K.GENRE, tiny(10), brute,
                                                        examples=30, limit=300)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = K.Instance(2, 3, (((0, 0), 2), ((1, 2), K.EMPTY)))


@pytest.mark.parametrize("sh, words", [
    ({(0, 1), (1, 1)}, None),
    ({(0, 1), (0, 2)}, None),
    ({(1, 0)}, "the 2 at r1c1 touches 1 shaded cells"),
    ({(0, 1), (1, 1), (1, 2)}, "the circle at r2c3 is shaded"),
    ({(1, 0), (0, 1), (0, 2)}, "the 2 at r1c1 touches 3"),
    ({(0, 1), (1, 0), (5, 5)}, "off the board"),
])
def test_verify(sh, words):
    problems = K.verify(BOARD, frozenset(sh))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_every_shaded_area_touches_a_number():
    """janko's 224 needs it: an area next to no number (or only to an empty
    circle) is refused."""
    inst = K.Instance(1, 5, (((0, 0), 1), ((0, 3), K.EMPTY)))
    assert K.verify(inst, {(0, 1), (0, 4)}) == ["the shaded area at r1c5 touches no number"]
    assert any("touches no number" in p for p in K.verify(inst, {(0, 1), (0, 2)})) is False
    assert brute(inst) == {frozenset({(0, 1)})}


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(K.GENRE, datasets, "Kurotto") == (46, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=25, deadline=None)
@given(tiny(9), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(K.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert K.verify(inst, sol) == []
    assert sum(K.GENRE.cells(inst, sol).values()) == len(sol)
    assert "█" in K.GENRE.render_text(inst, sol)
    empty = K.Instance(1, 2, (((0, 0), K.EMPTY),))
    assert [c.text for c in K.picture(empty).circles] == [""]


def test_grid_text_reads_empty_circles():
    [item] = satlink.load_text("1 3\n1 - o\n", "k.txt", fmt="grid-text", puzzle_type="Kurotto")
    assert item.instance.circles == (((0, 0), 1), ((0, 2), K.EMPTY))


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("kurotto", rows)


#: `.pzl` text, or grid text read as `--type Kurotto`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."]), 5, 5, "`q`", None),
    (pzl([". 5 .", ". 1 ."]), 4, 5, "outside 0..4", None),
    (pzl([". 2 .", ". . . 1"]), 5, 9, "row 2 has 4 cells", None),
    ("2 3\n2 - w\n- - -\n", 2, 5, "`w`", "Kurotto"),
    ("3 3\n2 - 1\n- - -\n", 3, 5, "the grid has 2 rows", "Kurotto"),
])


def test_cli_exit_codes(capsys, tmp_path):
    """One 2 on a 2 x 2: several shadings."""
    cli_exit_codes(capsys, tmp_path, "Kurotto", "2 2\n2 -\n- -\n", INSTANCES[0],
                   pzl([". 2 .", ". q ."]), "5:5")


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/kurotto.js: the URL, and its accepted answer
    (the last failcheck: `#` shaded)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?kurotto/5/5/30m4h6h4m02"
    genre, inst = puzzlink.decode(url)
    assert genre is K.GENRE
    assert dict(inst.circles) == {(0, 0): 3, (0, 1): 0, (1, 4): 4, (2, 2): 6, (3, 0): 4,
                                  (4, 3): 0, (4, 4): 2}
    assert puzzlink.encode(K.GENRE, inst) == url
    answer = ". . + + + /# + # # . /# # . + # /. + # + # /# + + . . /"
    sh = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
          for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(K.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == sh
