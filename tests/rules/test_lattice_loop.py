"""satlink.rules.lattice_loop (and the degree rule it shares) against brute force.

The brute force lists every simple cycle of the board's lattice points with
networkx; the models of the lazy form (solve, cut, block) and of the
complete form, projected on the edge variables, must both be exactly those
cycles (with forced edges: those through them). Every cut the lazy form
adds, with the witnesses its promises let it drop, must hold on every one.
"""
from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import graph
from satlink.rules.grid import Grid
from satlink.rules.lattice_loop import STATEMENTS, LatticeLoop
from tests.rules.enumerate import solutions
from tests.rules.test_loops import cycles


def lattice_cycles(grid: Grid) -> set[frozenset]:
    """Every loop along the sides of the cells of ``grid``: the simple
    cycles of its lattice points."""
    return cycles(Grid(grid.rows + 1, grid.cols + 1))


def loops_of(grid, forced=(), complete=False, found=None, promise=True):
    f = Formula()
    loop = LatticeLoop(grid, f, complete=complete)
    for e in forced:
        f.add([loop.edges[e]])
        if promise:
            loop.promise(e, 1)  # every solution passes through both ends
    got = solutions(f, loop.ex, loop.cuts, found_cuts=found)
    name = {x: e for e, x in loop.edges.items()}
    return {frozenset(name[x] for x in s) for s in got}, loop


# OEIS A140517: simple cycles of the n x n grid graph (n + 1 points per side).
@pytest.mark.parametrize("n, count", [(1, 1), (2, 13), (3, 213)])
@pytest.mark.parametrize("complete", [False, True])
def test_loops_of_the_square_board(n, count, complete):
    assert len(loops_of(Grid(n, n), complete=complete)[0]) == count


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (2, 3), (3, 2)]))
    g = Grid(rows, cols)
    forced = draw(st.lists(st.sampled_from(g.lattice_edges()), max_size=2, unique=True))
    return g, forced


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_lazy_and_complete_match_brute_force_and_cuts_hold(board):
    g, forced = board
    want = {c for c in lattice_cycles(g) if set(forced) <= c}
    found: list[list[int]] = []
    lazy, loop = loops_of(g, forced, found=found)
    assert lazy == want
    assert loops_of(g, forced, complete=True)[0] == want
    assert loops_of(g, forced, promise=False)[0] == want
    for sol in want:  # every cut, witnesses dropped by the promises, holds on every loop
        true = {loop.edges[e] for e in sol}
        for clause in found:
            assert any((x > 0) == (abs(x) in true) for x in clause), clause


def test_promises_drop_witnesses():
    """Forcing two far edges with their promise: some cut has no witness left."""
    g = Grid(3, 3)
    forced = [((0, 0), (0, 1)), ((3, 2), (3, 3))]
    found: list[list[int]] = []
    got, loop = loops_of(g, forced, found=found)
    assert got == {c for c in lattice_cycles(g) if set(forced) <= c}
    assert any(all(x > 0 for x in clause) for clause in found)


def inside_by_parity(grid: Grid, loop: frozenset) -> frozenset:
    """Cells with an odd number of vertical loop edges to their left."""
    out = set()
    for r in range(grid.rows):
        inside = False
        for c in range(grid.cols):
            inside ^= ((r, c), (r + 1, c)) in loop
            if inside:
                out.add((r, c))
    return frozenset(out)


def loops_and_insides(f: Formula, loop: LatticeLoop) -> set:
    """Every model of ``f`` as (its loop's edges, the cells it calls inside)."""
    inside = loop.inside()
    got = solutions(f, loop.ex + list(inside.values()), loop.cuts)
    name = {x: e for e, x in loop.edges.items()}
    cell = {x: c for c, x in inside.items()}
    return {(frozenset(name[x] for x in s if x in name), frozenset(cell[x] for x in s if x in cell))
            for s in got}


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 3)])
@pytest.mark.parametrize("complete", [False, True])
def test_inside_is_the_parity_of_the_loop(rows, cols, complete):
    g = Grid(rows, cols)
    f = Formula()
    loop = LatticeLoop(g, f, complete=complete)
    pairs = loops_and_insides(f, loop)
    assert pairs == {(c, inside_by_parity(g, c)) for c in lattice_cycles(g)}


def test_sides_and_the_point_literals():
    g = Grid(2, 3)
    f = Formula()
    loop = LatticeLoop(g, f)
    assert loop.sides((1, 2)) == [loop.edges[e] for e in g.sides((1, 2))]
    assert loop.through((0, 0), "e") == loop.edges[((0, 0), (0, 1))]
    assert loop.through((0, 0), "n") == loop.never
    corner = loop.turn((0, 0))  # a loop through a corner point always turns there
    got = solutions(f, loop.ex + [corner], loop.cuts)
    assert len(got) == len(lattice_cycles(g))
    assert all((corner in s) == (loop.edges[((0, 0), (0, 1))] in s) for s in got)


# -- the degree rule, shared by every loop and path ----------------------------------------
@pytest.mark.parametrize("d", range(8))
@pytest.mark.parametrize("with_on", [False, True])
def test_zero_or_two_is_exactly_the_rule(d, with_on):
    f = Formula()
    lits = [f.var("x", i) for i in range(d)]
    on = f.var("on") if with_on else None
    graph.zero_or_two(f, lits, on)
    project = lits + ([on] if with_on else [])
    got = {frozenset(s) for s in solutions(f, project)}
    want = set()
    for k in (0, 2):
        for chosen in itertools.combinations(lits, k):
            want.add(frozenset(chosen) | ({on} if with_on and k == 2 else set()))
    assert got == want


def test_the_lattice_degree_clauses_are_encode_degree_s():
    """The clauses at the lattice points are those of
    ``graph.encode_degree(f, edges, {0, 2})`` (in the points' order)."""
    g = Grid(3, 4)
    f1, f2 = Formula(), Formula()
    loop = LatticeLoop(g, f1, nonempty=False)
    edges = {e: f2.var("loop", *k) for e, k in
             ((e, ("h" if e[0][0] == e[1][0] else "v", *e[0])) for e in g.lattice_edges())}
    graph.encode_degree(f2, edges, {0, 2})
    assert list(loop.edges.values()) == list(edges.values())
    assert sorted(map(sorted, f1.clauses)) == sorted(map(sorted, f2.clauses))


@pytest.mark.parametrize("rows, cols", [(0, 2), (1, 1), (1, 3), (2, 1), (3, 2), (4, 5), (5, 4)])
def test_the_arithmetic_set_up_is_the_general_one(rows, cols):
    """Every edge numbered at once (``first``): the degree clauses, the cut
    finder's arrays and ``side_vars`` written by arithmetic are those of the
    general path (``only`` every edge: a call to ``zero_or_two`` per point
    over ``nbrs``, ``sides`` by look-up)."""
    g = Grid(rows, cols)
    f1, f2 = Formula(), Formula()
    fast, general = LatticeLoop(g, f1), LatticeLoop(g, f2, only=set(g.lattice_edges()))
    assert fast.first == 1 and general.first is None
    assert f1.clauses == f2.clauses and f1.pool.obj2id == f2.pool.obj2id
    assert (fast.nbrs, fast.pu, fast.pv, fast.ex) == (general.nbrs, general.pu, general.pv,
                                                      general.ex)
    for cell in g.cells:
        assert list(fast.side_vars(*cell)) == general.sides(cell)


@pytest.mark.parametrize("statement", sorted(STATEMENTS))
@pytest.mark.parametrize("cell", [(0, 0), (1, 1), (1, 2)])
def test_said_leaves_out_subsumed_clauses_only(statement, cell):
    """A statement about a cell's two sides at each of its corners, written
    by the caller: the loop with ``said`` has fewer clauses, each left out
    subsumed by the statement's, and the same loops (brute force on 3 x 3)."""
    g = Grid(3, 3)
    got = []
    for said in ((), [(cell, statement)]):
        f = Formula()
        loop = LatticeLoop(g, f, said=said)
        top, bottom, left, right = loop.sides(cell)
        for a, b in ((top, left), (top, right), (bottom, left), (bottom, right)):
            f.extend({"neither": [[-a], [-b]], "not both": [[-a, -b]], "one of": [[a, b]],
                      "both": [[a], [b]]}[statement])
        got.append((f, loop))
    (full, loop0), (less, loop1) = got
    assert len(less.clauses) < len(full.clauses)
    kept = [set(c) for c in less.clauses]
    assert all(any(k <= set(c) for k in kept) for c in full.clauses)
    name = {x: e for e, x in loop0.edges.items()}
    assert ({frozenset(map(name.get, s)) for s in solutions(full, loop0.ex, loop0.cuts)}
            == {frozenset(map(name.get, s)) for s in solutions(less, loop1.ex, loop1.cuts)})


@pytest.mark.parametrize("rows, cols, seed", [(2, 2, 0), (2, 3, 1), (3, 3, 2), (3, 3, 3)])
@pytest.mark.parametrize("complete", [False, True])
def test_only_some_edges_loops_and_inside(rows, cols, seed, complete):
    """With ``only``: the loops are the lattice cycles on those edges, each
    with the inside its parity gives, and the other edges have no variable."""
    import random
    g = Grid(rows, cols)
    edges = g.lattice_edges()
    only = set(random.Random(seed).sample(edges, len(edges) * 3 // 4))
    f = Formula()
    loop = LatticeLoop(g, f, complete=complete, only=only)
    assert set(loop.edges) == only
    pairs = loops_and_insides(f, loop)
    want = {(c, inside_by_parity(g, c)) for c in lattice_cycles(g) if c <= only}
    assert want and pairs == want
