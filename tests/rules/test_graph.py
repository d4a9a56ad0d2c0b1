"""satlink.rules.graph: lazy cuts and complete encodings against brute force.

For small graphs every subset of edges (and of node variables) is checked
against the rule directly with networkx; the lazy mode (engine loop with
cuts) and the complete mode (plain enumeration) must find exactly those
subsets, and every cut must hold in every true solution.
"""
from __future__ import annotations

import itertools
from types import SimpleNamespace

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.rules import graph, graph_cuts, graph_encodings
from satlink.rules.grid import Grid
from satlink.contract import Encoding, Options
from satlink.engine import Session
from satlink.formula import Formula
from satlink.model import Model


# -- the rules, written directly ----------------------------------------------------
def part_graph(nodes, active_edges, active_nodes, required):
    g = nx.Graph()
    g.add_nodes_from(required)
    g.add_nodes_from(active_nodes)
    g.add_edges_from(active_edges)
    return g


def is_connected(g) -> bool:
    return g.number_of_nodes() == 0 or nx.is_connected(g)


def is_forest(active_edges) -> bool:
    g = nx.Graph(list(active_edges))
    return g.number_of_nodes() == 0 or nx.is_forest(g)


def is_single_cycle(active_edges) -> bool:
    g = nx.Graph(list(active_edges))
    return (g.number_of_edges() > 0 and all(d == 2 for _, d in g.degree())
            and nx.is_connected(g))


RULES = ("connected", "acyclic", "single_cycle", "tree")


def holds(rule, nodes, active_edges, active_nodes, required) -> bool:
    g = part_graph(nodes, active_edges, active_nodes, required)
    if rule == "connected":
        return is_connected(g)
    if rule == "acyclic":
        return is_forest(active_edges)
    if rule == "single_cycle":
        return is_single_cycle(active_edges)
    return is_connected(g) and is_forest(active_edges)


def brute_force(rule, edge_list, node_list=(), required=()):
    """Every (active edges, active node vars) pair obeying the rule."""
    nodes = {n for e in edge_list for n in e} | set(node_list) | set(required)
    out = set()
    for emask in range(1 << len(edge_list)):
        es = [e for i, e in enumerate(edge_list) if emask >> i & 1]
        for nmask in range(1 << len(node_list)):
            ns = [n for i, n in enumerate(node_list) if nmask >> i & 1]
            if holds(rule, nodes, es, ns, required):
                out.add((frozenset(es), frozenset(ns)))
    return out


# -- the two modes ---------------------------------------------------------------------
def build(edge_list, node_list=()):
    f = Formula()
    edges = {e: f.var("edge", e) for e in edge_list}
    node_vars = {n: f.var("node", n) for n in node_list}
    f.declare_answer(list(edges.values()) + list(node_vars.values()))
    return f, edges, node_vars


def enumerate_solutions(f, edges, node_vars, cuts=None, check=None):
    """All solutions through the engine loop (blocking over edges and node vars)."""
    enc = Encoding(None, f, Options())
    enc.decode = lambda model: (frozenset(e for e, x in edges.items() if model.value(x)),
                                frozenset(n for n, x in node_vars.items() if model.value(x)))
    if cuts is not None:
        enc.cuts = lambda model: cuts(None, model)
    puzzle = SimpleNamespace(name="graph-rule", cells=None,
                             verify=lambda _i, s: [] if check is None or check(s) else ["bad"])
    with Session(puzzle, enc) as session:
        result = session.solve(None, limit=10 ** 6)
    assert result.complete
    sols = set(result.solutions)
    assert len(sols) == len(result.solutions)
    return sols


def lazy_mode(rule, edge_list, node_list=(), required=()):
    f, edges, node_vars = build(edge_list, node_list)
    required = list(required)
    recorded = []
    if rule == "single_cycle":
        graph.encode_degree(f, edges, {0, 2})
    finder = {
        "connected": lambda m: graph_cuts.connected_cuts(edges, m, node_vars, required),
        "acyclic": lambda m: graph_cuts.cycle_cuts(edges, m),
        "single_cycle": lambda m: graph_cuts.single_cycle_cuts(edges, m),
        "tree": lambda m: graph_cuts.tree_cuts(edges, m, node_vars, required),
    }[rule]

    def cuts(_inst, model):
        found = finder(model)
        for clause in found:
            assert not any(model.value(x) for x in clause), "a cut the candidate satisfies"
        recorded.extend(found)
        return found

    sols = enumerate_solutions(f, edges, node_vars, cuts)
    return sols, recorded, edges, node_vars


def complete_mode(rule, edge_list, node_list=(), required=()):
    f, edges, node_vars = build(edge_list, node_list)
    required = list(required)
    if rule == "connected":
        graph_encodings.encode_connected(f, edges, node_vars, required)
    elif rule == "acyclic":
        graph_encodings.encode_acyclic(f, edges)
    elif rule == "single_cycle":
        graph_encodings.encode_single_cycle(f, edges)
    else:
        graph_encodings.encode_tree(f, edges, node_vars, required)
    return enumerate_solutions(f, edges, node_vars)


def check_cuts_valid(cuts, truth, edges, node_vars):
    for edge_set, node_set in truth:
        true_vars = {edges[e] for e in edge_set} | {node_vars[n] for n in node_set}
        for clause in cuts:
            assert any((x > 0) == (abs(x) in true_vars) for x in clause), \
                f"cut {clause} removes the true solution {sorted(edge_set)}"


def check_rule(rule, edge_list, node_list=(), required=()):
    truth = brute_force(rule, edge_list, node_list, required)
    lazy, cuts, edges, node_vars = lazy_mode(rule, edge_list, node_list, required)
    assert lazy == truth
    check_cuts_valid(cuts, truth, edges, node_vars)
    assert complete_mode(rule, edge_list, node_list, required) == truth
    return truth, cuts


# -- grids --------------------------------------------------------------------------
@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 3)])
def test_grid_rules_match_brute_force(rule, rows, cols):
    truth, _ = check_rule(rule, Grid(rows, cols).cell_edges())
    assert truth


def matrix_tree_count(g) -> int:
    """Kirchhoff's theorem, exactly: the determinant of the reduced Laplacian
    (fraction-exact Gaussian elimination; no numpy or scipy needed)."""
    from fractions import Fraction

    order = sorted(g.nodes)
    index = {v: i for i, v in enumerate(order)}
    n = len(order)
    m = [[Fraction(0)] * n for _ in range(n)]
    for u, v in g.edges:
        i, j = index[u], index[v]
        m[i][i] += 1
        m[j][j] += 1
        m[i][j] -= 1
        m[j][i] -= 1
    m = [row[1:] for row in m[1:]]
    det = Fraction(1)
    for col in range(n - 1):
        pivot = next(r for r in range(col, n - 1) if m[r][col] != 0)
        if pivot != col:
            m[col], m[pivot] = m[pivot], m[col]
            det = -det
        det *= m[col][col]
        for r in range(col + 1, n - 1):
            factor = m[r][col] / m[col][col]
            m[r] = [a - factor * b for a, b in zip(m[r], m[col])]
    return int(det)


def test_spanning_tree_count():
    """A count from outside: the trees covering all 9 required nodes of the 3x3
    grid graph are its spanning trees, 192 by the matrix-tree theorem."""
    edges = Grid(3, 3).cell_edges()
    nodes = [(r, c) for r in range(3) for c in range(3)]
    spanning = matrix_tree_count(nx.grid_2d_graph(3, 3))
    assert spanning == 192
    assert len(lazy_mode("tree", edges, (), nodes)[0]) == spanning
    assert len(complete_mode("tree", edges, (), nodes)) == spanning


@pytest.mark.slow
def test_single_cycle_4x3_complete():
    edges = Grid(4, 3).cell_edges()
    truth = brute_force("single_cycle", edges)
    assert complete_mode("single_cycle", edges) == truth
    lazy, cuts, e, nv = lazy_mode("single_cycle", edges)
    assert lazy == truth
    check_cuts_valid(cuts, truth, e, nv)


@pytest.mark.parametrize("rule", ["connected", "tree"])
def test_required_and_node_vars(rule):
    edges = Grid(2, 3).cell_edges()
    check_rule(rule, edges, node_list=[(0, 0), (1, 2), (0, 1)], required=[(1, 0)])
    check_rule(rule, edges, required=[(0, 0), (1, 2)])


def test_isolated_node_var_nodes():
    """A node with a variable and no edges can only be the whole active part."""
    edges = [((0, 0), (0, 1))]
    truth, _ = check_rule("connected", edges, node_list=[(5, 5), (0, 0)])
    assert (frozenset(), frozenset({(5, 5)})) in truth
    assert (frozenset(edges), frozenset({(5, 5)})) not in truth


# -- random small graphs --------------------------------------------------------------
@st.composite
def small_graphs(draw):
    n = draw(st.integers(2, 6))
    pairs = list(itertools.combinations(range(n), 2))
    chosen = draw(st.lists(st.sampled_from(pairs), min_size=1, max_size=9, unique=True))
    nodes = sorted({v for e in chosen for v in e})
    node_list = draw(st.lists(st.sampled_from(nodes + [n]), max_size=3, unique=True))
    required = draw(st.lists(st.sampled_from(nodes), max_size=2, unique=True))
    return chosen, node_list, required


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_graphs(), st.sampled_from(RULES))
def test_random_graphs_match_brute_force(g, rule):
    edge_list, node_list, required = g
    if rule in ("acyclic", "single_cycle"):
        node_list, required = [], []
    check_rule(rule, edge_list, node_list, required)


# -- behaviour of single cuts ---------------------------------------------------------
def test_two_loops_cut_uses_region_boundary():
    """Two unit squares far apart in a 2x5 grid: the cut names the edges
    between one loop and the region holding the other, never the loops' own."""
    f = Formula()
    edges = {e: f.var("edge", e) for e in Grid(2, 5).cell_edges()}
    left = [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1))]
    right = [((0, 3), (0, 4)), ((1, 3), (1, 4)), ((0, 3), (1, 3)), ((0, 4), (1, 4))]
    m = Model(f, [edges[e] for e in left + right])
    cuts = graph_cuts.single_cycle_cuts(edges, m)
    assert cuts
    for clause in cuts:
        positive = {x for x in clause if x > 0}
        assert positive <= {edges[e] for e in edges if e not in left + right}
        assert sum(1 for x in clause if x < 0) == 2
    empty = Model(f, [])
    assert graph_cuts.single_cycle_cuts(edges, empty) == [list(edges.values())]


def test_degree_sets():
    """encode_degree with an unusual set, directly and through the totalizer."""
    for d in (3, 7):
        f = Formula()
        edges = {(0, i): f.var("e", i) for i in range(1, d + 1)}
        graph.encode_degree(f, edges, {1, 3}, nodes=[0])
        f.declare_answer(list(edges.values()))
        sols = enumerate_solutions(f, edges, {})
        assert {len(s[0]) for s in sols} == {1, 3}
        assert len(sols) == d + d * (d - 1) * (d - 2) // 6
