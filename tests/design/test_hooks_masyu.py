"""Masyu's design hooks: pearls as removable clues (satlink.design)."""
from __future__ import annotations

import random

import pytest

from satlink.errors import InputError
from satlink.puzzles import masyu as M

from hooks import all_solutions, check_clues_of, check_generate, check_selectors


def space(inst):
    """Every pearl the board could show: each cell, white or black."""
    return [M.Pearl(cell, colour) for cell in inst.grid.cells for colour in (M.WHITE, M.BLACK)]


@pytest.mark.parametrize("w,h", [(3, 3), (4, 3)])
def test_clues_of_is_every_pearl_each_loop_obeys(w, h):
    blank = M.blank(h, w, {})
    every = all_solutions(M.GENRE, blank)
    assert len(every) > 1
    offered_any = set()
    for sol in every:
        offered_any |= set(check_clues_of(M.GENRE, blank, sol, space(blank)))
    assert {p.colour for p in offered_any} == {M.WHITE, M.BLACK}


def test_selectors_guard_each_pearl_and_cuts_hold_for_any_subset():
    blank = M.blank(4, 4, {})
    every = all_solutions(M.GENRE, blank)
    rng = random.Random(4)
    for sol in rng.sample(every, 4):
        check_selectors(M.GENRE, blank, every, M.clues_of(blank, sol), rng)


def test_with_clues_keeps_the_board_and_names_are_cells():
    blank = M.blank(3, 5, {})
    assert (blank.rows, blank.cols, blank.pearls) == (3, 5, ())
    pearls = [M.Pearl((2, 4), M.BLACK), M.Pearl((0, 1), M.WHITE)]
    inst = M.GENRE.design.with_clues(blank, pearls)
    assert M.GENRE.clues(inst) == sorted(pearls)
    assert M.GENRE.design.with_clues(inst, M.GENRE.clues(inst)) == inst
    assert [M.GENRE.design.clue_name(p) for p in M.GENRE.clues(inst)] == ["r1c2", "r3c5"]


def test_blank_needs_room_for_a_loop():
    for w, h in ((1, 5), (5, 1)):
        with pytest.raises(InputError):
            M.blank(h, w, {})


def test_generated_puzzles_are_unique_with_their_solution():
    made = check_generate(M.GENRE, 5, 5, range(4))
    assert all(m.clues > 0 for m in made)
