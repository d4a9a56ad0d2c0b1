"""Detour: brute force in every mode, verify, the dev slice, files, puz.link, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formats import puzzlink
from satlink.puzzles import detour as D
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import (check_error, check_pzl_round_trip, check_pzprjs_vector,
                                       goes_straight)
from tests.rules.test_loops import cycles

URL = "https://puzz.link/p?detour/6/5/i5rpid6hgqh423"  # robx/pzprjs test/script/detour.js


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 2), (2, 4), (3, 4), (4, 4), (4, 3)]))
    cut = draw(st.integers(1, rows - 1))  # two regions: the rows above `cut`, the rest
    regions = tuple(tuple(int(r >= cut) for _ in range(cols)) for r in range(rows))
    numbers = []
    for first, size in (((0, 0), cut * cols), ((cut, 0), (rows - cut) * cols)):
        n = draw(st.one_of(st.none(), st.integers(0, min(size, 4))))
        if n is not None:
            numbers.append((first, n))
    return D.Instance(rows, cols, regions, tuple(numbers))


def oracle(inst) -> set[frozenset]:
    """Cycles through every cell whose turning cells per region (the cycle
    not straight there) match the numbers."""
    out = set()
    cells = inst.grid.cells
    for c in cycles(inst.grid):
        if len({x for e in c for x in e}) != len(cells):
            continue
        if all(sum(1 for x in cells if inst.regions[x[0]][x[1]] == inst.regions[p[0]][p[1]]
                   and not goes_straight(c, x)) == n for p, n in inst.numbers):
            out.add(c)
    return out


test_modes_agree_with_brute_force = brute_force_harness(D.GENRE, boards(), oracle, examples=40)


def test_verify_counts_turns():
    square = frozenset(Grid(2, 2).cell_edges())
    halves = ((0, 0), (1, 1))
    assert D.verify(D.Instance(2, 2, halves, (((0, 0), 2),)), square) == []
    assert "turns in 2 of its cells" in D.verify(D.Instance(2, 2, halves, (((0, 0), 1),)),
                                                 square)[0]
    assert "does not pass" in D.verify(D.Instance(2, 3, ((0, 0, 1), (0, 0, 1))), square)[0]


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(D.GENRE, datasets, "Detour")
    assert records == 16 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_and_puzzlink_round_trip(inst, with_solution):
    check_pzl_round_trip(D.GENRE, inst, with_solution)
    assert puzzlink.decode(puzzlink.encode(D.GENRE, inst))[1] == inst


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(D.GENRE, URL)
    assert inst.numbers == (((0, 4), 4), ((2, 1), 2), ((2, 4), 3))


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle detour\nsize 2 x 1\ngrid\n  . q\nregions\n  a a\n", None, 4, 5, "`q`"),
    ("puzzle detour\nsize 2 x 1\ngrid\n  3 .\nregions\n  a a\n", None, 4, 3,
     "more than the 2 cells"),
    ("1 2\n1 1\na a\n", "Detour", 2, 3, "two numbers"),
    ("1 3\n- - -\na b a\n", "Detour", 3, 5, "not connected"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)
