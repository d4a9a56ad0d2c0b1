"""Stitches: brute force, verify, the janko slice, files, errors."""
from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import strategies as st

from satlink import engine
from satlink.formats.grid_text import split
from satlink.puzzles import stitches as S
from tests.puzzles.genre_checks import (brute_force_harness, error_at, pzl_round_trips,
                                        unique_and_published)
from tests.puzzles.test_lits import region_maps


# -- the rules, written again over brute force ---------------------------------------------
def brute(inst: S.Instance) -> set[frozenset]:
    """Every set of stitches across region borders with one stitch per pair
    of touching regions, one hole a cell at most, the tallies kept."""
    reg = {(r, c): v for r, row in enumerate(inst.regions) for c, v in enumerate(row)}
    pairs = [(a, b) for a in reg for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
             if b in reg and reg[a] != reg[b]]
    touching = {frozenset((reg[a], reg[b])) for a, b in pairs}
    out = set()
    for bits in itertools.product((False, True), repeat=len(pairs)):
        chosen = [p for p, b in zip(pairs, bits) if b]
        joins = Counter(frozenset((reg[a], reg[b])) for a, b in chosen)
        if set(joins) != touching or any(n != 1 for n in joins.values()):
            continue
        holes = Counter(c for p in chosen for c in p)
        if any(n > 1 for n in holes.values()):
            continue
        if any(t is not None and sum(holes[(r, c)] for c in range(inst.cols)) != t
               for r, t in enumerate(inst.row_tallies)):
            continue
        if any(t is not None and sum(holes[(r, c)] for r in range(inst.rows)) != t
               for c, t in enumerate(inst.col_tallies)):
            continue
        out.add(frozenset(chosen))
    return out


@st.composite
def boards(draw):
    """Boards of at most 12 cells in up to four regions, some tallies shown."""
    rows, cols, regions = draw(region_maps([(2, 3), (3, 3), (2, 4), (3, 4)], 4).filter(
        lambda m: all(v is not None for row in m[2] for v in row)))
    tally = st.one_of(st.none(), st.integers(0, 2))
    return S.Instance(rows, cols, regions, tuple(draw(tally) for _ in range(rows)),
                      tuple(draw(tally) for _ in range(cols)))


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, boards(), brute, examples=30)


def test_brute_force_board_has_several_solutions():
    """Four 2 x 2 boxes: seven sewings, by brute force and by the engine."""
    inst = S.Instance(4, 4, ((0, 0, 1, 1),) * 2 + ((2, 2, 3, 3),) * 2, (None,) * 4, (None,) * 4)
    want = brute(inst)
    assert len(want) == 7
    assert set(engine.solve(S.GENRE, inst, limit=100).solutions) == want


# -- verify -------------------------------------------------------------------------------------
def test_verify_names_each_broken_rule():
    inst = S.Instance(2, 2, ((0, 1), (0, 1)), (2, None), (1, 1))
    good = {((0, 0), (0, 1))}
    assert S.verify(inst, good) == []
    both = S.verify(inst, good | {((1, 0), (1, 1))})
    assert any("joined by 2 stitches" in p for p in both)
    assert any("row 2 has 2 holes" not in p for p in both)
    assert S.verify(inst, set()) == ["the regions at r1c1 and r1c2 are joined by 0 stitches, not 1",
                                     "row 1 has 0 holes, its tally is 2",
                                     "col 1 has 0 holes, its tally is 1",
                                     "col 2 has 0 holes, its tally is 1"]
    assert "does not join" in S.verify(inst, {((0, 0), (1, 0))})[0]
    three = S.Instance(1, 3, ((0, 1, 2),), (None,), (None, None, None))
    assert "r1c2 holds 2 holes" in S.verify(three, {((0, 0), (0, 1)), ((0, 1), (0, 2))})


# -- the janko slice -------------------------------------------------------------------------------
@pytest.mark.slow
def test_janko_slice_unique_and_published(datasets):
    total, malformed = unique_and_published(S.GENRE, datasets, "Stitches")
    assert (total, malformed) == (22, [])


# -- text, errors ----------------------------------------------------------------------------------
def test_pzl_round_trip_and_janko_text():
    inst = S.GENRE.from_grid_text(split("2 2\n1 1\n2 -\n1 2\n1 2\n", "g.txt"))
    assert (inst.col_tallies, inst.row_tallies) == ((1, 1), (2, None))
    sol = frozenset({((0, 0), (0, 1))})
    pzl_round_trips(S.FORMAT, inst, sol)
    assert S.FORMAT.from_grid_text(split(S.FORMAT.to_grid_text(inst))) == inst
    assert S.GENRE.solution_from_grid_text(split("2 2\ne w\n- -\n"), inst) == sol
    assert S.GENRE.design.clues_of(inst, sol) == [("row", 0, 2), ("row", 1, 0),
                                                  ("col", 0, 1), ("col", 1, 1)]


PZL = "puzzle stitches\nsize 3 x 1\nrows {}\ncols {}\nregions\n  {}\n"


@pytest.mark.parametrize("rows, cols, regions, line, col, words", [
    ("2", "1 1 0", "a b q!", 6, 7, "`q!`"),
    ("2", "1 1 0", "a b @", 6, 7, "no region"),
    ("2", "1 5 0", "a b b", 4, 8, "above 1"),
    ("2", "1 1 0", "a b a", 6, 7, "connected"),
])
def test_bad_pzl_has_position(rows, cols, regions, line, col, words):
    got = error_at(PZL.format(rows, cols, regions))
    assert got[:2] == (line, col) and words in got[2]
