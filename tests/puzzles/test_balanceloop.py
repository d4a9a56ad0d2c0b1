"""Balance Loop: brute force in every mode, verify, the dev slice, files,
puz.link, errors."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.formats import puzzlink
from satlink.formats.grid_text import split
from satlink.puzzles import balanceloop as M
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import (check_error, check_pzl_round_trip, check_pzprjs_vector,
                                       check_selected_clues, walk_arms)
from tests.rules.test_loops import cycles

URL = "https://puzz.link/p?balance/5/5/g9m1k0m8g"  # robx/pzprjs test/script/balance.js


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (4, 4), (2, 5)]))
    circles = [M.Mark(c, draw(st.sampled_from("wb")), draw(st.sampled_from([None, 2, 3, 4])))
               for c in Grid(rows, cols).cells if draw(st.integers(0, 4)) == 0]
    return M.Instance(rows, cols, tuple(circles))


def oracle(inst) -> set[frozenset]:
    """Cycles through every circle, arms measured by walking the cycle."""
    out = set()
    for c in cycles(inst.grid):
        on = {x for e in c for x in e}
        if all(m.cell in on for m in inst.circles) and all(
                (arms[0] == arms[1]) == (m.colour == "w")
                and (m.number is None or sum(arms) == m.number)
                for m in inst.circles for arms in (walk_arms(c, m.cell),)):
            out.add(c)
    return out


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, boards(), oracle, examples=40)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_selectors_pose_any_subset_of_numbers(inst, data):
    check_selected_clues(M.GENRE, inst, [m for m in inst.circles
                                         if m.number is not None and data.draw(st.booleans())],
                         oracle)


RING = frozenset(Grid(3, 4).cell_edges()) - {((0, 1), (1, 1)), ((1, 0), (1, 1)), ((1, 1), (1, 2)),
                                             ((1, 1), (2, 1)), ((0, 2), (1, 2)), ((1, 2), (1, 3)),
                                             ((1, 2), (2, 2))}


@pytest.mark.parametrize("mark, words", [
    (M.Mark((0, 0), "b", 5), None), (M.Mark((0, 0), "w"), "runs 2 and 3 straight from the white"),
    (M.Mark((0, 0), "b", 4), "shows 4 but the loop runs 2 + 3"), (M.Mark((1, 1), "w"), "does not pass"),
    (M.Mark((2, 3), "b"), None),
])
def test_verify_on_a_ring(mark, words):
    problems = M.verify(M.Instance(3, 4, (mark,)), RING)
    assert (problems == []) if words is None else words in problems[0]


def test_verify_white_needs_equal_arms():
    square = frozenset(Grid(2, 2).cell_edges())
    assert M.verify(M.Instance(2, 2, (M.Mark((0, 0), "w", 2),)), square) == []
    assert "from the black circle" in M.verify(M.Instance(2, 2, (M.Mark((0, 0), "b"),)), square)[0]


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(M.GENRE, datasets, "BalanceLoop")
    assert records == 14 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_and_puzzlink_round_trip(inst, with_solution):
    check_pzl_round_trip(M.GENRE, inst, with_solution)
    assert puzzlink.decode(puzzlink.encode(M.GENRE, inst))[1] == inst


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(M.GENRE, URL)
    assert inst.circles[0] == M.Mark((0, 1), "b", 4) and inst.circles[2] == M.Mark((3, 0), "w")


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle balanceloop\nsize 2 x 1\ngrid\n  w4 x\n", None, 4, 6, "`x`"),
    ("1 3\n4w b - w\n", "BalanceLoop", 2, 8, "row 1 has 4 cells"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)


def test_janko_writes_numbers_on_either_side():
    inst = M.GENRE.from_grid_text(split("1 3\n4w b b5\n", "t"))
    assert inst.circles == (M.Mark((0, 0), "w", 4), M.Mark((0, 1), "b"), M.Mark((0, 2), "b", 5))


def test_picture_draws_circles_with_numbers():
    inst = check_pzprjs_vector(M.GENRE, URL)
    assert [c.text for c in M.picture(inst).circles] == ["4", "", "", "4"]
