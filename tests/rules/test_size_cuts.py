"""size_cuts.SizeCuts against brute force: a labelled region kept connected
by reach_within, its sizes as cuts, has exactly the solutions of the
bounds (connected groups holding the root, the counted cells within the
upper bound where the root holds, each true guard's lower bound met), and
the eager counters (chosen_sizes.bound_size) give the same."""
from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.reach_ladder import reach_within
from satlink.rules.chosen_sizes import bound_size
from satlink.rules.grid import Grid
from satlink.rules.regions import Regions
from satlink.rules.region_shapes import is_connected
from satlink.rules.size_cuts import SizeCuts
from tests.rules.enumerate import solutions


@st.composite
def regions(draw):
    rows, cols = draw(st.sampled_from([(1, 4), (2, 2), (2, 3), (3, 3), (2, 4)]))
    cells = Grid(rows, cols).cells
    root = draw(st.sampled_from(cells))
    uncounted = draw(st.lists(st.sampled_from([c for c in cells if c != root]),
                              max_size=2, unique=True))  # a partner's cell: held, not counted
    n = len(cells) - 1 - len(uncounted)
    most = draw(st.integers(-1, n + 1))
    least = draw(st.lists(st.integers(-1, n + 2), max_size=3))
    return Grid(rows, cols), root, set(uncounted), most, least


def build(grid, root, uncounted, most, least, lazy):
    """The region's formula; (formula, cell literals, guards, cut finder)."""
    f = Formula()
    lab = {c: f.var("lab", *c) for c in grid.cells}
    guards = [f.var("g", i) for i in range(len(least))]
    adj = Regions(f, grid, walls=False).adj
    top = len(grid.cells) - 1
    f.extend([-x, lab[root]] for c, x in lab.items() if c != root)
    reach_within(f, adj, lab, root, dict.fromkeys(lab, top), rooted=True)
    counted = [x for c, x in lab.items() if c != root and c not in uncounted]
    if lazy:
        sizes = SizeCuts(f, adj)
        sizes.add(lab[root], lab, counted, most, dict(zip(guards, least)))
        return f, lab, guards, sizes.cuts
    bound_size(f, counted, most, dict(zip(guards, least)), lab[root])
    return f, lab, guards, None


def brute(grid, root, uncounted, most, least, lab, guards) -> set[frozenset[int]]:
    out = set()
    cells = grid.cells
    for bits in itertools.product((0, 1), repeat=len(cells) + len(guards)):
        held = {c for c, b in zip(cells, bits) if b}
        on = len(held - uncounted - {root})
        if held and (root not in held or not is_connected(held)):
            continue
        if held and (most < 0 or on > most):
            continue
        if any(b and on < k for k, b in zip(least, bits[len(cells):])):
            continue
        out.add(frozenset([*(lab[c] for c in held),
                           *(g for g, b in zip(guards, bits[len(cells):]) if b)]))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(regions())
def test_cuts_and_counters_give_the_bounds(case):
    grid, root, uncounted, most, least = case
    for lazy in (True, False):
        f, lab, guards, cuts = build(grid, root, uncounted, most, least, lazy)
        got = solutions(f, [*lab.values(), *guards], cuts=cuts)
        assert got == brute(grid, root, uncounted, most, least, lab, guards), lazy


def test_both_cuts_are_met_and_needed():
    # 2 x 3, root in a corner, at most 3 counted cells, a guard asking for 3 or more:
    # the solutions are found only through cuts of both kinds
    grid, root = Grid(2, 3), (0, 0)
    f, lab, guards, cuts = build(grid, root, set(), 3, [3], lazy=True)
    found: list = []
    got = solutions(f, [*lab.values(), *guards], cuts=cuts, found_cuts=found)
    assert got == brute(grid, root, set(), 3, [3], lab, guards)
    g = guards[0]
    assert any(all(x < 0 for x in c) for c in found)  # an upper bound's cut
    assert any(c[0] == -g and any(x > 0 for x in c) for c in found)  # a lower bound's cut
    # without the cuts the formula allows what the bounds refuse
    assert solutions(f, [*lab.values(), *guards]) > got
