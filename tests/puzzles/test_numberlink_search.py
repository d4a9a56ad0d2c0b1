"""Numberlink's search: the first solution under the spike selector, then
the proof (two steps, tests/numberlink_steps.py), and touch no; all against
brute force. The spike rule itself is tested with the rule
(tests/rules/test_paths.py)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from satlink import engine
from satlink.puzzles import numberlink as nl
from satlink.rules.grid import Grid
from tests.numberlink_steps import two_steps
from tests.puzzles.test_numberlink import brute_force, expected_verdict, touch_boards
from tests.puzzles.test_numberlink import brute_force_rules as brute
from tests.rules.test_paths import small_boards, spike_ok


def test_corner_moves_stay_multiple():
    """Boards with exactly two solutions that differ by one corner move (a
    bend at c swapped for the bend at the empty diagonal cell d, so at least
    one breaks the spike rule) are found among the small fill-any boards and
    must be `multiple`, with the canonical first search and without, both
    solutions verified; and the 2 x 2 board where both break it."""
    two = nl.make([["1", ""], ["", "1"]], "any")
    found = [two]
    for grid, ends in small_boards():
        inst = board(grid, ends)
        sols = brute(inst)
        if len(sols) == 2 and sum(spike_ok(grid, ends, s) for s in sols) == 1:
            a, b = (nl.cells(inst, s) for s in sols)
            if sum(a[c] != b[c] for c in a) <= 4:  # c, d and the two neighbours the bend joins
                found.append(inst)
    assert len(found) > 5
    for inst in found[:40]:
        expected = brute(inst)
        for focus in (True, False):
            out = two_steps(inst, first_focus=focus)
            assert out["verdict"] == "multiple", nl.GENRE.render_text(inst)
            assert set(out["solutions"]) <= expected and len(set(out["solutions"])) == 2
        assert engine.solve(nl.GENRE, inst, limit=2).verdict == "multiple"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(touch_boards(max_side=5, max_labels=4))
def test_canonical_first_then_proof_matches_brute_force(inst):
    """The verdict with the first solution searched under the spike selector
    (and the proof without it) equals brute force, both fill and touch rules,
    one-hot and binary labels."""
    expected = brute(inst)
    for config in ({}, {"labels": "binary"}, {"labels": "onehot"}, {"focus": False}):
        out = two_steps(inst, config)
        assert out["verdict"] == expected_verdict(expected), (config, nl.GENRE.to_pzl(inst))
        assert set(out["solutions"]) <= expected


def test_touch_no_cuts_solutions_that_touch():
    # 2 x 3, fill all: 1 snakes down the left and back up; only touching ways
    inst = nl.make([["1", "1"], ["", ""], ["", ""]], "all")
    assert len(brute_force(inst)) == 1
    assert engine.solve(nl.GENRE, inst, limit=2).verdict == "unique"
    no = nl.apply_options(inst, {"touch": "no"})
    assert brute(no) == set()
    assert engine.solve(nl.GENRE, no, limit=2).verdict == "none"
    assert engine.solve(nl.GENRE, no, limit=10, complete=True).verdict == "none"


def board(grid: Grid, ends: dict, fill: str = "any") -> nl.Instance:
    cells = [[""] * grid.cols for _ in range(grid.rows)]
    for lab, pair in ends.items():
        for r, c in pair:
            cells[r][c] = lab
    return nl.make(cells, fill)
