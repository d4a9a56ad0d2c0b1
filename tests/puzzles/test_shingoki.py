"""Shingoki: brute force in every mode, verify, the dev slice, files, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.puzzles import shingoki as M
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import check_error, check_pzl_round_trip, goes_straight, walk_arms
from tests.rules.test_loops import cycles


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (4, 4), (2, 5)]))
    circles = [M.Mark(c, draw(st.sampled_from("wb")), draw(st.sampled_from([None, 2, 3, 4])))
               for c in Grid(rows, cols).cells if draw(st.integers(0, 4)) == 0]
    return M.Instance(rows, cols, tuple(circles))


def oracle(inst) -> set[frozenset]:
    """Cycles through every circle, straight on white, turning on black, the
    arms measured by walking the cycle."""
    out = set()
    for c in cycles(inst.grid):
        on = {x for e in c for x in e}
        if all(m.cell in on and goes_straight(c, m.cell) == (m.colour == "w")
               and (m.number is None or sum(walk_arms(c, m.cell)) == m.number)
               for m in inst.circles):
            out.add(c)
    return out


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, boards(), oracle, examples=40)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([(3, 4), (4, 4), (2, 5), (3, 5)]), st.data())
def test_arm_lengths_hold_on_every_loop_of_the_circles(size, data):
    """The narrowing: on every loop obeying the circles' colours (numbers
    aside), each circle's arms have lengths ``arm_lengths`` allows."""
    from satlink.rules.grid import exits
    from satlink.rules.segments import arm
    grid = Grid(*size)
    colour = {c: data.draw(st.sampled_from("wb")) for c in grid.cells
              if data.draw(st.integers(0, 2)) == 0}
    inst = M.Instance(*size, tuple(M.Mark(c, k) for c, k in colour.items()))
    for c in cycles(grid):
        if M.verify(inst, c):
            continue
        for cell in colour:
            for d in exits(c, cell):
                assert arm(c, cell, d) in M.arm_lengths(grid, colour, cell, d)

@settings(max_examples=60, deadline=None)
@given(st.integers(1, 7), st.integers(1, 7), st.data())
def test_longest_arms_is_the_largest_arm_length(rows, cols, data):
    """The encoding's sweep gives each circle and direction the largest
    length ``arm_lengths`` allows (0 where it allows none)."""
    grid = Grid(rows, cols)
    colour = {c: data.draw(st.sampled_from("wb")) for c in grid.cells
              if data.draw(st.integers(0, 2)) == 0}
    got = M.longest_arms(grid, [M.Mark(c, k) for c, k in colour.items()])
    for cell in colour:
        for d in "nesw":
            assert got[cell]["nesw".index(d)] == max(M.arm_lengths(grid, colour, cell, d),
                                                     default=0)


RING = frozenset(Grid(3, 4).cell_edges()) - {((0, 1), (1, 1)), ((1, 0), (1, 1)), ((1, 1), (1, 2)),
                                             ((1, 1), (2, 1)), ((0, 2), (1, 2)), ((1, 2), (1, 3)),
                                             ((1, 2), (2, 2))}


@pytest.mark.parametrize("mark, words", [
    (M.Mark((0, 0), "b", 5), None), (M.Mark((0, 0), "w"), "turns on the white"),
    (M.Mark((0, 1), "b"), "goes straight through the black"), (M.Mark((0, 1), "w", 3), None),
    (M.Mark((0, 0), "b", 4), "shows 4 but the loop runs 2 + 3"),
    (M.Mark((1, 1), "w"), "does not pass"),
])
def test_verify_on_a_ring(mark, words):
    problems = M.verify(M.Instance(3, 4, (mark,)), RING)
    assert (problems == []) if words is None else words in problems[0]


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(M.GENRE, datasets, "Shingoki")
    assert records == 21 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    check_pzl_round_trip(M.GENRE, inst, with_solution)


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle shingoki\nsize 2 x 1\ngrid\n  . q\n", None, 4, 5, "`q`"),
    ("2 2\nb4 x\n- -\n", "Shingoki", 2, 4, "`x`"),
    ("2 2\n- -\n- - -\n", "Shingoki", 3, 5, "row 2 has 3 cells"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)
