"""satlink.rules.trees against brute force.

The brute force lists every spanning tree of the graph with networkx
(``SpanningTreeIterator``) and keeps those whose degrees lie in the set; the
models of the lazy form (solve, cut, block) and of the complete form,
projected on the edge variables, must both be exactly those trees, on any
graph (cycle cuts) and on grid graphs with the faces (wall cuts). Every cut
the lazy form adds must hold on every one of them. The path between two
nodes must have the tree's s-t distance as its length, and ``at_most``
must keep exactly the trees whose path is that short.
"""
from __future__ import annotations

import itertools
from collections import Counter

import networkx as nx
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.grid import Grid
from satlink.rules.grid import cell_edges
from satlink.rules.trees import SpanningTree, grid_sides, obstruction
from tests.rules.enumerate import solutions

#: Allowed degree sets tried: none (any tree), Circuit Board's, paths, "no degree 2".
DEGREE_SETS = [None, frozenset({1, 3}), frozenset({1, 2}), frozenset({1, 3, 4}),
               frozenset({2, 3})]


def canon(e):
    return (e[0], e[1]) if e[0] <= e[1] else (e[1], e[0])


def brute(nodes, edges, degrees) -> set[frozenset]:
    """Every spanning tree of (nodes, edges) with its degrees in ``degrees``."""
    g = nx.Graph()
    g.add_nodes_from(nodes)
    g.add_edges_from(edges)
    if not nx.is_connected(g):
        return set()
    out = set()
    for t in nx.SpanningTreeIterator(g):
        if degrees is None or all(d in degrees for _, d in t.degree):
            out.add(frozenset(canon(e) for e in t.edges))
    return out


def brute_by_edge_sets(nodes, edges, degrees) -> set[frozenset]:
    """The same trees another way: every set of ``len(nodes) - 1`` edges that
    meets every node with an allowed degree and is a tree (networkx). Far
    cheaper than listing every spanning tree when few degrees are allowed."""
    out = set()
    for chosen in itertools.combinations(edges, len(nodes) - 1):
        deg = Counter(x for e in chosen for x in e)
        if len(deg) == len(nodes) and all(d in degrees for d in deg.values()):
            g = nx.Graph(chosen)
            if nx.is_tree(g):
                out.add(frozenset(canon(e) for e in chosen))
    return out


def trees_of(nodes, edges, degrees, complete=False, sides=None, found=None, assumptions=(),
             path=None, pairs=True):
    f = Formula()
    x = {e: f.var("x", *e) for e in edges}
    tree = SpanningTree(f, x, degrees, nodes=nodes, sides=sides, complete=complete, pairs=pairs)
    extra = list(assumptions)
    p = None
    if path is not None:
        (s, t), k = path
        p = tree.path(s, t)
        extra += p.at_most(k)
    got = solutions(f, list(x.values()), None if complete else tree.cuts, assumptions=extra,
                    found_cuts=found)
    name = {v: e for e, v in x.items()}
    return {frozenset(name[v] for v in s) for s in got}, tree, p


# -- graphs -----------------------------------------------------------------------------
@st.composite
def small_graphs(draw):
    n = draw(st.integers(1, 6))
    pairs = list(itertools.combinations(range(n), 2))
    edges = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=9)) if pairs else []
    return list(range(n)), sorted(edges)


@st.composite
def grid_boards(draw):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    cells = Grid(rows, cols).cells
    points = draw(st.sets(st.sampled_from(cells), min_size=1, max_size=len(cells)))
    return sorted(points)


@settings(max_examples=120, deadline=None)
@given(small_graphs(), st.sampled_from(DEGREE_SETS))
def test_any_graph_lazy_and_complete_equal_brute_force(graph_, degrees):
    nodes, edges = graph_
    want = brute(nodes, edges, degrees)
    if degrees is not None and len(nodes) > 1:  # the two brute forces agree
        assert brute_by_edge_sets(nodes, edges, degrees) == want
    found: list = []
    lazy, tree, _ = trees_of(nodes, edges, degrees, found=found)
    assert lazy == want
    complete, _, _ = trees_of(nodes, edges, degrees, complete=True)
    assert complete == want
    assert trees_of(nodes, edges, degrees, pairs=False)[0] == want
    for clause in found:
        for t in want:
            assert any((lit > 0) == (tree._edge_of[abs(lit)] in t) for lit in clause)


@settings(max_examples=120, deadline=None)
@given(grid_boards(), st.sampled_from(DEGREE_SETS))
def test_grid_graph_with_faces_lazy_and_complete_equal_brute_force(points, degrees):
    edges = cell_edges(points)
    sides = grid_sides(points)
    want = brute(points, edges, degrees)
    found: list = []
    lazy, tree, _ = trees_of(points, edges, degrees, sides=sides, found=found)
    assert lazy == want
    complete, _, _ = trees_of(points, edges, degrees, complete=True, sides=sides)
    assert complete == want
    assert trees_of(points, edges, degrees, sides=sides, pairs=False)[0] == want
    walled = {}
    for e, (p, q) in sides.items():
        ids = [tree.faces.index(p), tree.faces.index(q)]
        if ids[0] != ids[1]:
            walled.setdefault((min(ids), max(ids)), []).append(e)
    for clause in found:  # every cut holds on every true tree
        for t in want:
            assert _clause_holds(clause, tree, walled, t), clause


def _clause_holds(clause, tree, walled, t) -> bool:
    wall_var = {w: k for k, w in tree.walls.items()}
    for lit in clause:
        v = abs(lit)
        if v in tree._edge_of:
            val = tree._edge_of[v] in t
        else:
            val = any(e not in t for e in walled[wall_var[v]])
        if val == (lit > 0):
            return True
    return False


def test_spanning_trees_of_the_3x3_grid_from_outside():
    """192 spanning trees (matrix-tree theorem), with and without faces."""
    pts = Grid(3, 3).cells
    edges = cell_edges(pts)
    assert len(trees_of(pts, edges, None)[0]) == 192
    assert len(trees_of(pts, edges, None, sides=grid_sides(pts))[0]) == 192
    assert len(trees_of(pts, edges, None, complete=True, sides=grid_sides(pts))[0]) == 192


def test_circuit_trees_of_a_board_with_a_hole():
    """A 4 x 4 board without r1c1 and r3c4 (two cells of two colours): 7 and 7
    points, both odd; lazy and complete with faces agree with networkx, which
    finds two trees (among the 13-edge sets: listing all spanning trees of
    this board costs 20 times more; the hypothesis tests check that the two
    brute forces agree)."""
    pts = [c for c in Grid(4, 4).cells if c not in ((0, 0), (2, 3))]
    want = brute_by_edge_sets(pts, cell_edges(pts), {1, 3})
    assert len(want) == 2
    assert trees_of(pts, cell_edges(pts), {1, 3}, sides=grid_sides(pts))[0] == want
    assert trees_of(pts, cell_edges(pts), {1, 3}, complete=True,
                    sides=grid_sides(pts))[0] == want


# -- faces --------------------------------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(grid_boards())
def test_grid_sides_count_faces_by_euler(points):
    """V - E + F = 1 + C for a plane graph with C pieces; on a connected
    board the faces grid_sides finds are all the faces there are."""
    edges = cell_edges(points)
    g = nx.Graph(edges)
    g.add_nodes_from(points)
    assume(nx.is_connected(g))
    sides = grid_sides(points)
    assert set(sides) == set(edges)
    faces = {f for pair in sides.values() for f in pair} or {"outside"}
    assert len(points) - len(edges) + len(faces) == 2
    for e, (p, q) in sides.items():  # an edge with one face on both sides is a bridge
        h = g.copy()
        h.remove_edge(*e)
        assert (p == q) == (not nx.is_connected(h))


# -- the path between two nodes ---------------------------------------------------------------
@settings(max_examples=50, deadline=None)
@given(grid_boards(), st.sampled_from([None, frozenset({1, 3}), frozenset({1, 2, 3})]),
       st.data())
@pytest.mark.slow
def test_path_length_bounds_keep_exactly_the_short_trees(points, degrees, data):
    assume(len(points) >= 2)
    s, t = data.draw(st.sampled_from(list(itertools.permutations(points, 2))))
    edges = cell_edges(points)
    want = brute(points, edges, degrees)
    assume(want)

    def dist(tree):
        return nx.shortest_path_length(nx.Graph(list(tree)), s, t)

    lengths = {tr: dist(tr) for tr in want}
    for k in sorted(set(lengths.values()) | {min(lengths.values()) - 1}):
        got, _, _ = trees_of(points, edges, degrees, sides=grid_sides(points),
                             path=((s, t), k))
        assert got == {tr for tr, d in lengths.items() if d <= k}, k


def test_path_literals_mark_the_path_in_a_tree():
    """On a 3 x 3 board every spanning tree's path literals are its s-t path."""
    pts = Grid(3, 3).cells
    f = Formula()
    x = {e: f.var("x", *e) for e in cell_edges(pts)}
    tree = SpanningTree(f, x, nodes=pts, sides=grid_sides(pts))
    p = tree.path((0, 0), (2, 2))
    from pysat.solvers import Solver
    from satlink.model import Model
    seen = 0
    with Solver(name="cadical195", bootstrap_with=f.clauses) as solver:
        while solver.solve():
            m = Model(f, solver.get_model())
            cuts = tree.cuts(m)
            if cuts:
                solver.append_formula(cuts)
                continue
            t = tree.decode(m)
            on = {e for e, v in p.on.items() if m.value(v)}
            route = nx.shortest_path(nx.Graph(list(t)), (0, 0), (2, 2))
            assert on == {canon(e) for e in zip(route, route[1:])}
            assert p.length(t) == len(on)
            seen += 1
            solver.add_clause([-v if m.value(v) else v for v in x.values()])
    assert seen == 192


# -- counting arguments ---------------------------------------------------------------------------
@settings(max_examples=100, deadline=None)
@given(grid_boards())
def test_an_obstruction_means_no_tree(points):
    edges = cell_edges(points)
    why = obstruction(points, edges, {1, 3})
    if why is not None:
        assert brute(points, edges, {1, 3}) == set()


def test_obstruction_names_the_reason():
    full = Grid(4, 4).cells
    assert "checkerboard" in obstruction(full, cell_edges(full), {1, 3})
    assert "odd number" in obstruction(full[:3], cell_edges(full[:3]), {1, 3})
    assert "separate" in obstruction([(0, 0), (0, 2)], [], {1, 3})
    assert obstruction([], [], {1, 3}) == "there are no points"
    assert obstruction(full, cell_edges(full), {1, 2, 3}) is None
    two = [(0, 0), (0, 1)]
    assert obstruction(two, cell_edges(two), {1, 3}) is None
    assert brute(two, cell_edges(two), {1, 3})


def test_the_full_10x10_board_has_no_circuit_tree_by_parity():
    full = Grid(10, 10).cells
    assert "50 and 50" in obstruction(full, cell_edges(full), {1, 3})


def test_isolated_node_and_single_node():
    f = Formula()
    tree = SpanningTree(f, {}, {1, 3}, nodes=[(0, 0), (0, 2)])
    assert [] in f.clauses and tree.cuts is not None
    assert trees_of([(0, 0)], [], None)[0] == {frozenset()}
    assert trees_of([(0, 0)], [], {1, 3})[0] == set()


def test_bad_arguments():
    with pytest.raises(ValueError):
        SpanningTree(Formula(), {((0, 0), (0, 1)): 1}, nodes=[(0, 0)])
    f = Formula()
    tree = SpanningTree(f, {((0, 0), (0, 1)): f.var("x")})
    with pytest.raises(ValueError):
        tree.path((0, 0), (0, 0))
