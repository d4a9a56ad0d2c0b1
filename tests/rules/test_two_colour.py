"""Two colours (satlink/rules/two_colour.py) against brute force over every
shading of small boards: each rule's clauses allow exactly the shadings the
rule states, and every shading whose two colours are both connected obeys
them (the rules are implied, so they remove no YinYang solution)."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import two_colour
from satlink.rules.grid import Grid
from satlink.rules.shading import Shading
from tests.rules.enumerate import solutions

sizes = st.tuples(st.integers(1, 4), st.integers(1, 4)).filter(lambda rc: rc[0] * rc[1] <= 12)


def every_shading(grid):
    for bits in itertools.product((0, 1), repeat=len(grid.cells)):
        yield frozenset(c for c, b in zip(grid.cells, bits) if b)


def models(s):
    return {frozenset(c for c in s.cells if s.var[c] in m)
            for m in solutions(s.f, list(s.var.values()))}


def both_connected(grid, sh) -> bool:
    board = nx.grid_2d_graph(grid.rows, grid.cols)
    return all(not part or nx.is_connected(board.subgraph(part))
               for part in (sh, set(grid.cells) - sh))


def checkerboard(grid, sh) -> bool:
    return any(((a in sh) == (d in sh)) and ((b in sh) == (c in sh)) and ((a in sh) != (b in sh))
               for a, b, c, d in grid.squares())


def changes(grid, sh) -> int:
    if grid.rows < 2 or grid.cols < 2:
        return 0
    ring = two_colour.ring(grid.rows, grid.cols)
    return sum((a in sh) != (b in sh) for a, b in zip(ring, ring[1:] + ring[:1]))


def test_ring_goes_round_once():
    for rows, cols in itertools.product(range(2, 6), repeat=2):
        ring = two_colour.ring(rows, cols)
        assert len(ring) == len(set(ring)) == 2 * (rows + cols) - 4
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
                   for a, b in zip(ring, ring[1:] + ring[:1]))


@settings(max_examples=30, deadline=None)
@given(sizes)
def test_no_checkerboard(size):
    grid = Grid(*size)
    s = Shading(Formula(), grid)
    two_colour.no_checkerboard(s)
    want = {sh for sh in every_shading(grid) if not checkerboard(grid, sh)}
    assert models(s) == want


@settings(max_examples=30, deadline=None)
@given(sizes)
def test_one_arc_each(size):
    grid = Grid(*size)
    s = Shading(Formula(), grid)
    two_colour.one_arc_each(s)
    want = {sh for sh in every_shading(grid) if changes(grid, sh) <= 2}
    assert models(s) == want


@pytest.mark.slow
def test_both_rules_follow_from_both_colours_connected():
    for rows, cols in [(2, 2), (2, 5), (3, 3), (3, 4), (4, 4), (1, 5)]:
        grid = Grid(rows, cols)
        for sh in every_shading(grid):
            if both_connected(grid, sh):
                assert not checkerboard(grid, sh) and changes(grid, sh) <= 2, (rows, cols, sh)
