"""Battleship's design hooks: given cells and tallies as removable clues
(satlink.design)."""
from __future__ import annotations

import random

import pytest

from satlink.design.tasks import analyze_puzzle, minimize_puzzle
from satlink.errors import InputError
from satlink.formats import battleship_board as board
from satlink.puzzles import battleship as B
from satlink.rules.ships import default_fleet

from hooks import all_solutions, check_clues_of, check_generate, check_selectors


def space(inst):
    """Every clue the board could show: each cell's water or exact part
    (`*` only where ``inst`` gives `*`), every tally from 0 to the line's length."""
    out = [("cell", r, c, g) for r in range(inst.rows) for c in range(inst.cols)
           for g in ((B.WATER, B.SOME) if inst.givens[r][c] == B.SOME else (B.WATER, *B.PARTS))]
    out += [("row", r, t) for r in range(inst.rows) for t in range(inst.cols + 1)]
    out += [("col", c, t) for c in range(inst.cols) for t in range(inst.rows + 1)]
    return out


def test_clues_of_is_every_cell_and_tally_each_fleet_obeys():
    blank = B.blank(3, 4, {"fleet": [3, 1, 1]})
    every = all_solutions(B.GENRE, blank)
    assert len(every) == 22
    for sol in every:
        offered = check_clues_of(B.GENRE, blank, sol, space(blank))
        assert len(offered) == 4 * 3 + 4 + 3  # one clue per cell and per line


def test_a_cell_given_as_some_ship_part_offers_that_clue():
    blank = B.blank(3, 4, {"fleet": [2, 1]})
    some = B.with_clues(blank, [("cell", 1, 1, B.SOME)])
    every = all_solutions(B.GENRE, blank)
    seen = set()
    for sol in every:
        offered = check_clues_of(B.GENRE, some, sol, space(some))
        seen.add(next(c[3] for c in offered if c[:3] == ("cell", 1, 1)))
    assert seen == {B.SOME, B.WATER}


def test_selectors_guard_each_clue():
    blank = B.blank(4, 4, {"fleet": [2, 1, 1]})
    every = all_solutions(B.GENRE, blank)
    rng = random.Random(7)
    for sol in rng.sample(every, 5):
        check_selectors(B.GENRE, blank, every, B.clues_of(blank, sol), rng)


def test_with_clues_and_names():
    blank = B.blank(4, 5, {"fleet": [2, 1]})
    chosen = [("cell", 0, 2, board.LEFT), ("row", 3, 0), ("col", 4, 1)]
    inst = B.with_clues(blank, chosen)
    assert (inst.rows, inst.cols, inst.fleet) == (4, 5, ((2, 1), (1, 1)))
    assert B.clues(inst) == chosen
    assert B.with_clues(inst, B.clues(inst)) == inst
    assert [B.clue_name(c) for c in chosen] == ["r1c3", "row4", "col5"]


def test_blank_fleets():
    assert default_fleet(10, 10) == [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]
    assert dict(B.blank(10, 10, {}).fleet) == {4: 1, 3: 2, 2: 3, 1: 4}
    assert default_fleet(8, 8) == [3, 2, 2, 1, 1, 1]
    assert default_fleet(6, 6) == [2, 1, 1]
    assert default_fleet(2, 2) == [1]
    assert B.blank(2, 3, {"fleet": [3]}).fleet == ((3, 1),)
    for w, h, fleet in ((6, 6, [7]), (6, 6, [5, 5, 5, 5]), (3, 3, [1, 1, 1, 1, 1]),
                        (4, 4, []), (4, 4, [0]), (0, 4, None), (101, 5, None)):
        with pytest.raises(InputError):
            B.BLANK(h, w, {} if fleet is None else {"fleet": fleet})


def test_minimize_and_analyze_a_published_shape():
    inst = B.make(6, 6, {3: 1, 2: 2, 1: 3}, [4, 1, 1, 2, 0, 2], [2, 3, 1, 1, 0, 3],
                  [list(".....*"), list("......"), list(".^...."), list("...o.."),
                   list("......"), list("......")])
    done = minimize_puzzle(B.GENRE, inst, exact=True)
    assert done.minimum.optimal and B.verify(done.instance, done.solution) == []
    again = analyze_puzzle(B.GENRE, done.instance)
    assert again.verdict == "unique" and again.redundant == []


def test_generated_puzzles_are_unique_with_their_solution():
    check_generate(B.GENRE, 6, 6, range(3))
    check_generate(B.GENRE, 5, 5, range(2), {"fleet": [3, 2, 1]})
