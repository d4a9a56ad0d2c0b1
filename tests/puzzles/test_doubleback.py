"""Double Back: brute force in both modes, verify, the dev slice, files,
puz.link, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formats import puzzlink
from satlink.puzzles import doubleback as M
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import (check_error, check_puzzlink_round_trip,
                                       check_pzl_round_trip, check_pzprjs_vector, stretches)
from tests.rules.test_loops import cycles
from tests.puzzles.test_lits import region_maps

URL = "https://puzz.link/p?doubleback/4/4/14063o"  # robx/pzprjs test/script/doubleback.js


@st.composite
def boards(draw):
    rows, cols, regions = draw(region_maps([(2, 4), (3, 4), (4, 4), (4, 3), (2, 6)], 4))
    return M.Instance(rows, cols, regions)


def oracle(inst) -> set[frozenset]:
    """Cycles through every room cell, in two pieces in each room (networkx)."""
    cells = inst.open_cells
    return {c for c in cycles(inst.grid, cells) if len({x for e in c for x in e}) == len(cells)
            and all(stretches(c, room) == 2 for room in inst.room_cells)}


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, boards(), oracle, examples=60)


def test_verify_counts_visits_and_missed_cells():
    g = Grid(2, 4)
    ring = frozenset(g.cell_edges()) - {((0, 1), (1, 1)), ((0, 2), (1, 2))}
    assert M.verify(M.Instance(2, 4, ((0, 1, 1, 2), (0, 1, 1, 2))), ring) == [
        "the loop visits the room at r1c1 1 times, not twice",
        "the loop visits the room at r1c4 1 times, not twice"]
    square = frozenset(g.cell_edges([(0, 0), (0, 1), (1, 0), (1, 1)]))
    assert "does not pass through r1c3" in M.verify(
        M.Instance(2, 4, ((0, 0, 1, 1), (0, 0, 1, 1))), square)[0]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(M.GENRE, datasets, "DoubleBack")
    assert records == 20 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_and_puzzlink_round_trip(inst, with_solution):
    check_pzl_round_trip(M.GENRE, inst, with_solution)
    assert puzzlink.decode(puzzlink.encode(M.GENRE, inst))[1] == inst


def test_puzzlink_pzprjs_vector_and_black_cells():
    inst = check_pzprjs_vector(M.GENRE, URL)
    assert inst.regions[1] == (0, 0, 1, 1)
    holed = M.Instance(2, 2, ((0, 0), (0, None)))
    check_puzzlink_round_trip(M.GENRE, M.Instance(2, 2, ((0, 0), (0, 0))))
    assert puzzlink.decode(puzzlink.encode(M.GENRE, holed))[1] == holed


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle doubleback\nsize 3 x 1\nregions\n  a b a\n", None, 4, 7, "not connected"),
    ("1 3\na ! a\n", "DoubleBack", 2, 3, "`!`"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)


def test_picture_draws_rooms():
    _, inst = puzzlink.decode(URL)
    assert M.picture(inst).edges and not M.picture(inst).lines
