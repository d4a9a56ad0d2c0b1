"""Gokigen Naname: brute force, selectors, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.lang import parse_text
from satlink.puzzles import gokigen as G
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "gokigen").glob("*.pzl"))


def brute(inst) -> set[frozenset]:
    """Every choice of diagonals the rules accept, checked here directly:
    no loop (networkx), each number the count of diagonal ends at its point."""
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    out = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        ends: dict = {}
        g = nx.Graph()
        for (r, c), b in zip(cells, bits):
            a, z = ((r, c), (r + 1, c + 1)) if b else ((r, c + 1), (r + 1, c))
            g.add_edge(a, z)
            ends[a] = ends.get(a, 0) + 1
            ends[z] = ends.get(z, 0) + 1
        if nx.is_forest(g) and all(ends.get(p, 0) == n for p, n in inst.points):
            out.add(frozenset(c for c, b in zip(cells, bits) if b))
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    points = []
    for r in range(rows + 1):
        for c in range(cols + 1):
            most = len(G.cells_at(rows, cols, (r, c)))
            if draw(st.integers(0, 2)) == 0:
                points.append(((r, c), draw(st.integers(0, most))))
    return G.Instance(rows, cols, tuple(points))


test_modes_agree_with_brute_force = brute_force_harness(G.GENRE, tiny(), brute, examples=30)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = G.Instance(2, 2, (((1, 1), 2), ((0, 0), 1)))


@pytest.mark.parametrize("back, words", [
    ({(0, 0), (1, 0)}, None),
    ({(0, 0)}, "the 2 at point r2c2 touches 3 diagonals"),
    ({(0, 1), (1, 0)}, "close a loop"),
    ({(0, 0), (1, 0), (5, 5)}, "not a cell"),
])
def test_verify(back, words):
    problems = G.verify(BOARD, frozenset(back))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(G.GENRE, datasets, "GokigenNaname") == (156, [])  # none malformed


# -- files -----------------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = G.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert G.FORMAT.from_document(doc) == inst
    assert G.FORMAT.expected_solution(doc) == sol
    assert G.FORMAT.to_grid_text(inst) and G.FORMAT.to_pzl(G.FORMAT.from_document(doc), sol) == text


def test_outputs():
    inst = G.Instance(1, 2, (((0, 0), 1),))
    assert G.solution_json(inst, frozenset({(0, 0)})) == ["\\/"]
    assert G.cells(inst, frozenset()) == {"r1c1": "/", "r1c2": "/"}
    assert "╲" in G.GENRE.render_text(inst, frozenset({(0, 0)}))


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows, size="2 x 1"):
    return f"puzzle gokigen\nsize {size}\npoints\n" + "".join(f"  {r}\n" for r in rows)


test_bad_input_has_position = errors_have_positions([
    (pzl([". q .", ". . ."]), 4, 5, "`q`", None),
    (pzl([". 5 .", ". . ."]), 4, 5, "above 4", None),
    (pzl(["2 . .", ". . ."]), 4, 3, "touches 1 cells", None),
    (pzl([". . .", ". . . 1"]), 5, 9, "row 2 has 4 cells", None),
    (pzl([". . ."]), 4, 3, "a board 1 cells high has 2 rows of points", None),
    (pzl([". . .", ". . ."]) + "solution\n  \\ x\n", 7, 5, "`x`", None),
    ("1 2\n- 3 -\n- - -\n", 2, 3, "touches 2 cells", "GokigenNaname"),
    ("1 2\n- w -\n- - -\n", 2, 3, "`w`", "GokigenNaname"),
    ("1 2\n- - -\n- -\n", 3, 3, "row 2 has 2 cells", "GokigenNaname"),
])


def test_cli_exit_codes(capsys, tmp_path):
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". q .", ". . ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:4:5" in err and "Traceback" not in err


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/gokigen.js: the URL and its accepted answer
    (the last failcheck: `1` is `\\`, `2` is `/`)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?gokigen/4/4/iaegcgcj6a"
    genre, inst = puzzlink.decode(url)
    assert genre is G.GENRE
    assert inst.points == (((0, 3), 0), ((1, 1), 4), ((2, 0), 2), ((2, 4), 2), ((4, 1), 1),
                           ((4, 3), 0))
    assert puzzlink.encode(G.GENRE, inst) == url
    answer = "1 2 1 2 /2 1 1 1 /1 1 2 2 /2 2 2 1 /"
    back = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
            for c, t in enumerate(row.split()) if t == "1"}
    res = engine.solve(G.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == back


def test_puzzlink_question_mark_is_an_error():
    from satlink.errors import InputError
    from satlink.formats import puzzlink

    with pytest.raises(InputError, match="Gokigen numbers are known"):
        puzzlink.decode("https://puzz.link/p?gokigen/1/1/.i")
