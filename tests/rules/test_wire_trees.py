"""satlink.rules.wire_trees against brute force.

On small grids with some cells blacked out and some wires given, the models
of :class:`WireTree` (lazy: solve, cut, block; complete; given wires direct
or behind selectors, assumed) projected on the wires must be exactly the
edge sets a brute force over every subset accepts (networkx: a tree through
every point, degrees in the set, the given wires drawn), and
:func:`wire_tree_problems` must be empty on exactly those.
:func:`wire_board_fault` must name a fault whenever the brute force finds no
tree for a reason it claims to see (ends, given wires).
"""
from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.contract import Options
from satlink.formula import Formula
from satlink.rules.grid import Grid
from satlink.rules.wire_trees import (WireTree, given_wires_fault, odd_blocked, route,
                                      wire_board_fault, wire_tree_json, wire_tree_problems)
from tests.rules.enumerate import solutions

DEGREES = [frozenset({1, 3}), frozenset({1, 2}), frozenset({1, 2, 3, 4})]


def brute(points, edges, degrees, given_wires) -> set[frozenset]:
    out = set()
    for k in range(len(points) - 1, len(points)):  # a tree has n - 1 edges
        for sub in itertools.combinations(edges, k):
            g = nx.Graph()
            g.add_nodes_from(points)
            g.add_edges_from(sub)
            if (nx.is_tree(g) and all(d in degrees for _, d in g.degree)
                    and set(given_wires) <= set(sub)):
                out.add(frozenset(sub))
    return out


@st.composite
def boards(draw):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(2, 3))
    grid = Grid(rows, cols)
    blocked = set(draw(st.sets(st.sampled_from(grid.cells), max_size=2)))
    points = [c for c in grid.cells if c not in blocked]
    edges = list(grid.cell_edges(points))
    wires = sorted(draw(st.sets(st.sampled_from(edges), max_size=2))) if edges else []
    return grid, points, edges, draw(st.sampled_from(DEGREES)), wires


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.booleans(), st.sampled_from(["direct", "selectors"]))
def test_models_are_the_brute_force_trees(board, complete, clues):
    grid, points, edges, degrees, wires = board
    if len(points) < 2:
        return
    want = brute(points, edges, degrees, wires)
    if given_wires_fault(grid, set(points), wires) is not None:
        assert not want
        return
    f = Formula()
    selectors = {}
    wt = WireTree(f, points, edges, degrees, wires, Options(complete=complete, clues=clues),
                  selectors)
    cuts = None if complete else wt.cuts
    got = solutions(f, list(wt.wires.values()), cuts=cuts, assumptions=list(selectors.values()))
    edge_of = {x: e for e, x in wt.wires.items()}
    assert {frozenset(edge_of[x] for x in s) for s in got} == want
    for sub in itertools.chain(want, [frozenset(edges[:len(points) - 1])]):
        assert (not wire_tree_problems(points, wires, degrees, sub)) == (sub in want)


def test_faults_name_the_cell_and_the_part():
    g = Grid(2, 3)
    pts = [c for c in g.cells if c != (1, 2)]
    edges = list(g.cell_edges(pts))
    assert wire_board_fault(g, pts, edges, [], {1, 3}, ((0, 0), (1, 2)))[1:] == ((1, 2), "grid")
    assert wire_board_fault(g, pts, edges, [], {1, 3}, ((0, 0), (0, 0)))[1:] == ((0, 0), "grid")
    loop = [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))]
    msg, cell, part = wire_board_fault(g, pts, edges, loop, {1, 3})
    assert "close a loop" in msg and part == "wires" and cell == (1, 1)
    msg, cell, part = wire_board_fault(g, pts, edges, [((0, 2), (1, 2))], {1, 3})
    assert "blacked out" in msg and cell == (0, 2)
    assert wire_board_fault(g, pts, edges, [], {1, 3})[1:] == (None, None)  # 5 points: odd
    assert wire_board_fault(g, g.cells, list(g.cell_edges()), [], {1, 3}) is None


def test_odd_blocked_leaves_each_colour_odd():
    for w, h in itertools.product(range(1, 8), range(1, 8)):
        if w * h < 2:
            continue
        out = set(odd_blocked(h, w))
        left = [(r, c) for r in range(h) for c in range(w) if (r, c) not in out]
        for colour in (0, 1):
            assert sum((r + c) % 2 == colour for r, c in left) % 2 == 1, (w, h)


def test_route_and_json():
    wires = [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 1), (1, 1))]
    assert route(wires, (0, 0), (1, 1)) == [(0, 0), (0, 1), (1, 1)]
    assert route(wires, (0, 0), (1, 0)) == []
    out = wire_tree_json(wires, ((0, 0), (0, 2)))
    assert out["length"] == 2 and out["wires"][0] == [0, 0, 0, 1]
