"""Makaro: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import _givens
from satlink.puzzles import makaro as M
from tests.helpers import ROOT
from tests.puzzles.digit_rooms_checks import fillings, partition
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published

INSTANCE = ROOT / "instances" / "makaro" / "pzprjs-5x5.pzl"
STEP = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}


def brute(inst) -> set:
    """Fillings of 1..k per white region, None on black cells: white neighbours
    differ; each arrow's target above every other white neighbour of its cell."""
    white = {(r, c) for r in range(inst.rows) for c in range(inst.cols)
             if inst.regions[r][c] is not None}

    def ok(g):
        for r, c in white:
            for n in ((r + 1, c), (r, c + 1)):
                if n in white and g[r][c] == g[n[0]][n[1]]:
                    return False
        for (r, c), d in inst.arrows:
            t = (r + STEP[d][0], c + STEP[d][1])
            others = [(r + dr, c + dc) for dr, dc in STEP.values()
                      if (r + dr, c + dc) in white and (r + dr, c + dc) != t]
            if any(g[o[0]][o[1]] >= g[t[0]][t[1]] for o in others):
                return False
        return True
    return {g for g in fillings(inst) if ok(g)}


def split_by_black(names, grid):
    """Region names made unique per connected piece of white cells (black
    cells may cut a region)."""
    rows, cols = len(names), len(names[0])
    out = [[None] * cols for _ in range(rows)]
    k = 0
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] is None or isinstance(grid[r][c], int):
                if out[r][c] is None:
                    todo, out[r][c] = [(r, c)], f"{names[r][c]}{k}"
                    while todo:
                        y, x = todo.pop()
                        for n in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                            if (0 <= n[0] < rows and 0 <= n[1] < cols and out[n[0]][n[1]] is None
                                    and not isinstance(grid[n[0]][n[1]], str)
                                    and names[n[0]][n[1]] == names[r][c]):
                                out[n[0]][n[1]] = out[r][c]
                                todo.append(n)
                    k += 1
            else:
                out[r][c] = "z"
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from([(1, 3), (2, 2), (2, 3), (3, 3), (2, 4), (3, 4)]))
    names = partition(rows, cols, 3, random.Random(draw(st.integers(0, 10**9))))
    grid = [[None] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if draw(st.integers(0, 4)) == 0:
                grid[r][c] = draw(st.sampled_from(["x", "n", "s", "w", "e"]))
    for r in range(rows):  # an arrow points at a white cell of the board, else it is plain
        for c in range(cols):
            d = grid[r][c]
            if d in STEP:
                t = (r + STEP[d][0], c + STEP[d][1])
                if not (0 <= t[0] < rows and 0 <= t[1] < cols) or grid[t[0]][t[1]] is not None:
                    grid[r][c] = "x"
    names = split_by_black(names, grid)
    inst = M.make(rows, cols, grid, names)
    givens = [[draw(st.sampled_from([None] * 5 + list(range(1, inst.region_size((r, c)) + 1))))
               if inst.regions[r][c] is not None else None for c in range(cols)]
              for r in range(rows)]
    return _givens.with_clues(inst, [(r, c, v) for r, row in enumerate(givens)
                               for c, v in enumerate(row) if v is not None])


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, tiny(), brute, examples=40)


@settings(max_examples=30, deadline=None)
@given(tiny())
def test_verify_accepts_exactly_the_brute_force_solutions(inst):
    want = brute(inst)
    for g in fillings(inst):
        assert (M.verify(inst, g) == []) == (g in want)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = M.FORMAT.from_document(doc), M.FORMAT.expected_solution(doc)
    assert M.verify(inst, good) == []
    bad = ((None, 2, 1, 3, 1), (1, 3, 2, None, 3), (2, 1, 3, 1, 2), (1, 5, 1, 3, 2),
           (2, 3, 2, 1, None))
    problems = M.verify(inst, bad)
    assert "black cell r4c2 holds 5" in problems
    assert "the arrow at r2c4 does not point at the largest neighbour" in problems
    assert M.verify(inst, good[:1]) == ["the grid is not 5 x 5"]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(M.GENRE, datasets, "Makaro") == (38, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle makaro\nsize 2 x 1\ngrid\n  3 x\nregions\n  a @\n", 4, 3, "outside 1..1", None),
    ("puzzle makaro\nsize 2 x 1\ngrid\n  n .\nregions\n  @ a\n", 4, 3, "off the board", None),
    ("puzzle makaro\nsize 2 x 1\ngrid\n  e x\nregions\n  @ @\n", 4, 3, "at a black cell", None),
    ("puzzle makaro\nsize 2 x 1\ngrid\n  . .\nregions\n  a @\n", 6, 5, "lies in no region", None),
    ("puzzle makaro\nsize 2 x 1\ngrid\n  . q\nregions\n  a a\n", 4, 5, "`q`", None),
    ("1 3\n- x 2\n1 2 3\n", 2, 5, "outside 1..1", "Makaro"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/makaro.js: the URL, and its accepted answer."""
    url = "https://puzz.link/p?makaro/5/5/lfflu7qdemei2icmb"
    genre, inst = puzzlink.decode(url)
    assert genre is M.GENRE and puzzlink.encode(M.GENRE, inst) == url
    assert inst.arrows == (((0, 0), "e"), ((1, 3), "e"), ((3, 1), "s"), ((4, 4), "n"))
    res = engine.solve(M.GENRE, inst)
    assert res.verdict == "unique"
    assert res.solutions[0] == ((None, 2, 1, 2, 1), (1, 3, 2, None, 3), (2, 1, 3, 2, 1),
                                (1, None, 1, 3, 2), (2, 3, 2, 1, None))
