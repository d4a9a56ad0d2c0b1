"""Cojun: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import pytest
from hypothesis import given, settings

from satlink import engine
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import cojun as C
from satlink.puzzles._digit_rooms import make
from tests.helpers import ROOT
from tests.puzzles.digit_rooms_checks import fillings, tiny
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published

INSTANCE = ROOT / "instances" / "cojun" / "pzprjs-4x4.pzl"


def brute(inst) -> set:
    """Fillings of 1..k per region: neighbours differ, the upper of two
    stacked cells of one region larger."""
    def ok(g):
        for r in range(inst.rows):
            for c in range(inst.cols):
                if c + 1 < inst.cols and g[r][c] == g[r][c + 1]:
                    return False
                if r + 1 < inst.rows:
                    if g[r][c] == g[r + 1][c]:
                        return False
                    if inst.regions[r][c] == inst.regions[r + 1][c] and g[r][c] < g[r + 1][c]:
                        return False
        return True
    return {g for g in fillings(inst) if ok(g)}


test_modes_agree_with_brute_force = brute_force_harness(
    C.GENRE, tiny(make, most_cells=12, most_region=4), brute, examples=40)


@settings(max_examples=30, deadline=None)
@given(tiny(make))
def test_verify_accepts_exactly_the_brute_force_solutions(inst):
    want = brute(inst)
    for g in fillings(inst):
        assert (C.verify(inst, g) == []) == (g in want)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = C.FORMAT.from_document(doc), C.FORMAT.expected_solution(doc)
    assert C.verify(inst, good) == []
    bad = ((2, 1, 3, 4), (3, 1, 2, 1), (1, 4, 2, 2), (2, 3, 1, 1))
    problems = C.verify(inst, bad)
    assert "neighbours r1c2 and r2c2 both hold 1" in problems
    assert "r3c1 (1) is below r4c1 (2) of its region under it" in problems
    assert C.verify(inst, good[:1]) == ["the grid is not 4 x 4"]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(C.GENRE, datasets, "Cojun") == (24, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle cojun\nsize 2 x 1\ngrid\n  3 .\nregions\n  a a\n", 4, 3, "outside 1..2", None),
    ("puzzle cojun\nsize 3 x 1\ngrid\n  . . .\nregions\n  a b a\n", 6, 7, "not connected", None),
    ("1 2\n- 3\n1 1\n", 2, 3, "outside 1..2", "Cojun"),
    ("1 2\n- -\n1 +\n", 3, 3, "`+`", "Cojun"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/cojun.js: the URL, and its accepted answer."""
    url = "https://puzz.link/p?cojun/4/4/pd0hsoh3p3h"
    genre, inst = puzzlink.decode(url)
    assert genre is C.GENRE and puzzlink.encode(C.GENRE, inst) == url
    res = engine.solve(C.GENRE, inst)
    assert res.verdict == "unique"
    assert res.solutions[0] == ((1, 2, 3, 4), (3, 1, 2, 1), (2, 4, 1, 2), (1, 3, 2, 1))


@pytest.mark.parametrize("mode", ["direct", "selectors"])
def test_two_one_cell_regions_side_by_side_have_no_filling(mode):
    """Both hold 1 and are neighbours: no solution in either mode (the
    neighbour clause of two one-digit cells is skipped only where
    narrow_digits has checked the pair)."""
    from pysat.solvers import Solver

    from satlink.contract import Options
    from satlink.formula import Formula
    inst = make(1, 2, [[None, None]], [["a", "b"]])
    f = Formula()
    C.encode(inst, f, Options(clues=mode))
    with Solver(bootstrap_with=f.clauses) as s:
        assert not s.solve()
