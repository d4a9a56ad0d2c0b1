"""chosen_regions: regions from a menu of candidates, against brute force."""
from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.chosen_regions import Candidate, choose_regions, reach
from satlink.rules.reach_ladder import reach_within
from satlink.rules.grid import Grid
from satlink.rules.regions import Regions
from tests.rules.enumerate import solutions
from tests.rules.test_regions import BOARDS, divisions


@st.composite
def menus(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    cells = Grid(rows, cols).cells
    menu, allowed = {}, {}
    for i in range(draw(st.integers(1, 4))):
        anchors = tuple(draw(st.lists(st.sampled_from(cells), min_size=1, max_size=2, unique=True)))
        low = draw(st.integers(1, len(cells)))
        menu[i] = Candidate(anchors, low, draw(st.integers(low, len(cells))))
        allowed[i] = set(draw(st.lists(st.sampled_from(cells), max_size=len(cells)))) | set(anchors)
    return rows, cols, menu, allowed


def brute(rows, cols, menu, allowed) -> set:
    """(walls, chosen keys) of every division whose regions each take a
    different candidate: its anchors inside, its cells allowed, its size
    within the bounds."""
    out = set()
    for walls, parts in divisions(rows, cols):
        fits = [[k for k, cand in menu.items() if set(cand.anchors) <= part
                 and part <= allowed[k] and cand.low <= len(part) <= cand.high] for part in parts]
        for pick in itertools.product(*fits):
            if len(set(pick)) == len(pick):
                out.add((walls, frozenset(pick)))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(menus())
def test_models_are_the_brute_force_divisions(case):
    rows, cols, menu, allowed = case
    f = Formula()
    regions = Regions(f, Grid(rows, cols))
    chosen = choose_regions(regions, menu, allowed)
    key = {x: k for k, x in chosen.items()}
    wall = {x: e for e, x in regions.wall.items()}
    got = {(frozenset(wall[x] for x in s if x in wall), frozenset(key[x] for x in s if x in key))
           for s in solutions(f, [*regions.wall.values(), *chosen.values()])}
    assert got == brute(rows, cols, menu, allowed)


def test_reach_limits_follow_the_tree_bound():
    # anchors two apart on a 1 x 5 row: with 4 cells, (0,0) is at most one move from
    # the root (the region is r1c1..r1c4); with 3 cells only the cells between them remain
    got = reach(Grid(1, 5), Candidate(((0, 1), (0, 3)), 1, 4), Grid(1, 5).cells)
    assert got == {(0, 0): 1, (0, 1): 2, (0, 2): 3, (0, 3): 3, (0, 4): 3}
    got = reach(Grid(1, 5), Candidate(((0, 1), (0, 3)), 1, 3), Grid(1, 5).cells)
    assert got == {(0, 1): 0, (0, 2): 1, (0, 3): 2}
    # a cell walled off from the anchors by cells not allowed is out
    got = reach(Grid(2, 2), Candidate(((0, 0),), 1, 4), {(0, 0), (1, 1)})
    assert got == {(0, 0): 3}


# -- reach_within alone: its models are the groups joined to the root within the limits ----
@st.composite
def ladders(draw):
    rows, cols = draw(st.sampled_from([(1, 4), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4)]))
    cells = Grid(rows, cols).cells
    lab = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=len(cells), unique=True))
    root = draw(st.sampled_from(lab))
    limit = {c: draw(st.integers(0, len(lab))) for c in lab}
    return rows, cols, lab, root, limit, draw(st.booleans())


def joined_within(group: set, root, limit, adj) -> bool:
    """Every cell of ``group`` is within its limit of ``root`` by moves inside it."""
    if not group:
        return True
    if root not in group:
        return False
    dist, order = {root: 0}, [root]
    for c in order:
        for n in adj[c]:
            if n in group and n not in dist:
                dist[n] = dist[c] + 1
                order.append(n)
    return all(c in dist and dist[c] <= limit[c] for c in group)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ladders())
def test_reach_within_models_are_the_joined_groups(case):
    """The labelled groups of reach_within's models (its rungs shared with the
    labels at the top and next to the root, encodings/chosen_regions.md) are
    exactly the groups joined to the root within each cell's limit: the empty
    group, or one holding the root. ``rooted``: the caller's own
    ``lab(c) -> lab(root)`` clauses stand in for the root's neighbours'."""
    rows, cols, cells, root, limit, rooted = case
    f = Formula()
    regions = Regions(f, Grid(rows, cols), walls=False)
    lab = {c: f.var("lab", *c) for c in cells}
    if rooted:
        f.extend([-x, lab[root]] for c, x in lab.items() if c != root)
    reach_within(f, regions.adj, lab, root, limit, rooted=rooted)
    name = {x: c for c, x in lab.items()}
    got = {frozenset(name[x] for x in s) for s in solutions(f, list(lab.values()))}
    want = {frozenset(g) for n in range(len(cells) + 1) for g in itertools.combinations(cells, n)
            if joined_within(set(g), root, limit, regions.adj)}
    assert got == want
