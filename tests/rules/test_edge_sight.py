"""Sight through doors against brute force: on small boards, the open-door
sets that ``count_seen`` allows (directly and behind a selector) are exactly
those where the cell sees k others, walked door by door."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.edge_sight import count_seen, seen
from satlink.rules.grid import Grid
from tests.rules.enumerate import solutions


def walked(rows: int, cols: int, opened: set, cell) -> int:
    """Cells seen from ``cell``: step while the door to the next cell is open."""
    n = 0
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        r, c = cell
        while 0 <= r + dr < rows and 0 <= c + dc < cols:
            a, b = sorted([(r, c), (r + dr, c + dc)])
            if (a, b) not in opened:
                break
            r, c = r + dr, c + dc
            n += 1
    return n


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.integers(1, 3), st.data())
def test_count_seen_matches_brute_force(rows, cols, data):
    grid = Grid(rows, cols)
    cells = grid.cells
    cell = data.draw(st.sampled_from(cells))
    k = data.draw(st.integers(0, rows + cols))
    guarded = data.draw(st.booleans())
    f = Formula()
    door = {e: f.var("open", *e[0], *e[1]) for e in grid.cell_edges()}
    when = f.var("sel") if guarded else None
    count_seen(f, grid, door, cell, k, when=when)
    got = solutions(f, list(door.values()), assumptions=[when] if guarded else [])
    name = {x: e for e, x in door.items()}
    got = {frozenset(name[x] for x in s) for s in got}
    edges = list(door)
    want = {frozenset(s) for n in range(len(edges) + 1) for s in itertools.combinations(edges, n)
            if walked(rows, cols, set(s), cell) == k}
    assert got == want
    for s in want:
        assert seen(grid, s, cell) == k
    if guarded:   # the selector off: the rule says nothing
        free = solutions(f, list(door.values()), assumptions=[-when])
        assert len(free) == 2 ** len(edges)
