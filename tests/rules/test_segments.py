"""Arms of a loop: the clauses of satlink.rules.segments against brute
force over every cycle of small boards (arms measured by walking the cycle)."""
from __future__ import annotations

import pytest

from satlink.formula import Formula
from satlink.rules import segments
from satlink.rules.grid import Grid, exits
from satlink.rules.loops import STRAIGHT, CellLoop
from tests.puzzles.loop_checks import walk_arms
from tests.rules.enumerate import solutions
from tests.rules.test_loops import cycles


def admitted(grid, rule) -> set[frozenset]:
    f = Formula()
    loop = CellLoop(grid, f)
    f.extend(rule(segments.Arms(loop), loop))
    name = {x: e for e, x in loop.edges.items()}
    return {frozenset(name[x] for x in s) for s in solutions(f, list(name), loop.cuts)}


@pytest.mark.parametrize("rows, cols, cell", [(3, 4, (0, 1)), (4, 4, (1, 1)), (3, 5, (1, 2))])
def test_arm_rules_match_walking_the_cycle(rows, cols, cell):
    grid = Grid(rows, cols)
    arms = {c: walk_arms(c, cell) for c in cycles(grid) if any(cell in e for e in c)}
    for c, got in arms.items():
        assert sorted(segments.arm(c, cell, d) for d in exits(c, cell)) == sorted(got)
    straight = {c for c in arms if exits(c, cell) in STRAIGHT}
    on = lambda a, loop: [[loop.on[cell]]]  # noqa: E731
    for n in range(1, 6):
        assert admitted(grid, lambda a, loop: on(a, loop) + list(
            segments.turn_each_is(a, cell, n))) == {
            c for c in arms if c in straight or arms[c] == [n, n]}
    for same in (True, False):
        assert admitted(grid, lambda a, loop: on(a, loop) + list(
            segments.equal(a, cell, same))) == {c for c in arms
                                                if (arms[c][0] == arms[c][1]) == same}


@pytest.mark.parametrize("rows, cols, a, da, b, db", [(3, 4, (0, 1), "w", (0, 2), "e"),
                                                     (4, 4, (1, 1), "n", (2, 1), "s"),
                                                     (3, 5, (1, 2), "e", (1, 2), "w")])
def test_mirror_matches_measured_arms(rows, cols, a, da, b, db):
    """mirror admits exactly the cycles whose two arms, measured on the edge
    set by walking straight, have the same length."""
    grid = Grid(rows, cols)
    want = {c for c in cycles(grid) if segments.arm(c, a, da) == segments.arm(c, b, db)}
    assert admitted(grid, lambda arms, loop: list(segments.mirror(arms, a, da, b, db))) == want


def admitted_lean(grid, cell, turns, rule) -> set[frozenset]:
    """The cycles a lean loop with ``cell`` a must-cell (its piece given by
    ``turns``, when not None) and ``rule`` admits."""
    f = Formula()
    loop = CellLoop(grid, f, must=[cell], lean=True,
                    turns=None if turns is None else {cell: turns})
    f.extend(rule(segments.Arms(loop), loop))
    name = {x: e for e, x in loop.edges.items()}
    return {frozenset(name[x] for x in s) for s in solutions(f, list(name), loop.cuts)}


@pytest.mark.parametrize("rows, cols, cell", [(3, 4, (0, 1)), (4, 4, (1, 1)), (3, 5, (1, 2)),
                                              (4, 4, (0, 0))])
def test_order_forms_match_walking_the_cycle(rows, cols, cell):
    """opposite_sum_is (default guard, and "not a" beside the straight
    piece) and turn_sum_is (beside the turning piece) admit exactly the
    cycles through ``cell`` whose walked arms add up to n; the known pieces
    (CellLoop's ``turns``) exactly the cycles turning / going straight there."""
    grid = Grid(rows, cols)
    arms = {c: walk_arms(c, cell) for c in cycles(grid) if any(cell in e for e in c)}
    straight = {c for c in arms if exits(c, cell) in STRAIGHT}
    assert admitted_lean(grid, cell, False, lambda a, loop: []) == straight
    assert admitted_lean(grid, cell, True, lambda a, loop: []) == set(arms) - straight
    for n in range(1, 7):
        for pair in segments.STRAIGHT_PAIRS:
            want = {c for c in arms if exits(c, cell) != "".join(sorted(pair, key="nesw".index))
                    or sum(arms[c]) == n}
            assert admitted_lean(grid, cell, None, lambda a, loop: list(
                segments.opposite_sum_is(a, cell, n, *pair))) == want, (n, pair)
        both = lambda a, loop: [  # noqa: E731
            *segments.opposite_sum_is(a, cell, n, "n", "s", [-loop.through(cell, "n")]),
            *segments.opposite_sum_is(a, cell, n, "e", "w", [-loop.through(cell, "e")])]
        assert admitted_lean(grid, cell, False, both) == {c for c in straight
                                                          if sum(arms[c]) == n}, n
        assert admitted_lean(grid, cell, True, lambda a, loop: list(
            segments.turn_sum_is(a, cell, n))) == {c for c in arms if c not in straight
                                                   and sum(arms[c]) == n}, n
        # Geradeweg's: straight adding up to n, or turning with both arms n
        gerade = lambda a, loop: [*both(a, loop), *segments.turn_each_is(a, cell, n)]  # noqa: E731
        assert admitted_lean(grid, cell, None, gerade) == {
            c for c in arms if (sum(arms[c]) == n if c in straight else arms[c] == [n, n])}, n
