"""Geradeweg's reach (arms stopped short of differing numbers, pieces the
reach decides) and its order-form fallback against brute force on small,
crowded boards."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.contract import Options
from satlink.puzzles import _geradeweg_numbers as numbers, geradeweg as M
from satlink.rules.grid import Grid
from tests.rules.test_arm_windows import order_form_only
from tests.puzzles.loop_checks import goes_straight, sat_loops
from tests.puzzles.test_geradeweg import oracle


@st.composite
def crowded(draw):
    """Boards with a number in about every other cell (differing neighbours
    within reach, 1s, numbers by the edge)."""
    rows, cols = draw(st.sampled_from([(3, 3), (3, 4), (4, 4), (2, 5), (4, 5)]))
    numbers = [(c, draw(st.sampled_from(["?", 1, 1, 2, 2, 3, 4, 5]))) for c in Grid(rows, cols).cells
               if draw(st.integers(0, 2)) == 0]
    return M.Instance(rows, cols, tuple(numbers))


@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(crowded())
def test_reach_and_pieces_hold_on_every_solution(inst):
    """Every loop the rules admit (brute force) has each number's arms within
    ``clue_reach`` and its piece as ``known_pieces`` says; the direct
    encoding (which states them) admits exactly those loops."""
    want = oracle(inst)
    reach, spans = numbers.clue_reach(inst, True)
    pieces = numbers.known_pieces(inst, reach)
    for loop in want:
        for cell, L in reach.items():
            for i, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
                k, here = 0, cell  # the arm toward direction i, walked
                while tuple(sorted((here, (here[0] + dr, here[1] + dc)))) in loop:
                    k, here = k + 1, (here[0] + dr, here[1] + dc)
                assert k <= L[i], (cell, i)
            if cell in pieces:
                assert pieces[cell] == (not goes_straight(loop, cell))
    assert sat_loops(M.GENRE, inst) == want
    assert sat_loops(M.GENRE, inst, Options(complete=True)) == want


@settings(max_examples=25, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(crowded())
def test_order_form_fallback_agrees_with_brute_force(inst):
    """With the window form refused for every number (as for a number past
    ``WINDOWS_UP_TO`` with long arms), the order form the genre falls back
    on admits the same loops, in direct and selector mode."""
    want = oracle(inst)
    with order_form_only():
        assert sat_loops(M.GENRE, inst) == want
        numbers = [n for n in inst.numbers]
        assert sat_loops(M.GENRE, inst, Options(clues="selectors"), numbers) == want
