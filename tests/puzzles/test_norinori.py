"""Norinori: brute force (with any subset of the given cells), verify, the
janko slice, files, puzz.link, errors."""
from __future__ import annotations

import itertools
import json

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.formats.grid_text import split
from satlink.formula import Formula
from satlink.lang import parse_text
from satlink.puzzles import norinori as N
from tests.puzzles.test_lits import region_maps
from tests.puzzles.genre_checks import brute_force_harness
from tests.rules.enumerate import solutions


# -- the rules, written again over brute force ---------------------------------------------
def brute(inst: N.Instance) -> set[frozenset]:
    """Every shading of the region cells with two cells a region, every
    shaded group (networkx components) two cells, the givens shaded."""
    cells = [c for region in inst.region_cells for c in region]
    out = set()
    for bits in itertools.product((False, True), repeat=len(cells)):
        shaded = {c for c, b in zip(cells, bits) if b}
        if any(sum(c in shaded for c in region) != 2 for region in inst.region_cells):
            continue
        if not set(inst.givens) <= shaded:
            continue
        g = nx.Graph()
        g.add_nodes_from(shaded)
        g.add_edges_from((a, b) for a, b in itertools.combinations(shaded, 2)
                         if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1)
        if all(len(part) == 2 for part in nx.connected_components(g)):
            out.add(frozenset(shaded))
    return out


@st.composite
def boards(draw):
    """Norinori boards of at most 12 cells, with up to two given shaded cells."""
    rows, cols, regions = draw(region_maps([(2, 3), (2, 4), (3, 3), (3, 4), (4, 3), (2, 6)], 5))
    open_cells = sorted((r, c) for r in range(rows) for c in range(cols)
                        if regions[r][c] is not None)
    givens = draw(st.sets(st.sampled_from(open_cells), max_size=2))
    return N.Instance(rows, cols, regions, tuple(givens))


def sat_solutions(inst: N.Instance, options: Options, selected=None) -> set[frozenset]:
    f = Formula()
    enc = N.encode(inst, f, options)
    cells = {x: c for c, x in enc.shading.var.items()}
    assume = enc.assumptions(selected) if selected is not None else ()
    got = solutions(f, list(cells), None if options.complete else enc.cuts, assumptions=assume)
    return {frozenset(cells[x] for x in s) for s in got}


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_counts_match_brute_force_in_every_mode(inst, data):
    want = brute(inst)
    assert sat_solutions(inst, Options()) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    assert all(N.verify(inst, s) == [] for s in want)
    kept = [c for c in inst.givens if data.draw(st.booleans())]
    fewer = N.GENRE.design.with_clues(inst, kept)
    assert sat_solutions(inst, Options(clues="selectors"), kept) == brute(fewer)


test_modes_agree_with_brute_force = brute_force_harness(N.GENRE, boards(), brute,
                                                        examples=25, limit=500)


def test_brute_force_board():
    """Two 2 x 2 regions side by side: several solutions, the same by brute
    force and by the encoding."""
    inst = N.Instance(2, 4, ((0, 0, 1, 1), (0, 0, 1, 1)))
    want = brute(inst)
    assert len(want) > 1 and sat_solutions(inst, Options()) == want


# -- verify -------------------------------------------------------------------------------------
def test_verify_names_each_broken_rule():
    inst = N.Instance(2, 4, ((0, 0, 1, 1), (0, 0, 1, 1)), ((0, 0),))
    good = {(0, 0), (1, 0), (0, 3), (1, 3)}
    assert N.verify(inst, good) == []
    assert N.verify(inst, {(1, 0), (1, 1), (0, 3), (1, 3)}) == ["r1c1 is given shaded but is not"]
    assert any("a group of 4" in p for p in N.verify(inst, {(0, 0), (0, 1), (0, 2), (0, 3)}))
    assert any("a group of 1" in p for p in N.verify(inst, {(0, 0), (1, 1), (0, 3), (1, 3)}))
    assert "has 3 shaded cells" in N.verify(inst, good | {(0, 1)})[0]
    black = N.Instance(1, 3, ((None, 0, 0),))
    assert N.verify(black, {(0, 1), (0, 2)}) == []
    assert "lies in no region" in N.verify(black, {(0, 0), (0, 1), (0, 2)})[0]


# -- the janko slice -------------------------------------------------------------------------------
def test_janko_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Norinori.json").read_text())["data"]
    assert len(data) == 58
    for name, entry in data.items():
        inst = N.GENRE.from_grid_text(split(entry["problem"], name))  # every record well formed
        res = engine.solve(N.GENRE, inst)
        assert res.verdict == "unique", name
        assert res.solutions[0] == N.GENRE.solution_from_grid_text(split(entry["solution"]),
                                                                   inst), name


# -- text, design, puzz.link ----------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(boards(), st.booleans())
def test_pzl_and_grid_text_round_trip(inst, with_solution):
    sol = frozenset(inst.grid.cells[1::3]) if with_solution else None
    text = N.GENRE.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert N.GENRE.from_document(doc) == inst
    assert N.GENRE.expected_solution(doc) == sol
    assert N.GENRE.to_pzl(N.GENRE.from_document(doc), sol) == text
    assert N.FORMAT.from_grid_text(split(N.FORMAT.to_grid_text(inst))) == inst


def test_janko_givens_are_read():
    inst = N.GENRE.from_grid_text(split("2 2\nx -\n- -\n1 1\n2 2\n", "g.txt"))
    assert inst.givens == ((0, 0),) and inst.regions == ((0, 0), (1, 1))
    assert N.GENRE.clues(inst) == [(0, 0)]
    assert N.GENRE.design.clue_name((0, 0)) == "r1c1"
    assert N.GENRE.design.clues_of(inst, {(1, 1), (0, 0)}) == [(0, 0), (1, 1)]


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/norinori.js: url 5/5/cag4ocjo and its rooms."""
    genre, inst = puzzlink.decode("https://puzz.link/p?norinori/5/5/cag4ocjo")
    assert genre is N.GENRE
    assert inst.regions == ((0, 0, 1, 2, 2), (1, 1, 1, 2, 2), (1, 3, 3, 2, 2), (3, 3, 3, 3, 3),
                            (4, 4, 3, 3, 3))
    assert puzzlink.encode(genre, inst) == "https://puzz.link/p?norinori/5/5/cag4ocjo"
    res = engine.solve(genre, inst)
    # pzprjs's accepted answer for this board (its failcheck entry `null`)
    assert res.verdict == "unique" and res.solutions[0] == {
        (0, 0), (0, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 4), (3, 4), (4, 0), (4, 1)}
    with pytest.raises(InputError, match="no given shaded cells"):
        puzzlink.encode(genre, N.GENRE.design.with_clues(inst, [(0, 0)]))


# -- bad input ----------------------------------------------------------------------------------------
PZL = "puzzle norinori\nsize 2 x 1\ngrid\n  {}\nregions\n  {}\n"


@pytest.mark.parametrize("grid, regions, line, col, words", [
    ("x .", "a b", None, None, None),
    ("x y", "a b", 4, 5, "`y`"),
    (". .", "a -", 6, 5, "`-`"),
    ("x .", "@ a", 4, 3, "r1c1 is given shaded but is a black cell"),
    (". .", "a", 6, 3, "row 1 has 1 cells"),
])
def test_bad_pzl_has_position(grid, regions, line, col, words):
    doc = parse_text(PZL.format(grid, regions), "bad.pzl")
    if words is None:
        assert N.GENRE.from_document(doc).givens == ((0, 0),)
        return
    with pytest.raises(InputError) as exc:
        N.GENRE.from_document(doc)
    assert (exc.value.pos.line, exc.value.pos.column) == (line, col)
    assert words in exc.value.message


@pytest.mark.parametrize("width, height", [(2, 2), (4, 4), (5, 5), (7, 3), (6, 9)])
def test_blank_boards_are_boxes_that_have_solutions(width, height):
    inst = N.GENRE.design.blank(height, width, {})
    assert (inst.rows, inst.cols, inst.givens) == (height, width, ())
    assert all(4 <= len(cells) <= 9 for cells in inst.region_cells)
    assert engine.solve(N.GENRE, inst, limit=1).solutions
    with pytest.raises(InputError, match="at least 2 x 2"):
        N.GENRE.design.blank(5, 1, {})
