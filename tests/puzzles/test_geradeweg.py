"""Geradeweg: brute force in every mode, verify, the dev slice, files,
puz.link, errors."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.formats import puzzlink
from satlink.puzzles import geradeweg as M
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import (check_error, check_pzl_round_trip, check_pzprjs_vector,
                                       check_selected_clues, goes_straight, walk_arms)
from tests.rules.test_loops import cycles

URL = "https://puzz.link/p?geradeweg/5/5/l211i2h3i4k"  # robx/pzprjs test/script/geradeweg.js


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (4, 4), (2, 5)]))
    numbers = [(c, draw(st.sampled_from(["?", 0, 1, 1, 2, 2, 3, 4]))) for c in Grid(rows, cols).cells
               if draw(st.integers(0, 4)) == 0]
    return M.Instance(rows, cols, tuple(numbers))


def oracle(inst) -> set[frozenset]:
    """Cycles through every clue cell, arms measured by walking the cycle."""
    out = set()
    for c in cycles(inst.grid):
        on = {x for e in c for x in e}
        ok = True
        for cell, n in inst.numbers:
            if cell not in on:
                ok = False
                break
            a, b = walk_arms(c, cell)
            straight = goes_straight(c, cell)
            if n in ("?", 0):
                ok = straight or a == b
            else:
                ok = a + b == n if straight else a == b == n
            if not ok:
                break
        if ok:
            out.add(c)
    return out


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, boards(), oracle, examples=40)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_selectors_pose_any_subset_of_numbers(inst, data):
    check_selected_clues(M.GENRE, inst, [n for n in inst.numbers if data.draw(st.booleans())],
                         oracle)


RING = frozenset(Grid(3, 4).cell_edges()) - {((0, 1), (1, 1)), ((1, 0), (1, 1)), ((1, 1), (1, 2)),
                                             ((1, 1), (2, 1)), ((0, 2), (1, 2)), ((1, 2), (1, 3)),
                                             ((1, 2), (2, 2))}


@pytest.mark.parametrize("number, words", [
    (((0, 1), 3), None), (((0, 1), 2), "stretch through r1c2 is 3 long, not 2"),
    (((1, 0), 2), None), (((0, 0), 2), "stretches of 2 and 3, not 2"),
    (((1, 1), "?"), "does not pass the number at r2c2"), (((1, 3), "?"), None),
    (((0, 1), 0), None), (((0, 0), 0), "between stretches of 2 and 3"),
])
def test_verify_on_a_ring(number, words):
    problems = M.verify(M.Instance(3, 4, (number,)), RING)
    assert (problems == []) if words is None else words in problems[0]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(M.GENRE, datasets, "Geradeweg")
    assert records == 20 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_and_puzzlink_round_trip(inst, with_solution):
    check_pzl_round_trip(M.GENRE, inst, with_solution)
    assert puzzlink.decode(puzzlink.encode(M.GENRE, inst))[1] == inst


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(M.GENRE, URL)
    assert inst.numbers[0] == ((1, 1), 2)
    with pytest.raises(Exception, match="`f`"):
        puzzlink.decode("https://puzz.link/p?geradeweg/f/5/5/l211i2h3i4k")


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle geradeweg\nsize 2 x 1\ngrid\n  -1 .\n", None, 4, 3, "`-1`"),
    ("2 2\n1 x\n- -\n", "Geradeweg", 2, 3, "`x`"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)


def test_picture_draws_numbers():
    _, inst = puzzlink.decode(URL)
    assert [lab.text for lab in M.picture(inst).labels] == ["2", "1", "1", "2", "3", "4"]
