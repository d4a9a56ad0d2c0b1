"""Simple Loop: brute force in both modes, verify, the dev slice, files,
puz.link, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formats import puzzlink
from satlink.puzzles import simpleloop as M
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import check_error, check_pzl_round_trip, check_pzprjs_vector
from tests.rules.test_loops import cycles

URL = "https://puzz.link/p?simpleloop/5/5/sg020"  # robx/pzprjs test/script/simpleloop.js


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 2), (2, 4), (3, 3), (3, 4), (4, 4), (4, 5)]))
    black = draw(st.sets(st.sampled_from(Grid(rows, cols).cells), max_size=4))
    return M.Instance(rows, cols, tuple(black))


def oracle(inst) -> set[frozenset]:
    """Cycles through the white cells that pass every one of them."""
    return {c for c in cycles(inst.grid, inst.white)
            if len({x for e in c for x in e}) == len(inst.white)}


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, boards(), oracle, examples=60)


def test_verify_wants_every_white_cell():
    ring = frozenset(Grid(3, 3).cell_edges()) - {((0, 1), (1, 1)), ((1, 0), (1, 1)),
                                                 ((1, 1), (1, 2)), ((1, 1), (2, 1))}
    assert M.verify(M.Instance(3, 3, ((1, 1),)), ring) == []
    assert "does not pass through r2c2" in M.verify(M.Instance(3, 3), ring)[0]
    assert "not allowed" in M.verify(M.Instance(3, 3, ((0, 0), (1, 1))), ring)[0]


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(M.GENRE, datasets, "SimpleLoop")
    assert records == 14 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_and_puzzlink_round_trip(inst, with_solution):
    check_pzl_round_trip(M.GENRE, inst, with_solution)
    assert puzzlink.decode(puzzlink.encode(M.GENRE, inst))[1] == inst


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(M.GENRE, URL)
    assert inst.black == ((0, 0), (0, 1), (0, 2), (1, 0), (3, 3))


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle simpleloop\nsize 2 x 1\ngrid\n  x o\n", None, 4, 5, "`o`"),
    ("2 2\nx -\n- - -\n", "SimpleLoop", 3, 5, "row 2 has 3 cells"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)


def test_picture_draws_black_cells_and_loop():
    _, inst = puzzlink.decode(URL)
    assert len(M.picture(inst).shades) == 5 and not M.picture(inst).lines
