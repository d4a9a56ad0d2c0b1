"""CrossingLoop: the loops the encoding admits (lazy cuts, complete) are
exactly the closed curves found by brute force over every edge set of
small boards (each cell 0, 2 or 4 lines, one curve when crossings go
straight, traced by walking)."""
from __future__ import annotations

import itertools

import pytest

from satlink.formula import Formula
from satlink.rules.crossing_loop import CrossingLoop, crossing_loop_problems
from satlink.rules.grid import Grid, exits, shift, edge
from tests.rules.enumerate import solutions


def loops_of(grid, must=(), no_cross=(), complete=False, fixed=None):
    f = Formula()
    loop = CrossingLoop(grid, f, must=must, no_cross=no_cross, fixed=fixed)
    if complete:
        loop.encode_complete()
    got = solutions(f, list(loop.edges.values()), None if complete else loop.cuts)
    name = {x: e for e, x in loop.edges.items()}
    return {frozenset(name[x] for x in s) for s in got}


def one_curve(edges) -> bool:
    """Walk from an edge, straight on at crossings, turning at pieces: one
    closed curve exactly when the walk uses every edge before it closes."""
    start = min(edges)
    here, came = start[1], start[0]
    used = {start}
    while True:
        step = (here[0] - came[0], here[1] - came[1])
        ways = exits(edges, here)
        if len(ways) == 4:
            nxt = (here[0] + step[0], here[1] + step[1])
        else:
            nxt = next(shift(here, d) for d in ways if shift(here, d) != came)
        e = edge(here, nxt)
        if e == start:
            return len(used) == len(edges)
        if e in used:
            return False
        used.add(e)
        came, here = here, nxt


def brute(grid, must=(), no_cross=()):
    all_edges = grid.cell_edges()
    out = set()
    for bits in itertools.product((0, 1), repeat=len(all_edges)):
        edges = frozenset(e for e, b in zip(all_edges, bits) if b)
        if not edges:
            continue
        deg = {c: len(exits(edges, c)) for c in grid.cells}
        if any(d not in (0, 2, 4) for d in deg.values()):
            continue
        if any(deg[c] == 4 for c in no_cross) or any(deg[c] == 0 for c in must):
            continue
        if one_curve(edges):
            out.add(edges)
    return out


@pytest.mark.parametrize("rows, cols", [(2, 3), (3, 3)])
def test_loops_match_brute_force(rows, cols):
    g = Grid(rows, cols)
    want = brute(g)
    for complete in (False, True):
        assert loops_of(g, complete=complete) == want


@pytest.mark.slow
def test_crossings_must_cells_and_banned_crossings_match_brute_force():
    g, banned = Grid(3, 4), [(1, 1), (1, 2)]
    want, full = brute(g), brute(g, must=g.cells)
    fenced = brute(g, no_cross=banned)
    assert any(any(len(exits(s, c)) == 4 for c in g.cells) for s in want)  # crossings occur
    assert len(fenced) < len(want)
    for complete in (False, True):
        assert loops_of(g, complete=complete) == want
        assert loops_of(g, must=g.cells, complete=complete) == full
        assert loops_of(g, no_cross=banned, complete=complete) == fenced


@pytest.mark.parametrize("fixed", [
    {(1, 1): "nsew"},
    {(0, 0): "se", (1, 1): "ns"},
    {(1, 1): "nsew", (1, 2): "ns"},  # they disagree on their edge: no loop
    {(0, 0): "nw"},  # a piece off the board: no loop
])
def test_fixed_pieces_keep_exactly_the_loops_holding_them(fixed):
    g = Grid(3, 3)
    want = {s for s in brute(g) if all(exits(s, c) == p for c, p in fixed.items())}
    assert (not want) == (fixed in ({(1, 1): "nsew", (1, 2): "ns"}, {(0, 0): "nw"}))
    for complete in (False, True):
        assert loops_of(g, complete=complete, fixed=fixed) == want


def test_problems_name_separate_loops_and_banned_crossings():
    g = Grid(3, 4)
    eight = frozenset([((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 0), (1, 0)), ((1, 0), (2, 0)),
                       ((2, 0), (2, 1)), ((2, 1), (1, 1)), ((1, 1), (0, 1)), ((1, 1), (1, 2)),
                       ((1, 1), (1, 0))])
    assert crossing_loop_problems(g, eight)  # (0, 1) has three lines
    square = frozenset(Grid(2, 2).cell_edges())
    other = frozenset(edge((a[0], a[1] + 2), (b[0], b[1] + 2)) for a, b in square)
    assert "2 separate loops" in crossing_loop_problems(g, square | other)[0]
    assert crossing_loop_problems(g, square) == []
