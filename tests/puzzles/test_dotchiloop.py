"""Dotchi-Loop: brute force in every mode, verify, the dev slice, files,
puz.link, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formats import puzzlink
from satlink.puzzles import dotchiloop as D
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published
from tests.puzzles.loop_checks import (check_error, check_puzzlink_round_trip,
                                       check_pzl_round_trip, check_pzprjs_vector)
from tests.rules.test_loops import cycles
from tests.puzzles.test_lits import region_maps

URL = "https://puzz.link/p?dotchi/6/6/0402223u0c00231530k21420"  # robx/pzprjs test/script/dotchi.js


@st.composite
def boards(draw):
    rows, cols, regions = draw(region_maps([(2, 3), (3, 3), (2, 4), (3, 4), (4, 3)], 4))
    cells = [(r, c) for r in range(rows) for c in range(cols) if regions[r][c] is not None]
    marks = [(c, draw(st.sampled_from("wwb"))) for c in cells if draw(st.integers(0, 2)) == 0]
    return D.Instance(rows, cols, regions, circles=tuple(marks))


def oracle(inst) -> set[frozenset]:
    """Cycles over the cells of rooms that avoid the black circles, pass
    every white one, and in each room bend at all its white circles or at
    none (the two cells a white circle joins in line or not)."""
    kind = dict(inst.circles)
    open_cells = [c for c in inst.open_cells if kind.get(c) != "b"]
    out = set()
    for cyc in cycles(inst.grid, open_cells):
        nbrs: dict = {}
        for a, b in cyc:
            nbrs.setdefault(a, []).append(b)
            nbrs.setdefault(b, []).append(a)
        whites = [c for c, k in kind.items() if k == "w"]
        if any(c not in nbrs for c in whites):
            continue
        ok = True
        for room in inst.room_cells:
            bends = {(nbrs[c][0][0] != nbrs[c][1][0]) and (nbrs[c][0][1] != nbrs[c][1][1])
                     for c in room if kind.get(c) == "w"}
            ok &= len(bends) <= 1
        if ok:
            out.add(cyc)
    return out


test_modes_agree_with_brute_force = brute_force_harness(D.GENRE, boards(), oracle, examples=60)


def test_verify_names_each_broken_rule():
    g = Grid(2, 3)
    ring = frozenset(g.cell_edges()) - {((0, 1), (1, 1))}
    regions = ((0, 0, 0), (0, 0, 0))
    good = D.Instance(2, 3, regions, circles=(((0, 0), "w"), ((1, 2), "w")))
    assert D.verify(good, ring) == []
    mixed = D.Instance(2, 3, regions, circles=(((0, 0), "w"), ((0, 1), "w")))
    assert "turns at some white circles" in D.verify(mixed, ring)[0]
    black = D.Instance(2, 3, regions, circles=(((0, 1), "b"),))
    assert D.verify(black, ring)
    small = frozenset(g.cell_edges([(0, 0), (0, 1), (1, 0), (1, 1)]))
    assert "misses the white circle at r2c3" in D.verify(good, small)[0]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(D.GENRE, datasets, "DotchiLoop")
    assert records == 12 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    check_pzl_round_trip(D.GENRE, inst, with_solution)


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(D.GENRE, URL)
    assert len(inst.room_cells) == 3 and ((0, 2), "b") in inst.circles


@settings(max_examples=30, deadline=None)
@given(boards())
def test_puzzlink_round_trip(inst):
    check_puzzlink_round_trip(D.GENRE, inst)


@pytest.mark.parametrize("text,line,col,words", [
    ("puzzle dotchiloop\nsize 2 x 1\ngrid\n  w q\nregions\n  a a\n", 4, 5, "`q`"),
    ("puzzle dotchiloop\nsize 3 x 1\ngrid\n  w . b\nregions\n  a b a\n", 6, 7, "not connected"),
])
def test_bad_pzl_has_position(text, line, col, words):
    check_error(text, None, line, col, words)


def test_bad_grid_text_has_position():
    line, col, message = error_at("1 2\nw q\na a\n", "DotchiLoop")
    assert (line, col) == (2, 3) and "`q`" in message
