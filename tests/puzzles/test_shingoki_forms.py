"""Shingoki's two forms of a number: the order form the genre falls back on
(a number past ``arm_windows.WINDOWS_UP_TO`` with long arms) against brute
force, as the window form is in test_shingoki's harness."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from satlink.contract import Options
from satlink.puzzles import shingoki as M
from tests.rules.test_arm_windows import order_form_only
from tests.puzzles.loop_checks import sat_loops
from tests.puzzles.test_shingoki import boards, oracle


@settings(max_examples=30, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(boards())
def test_order_form_fallback_agrees_with_brute_force(inst):
    """With the window form refused for every number, the order form admits
    the loops brute force finds, in direct and selector mode."""
    want = oracle(inst)
    with order_form_only():
        assert sat_loops(M.GENRE, inst) == want
        clues = M.GENRE.clues(inst)
        if clues:
            assert sat_loops(M.GENRE, inst, Options(clues="selectors"), clues) == want
