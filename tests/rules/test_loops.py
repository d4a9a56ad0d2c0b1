"""satlink.rules.loops against brute force.

The brute force lists every simple cycle of the board's graph with networkx
(``simple_cycles`` on the allowed cells) and keeps those through the
required cells; the models of the lazy form (solve, cut, block) and of the
complete form, projected on the edge variables, must both be exactly those
cycles. Every cut the lazy form adds must hold on every one of them.
"""
from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.grid import Grid, edge, edges_from_exits, exits
from satlink.rules.loops import CellLoop
from satlink.rules.loop_checks import loop_order, loop_problems
from tests.rules.enumerate import solutions


def cycles(grid: Grid, cells=None, must=()) -> set[frozenset]:
    """Every simple cycle through cell centres on ``cells``, as edge sets."""
    g = nx.Graph(grid.cell_edges(cells))
    out = set()
    for cyc in nx.simple_cycles(g):
        if len(cyc) < 4:
            continue
        edges = frozenset(edge(cyc[i - 1], cyc[i]) for i in range(len(cyc)))
        if all(c in cyc for c in must):
            out.add(edges)
    return out


def loops_of(grid, cells=None, must=(), complete=False, nonempty=True, found=None, lean=False):
    f = Formula()
    loop = CellLoop(grid, f, cells, must=must, nonempty=nonempty, lean=lean)
    if complete:
        loop.encode_complete()
    cut = None if complete else loop.cuts
    got = solutions(f, list(loop.edges.values()), cut, found_cuts=found)
    name = {x: e for e, x in loop.edges.items()}
    return {frozenset(name[x] for x in s) for s in got}, loop, f


# OEIS A140517: simple cycles of the n x n grid graph, n = 1..5 points per side.
@pytest.mark.parametrize("n, count", [(1, 0), (2, 1), (3, 13), (4, 213)])
@pytest.mark.parametrize("complete", [False, True])
def test_cycles_of_the_square_grid(n, count, complete):
    got, _, _ = loops_of(Grid(n, n), complete=complete)
    assert len(got) == count


def test_cycles_of_rectangles_match_networkx():
    for rows, cols in [(2, 5), (3, 4), (3, 5)]:
        g = Grid(rows, cols)
        want = cycles(g)
        assert loops_of(g)[0] == want
        assert loops_of(g, complete=True)[0] == want


@st.composite
def boards(draw):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(2, 4))
    g = Grid(rows, cols)
    cells = [c for c in g.cells if draw(st.booleans()) or draw(st.booleans())]
    must = [c for c in cells if draw(st.integers(0, 5)) == 0]
    return g, cells, must


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_lazy_and_complete_match_brute_force(board):
    g, cells, must = board
    want = cycles(g, cells, must)
    found: list[list[int]] = []
    lazy, loop, f = loops_of(g, cells, must, found=found)
    assert lazy == want
    assert loops_of(g, cells, must, complete=True)[0] == want
    # must-cells' degree clauses without what their units decide: the same loops
    assert loops_of(g, cells, must, lean=True)[0] == want
    assert loops_of(g, cells, must, complete=True, lean=True)[0] == want
    # every cut holds on every true loop (on-cells are the loop's cells)
    for sol in want:
        true = {loop.edges[e] for e in sol}
        true |= {loop.on[c] for e in sol for c in e}
        for clause in found:
            assert any(x in true if x > 0 else -x not in true for x in clause)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_edges_off_have_no_variable_and_the_same_loops(board, data):
    """``off`` (masks of edges east / south of a point): the loops are the
    brute-force cycles that use none of those edges, lazy and complete, lean
    or not; the edges have no variable (``through`` reads ``never``)."""
    g, cells, must = board
    every = g.cell_edges(cells)
    gone = [e for e in every if data.draw(st.integers(0, 3)) == 0]
    h = sum(1 << (a[0] * g.cols + a[1]) for a, b in gone if a[0] == b[0])
    v = sum(1 << (a[0] * g.cols + a[1]) for a, b in gone if a[0] != b[0])
    want = {c for c in cycles(g, cells, must) if not c & set(gone)}
    for complete in (False, True):
        for lean in (False, True):
            f = Formula()
            loop = CellLoop(g, f, cells, must=must, lean=lean, off=(h, v))
            assert set(loop.edges) == set(every) - set(gone)
            if complete:
                loop.encode_complete()
            got = solutions(f, list(loop.edges.values()), None if complete else loop.cuts)
            name = {x: e for e, x in loop.edges.items()}
            assert {frozenset(name[x] for x in s) for s in got} == want, (complete, lean)
    for a, b in gone:
        assert loop.through(a, "e" if a[0] == b[0] else "s") == loop.never


def test_an_empty_loop_only_when_allowed():
    g = Grid(1, 3)  # no cycle fits
    assert loops_of(g)[0] == set()
    assert loops_of(g, nonempty=False)[0] == {frozenset()}
    assert loops_of(g, nonempty=False, complete=True)[0] == {frozenset()}


@pytest.mark.parametrize("which", ["straight", "turn"])
def test_straight_and_turn_literals(which):
    g = Grid(3, 4)
    for cell in [(0, 0), (1, 1), (1, 2), (2, 3)]:
        f = Formula()
        loop = CellLoop(g, f)
        x = getattr(loop, which)(cell)
        name = {v: e for e, v in loop.edges.items()}
        got = {frozenset(name[v] for v in s if v in name)
               for s in solutions(f, list(loop.edges.values()) + [x], loop.cuts,
                                  assumptions=[x])}
        bent = {"ne", "nw", "se", "sw"} if which == "turn" else {"ns", "ew"}
        assert got == {c for c in cycles(g) if exits(c, cell) in bent}


def test_through_reads_the_edge_or_never():
    g = Grid(2, 2)
    f = Formula()
    loop = CellLoop(g, f)
    assert loop.through((0, 0), "e") == loop.edges[((0, 0), (0, 1))]
    assert loop.through((1, 1), "n") == loop.edges[((0, 1), (1, 1))]
    assert loop.through((0, 0), "n") == loop.never
    assert loop.through(g.step((0, 0), "w"), "w") == loop.never
    assert [-loop.never] in f.clauses


def test_on_literals_from_outside_and_must_cells():
    g = Grid(2, 3)
    f = Formula()
    dark = {c: f.var("dark", *c) for c in g.cells}
    loop = CellLoop(g, f, on={c: -x for c, x in dark.items()}, nonempty=False)
    got = solutions(f, list(dark.values()), loop.cuts)
    name = {x: c for c, x in dark.items()}
    lit = {frozenset(name[x] for x in s) for s in got}
    # the loop's cells are exactly the cells not dark: the 2x2 squares and the ring
    assert lit == {frozenset({(0, 2), (1, 2)}), frozenset({(0, 0), (1, 0)}), frozenset(),
                   frozenset(g.cells)}
    with pytest.raises(ValueError):
        CellLoop(g, Formula(), cells=[(0, 0)], must=[(1, 1)])


def test_exits_orders_and_problems():
    g = Grid(2, 3)
    ring = frozenset(g.cell_edges()) - {((0, 1), (1, 1))}
    assert exits(ring, (0, 0)) == "se" and exits(ring, (0, 1)) == "ew"
    assert exits(ring, (1, 2)) == "nw" and exits(set(), (0, 0)) == ""
    letters = {c: exits(ring, c) for c in g.cells}
    assert edges_from_exits(letters) == (ring, [])
    assert edges_from_exits({(0, 0): "e", (0, 1): "s"})[1] == [((0, 0), "e"), ((0, 1), "s")]
    assert loop_order(ring) == [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]
    assert loop_problems(g, ring) == []
    assert loop_problems(g, ring, required=[(0, 0)]) == []
    assert loop_problems(g, set()) == ["there is no loop"]
    assert "ends at r1c2" in loop_problems(g, ring - {((0, 1), (0, 2))})[0]
    assert any("separate" in p for p in loop_problems(Grid(2, 5), {
        ((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0)),
        ((0, 3), (0, 4)), ((0, 4), (1, 4)), ((1, 3), (1, 4)), ((0, 3), (1, 3))}))
    assert "not allowed" in loop_problems(g, ring, allowed=[(0, 0)])[0]
    assert "not allowed" in loop_problems(g, {((0, 0), (1, 1))})[0]


@settings(max_examples=50, deadline=None)
@given(boards(), st.booleans(), st.booleans())
def test_clauses_are_zero_or_two_at_every_cell_in_edge_order(board, given_on, taken):
    """The clauses CellLoop writes (spelled out per degree for speed) are
    ``graph.zero_or_two`` at every cell over its edges in the order of
    ``edges``, the must-cells' units and the nonempty clause; its variables
    are the keyed ones, an existing key reused."""
    from satlink.rules import graph
    g, cells, must = board
    f = Formula()
    if taken and len(cells) > 1:  # a key the formula holds already keeps its variable
        f.var("loop", "v", *cells[0])
        f.var("loop", "on", *cells[-1])
    on = {c: -f.var("dark", *c) for c in cells} if given_on else None
    ref = Formula()
    ref.pool.top = f.pool.top
    ref.pool.obj2id.update(f.pool.obj2id)
    ref.pool.id2obj.update(f.pool.id2obj)
    loop = CellLoop(g, f, cells, on=on, must=must)
    edges = {e: ref.var("loop", "h" if e[0][0] == e[1][0] else "v", *e[0])
             for e in g.cell_edges(cells)}
    ons = on if given_on else {c: ref.var("loop", "on", *c) for c in cells}
    for c in cells:
        graph.zero_or_two(ref, [x for e, x in edges.items() if c in e], ons[c])
    ref.extend([ons[c]] for c in must)
    ref.add(list(edges.values()))
    assert loop.edges == edges and loop.on == ons
    assert f.clauses == ref.clauses and f.pool.top == ref.pool.top
    assert all(f.key(x) == ref.key(x) for x in range(1, f.pool.top + 1))
