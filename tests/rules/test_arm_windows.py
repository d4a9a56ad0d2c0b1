"""Arm sums in the window form (satlink.rules.arm_windows, arm_balance)
against brute force: every cycle of small boards, arms measured by walking
the cycle; the rays against walking the edge dict; the clause counts it
predicts."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from satlink.formula import Formula
from satlink.rules import arm_balance as B, arm_windows as W
from satlink.rules.grid import STEPS, Grid, exits
from satlink.rules.loops import STRAIGHT, CellLoop
from tests.puzzles.loop_checks import walk_arms
from tests.rules.test_loops import cycles
from tests.rules.test_segments import admitted_lean

BIG = 99


def admitted(grid, cell, turns, rule) -> set[frozenset]:
    """The cycles a lean loop with ``cell`` a must-cell (its piece given by
    ``turns`` when not None) and ``rule(rays, loop)`` admits."""
    return admitted_lean(grid, cell, turns, lambda arms, loop: rule(W.Rays(loop), loop))


@contextmanager
def order_form_only():
    """Every number past 0 refused the window form (as a number past
    ``WINDOWS_UP_TO`` whose window form is the larger): the genres' order-form
    fallback, for their brute-force tests."""
    keep = W.WINDOWS_UP_TO, W.chain_size
    W.WINDOWS_UP_TO, W.chain_size = 0, lambda L, n: -10 ** 6
    try:
        yield
    finally:
        W.WINDOWS_UP_TO, W.chain_size = keep


def reach(grid, cell) -> list[int]:
    """Steps from ``cell`` to the board's edge toward n, e, s, w."""
    r, c = cell
    return [r, grid.cols - 1 - c, grid.rows - 1 - r, c]


@pytest.mark.parametrize("rows, cols, cell", [(3, 4, (0, 1)), (4, 4, (1, 1)), (3, 5, (1, 2)),
                                              (4, 4, (0, 0)), (4, 5, (1, 2))])
def test_window_forms_match_walking_the_cycle(rows, cols, cell):
    """pair_sum (default guard; "not a" beside the straight piece), turn_sum
    (beside the turning piece) and Geradeweg's pair_sum and turn_each admit
    exactly the cycles through ``cell`` whose walked arms obey the rule, for
    every n from 1 to past the board; the clause counts are as predicted."""
    grid = Grid(rows, cols)
    arms = {c: walk_arms(c, cell) for c in cycles(grid) if any(cell in e for e in c)}
    straight = {c for c in arms if exits(c, cell) in STRAIGHT}
    L = reach(grid, cell)
    for n in range(1, 9):
        def pair(R, loop, i, guard=None):
            return W.pair_sum(R[i], L[i], R[i + 2], L[i + 2], n,
                              [-R[i][0], -R[i + 2][0]] if guard is None else guard) \
                if R[i] and R[i + 2] else []

        for i, way in ((0, "ns"), (1, "ew")):
            want = {c for c in arms if exits(c, cell) != way or sum(arms[c]) == n}
            assert admitted(grid, cell, None, lambda R, loop: pair(R(cell, [n] * 4), loop, i)
                            ) == want, (n, way)
        white = lambda R, loop: [  # noqa: E731
            *pair(R(cell, [n] * 4), loop, 0, [-R(cell, [1] * 4)[0][0]] if L[0] else None),
            *pair(R(cell, [n] * 4), loop, 1, [-R(cell, [1] * 4)[1][0]] if L[1] else None)]
        assert admitted(grid, cell, False, white) == {c for c in straight if sum(arms[c]) == n}
        assert admitted(grid, cell, True, lambda R, loop: W.turn_sum(R(cell, [n] * 4), L, n)
                        ) == {c for c in arms if c not in straight and sum(arms[c]) == n}, n
        gerade = lambda R, loop: [  # noqa: E731
            *white(R, loop), *W.turn_each(R(cell, [n + 1] * 4), L, n)]
        assert admitted(grid, cell, None, gerade) == {
            c for c in arms if (sum(arms[c]) == n if c in straight else arms[c] == [n, n])}, n
        f = Formula()
        R = W.Rays(CellLoop(grid, f, lean=True))(cell, [n] * 4)
        assert len(W.turn_sum(R, L, n)) == W.turn_size(L, n)
        for i in (0, 1):
            assert len(pair(R, None, i)) == W.pair_size(L[i], L[i + 2], n)


@pytest.mark.parametrize("rows, cols, drop", [(1, 1, 0), (1, 4, 0), (4, 1, 0), (3, 5, 0),
                                              (3, 5, 3), (6, 4, 5)])
def test_rays_are_the_edges_walked(rows, cols, drop):
    """Rays, sliced from the board's rows and columns, are the edges met
    walking from a cell (stopping where the loop has none: a loop on some
    cells only)."""
    grid = Grid(rows, cols)
    cells = [c for i, c in enumerate(grid.cells) if not drop or i % drop]
    loop = CellLoop(grid, Formula(), cells=None if not drop else cells, nonempty=False)
    rays = W.Rays(loop)
    assert rays.gaps == bool(drop) and len(rays.h) == rows and len(rays.v) == cols
    for cell in grid.cells:
        for most in ([BIG] * 4, [0, 1, 2, 3], [2, 0, 1, 4]):
            got = rays(cell, most)
            negated = [[-x for x in ray] for ray in got]
            assert rays.negated(cell, most) == negated and rays.both(cell, most) == (got, negated)
            for i, d in enumerate("nesw"):
                want, a = [], cell
                while len(want) < most[i]:
                    b = (a[0] + STEPS[d][0], a[1] + STEPS[d][1])
                    x = loop.edges.get((a, b) if a < b else (b, a))
                    if x is None:
                        break
                    want.append(x)
                    a = b
                assert got[i] == want, (cell, d)


@pytest.mark.parametrize("rows, cols, cell", [(3, 4, (0, 1)), (4, 4, (1, 1)), (3, 5, (1, 2)),
                                              (4, 4, (0, 0))])
def test_balance_forms_match_walking_the_cycle(rows, cols, cell):
    """arm_balance's equal / unequal arms and balanced sums (white: each arm
    n / 2; black: adding up to n, unequal) admit exactly the cycles through
    ``cell`` whose walked arms obey the rule, n from 1 to past the board."""
    grid = Grid(rows, cols)
    arms = {c: walk_arms(c, cell) for c in cycles(grid) if any(cell in e for e in c)}
    L = reach(grid, cell)

    def form(rule, most=None):
        return lambda R, loop: rule(*R.both(cell, L if most is None else most), L)

    assert admitted(grid, cell, None, form(B.equal_arms)) == {
        c for c in arms if arms[c][0] == arms[c][1]}
    assert admitted(grid, cell, None, form(B.unequal_arms)) == {
        c for c in arms if arms[c][0] != arms[c][1]}
    for n in range(1, 9):
        most = [min(x, n) for x in L]
        for white in (True, False):
            got = admitted(grid, cell, None, lambda R, loop: B.balanced_sum(
                *R.both(cell, most), L, n, white))
            assert got == {c for c in arms if sum(arms[c]) == n
                           and (arms[c][0] == arms[c][1]) == white}, (n, white)
