"""Entry-Exit: brute force in every mode, verify, the dev slice, files, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.puzzles import entryexit as E
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import check_error, check_pzl_round_trip, stretches
from tests.rules.test_loops import cycles
from tests.puzzles.test_lits import region_maps


@st.composite
def boards(draw):
    rows, cols, regions = draw(region_maps([(2, 4), (3, 4), (4, 4), (4, 3), (2, 6)], 4))
    return E.Instance(rows, cols, regions)


def oracle(inst) -> set[frozenset]:
    """Cycles through every room cell, in one piece in each room (networkx)."""
    cells = inst.open_cells
    return {c for c in cycles(inst.grid, cells) if len({x for e in c for x in e}) == len(cells)
            and all(stretches(c, room) == 1 for room in inst.room_cells)}


test_modes_agree_with_brute_force = brute_force_harness(E.GENRE, boards(), oracle, examples=60)


def test_verify_counts_visits_and_missed_cells():
    g = Grid(2, 4)
    ring = frozenset(g.cell_edges()) - {((0, 1), (1, 1)), ((0, 2), (1, 2))}
    assert E.verify(E.Instance(2, 4, ((0, 0, 1, 1), (0, 0, 1, 1))), ring) == []
    assert E.verify(E.Instance(2, 4, ((0, 0, 1, 1), (2, 0, 1, 1))), ring) == [
        "the loop visits the room at r1c1 2 times, not once"]
    square = frozenset(g.cell_edges([(0, 0), (0, 1), (1, 0), (1, 1)]))
    assert "does not pass through r1c3" in E.verify(
        E.Instance(2, 4, ((0, 0, 1, 1), (0, 0, 1, 1))), square)[0]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(E.GENRE, datasets, "EntryExit")
    assert records == 34 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    check_pzl_round_trip(E.GENRE, inst, with_solution)


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle entryexit\nsize 2 x 1\ngrid\n  . 3\nregions\n  a a\n", None, 4, 5, "`3`"),
    ("puzzle entryexit\nsize 3 x 1\ngrid\n  . . .\nregions\n  a b a\n", None, 6, 7,
     "not connected"),
    ("1 2\n- x\na a\n", "EntryExit", 2, 3, "`x`"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)
