"""Creek: brute force, lazy = complete = selectors, verify, the dev slice,
files, errors, puzz.link."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.formula import Formula
from satlink.puzzles import creek as C
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, errors_have_positions,
                                        pzl_round_trips, unique_and_published)
from tests.rules.enumerate import solutions

INSTANCES = sorted((ROOT / "instances" / "creek").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, sh: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    white = board.subgraph(set(board) - sh)
    if white.number_of_nodes() and not nx.is_connected(white):
        return False
    for (r, c), n in inst.points:
        around = {(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)}
        if len(around & sh) != n:
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
    points = []
    for p in itertools.product(range(rows + 1), range(cols + 1)):
        if draw(st.integers(0, 3)) == 0:
            points.append((p, draw(st.integers(0, len(C.cells_at(rows, cols, p))))))
    return C.Instance(rows, cols, tuple(points))


test_modes_agree_with_brute_force = brute_force_harness(C.GENRE, tiny(9), brute,
                                                        examples=30, limit=200)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.data())
def test_exactly_small(n, data):
    k = data.draw(st.integers(0, n))
    f = Formula()
    xs = [f.var("x", i) for i in range(n)]
    C.exactly_small(f, xs, k)
    got = solutions(f, xs)
    assert got == {frozenset(s) for s in itertools.combinations(xs, k)}


# -- verify, from the rules -------------------------------------------------------------------
BOARD = C.Instance(2, 3, (((0, 0), 1), ((1, 1), 2)))


@pytest.mark.parametrize("sh, words", [
    ({(0, 0), (1, 0)}, None),
    ({(0, 0), (0, 1)}, None),
    ({(0, 1), (1, 0)}, "the 1 at point r1c1 touches 0 shaded cells"),
    ({(0, 0), (1, 0), (0, 2), (1, 1)}, "not connected"),
    ({(0, 0), (1, 0), (2, 2)}, "off the board"),
])
def test_verify(sh, words):
    problems = C.verify(BOARD, frozenset(sh))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(C.GENRE, datasets, "Creek") == (88, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=25, deadline=None)
@given(tiny(9), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(C.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_grid_text_round_trip():
    item = satlink.load(INSTANCES[0])[0]
    from satlink.formats.grid_text import split
    assert C.FORMAT.from_grid_text(split(C.FORMAT.to_grid_text(item.instance), "t")) \
        == item.instance


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert C.verify(inst, sol) == []
    assert C.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(C.GENRE.cells(inst, sol).values()) == len(sol)
    text = C.GENRE.render_text(inst, sol)
    assert "█" in text and "4" in text


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    size = f"{len(rows[0].split()) - 1} x {len(rows) - 1}"
    return "puzzle creek\nsize " + size + "\npoints\n" + "".join(f"  {r}\n" for r in rows)


#: `.pzl` text, or grid text read as `--type Creek`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". 1 .", ". q .", ". . ."]), 5, 5, "`q`", None),
    (pzl([". 1 .", ". 5 .", ". . ."]), 5, 5, "above 4", None),
    (pzl(["2 . .", ". . .", ". . ."]), 4, 3, "touches 1 cells", None),
    (pzl([". 1 .", ". . . 1", ". . ."]), 5, 9, "row 2 has 4 cells", None),
    ("2 2\n0 - w\n- - -\n- - -\n", 2, 5, "`w`", "Creek"),
    ("2 2\n0 - 1\n- - -\n", 3, 5, "the grid has 2 rows", "Creek"),
])


def test_cli_exit_codes(capsys, tmp_path):
    """No numbers: many shadings."""
    cli_exit_codes(capsys, tmp_path, "Creek", "2 2\n- - -\n- - -\n- - -\n", INSTANCES[0],
                   pzl([". 1 .", ". q .", ". . ."]), "5:5")


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/creek.js: the URL, and its accepted answer
    (the last failcheck: `#` shaded)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?creek/6/6/gagaich2cgb6769dt"
    genre, inst = puzzlink.decode(url)
    assert genre is C.GENRE
    assert dict(inst.points)[(4, 2)] == 4 and len(inst.points) == 11
    assert puzzlink.encode(C.GENRE, inst) == url
    answer = (". + + + + . /. # # # # + /. + + + # + /# # # + # + /. # # # # + /"
              ". . + + + + /")
    sh = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
          for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(C.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == sh
