"""LITS: brute force in lazy and complete form, verify, the janko slice,
files, puz.link, errors."""
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
from satlink.puzzles import get
from satlink.puzzles import lits as L
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness
from tests.rules.enumerate import solutions
from tests.rules.test_shapes import SYMMETRIES, apply

MALFORMED = {"281_11x11", "286_11x11", "290_11x11"}  # 10 region rows for 11


# -- the rules, written again over brute force ---------------------------------------------
def connected(cells) -> bool:
    g = nx.Graph()
    g.add_nodes_from(cells)
    g.add_edges_from((a, b) for a, b in itertools.combinations(cells, 2)
                     if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1)
    return len(g) > 0 and nx.is_connected(g)


def congruent(a, b) -> bool:
    """Equal up to one of the square's eight symmetries and a shift."""
    def moved(cells):
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        return frozenset((r - r0, c - c0) for r, c in cells)
    return any(moved(apply(m, a)) == moved(b) for m in SYMMETRIES)


def brute(inst: L.Instance) -> set[frozenset]:
    """Every shading the rules accept: four connected cells per region, then
    the global rules."""
    regions = inst.region_cells
    choices = [[set(q) for q in itertools.combinations(cells, 4) if connected(q)]
               for cells in regions]
    region_of = {c: i for i, cells in enumerate(regions) for c in cells}
    out = set()
    for pick in itertools.product(*choices):
        shaded = set().union(*pick)
        if any(all(c in shaded for c in sq) for sq in inst.grid.squares()):
            continue
        if shaded and not connected(shaded):
            continue
        if any(region_of[a] != region_of[b] and congruent(pick[region_of[a]], pick[region_of[b]])
               for a, b in inst.grid.cell_edges() if a in shaded and b in shaded):
            continue
        out.add(frozenset(shaded))
    return out


@st.composite
def region_maps(draw, sizes, most_regions):
    """A board cut into 1..``most_regions`` connected regions grown from
    drawn seeds (a frontier cell joins a drawn neighbouring region), maybe
    with a black cell: rows of region numbers, None for the black cell."""
    rows, cols = draw(st.sampled_from(sizes))
    cells = Grid(rows, cols).cells
    black = draw(st.sets(st.sampled_from(cells), max_size=1))
    free = [c for c in cells if c not in black]
    seeds = draw(st.lists(st.sampled_from(free), min_size=1, max_size=most_regions, unique=True))
    region = {c: i for i, c in enumerate(seeds)}
    while len(region) < len(free):
        frontier = sorted(c for c in free if c not in region and any(
            n in region for n in Grid(rows, cols).neighbours(c)))
        if not frontier:  # a pocket the black cell cuts off: a region of its own
            region[min(c for c in free if c not in region)] = len(seeds)
            seeds.append(None)
            continue
        cell = draw(st.sampled_from(frontier))
        near = sorted({region[n] for n in Grid(rows, cols).neighbours(cell) if n in region})
        region[cell] = draw(st.sampled_from(near))
    return rows, cols, tuple(tuple(region.get((r, c)) for c in range(cols)) for r in range(rows))


@st.composite
def boards(draw):
    """LITS boards of at most 16 cells, regions of about four to eight cells."""
    rows, cols, regions = draw(region_maps([(2, 4), (3, 4), (4, 4), (2, 6), (3, 5), (4, 3)], 4))
    return L.Instance(rows, cols, regions)


def sat_solutions(inst: L.Instance, complete: bool) -> set[frozenset]:
    f = Formula()
    enc = L.encode(inst, f, Options(complete=complete))
    cells = {x: c for c, x in enc.shading.var.items()}
    got = solutions(f, list(cells), None if complete else enc.cuts)
    return {frozenset(cells[x] for x in s) for s in got}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_counts_match_brute_force_lazy_and_complete(inst):
    want = brute(inst)
    assert sat_solutions(inst, complete=False) == want
    assert sat_solutions(inst, complete=True) == want
    assert all(L.verify(inst, s) == [] for s in want)


test_modes_agree_with_brute_force = brute_force_harness(L.GENRE, boards(), brute,
                                                        examples=25, limit=500)


def test_brute_force_cases_are_not_all_empty():
    """The strategy reaches boards with one and with several solutions."""
    two_regions = L.Instance(2, 4, ((0, 0, 1, 1), (0, 0, 1, 1)))
    assert brute(two_regions) == set()  # two O tetrominoes: 2 x 2 blocks
    strip = L.Instance(2, 6, ((0, 0, 0, 1, 1, 1), (0, 0, 0, 1, 1, 1)))
    assert len(brute(strip)) > 1 and sat_solutions(strip, False) == brute(strip)


# -- verify -------------------------------------------------------------------------------------
RING = L.Instance(3, 4, ((0, 0, 1, 1), (0, 0, 1, 1), (2, 2, 2, 2)))


@pytest.mark.parametrize("shaded, words", [
    ({(0, 0), (1, 0), (1, 1), (0, 1)}, "has 0 shaded cells"),
    ({(0, 0), (0, 1), (1, 0), (1, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2),
      (2, 3)}, "2 x 2 block at r1c1"),
    ({(2, 0), (2, 3)}, "the region at r3c1 has 2 shaded cells"),
    ({(0, 0), (1, 1), (0, 1), (1, 0)} | {(0, 2)}, "has 1 shaded cells"),
])
def test_verify_counts_and_blocks(shaded, words):
    assert any(words in p for p in L.verify(RING, shaded))


def test_verify_shapes_and_connection():
    inst = L.Instance(4, 4, ((0, 0, 0, 0), (1, 1, 1, 1), (2, 2, 2, 2), (3, 3, 3, 3)))
    rows = [{(r, c) for c in range(4)} for r in range(4)]
    assert any("two I tetrominoes share the edge r1c1-r2c1" in p
               for p in L.verify(inst, rows[0] | rows[1] | rows[2] | rows[3]))
    two = L.Instance(1, 9, ((0, 0, 0, 0, 1, 1, 1, 1, 1),))
    assert L.verify(two, {(0, c) for c in (0, 1, 2, 3, 5, 6, 7, 8)}) == [
        "the shaded cells are not connected"]
    split_up = L.Instance(1, 9, ((0,) * 9,))
    assert "not connected" in L.verify(split_up, {(0, 0), (0, 1), (0, 3), (0, 4)})[0]
    black = L.Instance(1, 5, ((None, 0, 0, 0, 0),))
    assert L.verify(black, {(0, 1), (0, 2), (0, 3), (0, 4)}) == []
    assert "lies in no region" in L.verify(black, {(0, 0), (0, 1), (0, 2), (0, 3)})[0]


# -- the janko slice -------------------------------------------------------------------------------
def letters(text: str) -> dict:
    rows = [ln.split() for ln in text.strip().splitlines()[1:]]
    return {(r, c): x for r, row in enumerate(rows) for c, x in enumerate(row) if x != "-"}


@pytest.mark.slow
def test_janko_slice_unique_and_published(datasets):
    """Every well-formed board is unique and its solution the published one,
    whose letters name each region's tetromino as we read its shape."""
    from satlink.rules.shapes import letter

    data = json.loads((datasets / "puzzlekit-dev" / "LITS.json").read_text())["data"]
    assert len(data) == 84
    malformed = set()
    for name, entry in data.items():
        try:
            inst = L.GENRE.from_grid_text(split(entry["problem"], name))
        except InputError as exc:
            assert "the grid has 10 rows, the header says 11" in exc.message
            malformed.add(name)
            continue
        res = engine.solve(L.GENRE, inst)
        assert res.verdict == "unique", name
        published = L.GENRE.solution_from_grid_text(split(entry["solution"]), inst)
        assert res.solutions[0] == published, name
        named = letters(entry["solution"])
        for cells in inst.region_cells:
            held = [c for c in cells if c in published]
            assert {named[c] for c in held} == {letter(held)}, name
    assert malformed == MALFORMED


# -- text, puzz.link ----------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(boards(), st.booleans())
def test_pzl_and_grid_text_round_trip(inst, with_solution):
    sol = frozenset(inst.grid.cells[::3]) if with_solution else None
    text = L.GENRE.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert L.GENRE.from_document(doc) == inst
    assert L.GENRE.expected_solution(doc) == sol
    assert L.GENRE.to_pzl(L.GENRE.from_document(doc), sol) == text
    assert L.FORMAT.from_grid_text(split(L.FORMAT.to_grid_text(inst))) == inst


def test_region_names_do_not_matter():
    a = L.GENRE.from_document(parse_text(
        "puzzle lits\nsize 4 x 2\nregions\n  b b 7 7\n  b b 7 @\n", "a.pzl"))
    assert a.regions == ((0, 0, 1, 1), (0, 0, 1, None))
    assert a == L.Instance(2, 4, (("x", "x", "y", "y"), ("x", "x", "y", None)))


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/lits.js: url 4/4/9q02jg, rooms 0011/0012/0112/2222."""
    genre, inst = puzzlink.decode("https://puzz.link/p?lits/4/4/9q02jg")
    assert genre is L.GENRE and get("LITS") is L.GENRE
    assert inst.regions == ((0, 0, 1, 1), (0, 0, 1, 2), (0, 1, 1, 2), (2, 2, 2, 2))
    assert puzzlink.encode(genre, inst) == "https://puzz.link/p?lits/4/4/9q02jg"
    res = engine.solve(genre, inst)
    # pzprjs's accepted answer for this board (its failcheck entry `null`)
    assert res.verdict == "unique" and sorted(res.solutions[0]) == sorted(
        {(0, 0), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (2, 0), (2, 2), (3, 0), (3, 1), (3, 2),
         (3, 3)})
    with pytest.raises(InputError, match="no black cells|every cell lies in a region"):
        puzzlink.encode(genre, L.Instance(1, 5, ((None, 0, 0, 0, 0),)))


# -- bad input ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, line, col, words", [
    ("puzzle lits\nsize 3 x 1\nregions\n  a b a\n", 4, 7, "region `a` is not connected"),
    ("puzzle lits\nsize 3 x 1\nregions\n  a b -\n", 4, 7, "`-` at row 1, column 3"),
    ("puzzle lits\nsize 3 x 1\nregions\n  a b\n", 4, 5, "row 1 has 2 cells"),
    ("puzzle lits\nsize 2 x 1\nregions\n  a a\nsolution\n  x y\n", 6, 5, "`y`"),
    ("puzzle lits\nsize 2 x 1\ngrid\n  a a\n", 3, 1, "grid"),
])
def test_bad_pzl_has_position(text, line, col, words):
    with pytest.raises(InputError) as exc:
        L.GENRE.from_document(parse_text(text, "bad.pzl"))
    assert (exc.value.pos.line, exc.value.pos.column) == (line, col)
    assert words in exc.value.message


def test_bad_grid_text_has_position():
    with pytest.raises(InputError) as exc:
        L.GENRE.from_grid_text(split("2 2\n1 2\n2 1\n", "g.txt"))
    assert (exc.value.pos.line, exc.value.pos.column) == (3, 1)
    assert "region `2` is not connected" in exc.value.message
