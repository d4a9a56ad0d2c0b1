"""Bosanowa: brute force, verify, the dev slice, puzz.link, files, errors, the limit."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.formats import puzzlink
from satlink.engine.search import search
from satlink.puzzles import bosanowa as B
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, error_at,
                                        pzl_round_trips, unique_and_published)
from tests.puzzles.loop_checks import check_pzprjs_vector

INSTANCES = {p.name: p for p in (ROOT / "instances" / "bosanowa").glob("*.pzl")}
URL = "https://puzz.link/p?bosanowa/6/5/jo9037g2n2n3g4j3i"  # robx/pzprjs test/script/bosanowa.js


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[tuple]:
    """Every filling of the board cells with 1..limit where each number is the
    sum of its absolute differences to its orthogonal board neighbours, the
    givens kept."""
    board = [(r, c) for r in range(inst.rows) for c in range(inst.cols)
             if inst.givens[r][c] != B.HOLE]
    out = set()
    for values in itertools.product(range(1, inst.limit + 1), repeat=len(board)):
        v = dict(zip(board, values))
        if any(isinstance(g, int) and v[(r, c)] != g
               for r, row in enumerate(inst.givens) for c, g in enumerate(row)):
            continue
        if all(v[(r, c)] == sum(abs(v[(r, c)] - v[x]) for x in
                                ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if x in v)
               for r, c in board):
            out.add(tuple(tuple(v.get((r, c)) for c in range(inst.cols))
                          for r in range(inst.rows)))
    return out


@st.composite
def tiny(draw, limit=7):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    on = set(draw(st.lists(st.sampled_from(cells), min_size=1, max_size=5, unique=True)))
    grid = [[None if (r, c) in on else B.HOLE for c in range(cols)] for r in range(rows)]
    for r, c in draw(st.lists(st.sampled_from(sorted(on)), max_size=2)):
        grid[r][c] = draw(st.integers(1, limit))
    return B.Instance(rows, cols, tuple(map(tuple, grid)), limit=limit)


test_modes_agree_with_brute_force = brute_force_harness(B.GENRE, tiny(), brute, examples=30)


def test_solutions_scale():
    """No rule bounds the numbers: a solution times k is one too (the reason
    for the limit), so a board without givens is never unique."""
    inst = B.Instance(2, 3, ((None,) * 3,) * 2, limit=7)
    sols = brute(inst)
    assert ((1, 1, 2), (2, 1, 1)) in sols and ((3, 3, 6), (6, 3, 3)) in sols
    assert set(search(B.GENRE, inst, limit=100).solutions) == sols


# -- verify, from the rules -------------------------------------------------------------------
SMALL = B.Instance(2, 3, ((None, None, None), (None, 2, B.HOLE)))


@pytest.mark.parametrize("grid, words", [
    (((2, 1, 1), (1, 2, None)), "r1c2 holds 1, but its differences to its neighbours add up to 2"),
    (((1, 1, 2), (2, 1, None)), "the given is 2"),
    (((1, 1, 2), (2, 1, 3)), "off the board"),
    (((0, 1, 2), (2, 2, None)), "not a positive number"),
    (((1, 1), (2, 2)), "not 3 x 2"),
])
def test_verify_finds_broken_rules(grid, words):
    problems = B.verify(SMALL, grid)
    assert any(words in p for p in problems), problems


def test_verify_accepts_the_solution():
    item = satlink.load(INSTANCES["pzprjs-6x5.pzl"])[0]
    assert B.verify(item.instance, item.expected) == []


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(B.GENRE, datasets, "Bosanowa") == (8, [])  # none malformed


# -- puzz.link ---------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(B.GENRE, URL)
    item = satlink.load(INSTANCES["pzprjs-6x5.pzl"])[0]
    assert inst == item.instance
    # pzprjs's answer (its null failcheck), with the givens
    assert satlink.engine.solve(B.GENRE, inst).solutions == [item.expected]


@settings(max_examples=30, deadline=None)
@given(tiny(limit=255))
def test_puzzlink_round_trip(inst):
    assert puzzlink.decode(puzzlink.encode(B.GENRE, inst))[1] == inst


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(limit=255), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sol = tuple(tuple(None if v == B.HOLE else 3 for v in row) for row in inst.givens)
    pzl_round_trips(B.FORMAT, inst, sol if with_solution else None)


def test_outputs():
    item = satlink.load(INSTANCES["pzprjs-6x5.pzl"])[0]
    inst, sol = item.instance, item.expected
    assert B.GENRE.solution_json(inst, sol) == [list(row) for row in sol]
    assert B.GENRE.cells(inst, sol)["r3c1"] == 6 and "r1c1" not in B.GENRE.cells(inst, sol)
    assert "6" in B.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
PZL = "puzzle bosanowa\nsize 3 x 2\ngrid\n  . . q\n  x 2 .\n"


@pytest.mark.parametrize("text,line,col,words,grid_text", [
    (PZL, 4, 7, "`q`", None),
    (PZL.replace(". . q", ". . 256"), 4, 7, "above 255", None),
    (PZL.replace(". . q", ". . 0"), 4, 7, "below 1", None),
    ("2 3\n. - w\n- 2 -\n", 2, 5, "`w`", "Bosanowa"),
    ("2 3\n. - 300\n- 2 -\n", 2, 5, "255", "Bosanowa"),
])
def test_bad_input_has_position(text, line, col, words, grid_text):
    at_line, at_col, message = error_at(text, grid_text)
    assert words in message and (at_line, at_col) == (line, col), message


def test_cli_exit_codes(capsys, tmp_path):
    cli_exit_codes(capsys, tmp_path, "Bosanowa", "1 3\n- - -\n", INSTANCES["small-3x2.pzl"],
                   PZL, "4:7")
