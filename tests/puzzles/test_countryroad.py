"""Country Road: brute force in every mode, verify, the dev slice, files,
puz.link, errors."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.puzzles import countryroad as M
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published
from tests.puzzles.loop_checks import (check_error, check_puzzlink_round_trip,
                                       check_pzl_round_trip, check_pzprjs_vector,
                                       check_selected_clues, stretches)
from tests.puzzles.test_lits import region_maps
from tests.rules.test_loops import cycles

URL = "https://puzz.link/p?country/5/5/amda0uf02h12h"  # robx/pzprjs test/script/country.js


@st.composite
def boards(draw):
    rows, cols, regions = draw(region_maps([(2, 3), (3, 3), (2, 4), (3, 4), (4, 3)], 5))
    inst = M.Instance(rows, cols, regions)
    numbers = [(room[0], draw(st.integers(0, len(room)))) for room in inst.room_cells
               if draw(st.integers(0, 2)) == 0]
    return M.Instance(rows, cols, regions, tuple(numbers))


def oracle(inst) -> set[frozenset]:
    """Cycles through room cells entering each room once (networkx
    components), with the numbered counts and no idle pair across a border."""
    out, cells = set(), inst.open_cells
    across = [(a, b) for a, b in inst.grid.cell_edges(cells)
              if inst.regions[a[0]][a[1]] != inst.regions[b[0]][b[1]]]
    for c in cycles(inst.grid, cells):
        on = {x for e in c for x in e}
        if (all(stretches(c, room) == 1 for room in inst.room_cells)
                and all(len(on.intersection(inst.room(cell))) == n for cell, n in inst.numbers)
                and all(a in on or b in on for a, b in across)):
            out.add(c)
    return out


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, boards(), oracle, examples=40)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_selectors_pose_any_subset_of_numbers(inst, data):
    check_selected_clues(M.GENRE, inst, [n for n in inst.numbers if data.draw(st.booleans())],
                         oracle)


def test_brute_force_sees_every_rule():
    regions = ((0, 0, 1), (0, 0, 1))
    inst = M.Instance(2, 3, regions)
    g = Grid(2, 3)
    ring = frozenset(g.cell_edges()) - {((0, 1), (1, 1))}
    right = frozenset(g.cell_edges([(0, 1), (0, 2), (1, 1), (1, 2)]))
    # the left square never reaches room 1 (and leaves r1c2, r1c3 idle across it)
    assert {c for c in cycles(g) if not M.verify(inst, c)} == {ring, right}
    assert M.verify(M.Instance(2, 3, regions, (((0, 0), 3),)), ring)[0].endswith(
        "shows 3 but the loop passes 4 of its cells")


def test_verify_names_each_broken_rule():
    inst = M.Instance(2, 4, ((0, 0, 1, 2), (0, 0, 1, 2)))
    square = frozenset(Grid(2, 4).cell_edges([(0, 0), (0, 1), (1, 0), (1, 1)]))
    problems = M.verify(inst, square)
    assert "visits the room at r1c3 0 times" in problems[0]
    assert any("r1c3 and r1c4 are both empty" in p for p in problems)
    assert "branches" in M.verify(inst, frozenset(Grid(2, 4).cell_edges()))[0]
    assert M.verify(M.Instance(2, 2, ((0, 0), (0, 0))), frozenset(Grid(2, 2).cell_edges())) == []


def test_numbers_move_to_their_rooms_first_cell():
    inst = M.Instance(2, 2, ((0, 0), (0, 1)), (((1, 0), 3),))
    assert inst.numbers == (((0, 0), 3),)
    with pytest.raises(InputError, match="two numbers"):
        M.Instance(2, 2, ((0, 0), (0, 1)), (((1, 0), 3), ((0, 0), 3)))
    with pytest.raises(InputError, match="more than the 3 cells"):
        M.Instance(2, 2, ((0, 0), (0, 1)), (((1, 0), 4),))


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(M.GENRE, datasets, "CountryRoad")
    assert records == 54 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    check_pzl_round_trip(M.GENRE, inst, with_solution)


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(M.GENRE, URL)
    assert inst.numbers == (((0, 0), 2), ((2, 0), 1), ((2, 1), 2))
    with pytest.raises(InputError) as exc:
        puzzlink.decode("https://puzz.link/p?country/5/5/amda0uf02h12.")
    assert "`.`" in str(exc.value)


@settings(max_examples=30, deadline=None)
@given(boards())
def test_puzzlink_round_trip(inst):
    check_puzzlink_round_trip(M.GENRE, inst)


@pytest.mark.parametrize("text,line,col,words", [
    ("puzzle countryroad\nsize 2 x 1\ngrid\n  3 .\nregions\n  a a\n", 4, 3, "more than the 2"),
    ("puzzle countryroad\nsize 2 x 1\ngrid\n  q .\nregions\n  a a\n", 4, 3, "`q`"),
    ("puzzle countryroad\nsize 3 x 1\ngrid\n  . . .\nregions\n  a b a\n", 6, 7, "not connected"),
    ("puzzle countryroad\nsize 2 x 1\ngrid\n  1 .\nregions\n  @ a\n", 4, 3, "black cell"),
])
def test_bad_pzl_has_position(text, line, col, words):
    check_error(text, None, line, col, words)


def test_bad_grid_text_has_position():
    line, col, message = error_at("1 2\n1 q\na a\n", "CountryRoad")
    assert (line, col) == (2, 3) and "`q`" in message


def test_picture_draws_numbers_rooms_and_loop():
    from satlink.render import to_svg
    genre, inst = puzzlink.decode(URL)
    board = M.picture(inst, frozenset(Grid(5, 5).cell_edges()))
    assert [lab.text for lab in board.labels] == ["2", "1", "2"] and board.edges
    assert to_svg(M.picture(inst)).lstrip().startswith("<")
