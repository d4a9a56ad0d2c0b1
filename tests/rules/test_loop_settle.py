"""Settled loop edges (CellLoop(fixed=...), rules/loop_settle.py) against
brute force on small boards: every edge the settling fixes has that value in
every set of cycles that obeys the degree rule, the must-cells and the given
edges; it reports a contradiction only where no such set exists; and a lean
CellLoop with those edges, one-cycle rule complete or lazy, has exactly the
single loops through the must-cells that use the given edges as its models."""
from __future__ import annotations

from itertools import product

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.grid import Grid
from satlink.rules.bitmask import set_bits
from satlink.rules.grid_masks import mask_of
from satlink.rules.loop_settle import Fixed, settle
from satlink.rules.loops import CellLoop
from tests.rules.enumerate import solutions


def degree_sets(g: Grid, cells, must, fixed) -> list[frozenset]:
    """Every edge set over ``cells`` with degree 0 or 2 at each cell, 2 at
    the must-cells, agreeing with ``fixed`` (by trying every subset)."""
    keep = set(cells)
    edges = [e for e in g.cell_edges() if e[0] in keep and e[1] in keep]
    out = []
    for bits in product((False, True), repeat=len(edges)):
        chosen = frozenset(e for e, b in zip(edges, bits) if b)
        if any((e in chosen) != v for e, v in fixed.items()):
            continue
        deg = {c: 0 for c in cells}
        for a, b in chosen:
            deg[a] += 1
            deg[b] += 1
        if all(d in (0, 2) for d in deg.values()) and all(deg[c] == 2 for c in must):
            out.append(chosen)
    return out


def one_loop(sets) -> list[frozenset]:
    return [s for s in sets if s and nx.is_connected(nx.Graph(list(s)))]


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 2), (2, 3), (3, 3), (2, 4), (3, 4)]))
    g = Grid(rows, cols)
    cells = [c for c in g.cells if draw(st.integers(0, 5))]  # a few cells left out
    keep = set(cells)
    edges = [e for e in g.cell_edges() if e[0] in keep and e[1] in keep]
    must = draw(st.lists(st.sampled_from(cells), max_size=3, unique=True)) if cells else []
    fixed = dict(draw(st.lists(st.tuples(st.sampled_from(edges), st.booleans()), max_size=3))
                 ) if edges else {}
    return g, cells, must, fixed


@settings(max_examples=150, deadline=None)
@given(boards())
def test_settled_values_hold_in_every_degree_set(board):
    g, cells, must, fixed = board
    keep = set(cells)
    edges = [e for e in g.cell_edges() if e[0] in keep and e[1] in keep]
    w = g.cols
    pts = lambda c: c[0] * w + c[1]  # noqa: E731
    h = mask_of(pts(a) for a, b in edges if a[0] == b[0])
    v = mask_of(pts(a) for a, b in edges if a[1] == b[1])
    got = settle(w, h, v, mask_of(map(pts, must)), Fixed.of(fixed, w))
    sets = degree_sets(g, cells, must, fixed)
    if got is None:
        assert sets == []
        return
    assert not (got.h_on & got.h_off or got.v_on & got.v_off)
    assert not ((got.h_on | got.h_off) & ~h or (got.v_on | got.v_off) & ~v)  # edges only

    def value(e):
        (a, b), bit = e, 1 << pts(e[0])
        on, off = (got.h_on, got.h_off) if a[0] == b[0] else (got.v_on, got.v_off)
        return True if on & bit else False if off & bit else None
    assert all(value(e) == v for e, v in fixed.items())  # the given values kept
    for s in sets:
        assert all(value(e) is None or value(e) == (e in s) for e in edges)


def test_settle_finds_a_chain_and_its_contradiction():
    """A 1 x 4 corridor of must-cells: its end cells have one edge each, a
    contradiction; a 2 x 3 ring of must-cells settles every edge on, and
    one edge off leaves none (fewer than two at its ends)."""
    assert settle(4, 0b0111, 0, 0b1111, Fixed()) is None
    ring = settle(3, 0b011011, 0b101, 0b111111, Fixed())
    assert ring == Fixed(0b011011, 0b101, 0, 0)
    assert settle(3, 0b011011, 0b101, 0b111111, Fixed(v_off=1)) is None
    # a cell off the must list with one edge open and none on: the edge goes off,
    # and then so does its neighbour's, along the corridor
    assert settle(4, 0b0111, 0, 0, Fixed()) == Fixed(0, 0, 0b0111, 0)
    with pytest.raises(ValueError):
        Fixed.of({((0, 0), (1, 1)): True}, 4)


@settings(max_examples=80, deadline=None)
@given(boards(), st.booleans())
def test_settled_loop_has_exactly_the_single_loops(board, complete):
    g, cells, must, fixed = board
    f = Formula()
    loop = CellLoop(g, f, cells, must=must, lean=True, fixed=fixed)
    if complete:
        loop.encode_complete()
    project = list(loop.edges.values())
    name = {x: e for e, x in loop.edges.items()}
    got = {frozenset(name[x] for x in s)
           for s in solutions(f, project, cuts=None if complete else loop.cuts)}
    want = set(one_loop(degree_sets(g, cells, must, fixed)))
    assert got == want
    # the edges fixed off have no variable; those fixed on a unit each
    for e in loop.fixed_off:
        assert e not in loop.edges and all(e not in s for s in want)
    units = {c[0] for c in f.clauses if len(c) == 1}
    assert loop.fixed_on <= units
    assert all(all(name[x] in s for x in loop.fixed_on) for s in want)


def test_entryexit_forced_edges_are_in_every_loop():
    """rooms.forced_edges: on a 3 x 4 board with a straight room (its inside
    edges forced) and a room of two border edges (those forced), the forced
    edges lie on every loop through every cell that visits every room once."""
    from satlink.rules.rooms import forced_edges, room_masks, rooms_of, visits_each
    regions = ((0, 0, 0, 1), (2, 2, 2, 1), (2, 2, 2, 3))
    rooms = rooms_of(regions)
    on = forced_edges(room_masks(rooms, 4), 3, 4, 1)
    assert not (on.h_off or on.v_off)
    forced = [((p // 4, p % 4), (p // 4, p % 4 + 1)) for p in set_bits(on.h_on)] + \
        [((p // 4, p % 4), (p // 4 + 1, p % 4)) for p in set_bits(on.v_on)]
    assert ((0, 3), (1, 3)) in forced  # room 1's inside: two cells, one edge
    assert len(forced) == 5  # no more: room 2 (six cells, seven edges inside) forces none
    assert ((0, 0), (0, 1)) in forced and ((0, 1), (0, 2)) in forced  # room 0's inside
    assert ((1, 3), (2, 3)) in forced and ((2, 2), (2, 3)) in forced  # room 3's border
    g = Grid(3, 4)
    loops = [s for s in one_loop(degree_sets(g, g.cells, g.cells, {}))
             if visits_each(s, rooms) == [1] * len(rooms)]
    assert loops
    for s in loops:
        assert all(e in s for e in forced)
