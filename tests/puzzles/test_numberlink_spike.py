"""Numberlink: the spike rule (valid under fill all + touch no, true of the
solution of a unique fill-any puzzle), the canonical first search behind a
selector, and touch no; all against brute force."""
from __future__ import annotations

from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.puzzles import _numberlink_spike as spike
from satlink.puzzles import numberlink as nl
from tests.puzzles.test_numberlink import _pairings, brute_force, expected_verdict, touch_boards
from tests.puzzles.test_numberlink import brute_force_rules as brute


def spike_ok(inst: nl.Instance, sol) -> bool:
    """The spike rule on a solution: at every bend (not an endpoint) the
    diagonal cell between its two neighbours has the same bend, or is an
    endpoint pointing along one of the bend's directions."""
    shapes = nl.shape_grid(inst, sol)
    for r, row in enumerate(shapes):
        for c, s in enumerate(row):
            if s not in spike.BENDS or inst.grid[r][c]:
                continue
            (r1, c1), (r2, c2) = nl.DIRS[s[0]], nl.DIRS[s[1]]
            if shapes[r + r1 + r2][c + c1 + c2] not in (s, s[0], s[1]):
                return False
    return True


def small_boards(fill: str, touch: str):
    """Every board of 3 x 3 with one or two labels and of 4 x 3 with two."""
    for w, h, n in ((3, 3, 1), (3, 3, 2), (4, 3, 2), (3, 4, 2)):
        cells = [(r, c) for r in range(h) for c in range(w)]
        for ends in combinations(cells, 2 * n):
            for pairing in _pairings(ends):
                grid = [[""] * w for _ in range(h)]
                for lab, pair in zip("12", pairing):
                    for r, c in pair:
                        grid[r][c] = lab
                yield nl.make(w, h, grid, fill, touch=touch)


def test_spike_rule_holds_where_it_is_claimed_to():
    """Exhaustive on the small boards: every fill-all touch-no solution obeys
    the spike rule (so the clauses are valid there, proof call included), and
    so does the sole solution of every unique fill-any puzzle; under fill all
    with touch allowed it does not always (so it is only a first search)."""
    counts = {"all-no": 0, "unique-any": 0, "broken-all-yes": 0}
    for inst in small_boards("all", "no"):
        for sol in brute(inst):
            assert spike_ok(inst, sol), nl.render_text(inst, sol)
            counts["all-no"] += 1
    for inst in small_boards("any", "yes"):
        sols = brute(inst)
        if len(sols) == 1:
            assert spike_ok(inst, next(iter(sols))), nl.render_text(inst)
            counts["unique-any"] += 1
    for inst in small_boards("all", "yes"):
        counts["broken-all-yes"] += sum(not spike_ok(inst, s) for s in brute(inst))
    assert all(counts.values()), counts


def test_corner_moves_stay_multiple():
    """Boards with exactly two solutions that differ by one corner move (a
    bend at c swapped for the bend at the empty diagonal cell d, so at least
    one breaks the spike rule) are found among the small fill-any boards and
    must be `multiple`, with the canonical first search and without, both
    solutions verified; and the 2 x 2 board where both break it."""
    two = nl.make(2, 2, [["1", ""], ["", "1"]], "any")
    found = [two]
    for inst in small_boards("any", "yes"):
        sols = brute(inst)
        if len(sols) == 2 and sum(map(lambda s: spike_ok(inst, s), sols)) == 1:
            a, b = (nl.shape_grid(inst, s) for s in sols)
            diff = [(r, c) for r in range(inst.height) for c in range(inst.width)
                    if a[r][c] != b[r][c]]
            if len(diff) <= 4:  # c, d and the two neighbours the bend joins
                found.append(inst)
    assert len(found) > 5
    for inst in found[:40]:
        expected = brute(inst)
        for focus in (True, False):
            out = spike.two_steps(inst, first_focus=focus)
            assert out["verdict"] == "multiple", nl.render_text(inst)
            assert set(out["solutions"]) <= expected and len(set(out["solutions"])) == 2
        assert engine.solve(nl, inst, limit=2).verdict == "multiple"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(touch_boards(max_side=5, max_labels=4))
def test_canonical_first_then_proof_matches_brute_force(inst):
    """The verdict with the first solution searched under the spike selector
    (and the proof without it) equals brute force, both fill and touch rules,
    one-hot and binary labels."""
    expected = brute(inst)
    for config in ({}, {"labels": "binary"}, {"labels": "onehot"}, {"focus": False}):
        out = spike.two_steps(inst, config)
        assert out["verdict"] == expected_verdict(expected), (config, nl.to_pzl(inst))
        assert set(out["solutions"]) <= expected


def test_touch_no_cuts_solutions_that_touch():
    # 2 x 3, fill all: 1 snakes down the left and back up; only touching ways
    inst = nl.make(2, 3, [["1", "1"], ["", ""], ["", ""]], "all")
    assert len(brute_force(inst)) == 1
    assert engine.solve(nl, inst, limit=2).verdict == "unique"
    no = nl.apply_options(inst, {"touch": "no"})
    assert brute(no) == set()
    assert engine.solve(nl, no, limit=2).verdict == "none"
    assert engine.solve(nl, no, limit=10, complete=True).verdict == "none"
