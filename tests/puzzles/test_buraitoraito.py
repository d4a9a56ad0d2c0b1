"""Buraitoraito: brute force, verify, the janko slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import strategies as st

from satlink import engine
from satlink.formats.grid_text import split
from satlink.puzzles import buraitoraito as B
from tests.puzzles.genre_checks import (brute_force_harness, error_at, pzl_round_trips,
                                        unique_and_published)


# -- the rules, written again over brute force ---------------------------------------------
def brute(inst: B.Instance) -> set[frozenset]:
    """Every set of empty cells where each number counts the stars between
    it and the next number cell (or edge) in its row and column."""
    g = inst.givens
    empty = [(r, c) for r in range(inst.rows) for c in range(inst.cols) if g[r][c] is None]

    def sees(a, x):
        if a == x or (a[0] != x[0] and a[1] != x[1]):
            return False
        if a[0] == x[0]:
            lo, hi = sorted((a[1], x[1]))
            return all(g[a[0]][c] is None for c in range(lo + 1, hi))
        lo, hi = sorted((a[0], x[0]))
        return all(g[r][a[1]] is None for r in range(lo + 1, hi))

    out = set()
    for bits in itertools.product((False, True), repeat=len(empty)):
        stars = {c for c, b in zip(empty, bits) if b}
        if all(sum(sees((r, c), x) for x in stars) == n
               for r, row in enumerate(g) for c, n in enumerate(row) if n is not None):
            out.add(frozenset(stars))
    return out


@st.composite
def boards(draw):
    """Boards of at most 12 cells, up to four numbers 0-3 that fit their views."""
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (2, 5)]))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    spots = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=4, unique=True))
    grid = [[0 if (r, c) in spots else None for c in range(cols)] for r in range(rows)]
    bare = B.Instance(rows, cols, grid)
    for r, c in spots:
        grid[r][c] = draw(st.integers(0, min(3, len(bare.seen((r, c))))))
    return B.Instance(rows, cols, grid)


test_modes_agree_with_brute_force = brute_force_harness(B.GENRE, boards(), brute, examples=30)


def test_views_stop_at_numbers():
    inst = B.Instance(1, 5, ((1, None, 2, None, None),))
    assert inst.seen((0, 0)) == [(0, 1)]
    want = brute(inst)
    assert want == {frozenset({(0, 1), (0, 3)}), frozenset({(0, 1), (0, 4)})}
    assert set(engine.solve(B.GENRE, inst, limit=10).solutions) == want


# -- verify -------------------------------------------------------------------------------------
def test_verify_names_each_broken_rule():
    inst = B.Instance(1, 4, ((1, None, None, 2),))
    assert B.verify(inst, {(0, 1), (0, 2)}) == ["r1c1 sees 2 stars, its number is 1"]
    inst = B.Instance(1, 3, ((1, None, None),))
    assert B.verify(inst, {(0, 2)}) == []
    assert "on a number" in B.verify(inst, {(0, 0), (0, 2)})[0]


# -- the janko slice -------------------------------------------------------------------------------
@pytest.mark.slow
def test_janko_slice_unique_and_published(datasets):
    total, malformed = unique_and_published(B.GENRE, datasets, "Buraitoraito")
    assert (total, malformed) == (21, [])


# -- text, errors ----------------------------------------------------------------------------------
def test_pzl_round_trip_and_janko_text():
    inst = B.GENRE.from_grid_text(split("1 3\n1 - -\n", "g.txt"))
    sol = frozenset({(0, 2)})
    pzl_round_trips(B.FORMAT, inst, sol)
    assert B.FORMAT.from_grid_text(split(B.FORMAT.to_grid_text(inst))) == inst
    assert B.GENRE.solution_from_grid_text(split("1 3\n1 . *\n"), inst) == sol


PZL = "puzzle buraitoraito\nsize 3 x 1\ngrid\n  {}\n"


@pytest.mark.parametrize("grid, col, words", [
    ("1 . q", 7, "`q`"),
    ("3 . .", 3, "above 2"),
])
def test_bad_pzl_has_position(grid, col, words):
    got = error_at(PZL.format(grid))
    assert got[:2] == (4, col) and words in got[2]
