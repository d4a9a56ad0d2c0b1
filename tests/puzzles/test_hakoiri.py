"""Hakoiri: brute force, verify, the janko slice, files, puzz.link, errors."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings, strategies as st

from satlink import engine
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.formats.grid_text import split
from satlink.formula import Formula
from satlink.puzzles import hakoiri as H
from satlink.rules.given_exclusions import left_to_cells
from tests.puzzles.genre_checks import (brute_force_harness, error_at, pzl_round_trips,
                                        unique_and_published)
from tests.puzzles.test_lits import region_maps


# -- the rules, written again over brute force ---------------------------------------------
def brute(inst: H.Instance) -> set:
    """Every way to put the three symbols on three distinct cells of each
    region, kept when the givens hold, no equal symbols touch (8 cells
    around) and the symbols are connected (networkx)."""
    regions = inst.region_cells
    out = set()
    for choice in itertools.product(*(itertools.permutations(r, 3) for r in regions)):
        at = {cell: k + 1 for trio in choice for k, cell in enumerate(trio)}
        if any(at.get(c) != v for c, v in
               (((r, c), v) for r, row in enumerate(inst.givens) for c, v in enumerate(row))
               if v is not None):
            continue
        if any(at[a] == at.get(b) for a in at for b in at if a != b
               and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1):
            continue
        g = nx.Graph()
        g.add_nodes_from(at)
        g.add_edges_from((a, b) for a in at for b in at
                         if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1)
        if at and not nx.is_connected(g):
            continue
        out.add(tuple(tuple(at.get((r, c)) for c in range(inst.cols))
                      for r in range(inst.rows)))
    return out


@st.composite
def boards(draw):
    """Hakoiri boards of at most 12 cells in up to three regions, up to two
    given symbols."""
    rows, cols, regions = draw(region_maps([(2, 3), (3, 3), (2, 4), (3, 4), (2, 5)], 3))
    open_cells = sorted((r, c) for r in range(rows) for c in range(cols)
                        if regions[r][c] is not None)
    givens = draw(st.dictionaries(st.sampled_from(open_cells), st.integers(1, 3), max_size=2))
    return H.Instance(rows, cols, tuple(tuple(givens.get((r, c)) for c in range(cols))
                                        for r in range(rows)), regions)


test_modes_agree_with_brute_force = brute_force_harness(H.GENRE, boards(), brute, examples=30)


def test_brute_force_board_has_several_solutions():
    """A 2 x 3 board in one region: the same solutions by brute force and engine."""
    inst = H.Instance(2, 3, ((None,) * 3,) * 2, ((0,) * 3,) * 2)
    want = brute(inst)
    assert len(want) > 1
    assert set(engine.solve(H.GENRE, inst, limit=100).solutions) == want


# -- verify -------------------------------------------------------------------------------------
def test_verify_names_each_broken_rule():
    inst = H.Instance(1, 6, ((1,) + (None,) * 5,), ((0, 0, 0, 1, 1, 1),))
    good = ((1, 2, 3, 1, 2, 3),)
    assert H.verify(inst, good) == []
    assert "given a circle" in H.verify(inst, ((2, 1, 3, 1, 2, 3),))[0]
    assert any("touch and both hold a circle" in p for p in H.verify(inst, ((1, 2, 3, 3, 2, 1),))
               ) is False  # 3 3 touch: squares
    assert any("both hold a square" in p for p in H.verify(inst, ((1, 2, 3, 3, 2, 1),)))
    gap = H.verify(inst, ((1, 2, 3, None, 1, 2),))
    assert any("not one circle" in p for p in gap)
    apart = H.Instance(1, 7, ((None,) * 7,), ((0, 0, 0, 1, 1, 1, 1),))
    assert H.verify(apart, ((1, 2, 3, None, 1, 2, 3),)) == [
        "the symbols are not one orthogonally connected group"]
    assert H.verify(inst, ((1, 2),)) == ["the grid is not 6 x 1"]


# -- the janko slice -------------------------------------------------------------------------------
@pytest.mark.slow
def test_janko_slice_unique_and_published(datasets):
    total, malformed = unique_and_published(H.GENRE, datasets, "Hakoiri")
    assert (total, malformed) == (28, [])


# -- text, puzz.link, errors ----------------------------------------------------------------------
def test_pzl_round_trip_and_janko_text():
    inst = H.GENRE.from_grid_text(split("1 6\nc - - - - s\n1 1 1 2 2 2\n", "g.txt"))
    assert inst.givens == ((1, None, None, None, None, 3),)
    pzl_round_trips(H.FORMAT, inst, ((1, 2, 3, 1, 2, 3),))
    assert H.FORMAT.from_grid_text(split(H.FORMAT.to_grid_text(inst))) == inst
    assert H.GENRE.design.clues_of(inst, ((1, 2, 3, 1, 2, 3),))[:2] == [(0, 0, 1), (0, 1, 2)]


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/hakoiri.js: its URL and accepted answer."""
    url = "https://puzz.link/p?hakoiri/5/5/4qb44qb41c3c1f23a2b1b1"
    genre, inst = puzzlink.decode(url)
    assert genre is H.GENRE and puzzlink.encode(genre, inst) == url
    res = engine.solve(genre, inst)
    n = None
    assert res.verdict == "unique" and res.solutions[0] == (
        (1, n, n, n, 3), (2, 3, 2, 1, 2), (n, 1, n, 3, n), (2, 3, n, 2, n), (n, 1, n, 3, 1))


def test_puzzlink_bad_symbol_is_an_error():
    with pytest.raises(InputError, match="symbol"):
        puzzlink.decode("https://puzz.link/p?hakoiri/2/1/04a")


PZL = "puzzle hakoiri\nsize 3 x 1\ngrid\n  {}\nregions\n  {}\n"


@pytest.mark.parametrize("grid, regions, line, col, words", [
    ("c . q", "a a a", 4, 7, "`q`"),
    ("c . .", "a a -", 6, 7, "`-`"),
    ("c . .", "@ a a", 4, 3, "black cell"),
    ("c . .", "a b a", 6, 7, "connected"),
])
def test_bad_pzl_has_position(grid, regions, line, col, words):
    got = error_at(PZL.format(grid, regions))
    assert got[:2] == (line, col) and words in got[2]


# -- what the givens leave, and the clauses the regions already hold ---------------------------
@settings(max_examples=60, deadline=None, database=None)
@given(boards())
def test_givens_take_away_only_what_no_solution_holds(inst):
    """Each cell keeps, among the symbols ``rules.given_exclusions.left_to_cells``
    leaves it, the one every brute-force solution puts there; and a symbol is taken only
    where the rule says: from a given's own cell (its other symbols), or a
    given's k from another cell of its region or a cell touching it."""
    givens = H.clues(inst)
    mask = left_to_cells(inst.rows, inst.cols, inst.regions, inst.region_cells, givens)
    for sol in brute(inst):
        for (r, c), v in ((cell, sol[cell[0]][cell[1]]) for region in inst.region_cells
                          for cell in region):
            assert v is None or mask[r * inst.cols + c] >> (v - 1) & 1, (r, c, v)
    for region in inst.region_cells:
        for r, c in region:
            for k in H.SYMBOLS:
                taken = any(
                    (gr, gc) == (r, c) and gk != k
                    or (gr, gc) != (r, c) and gk == k
                    and (inst.regions[gr][gc] == inst.regions[r][c]
                         or max(abs(gr - r), abs(gc - c)) == 1)
                    for gr, gc, gk in givens)
                assert (not mask[r * inst.cols + c] >> (k - 1) & 1) == taken, (r, c, k)


def test_no_touching_clause_inside_a_region():
    """Two touching cells of one region get no "not both k" clause of their
    own (the region's "at most one k" holds it); two of different regions do."""
    inst = H.Instance(2, 2, ((None,) * 2,) * 2, ((0, 0), (1, 1)))
    f = Formula()
    enc = H.HakoiriEncoding(inst, f, Options())
    sym = enc.sym
    clauses = [sorted(cl) for cl in f.clauses]
    for k in H.SYMBOLS:
        same = sorted([-sym[(0, 0)][k], -sym[(0, 1)][k]])
        assert clauses.count(same) == 1  # the region's pairwise at-most-one alone
        apart = sorted([-sym[(0, 0)][k], -sym[(1, 0)][k]])
        assert clauses.count(apart) == 1


@settings(max_examples=200, deadline=None, database=None)
@given(st.lists(st.lists(st.sampled_from([None, None, 1, 2, 3]), min_size=4, max_size=4),
                min_size=3, max_size=3))
def test_verify_finds_what_networkx_finds(grid):
    """verify's touching pairs and connectivity (a plain search) against
    networkx on any grid of symbols: the same pairs named, the same verdict
    on the group."""
    inst = H.Instance(3, 4, ((None,) * 4,) * 3, ((0, 0, 1, 1), (0, 0, 1, 1), (2, 2, 3, 3)))
    sol = tuple(map(tuple, grid))
    at = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row) if v is not None}
    g = nx.Graph()
    g.add_nodes_from(at)
    g.add_edges_from((a, b) for a in at for b in inst.grid.neighbours(a) if b in at)
    got = H.verify(inst, sol)
    touching = sorted((a, b) for a in at for b in inst.grid.around(a)
                      if a < b and b in at and at[a] == at[b])
    assert [p for p in got if " touch and " in p] == [
        f"{H.Grid.name(a)} and {H.Grid.name(b)} touch and both hold a {H.SYMBOLS[at[a]]}"
        for a, b in touching]
    assert ("the symbols are not one orthogonally connected group" in got) == \
        bool(at and not nx.is_connected(g))
