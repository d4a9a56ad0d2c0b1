"""Circuit Board's design hooks: given wires as removable clues
(satlink.design)."""
from __future__ import annotations

import random

import pytest

from satlink.design import DesignError
from satlink.design.tasks import minimize_puzzle
from satlink.errors import InputError
from satlink.puzzles import circuitboard as C

from hooks import all_solutions, check_clues_of, check_generate, check_selectors


@pytest.mark.parametrize("w,h", [(4, 4), (5, 3)])
def test_clues_of_is_every_wire_of_the_tree(w, h):
    blank = C.blank(w, h, {})
    every = all_solutions(C.GENRE, blank)
    assert len(every) > 1
    for sol in every:
        offered = check_clues_of(C.GENRE, blank, sol, blank.edges)
        assert set(offered) == set(sol)


def test_selectors_guard_each_wire_and_cuts_hold_for_any_subset():
    blank = C.blank(6, 3, {})
    every = all_solutions(C.GENRE, blank)
    assert len(every) > 5
    rng = random.Random(3)
    for sol in rng.sample(every, 4):
        check_selectors(C.GENRE, blank, every, C.clues_of(blank, sol), rng)


def test_with_clues_keeps_the_blacked_out_cells_and_names_are_wires():
    blank = C.blank(4, 4, {})
    assert blank.blocked == {(0, 0), (0, 1)} and blank.given == ()
    wires = [((3, 2), (3, 3)), ((1, 0), (2, 0))]
    inst = C.with_clues(blank, wires)
    assert inst.blocked == blank.blocked and C.clues(inst) == sorted(wires)
    assert C.with_clues(inst, C.clues(inst)) == inst
    assert [C.clue_name(w) for w in C.clues(inst)] == ["r2c1-r3c1", "r4c3-r4c4"]


def test_blank_boards():
    assert C.default_blocked(10, 10) == [(0, 0), (0, 1)]  # 50 cells of each colour
    assert C.default_blocked(3, 2) == []  # 3 and 3
    assert C.default_blocked(5, 5) == [(0, 1)]  # 13 and 12
    assert C.blank(4, 4, {"blocked": [(3, 3), (3, 2)]}).blocked == {(3, 3), (3, 2)}
    for w, h, params in ((5, 2, {}), (1, 5, {}), (4, 4, {"blocked": []}), (0, 3, {})):
        with pytest.raises(InputError):
            C.blank(w, h, params)


def test_the_shortest_path_variant_is_refused():
    shortest = C.Instance(2, 3, given=(), ends=((0, 0), (1, 2)))
    with pytest.raises(DesignError) as info:
        C.clues_of(shortest, frozenset())
    assert info.value.exit_code == 2
    with pytest.raises(DesignError):
        minimize_puzzle(C.GENRE, shortest)


def test_generated_puzzles_are_unique_with_their_solution():
    made = check_generate(C.GENRE, 6, 6, range(3))
    assert all(m.clues > 0 for m in made)
