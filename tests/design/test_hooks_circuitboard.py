"""Circuit Board's design hooks: given wires as removable clues
(satlink.design)."""
from __future__ import annotations

import random

import networkx as nx
import pytest

from satlink.cli import main
from satlink.design.tasks import analyze_puzzle, minimize_puzzle
from satlink.errors import InputError
from satlink.puzzles import circuitboard as C

from hooks import all_solutions, check_clues_of, check_generate, check_selectors


@pytest.mark.parametrize("w,h", [(4, 4), (5, 3)])
def test_clues_of_is_every_wire_of_the_tree(w, h):
    blank = C.blank(h, w, {})
    every = all_solutions(C.GENRE, blank)
    assert len(every) > 1
    for sol in every:
        offered = check_clues_of(C.GENRE, blank, sol, blank.edges)
        assert set(offered) == set(sol)


def test_selectors_guard_each_wire_and_cuts_hold_for_any_subset():
    blank = C.blank(3, 6, {})
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
    for w, h, params in ((1, 5, {}), (4, 4, {"blocked": []}), (0, 3, {})):
        with pytest.raises(InputError):
            C.blank(h, w, params)


def test_a_blank_board_without_a_tree_is_refused_by_generate(capsys):
    """5 x 2 passes the counting rules but no tree fits it: the genre does
    not call the engine, generate finds it and says so (exit 3)."""
    assert C.blank(2, 5, {}).points
    assert main(["generate", "circuitboard", "--size", "5x2"]) == 3
    assert "no solution at all" in capsys.readouterr().err


def shortest_trees(trees, ends, clues) -> set:
    """Brute force: the trees among ``trees`` that hold every wire of
    ``clues`` and whose s-t path is shortest (networkx)."""
    fits = [t for t in trees if set(clues) <= set(t)]
    length = {t: nx.shortest_path_length(nx.Graph(list(t)), *ends) for t in fits}
    least = min(length.values(), default=None)
    return {t for t, d in length.items() if d == least}


@pytest.mark.parametrize("w,h", [(4, 4), (6, 3)])
def test_the_shortest_path_variant_minimizes_and_analyzes_at_the_optimum(w, h):
    """With ends the answer is the only tree of shortest s-t path: minimize
    keeps clues that make the target that (and no fewer do, one by one), and
    analyze's redundant clues are the ones whose removal keeps it so, both
    checked by brute force over every tree of the board."""
    blank = C.blank(h, w, {})
    trees = all_solutions(C.GENRE, blank)  # every tree: no ends, no objective
    rng = random.Random(w * h)
    points = list(blank.points)
    for target in rng.sample(trees, 3):
        ends = tuple(rng.sample(points, 2))
        board = C.Instance(blank.rows, blank.cols, blank.blocked, (), ends)
        puzzle = C.with_clues(board, C.clues_of(board, target))
        assert puzzle.ends == ends
        done = minimize_puzzle(C.GENRE, puzzle)
        assert done.solution == target
        assert shortest_trees(trees, ends, done.clues) == {target}
        for c in done.clues:
            assert shortest_trees(trees, ends, [d for d in done.clues if d != c]) != {target}
        analysis = analyze_puzzle(C.GENRE, done.instance)
        assert analysis.verdict == "unique" and analysis.redundant == []
        # a few more clues than minimal: each is redundant exactly when brute force says
        extra = [c for c in C.clues_of(board, target) if c not in done.clues][:3]
        fuller = C.with_clues(board, [*done.clues, *extra])
        kept = C.clues(fuller)
        want = [c for c in kept
                if shortest_trees(trees, ends, [d for d in kept if d != c]) == {target}]
        assert analyze_puzzle(C.GENRE, fuller).redundant == want


def test_generated_puzzles_are_unique_with_their_solution():
    made = check_generate(C.GENRE, 6, 6, range(3))
    assert all(m.clues > 0 for m in made)
