"""Putteria: brute force, verify, the janko slice, files, puzz.link, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import strategies as st

from satlink import engine
from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.formats.grid_text import split
from satlink.puzzles import putteria as P
from tests.puzzles.genre_checks import (brute_force_harness, error_at, pzl_round_trips,
                                        unique_and_published)
from tests.puzzles.test_lits import region_maps


# -- the rules, written again over brute force ---------------------------------------------
def brute(inst: P.Instance) -> set[frozenset]:
    """One cell of every region, no two side by side, no size twice in a
    row or column, crosses empty, given numbers kept."""
    reg = {(r, c): v for r, row in enumerate(inst.regions) for c, v in enumerate(row)}
    groups = [[c for c in sorted(reg) if reg[c] == k] for k in sorted(set(reg.values()))]
    size = {c: len(g) for g in groups for c in g}
    out = set()
    for chosen in itertools.product(*groups):
        if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
               for a, b in itertools.combinations(chosen, 2)):
            continue
        if any((a[0] == b[0] or a[1] == b[1]) and size[a] == size[b]
               for a, b in itertools.combinations(chosen, 2)):
            continue
        shown = {(r, c): v for r, row in enumerate(inst.givens) for c, v in enumerate(row)
                 if v is not None}
        if any((v == "x") == (c in chosen) for c, v in shown.items()):
            continue
        out.add(frozenset(chosen))
    return out


@st.composite
def boards(draw):
    """Boards of at most 16 cells in up to five regions, up to three clues
    (crosses or numbers equal to their region's size)."""
    rows, cols, regions = draw(region_maps([(2, 3), (3, 3), (3, 4), (4, 4)], 5).filter(
        lambda m: all(v is not None for row in m[2] for v in row)))
    bare = P.Instance(rows, cols, regions, ((None,) * cols,) * rows)
    picked = draw(st.sets(st.sampled_from(bare.grid.cells), max_size=3))
    return P.Instance(rows, cols, regions, tuple(
        tuple((bare.size((r, c)) if draw(st.booleans()) else "x") if (r, c) in picked else None
              for c in range(cols)) for r in range(rows)))


test_modes_agree_with_brute_force = brute_force_harness(P.GENRE, boards(), brute, examples=30)


def test_brute_force_board_has_several_solutions():
    """The hand-made board without its clues: 22 fillings."""
    inst = P.Instance(4, 4, ((0, 0, 1, 1), (0, 2, 2, 1), (3, 2, 2, 1), (3, 3, 4, 4)),
                      ((None,) * 4,) * 4)
    want = brute(inst)
    assert len(want) == 22
    assert set(engine.solve(P.GENRE, inst, limit=100).solutions) == want


# -- verify -------------------------------------------------------------------------------------
def test_verify_names_each_broken_rule():
    inst = P.Instance(2, 3, ((0, 0, 0), (1, 1, 2)), (("x", None, None), (None,) * 3))
    assert P.verify(inst, {(0, 1), (1, 0), (1, 2)}) == []
    assert P.verify(inst, {(0, 2), (1, 0)}) == ["the region at r2c3 holds 0 numbers, not 1"]
    bad = P.verify(inst, {(0, 0), (1, 1), (1, 2)})
    assert "r1c1 is given x but holds a number" in bad
    assert "the numbers at r2c2 and r2c3 are side by side" in bad
    twice = P.Instance(1, 4, ((0, 0, 1, 1),), ((None,) * 4,))
    assert P.verify(twice, {(0, 0), (0, 3)}) == ["the line through r1c1 holds 2 twice"]


# -- the janko slice -------------------------------------------------------------------------------
def test_janko_slice_unique_and_published(datasets):
    total, malformed = unique_and_published(P.GENRE, datasets, "Putteria")
    assert (total, malformed) == (12, [])


# -- text, puzz.link, errors ----------------------------------------------------------------------
def test_pzl_round_trip_and_janko_text():
    inst = P.GENRE.from_grid_text(split("1 4\nx - 2 -\n1 1 2 2\n", "g.txt"))
    assert inst.givens == (("x", None, 2, None),)
    sol = frozenset({(0, 1), (0, 3)})
    pzl_round_trips(P.FORMAT, inst, sol)
    assert P.FORMAT.from_grid_text(split(P.FORMAT.to_grid_text(inst))) == inst
    assert P.GENRE.solution_from_grid_text(split("1 4\n- 2 - 2\n"), inst) == sol
    assert P.GENRE.design.clues_of(inst, sol) == [(0, 0, "x"), (0, 1, 2), (0, 2, "x"), (0, 3, 2)]


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/putteria.js: its URL and accepted answer."""
    url = "https://puzz.link/p?putteria/6/6/2anr5pu5r2pezv"
    genre, inst = puzzlink.decode(url)
    assert genre is P.GENRE and puzzlink.encode(genre, inst) == url
    res = engine.solve(genre, inst)
    assert res.verdict == "unique" and res.solutions[0] == {
        (0, 2), (1, 4), (2, 1), (2, 3), (3, 0), (4, 1), (4, 3), (5, 0), (5, 2), (5, 5)}
    crossed = P.GENRE.design.with_clues(inst, [(0, 0, "x"), (0, 2, 4)])
    assert puzzlink.decode(puzzlink.encode(genre, crossed))[1] == crossed


def test_puzzlink_number_not_the_size_is_an_error():
    with pytest.raises(InputError, match="not its region's size"):
        puzzlink.decode("https://puzz.link/p?putteria/2/1/03g")


PZL = "puzzle putteria\nsize 3 x 1\ngrid\n  {}\nregions\n  {}\n"


@pytest.mark.parametrize("grid, regions, line, col, words", [
    ("x . q", "a a a", 4, 7, "`q`"),
    ("x 2 .", "a a a", 4, 5, "not its region's size"),
    ("x . .", "a @ b", 6, 5, "no region"),
    ("x . .", "a b a", 6, 7, "connected"),
])
def test_bad_pzl_has_position(grid, regions, line, col, words):
    got = error_at(PZL.format(grid, regions))
    assert got[:2] == (line, col) and words in got[2]
