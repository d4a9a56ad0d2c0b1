"""Different Neighbors: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import diffneighbors as S
from tests.helpers import ROOT
from tests.puzzles.digit_rooms_checks import partition
from tests.puzzles.genre_checks import (brute_force_harness, error_at, pzl_round_trips,
                                        unique_and_published)

INSTANCE = ROOT / "instances" / "diffneighbors" / "small-4x4.pzl"


@st.composite
def tiny(draw):
    """Up to 3 x 4 with random regions of up to 3 cells, a given in about one cell in six."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    names = partition(rows, cols, 3, random.Random(draw(st.integers(0, 10**9))))
    pick = st.sampled_from([None] * 10 + [1, 2, 3, 4])
    return S.make(rows, cols, [[draw(pick) for _ in range(cols)] for _ in range(rows)], names)


def brute(inst) -> set:
    """Every grid of 1..4 constant on each region whose touching cells (corners
    too) of different regions differ, keeping the givens."""
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    n = 1 + max(inst.regions[r][c] for r, c in cells)
    out = set()
    for colours in itertools.product(range(1, 5), repeat=n):
        at = {(r, c): colours[inst.regions[r][c]] for r, c in cells}
        clash = any(at[a] == at[b] and inst.regions[a[0]][a[1]] != inst.regions[b[0]][b[1]]
                    for a in cells for b in cells
                    if max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1)
        kept = all(g is None or at[(r, c)] == g
                   for r, row in enumerate(inst.givens) for c, g in enumerate(row))
        if kept and not clash:
            out.add(tuple(tuple(at[(r, c)] for c in range(inst.cols)) for r in range(inst.rows)))
    return out


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, tiny(), brute, examples=40)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = S.FORMAT.from_document(doc), S.FORMAT.expected_solution(doc)
    assert S.verify(inst, good) == []
    pzl_round_trips(S.FORMAT, inst, good)
    bad = ((1, 1, 3, 3), (1, 4, 2, 3), (3, 4, 2, 2), (3, 3, 2, 2))
    problems = S.verify(inst, bad)
    assert "r3c3 and r4c3 touch across a region border and both hold 2" in problems
    assert "r3c4 and r4c3 touch across a region border and both hold 2" in problems  # a corner
    swapped = ((2, 2, 3, 3), (2, 4, 1, 3), (3, 4, 1, 1), (3, 3, 2, 1))
    problems = S.verify(inst, swapped)
    assert any("r1c1 is 2, the given is 1" in p for p in problems)
    assert any("the region at r4c3 holds [1, 2]" in p for p in problems)
    assert "r3c3 and r4c4 touch across a region border and both hold 1" in problems
    assert S.verify(inst, good[:2]) == ["the grid is not 4 x 4"]


def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(S.GENRE, datasets, "DiffNeighbors") == (28, [])  # none malformed


def test_published_solution_needs_a_number_in_every_region():
    from satlink.errors import InputError
    from satlink.formats.grid_text import split
    inst = S.GENRE.from_grid_text(split("1 2\n- -\n1 2\n", "t"))
    assert S.GENRE.solution_from_grid_text(split("1 2\n1 2\n", "t"), inst) == ((1, 2),)
    with pytest.raises(InputError, match="has no number"):
        S.GENRE.solution_from_grid_text(split("1 2\n1 -\n", "t"), inst)


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle diffneighbors\nsize 2 x 1\ngrid\n  5 .\nregions\n  a a\n", 4, 3, "above 4", None),
    ("puzzle diffneighbors\nsize 3 x 1\ngrid\n  . . .\nregions\n  a b a\n", 6, 7,
     "not connected", None),
    ("puzzle diffneighbors\nsize 2 x 1\ngrid\n  . q\nregions\n  a a\n", 4, 5, "`q`", None),
    ("1 2\n- 5\n1 1\n", 2, 3, "above 4", "DiffNeighbors"),
    ("1 2\n- -\n1 1 1\n", 3, 5, "row 1 has 3 cells", "DiffNeighbors"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message
