"""Shakashaka: brute force, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.lang import parse_text
from satlink.puzzles import shakashaka as S
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions, grid_pzl,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "shakashaka").glob("*.pzl"))
KINDS = ("nw", "ne", "sw", "se")


def _rectangle(area, quarters_of_board) -> bool:
    """``area`` (quarters (cell, q), q in n e s w) is a rectangle: it is
    every board quarter inside its upright or its 45-degree bounding box,
    and that box has its area (a quarter is a quarter of a cell)."""
    def corners(cell, q):
        (r, c) = cell
        ends = {"n": ((r, c), (r, c + 1)), "e": ((r, c + 1), (r + 1, c + 1)),
                "s": ((r + 1, c + 1), (r + 1, c)), "w": ((r + 1, c), (r, c))}[q]
        return [(2 * y, 2 * x) for y, x in ends] + [(2 * r + 1, 2 * c + 1)]  # doubled

    pts = [p for a in area for p in corners(*a)]
    for f in (lambda y, x: (y, x), lambda y, x: (y + x, y - x)):
        ys, xs = zip(*(f(*p) for p in pts))
        box = [(min(ys), max(ys)), (min(xs), max(xs))]
        inside = {a for a in quarters_of_board
                  if all(box[0][0] <= f(*p)[0] <= box[0][1] and box[1][0] <= f(*p)[1] <= box[1][1]
                         for p in corners(*a))}
        measure = (box[0][1] - box[0][0]) * (box[1][1] - box[1][0])  # in doubled units
        measure = measure if f(1, 0) == (1, 0) else measure / 2
        if inside == set(area) and measure == len(area):  # a quarter: 1 doubled unit
            return True
    return False


def rectangles_only(rows, cols, walls) -> set[frozenset]:
    """Every placement of triangles in the open cells that leaves each
    white area a rectangle, by brute force (quarters joined by networkx)."""
    open_ = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in walls]
    board_q = {(cell, q) for cell in open_ for q in "nesw"}
    out = set()
    for pick in itertools.product((None, *KINDS), repeat=len(open_)):
        tri = {(c, k) for c, k in zip(open_, pick) if k}
        white = board_q - {(c, q) for c, k in tri for q in k}
        g = nx.Graph()
        g.add_nodes_from(white)
        for (r, c), q in white:
            for a, b in (("n", "e"), ("e", "s"), ("s", "w"), ("w", "n")):
                if q == a and ((r, c), b) in white:
                    g.add_edge(((r, c), a), ((r, c), b))
            if q == "e" and ((r, c + 1), "w") in white:
                g.add_edge(((r, c), q), ((r, c + 1), "w"))
            if q == "s" and ((r + 1, c), "n") in white:
                g.add_edge(((r, c), q), ((r + 1, c), "n"))
        if all(_rectangle(part, board_q) for part in nx.connected_components(g)):
            out.add(frozenset(tri))
    return out


def brute(inst) -> set[frozenset]:
    black = dict(inst.walls)
    out = set()
    for sol in rectangles_only(inst.rows, inst.cols, set(black)):
        held = {c for c, _ in sol}
        if all(sum(((r + dr, c + dc) in held) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))
               == n for (r, c), n in inst.numbers):
            out.add(sol)
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    walls = {c for c in cells if draw(st.integers(0, 2)) == 0}
    walls |= set(cells[:max(0, len(cells) - len(walls) - 4)])  # at most four open cells
    return S.Instance(rows, cols, tuple((c, draw(st.sampled_from((S.BLACK, 0, 1, 2))))
                                        for c in sorted(walls)))


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, tiny(), brute, examples=30)
test_modes_agree_with_brute_force = pytest.mark.slow(test_modes_agree_with_brute_force)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = S.Instance(2, 3, (((0, 0), 1),))  # a 1 in the corner of a 2 x 3
DIAMOND = {((0, 1), "nw"), ((0, 2), "ne"), ((1, 1), "sw"), ((1, 2), "se")}


@pytest.mark.parametrize("tri, words", [
    (DIAMOND, None),
    (DIAMOND - {((1, 2), "se")}, "not a rectangle"),
    (DIAMOND | {((1, 0), "se")}, "touches 2 triangles"),
    (DIAMOND | {((0, 0), "nw")}, "not on a white cell"),
    (DIAMOND | {((0, 1), "se")}, "two triangles"),
])
def test_verify(tri, words):
    problems = S.verify(BOARD, frozenset(tri))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(S.GENRE, datasets, "Shakashaka") == (74, [])  # none malformed


# -- files -----------------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = engine.solve(S.GENRE, inst).solutions
    sol = sols[0] if with_solution and sols else None
    text = S.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert S.FORMAT.from_document(doc) == inst
    assert S.FORMAT.expected_solution(doc) == sol
    assert S.FORMAT.to_pzl(S.FORMAT.from_document(doc), sol) == text


def test_outputs():
    sol = frozenset(DIAMOND)
    assert S.solution_json(BOARD, sol) == [[0, 1, "nw"], [0, 2, "ne"], [1, 1, "sw"], [1, 2, "se"]]
    assert S.cells(BOARD, sol) == {"r1c2": "nw", "r1c3": "ne", "r2c1": ".", "r2c2": "sw",
                                   "r2c3": "se"}
    assert "◤" in S.GENRE.render_text(BOARD, sol)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("shakashaka", rows)


test_bad_input_has_position = errors_have_positions([
    (pzl([". x .", ". q ."]), 5, 5, "`q`", None),
    (pzl([". 5 .", ". . ."]), 4, 5, "above 4", None),
    (pzl([". 1 ."]) + "solution\n  ne 1 zz\n", 6, 8, "`zz`", None),
    ("2 3\nx - 7\n- - -\n", 2, 5, "above 4", "Shakashaka"),
    ("2 3\nx - w\n- - -\n", 2, 5, "`w`", "Shakashaka"),
    ("2 3\nx - 1\n- -\n", 3, 3, "row 2 has 2 cells", "Shakashaka"),
])


def test_janko_five_is_a_plain_black_cell():
    from satlink.formats.grid_text import split

    inst = S.GENRE.from_grid_text(split("1 3\n5 - 1\n"))
    assert inst.walls == (((0, 0), S.BLACK), ((0, 2), 1))


def test_cli_exit_codes(capsys, tmp_path):
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". x .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/shakashaka.js: the URL and its accepted
    answer (the last failcheck: 2 sw, 3 se, 4 ne, 5 nw; `+` a dot)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"
    genre, inst = puzzlink.decode(url)
    assert genre is S.GENRE and puzzlink.encode(S.GENRE, inst) == url
    answer = (". 5 4 + . + /5 . 3 . 5 4 /2 3 . 5 . 3 /. 5 4 2 3 . /5 . 3 + 5 4 /2 3 + . 2 3 /")
    kind = {"2": "sw", "3": "se", "4": "ne", "5": "nw"}
    want = {((r, c), kind[t]) for r, row in enumerate(answer.split("/")[:-1])
            for c, t in enumerate(row.split()) if t in kind}
    res = engine.solve(S.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == want
