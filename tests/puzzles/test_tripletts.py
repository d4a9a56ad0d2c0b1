"""Tripletts: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.puzzles import tripletts as T
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, error_at,
                                        pzl_round_trips, unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "tripletts").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[tuple]:
    """Every filling with circles, squares, triangles (1, 2, 3): no region
    with exactly two alike, no two orthogonal neighbours of different regions
    alike, the givens kept."""
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    region = {(r, c): inst.regions[r][c] for r, c in cells}
    out = set()
    for values in itertools.product((1, 2, 3), repeat=len(cells)):
        v = dict(zip(cells, values))
        if any(g is not None and v[(r, c)] != g
               for r, row in enumerate(inst.givens) for c, g in enumerate(row)):
            continue
        groups = {}
        for cell in cells:
            groups.setdefault(region[cell], []).append(v[cell])
        if any(len(set(g)) == 2 for g in groups.values()):
            continue
        if any(region[a] != region[b] and v[a] == v[b]
               for a in cells for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)) if b in v):
            continue
        out.add(tuple(tuple(v[(r, c)] for c in range(inst.cols)) for r in range(inst.rows)))
    return out


BOARDS = [  # (rows, cols, regions): every region three connected cells
    (1, 3, ["aaa"]), (3, 1, ["a", "a", "a"]), (2, 3, ["aab", "abb"]), (2, 3, ["aaa", "bbb"]),
    (3, 2, ["ab", "ab", "ab"]), (3, 3, ["aab", "cab", "ccb"]), (3, 3, ["abc", "abc", "abc"]),
    (2, 6, ["aaabbb", "cccddd"]),
    (3, 3, ["aaa", "bcc", "bbc"]),
]


@st.composite
def tiny(draw):
    rows, cols, regions = draw(st.sampled_from(BOARDS))
    givens = [[None] * cols for _ in range(rows)]
    for r, c in draw(st.lists(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)),
                              max_size=3)):
        givens[r][c] = draw(st.sampled_from(T.SYMBOLS))
    return T.make(rows, cols, givens, [list(row) for row in regions])


test_modes_agree_with_brute_force = brute_force_harness(T.GENRE, tiny(), brute, examples=30)


# -- verify, from the rules -------------------------------------------------------------------
SMALL = T.make(2, 3, [[1, None, None], [None, None, None]], ["aab", "abb"])


@pytest.mark.parametrize("grid, words", [
    (((1, 1, 2), (1, 2, 2)), None),
    (((1, 3, 2), (2, 1, 3)), None),
    (((1, 1, 2), (2, 2, 2)), "the region of r1c1 holds two alike and one different"),
    (((1, 1, 1), (1, 2, 2)), "lie in different regions and hold the same symbol"),
    (((2, 2, 1), (2, 1, 1)), "the given is 1"),
    (((1, 1, 4), (1, 2, 2)), "not one of 1, 2, 3"),
    (((1, 1), (1, 2)), "not 3 x 2"),
])
def test_verify(grid, words):
    problems = T.verify(SMALL, grid)
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(T.GENRE, datasets, "Tripletts") == (38, [])  # none malformed


def test_janko_numbers_are_the_old_spelling_of_the_symbols():
    """janko's first puzzles give 1, 2, 3 where the later ones give c, s, t."""
    [item] = satlink.load_text("1 3\n1 2 3\n1 1 1\n", "old.txt", fmt="grid-text",
                               puzzle_type="Tripletts")
    assert item.instance.givens == ((T.CIRCLE, T.SQUARE, T.TRIANGLE),)


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst))
    pzl_round_trips(T.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert T.verify(inst, sol) == []
    assert T.GENRE.solution_json(inst, sol) == [list(row) for row in sol]
    assert T.GENRE.cells(inst, sol)["r2c1"] == T.TRIANGLE
    text = T.GENRE.render_text(inst, sol)
    assert "○" in text and "□" in text and "△" in text


# -- bad input ---------------------------------------------------------------------------------------
PZL = "puzzle tripletts\nsize 3 x 2\ngrid\n  . . q\n  c . .\nregions\n  a a b\n  a b b\n"


@pytest.mark.parametrize("text,line,col,words,grid_text", [
    (PZL, 4, 7, "`q`", None),
    (PZL.replace(". . q", ". . 4"), 4, 7, "`4`", None),
    (PZL.replace(". . q", ". . .").replace("a b b", "a c b"), 7, 7, "has 2 cells", None),
    (PZL.replace(". . q", ". . .").replace("a b b", "b a b"), 8, 3, "connected", None),
    ("2 3\n. . w\n1 . .\n1 1 2\n1 2 2\n", 2, 5, "`w`", "Tripletts"),
])
def test_bad_input_has_position(text, line, col, words, grid_text):
    at_line, at_col, message = error_at(text, grid_text)
    assert words in message and (at_line, at_col) == (line, col), message


def test_cli_exit_codes(capsys, tmp_path):
    cli_exit_codes(capsys, tmp_path, "Tripletts", "1 3\n- - -\n1 1 1\n", INSTANCES[0], PZL,
                   "4:7")
