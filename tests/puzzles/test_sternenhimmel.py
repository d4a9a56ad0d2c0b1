"""Sternenhimmel: brute force, verify, the janko slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import strategies as st

from satlink import engine
from satlink.formats.grid_text import split
from satlink.puzzles import sternenhimmel as S
from tests.puzzles.genre_checks import (brute_force_harness, error_at, pzl_round_trips,
                                        unique_and_published)

STEP = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1),
        "ne": (-1, 1), "nw": (-1, -1), "se": (1, 1), "sw": (1, -1)}


# -- the rules, written again over brute force ---------------------------------------------
def brute(inst: S.Instance) -> set[frozenset]:
    """Every set of non-arrow cells where each arrow sees exactly one star
    ahead, each star is seen by exactly one arrow, and the tallies hold."""
    arrows = {(r, c): d for r, row in enumerate(inst.arrows) for c, d in enumerate(row) if d}
    free = [(r, c) for r in range(inst.rows) for c in range(inst.cols) if (r, c) not in arrows]

    def ahead(a, x):
        dr, dc = STEP[arrows[a]]
        k = max(abs(x[0] - a[0]), abs(x[1] - a[1]))
        return k > 0 and (a[0] + k * dr, a[1] + k * dc) == x

    out = set()
    for bits in itertools.product((False, True), repeat=len(free)):
        stars = {c for c, b in zip(free, bits) if b}
        if any(sum(ahead(a, x) for x in stars) != 1 for a in arrows):
            continue
        if any(sum(ahead(a, x) for a in arrows) != 1 for x in stars):
            continue
        if any(t is not None and sum(r == i for r, _ in stars) != t
               for i, t in enumerate(inst.row_tallies)):
            continue
        if any(t is not None and sum(c == i for _, c in stars) != t
               for i, t in enumerate(inst.col_tallies)):
            continue
        out.add(frozenset(stars))
    return out


@st.composite
def boards(draw):
    """Boards of at most 12 cells, up to four arrows, some tallies."""
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (2, 5)]))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    arrows = draw(st.dictionaries(st.sampled_from(cells), st.sampled_from(sorted(STEP)),
                                  max_size=4))
    tally = st.one_of(st.none(), st.integers(0, 2))
    return S.Instance(rows, cols, tuple(tuple(arrows.get((r, c)) for c in range(cols))
                                        for r in range(rows)),
                      tuple(draw(tally) for _ in range(rows)),
                      tuple(draw(tally) for _ in range(cols)))


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, boards(), brute, examples=30)


def test_hand_board_without_tallies_has_three_solutions():
    inst = S.GENRE.design.with_clues(
        S.Instance(4, 4, (("se", None, "e", None), (None,) * 4, (None, "sw", None, "sw"),
                          (None,) * 4), (None,) * 4, (None,) * 4), [])
    want = brute(inst)
    assert len(want) == 3
    assert set(engine.solve(S.GENRE, inst, limit=100).solutions) == want


# -- verify -------------------------------------------------------------------------------------
def test_verify_names_each_broken_rule():
    inst = S.Instance(1, 4, (("e", None, None, "w"),), (1,), (None,) * 4)
    assert S.verify(inst, {(0, 1)}) == [
        "the star at r1c2 is pointed at by 2 arrows, not 1"]
    two = S.Instance(1, 3, (("e", None, None),), (None,), (None,) * 3)
    assert S.verify(two, {(0, 1)}) == []
    assert S.verify(two, {(0, 1), (0, 2)}) == ["the arrow at r1c1 points at 2 stars, not 1"]
    assert "on an arrow" in S.verify(two, {(0, 0), (0, 1)})[0]
    tallied = S.Instance(1, 3, (("e", None, None),), (2,), (None,) * 3)
    assert S.verify(tallied, {(0, 1)}) == ["row 1 has 1 stars, its tally is 2"]


# -- the janko slice -------------------------------------------------------------------------------
@pytest.mark.slow
def test_janko_slice_unique_and_published(datasets):
    total, malformed = unique_and_published(S.GENRE, datasets, "Sternenhimmel")
    assert (total, malformed) == (38, [])


# -- text, errors ----------------------------------------------------------------------------------
def test_pzl_round_trip_and_janko_text():
    inst = S.GENRE.from_grid_text(split("1 3 0\n- 1 -\n1\ne - -\n", "g.txt"))
    assert (inst.mark, inst.arrows, inst.row_tallies) == (0, (("e", None, None),), (1,))
    sol = frozenset({(0, 1)})
    pzl_round_trips(S.FORMAT, inst, sol)
    assert S.FORMAT.from_grid_text(split(S.FORMAT.to_grid_text(inst))) == inst
    assert S.GENRE.solution_from_grid_text(split("1 3 0\n- * -\n"), inst) == sol
    assert S.GENRE.design.clues_of(inst, sol) == [("row", 0, 1), ("col", 0, 0), ("col", 1, 1),
                                                  ("col", 2, 0)]


PZL = "puzzle sternenhimmel\nsize 3 x 1\nrows {}\ncols 0 1 0\ngrid\n  {}\n"


@pytest.mark.parametrize("rows, grid, line, col, words", [
    ("1", "e . q", 6, 7, "`q`"),
    ("4", "e . .", 3, 6, "above 3"),
    ("1", "e . up", 6, 7, "`up`"),
])
def test_bad_pzl_has_position(rows, grid, line, col, words):
    got = error_at(PZL.format(rows, grid))
    assert got[:2] == (line, col) and words in got[2]
