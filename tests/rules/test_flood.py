"""Flood (satlink/rules/flood.py) against brute force over every shading of
small boards: the layers of count_flood, and the lazy flood and touch cuts
with their implied clauses, allow exactly the shadings the rule states."""
from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import flood
from satlink.rules.grid import Grid
from satlink.rules.shading import Shading
from tests.rules.enumerate import solutions


@st.composite
def boards(draw):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    grid = Grid(rows, cols)
    start = draw(st.sampled_from(grid.cells))
    return grid, start, draw(st.integers(0, rows * cols - 1)), draw(st.booleans())


def every_shading(grid):
    for bits in itertools.product((0, 1), repeat=len(grid.cells)):
        yield frozenset(c for c, b in zip(grid.cells, bits) if b)


def reached(grid, coloured, start) -> int:
    g = nx.grid_2d_graph(grid.rows, grid.cols).subgraph(set(coloured) | {start})
    return len(nx.node_connected_component(g, start)) - 1


def models(s, cuts=None):
    return {frozenset(c for c in s.cells if s.var[c] in m)
            for m in solutions(s.f, list(s.var.values()), cuts)}


def colour_of(grid, sh, shaded):
    return sh if shaded else set(grid.cells) - sh


@settings(max_examples=30, deadline=None)
@given(boards())
def test_count_flood(board):
    grid, start, n, shaded = board
    s = Shading(Formula(), grid)
    flood.count_flood(s, start, n, shaded=shaded)
    want = {sh for sh in every_shading(grid)
            if reached(grid, colour_of(grid, sh, shaded), start) == n}
    assert models(s) == want


@settings(max_examples=30, deadline=None)
@given(boards())
def test_flood_cuts_with_implied_clauses(board):
    grid, start, n, shaded = board
    s = Shading(Formula(), grid)
    flood.flood_implied(s, start, n, shaded=shaded)
    want = {sh for sh in every_shading(grid)
            if reached(grid, colour_of(grid, sh, shaded), start) == n}
    assert models(s, lambda m: flood.flood_cuts(s, m, start, n, shaded)) == want


@settings(max_examples=25, deadline=None)
@given(boards(), st.data())
def test_touch_cuts(board, data):
    grid, _, _, shaded = board
    anchors = data.draw(st.sets(st.sampled_from(grid.cells), max_size=3))
    s = Shading(Formula(), grid)
    s.f.extend([-s.lit(a, shaded)] for a in anchors)  # anchors never of the colour
    board_graph = nx.grid_2d_graph(grid.rows, grid.cols)
    want = set()
    for sh in every_shading(grid):
        col = colour_of(grid, sh, shaded)
        if col & anchors:
            continue
        areas = nx.connected_components(board_graph.subgraph(col))
        if all(any(m in anchors for c in area for m in grid.neighbours(c)) for area in areas):
            want.add(sh)
    assert models(s, lambda m: flood.touch_cuts(s, m, anchors, shaded)) == want
