"""CrossingLoop: the loops the encoding admits (lazy cuts, complete) are
exactly the closed curves found by brute force over every edge set of
small boards (each cell 0, 2 or 4 lines, one curve when crossings go
straight, traced by walking)."""
from __future__ import annotations

import itertools

import pytest

from satlink.formula import Formula
from satlink.rules.crossing_loop import CrossingLoop, count_in, crossing_loop_problems
from satlink.rules.grid import Grid, exits, shift, edge
from tests.rules.enumerate import solutions


def loops_of(grid, must=(), no_cross=(), complete=False, fixed=None, crossings=None):
    f = Formula()
    loop = CrossingLoop(grid, f, must=must, no_cross=no_cross, fixed=fixed, crossings=crossings)
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


@pytest.mark.parametrize("u", range(5))
def test_count_in_is_exactly_the_allowed_counts(u):
    """Every set of allowed counts (in range or not) over up to four literals."""
    for allowed in itertools.chain.from_iterable(
            itertools.combinations(range(-1, 6), k) for k in range(4)):
        f = Formula()
        lits = [f.var("x", i) for i in range(u)]
        count_in(f.clauses, lits, allowed)
        got = {frozenset(s) for s in solutions(f, lits)}
        want = {frozenset(pick) for k in allowed if 0 <= k <= u
                for pick in itertools.combinations(lits, k)}
        assert got == want, allowed


@pytest.mark.parametrize("rows, cols, fixed, no_cross, count", [
    (3, 4, {(1, 1): "se"}, (), 1),
    (3, 4, {(0, 1): "ew", (2, 3): "nw"}, (), 1),
    (3, 4, {(1, 0): "ns"}, [(1, 1)], 2),  # fixes an edge beside, leaves both loops
    (3, 4, {(0, 0): "se", (1, 3): "ns", (2, 1): "ew"}, [(1, 2)], 1),
    (3, 4, {(1, 1): "ns"}, (), 0),
    (3, 4, {(1, 1): "nsew"}, (), 0),
    (3, 3, {(1, 1): "nsew"}, (), 0),
])
@pytest.mark.parametrize("crossings", [None, ()])
def test_must_cells_beside_pieces_keep_exactly_their_loops(rows, cols, fixed, no_cross, count,
                                                          crossings):
    """Every cell required and pieces given (Pipelink), with a ``cross``
    literal everywhere or only where banned (the rule of the cells beside
    the pieces then written over their open edges): the loops through
    every cell holding the pieces, as brute force finds them (4 x 4 boards,
    where crossings occur, in tests/puzzles/test_pipelink.py)."""
    g = Grid(rows, cols)
    want = {s for s in brute(g, must=g.cells, no_cross=no_cross)
            if all(exits(s, c) == p for c, p in fixed.items())}
    assert len(want) == count
    for complete in (False, True):
        assert loops_of(g, must=g.cells, no_cross=no_cross, complete=complete, fixed=fixed,
                        crossings=crossings) == want


def even_drawings(grid):
    """Every nonempty edge set of ``grid`` with 2 or 4 lines at every cell
    (one curve or several): what the cell rules alone admit."""
    all_edges = grid.cell_edges()
    out = []
    for bits in itertools.product((0, 1), repeat=len(all_edges)):
        edges = frozenset(e for e, b in zip(all_edges, bits) if b)
        if all(len(exits(edges, c)) in (2, 4) for c in grid.cells):
            out.append(edges)
    return out


def test_cell_rules_beside_pieces_are_exactly_the_degree_and_bend():
    """On the 3 x 4 board with every cell required and ``cross`` literals on
    none: each piece of every shape in each cell, and each pair of the
    pieces of one drawing, given; the models of the clauses without the
    cuts, on the edges and bends, are exactly the drawings of 2 or 4 lines
    per cell holding the pieces, each bend true where its cell turns. Every
    case of a cell beside the pieces (one, two or three of its edges fixed,
    true or false; a bend with one or both vertical edges fixed) occurs."""
    g = Grid(3, 4)
    drawings = even_drawings(g)
    shapes = ("ns", "ew", "ne", "nw", "se", "sw", "nsew")
    cases = [{c: p} for c in g.cells for p in shapes]
    for k in (0, len(drawings) // 2, len(drawings) - 1):
        pieces = [(c, exits(drawings[k], c)) for c in g.cells]
        cases += [dict(pair) for pair in itertools.combinations(pieces, 2)]
    for fixed in cases:
        f = Formula()
        loop = CrossingLoop(g, f, must=g.cells, fixed=fixed, crossings=())
        name = {x: e for e, x in loop.edges.items()}
        got = solutions(f, list(loop.edges.values()) + list(loop.bend.values()))
        want = set()
        for d in drawings:
            if all(exits(d, c) == p for c, p in fixed.items()):
                turns = {loop.bend[c] for c in g.cells if len(exits(d, c)) == 2
                         and exits(d, c) not in ("ns", "ew")}
                want.add(frozenset(loop.edges[e] for e in d) | turns)
        assert got == want, (fixed, [sorted(name.get(x, x) for x in s) for s in got ^ want][:2])


@pytest.mark.parametrize("cell", [(1, 1), (0, 1), (1, 0), (0, 0), (2, 2)])
def test_a_cell_beside_pieces_is_exactly_its_rule(cell):
    """A required cell's clauses with each of its edges open, fixed true or
    fixed false (every combination; all open: :meth:`_cell_rules`): over its open edges and its bend they
    hold exactly when the cell has 2 or 4 lines in all and the bend is
    "n xor s"; they name no fixed edge. (On whole boards a wrong clause
    here can hide behind the parity of the other cells.)"""
    g = Grid(3, 3)
    f = Formula()
    loop = CrossingLoop(g, f, must=g.cells, crossings=())
    around = loop._around(cell)
    edges = [x for x in around if x is not None]
    for values in itertools.product((None, True, False), repeat=len(edges)):
        known = {x: v for x, v in zip(edges, values) if v is not None}
        start = len(f.clauses)
        loop.bend.pop(cell, None)
        if known:
            loop._beside_pieces(cell, around, known)
        else:  # none fixed: the rule of every required cell
            loop._cell_rules(cell, around, False, True, False)
        clauses, bend = f.clauses[start:], loop.bend.get(cell)
        free = [x for x in edges if x not in known] + ([bend] if bend else [])
        assert {abs(x) for c in clauses for x in c} <= set(free)
        for bits in itertools.product((False, True), repeat=len(free)):
            value = {**known, **dict(zip(free, bits))}
            holds = all(any(value[abs(x)] == (x > 0) for x in c) for c in clauses)
            n, s = (value.get(x, False) if x else False for x in around[:2])
            degree = sum(value[x] for x in edges)
            want = degree in (2, 4) and (bend is None or value[bend] == (n != s))
            assert holds == want, (cell, known, value)


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
