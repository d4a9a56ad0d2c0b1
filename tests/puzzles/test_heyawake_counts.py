"""Heyawake's room counts over dominoes (satlink/rules/apart_counts.py):
against brute force on rooms of any shape, alone and in whole boards."""
from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.contract import Options
from satlink.formula import Formula
from satlink.puzzles import heyawake as H
from satlink.rules.apart_counts import at_least, at_most, pieces
from satlink.rules.grid import Grid
from tests.puzzles.test_heyawake import brute, sat_solutions
from tests.rules.enumerate import solutions


@st.composite
def polyomino(draw, most=9):
    """A connected set of cells grown from (0, 0) on a 3 x 4 board."""
    grid = Grid(3, 4)
    cells = [(draw(st.integers(0, 2)), draw(st.integers(0, 3)))]
    for _ in range(draw(st.integers(0, most - 1))):
        around = sorted({n for c in cells for n in grid.neighbours(c)} - set(cells))
        if not around:
            break
        cells.append(draw(st.sampled_from(around)))
    return sorted(cells)


def apart(cells) -> list[tuple]:
    return [(a, b) for a, b in itertools.combinations(cells, 2)
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]


@settings(max_examples=150, deadline=None)
@given(polyomino())
def test_pieces_are_dominoes_or_single_cells_covering_the_room(room):
    parts = pieces(room)
    assert sorted(c for p in parts for c in p) == room
    assert all(len(p) == 1 or (len(p) == 2 and apart(p)) for p in parts)


@settings(max_examples=150, deadline=None)
@given(polyomino(), st.data())
def test_at_least_and_at_most_match_brute_force(room, data):
    """With no two of the room's cells shaded side by side, the clauses of
    ``at_least`` / ``at_most`` over the pieces allow exactly the shadings
    with at least / at most k shaded cells."""
    parts = pieces(room)
    k = data.draw(st.integers(1, len(parts)))
    for kind in ("least", "most"):
        f = Formula()
        var = {c: f.var("x", *c) for c in room}
        f.clauses += [[-var[a], -var[b]] for a, b in apart(room)]
        lits = [[var[c] for c in p] for p in parts]
        f.clauses += at_least(lits, k) if kind == "least" else at_most(lits, k)
        got = solutions(f, list(var.values()))
        name = {x: c for c, x in var.items()}
        got = {frozenset(name[x] for x in s) for s in got}
        want = set()
        for bits in itertools.product((0, 1), repeat=len(room)):
            sh = {c for c, b in zip(room, bits) if b}
            if not any(a in sh and b in sh for a, b in apart(room)) and (
                    len(sh) >= k if kind == "least" else len(sh) <= k):
                want.add(frozenset(sh))
        assert got == want, (room, k, kind)


@st.composite
def boards(draw):
    """A 3 x 3 or 2 x 4 board cut into two or three rooms of any shape (grown
    from seeds), some numbered up to their size."""
    rows, cols = draw(st.sampled_from([(3, 3), (2, 4), (3, 4)]))
    grid = Grid(rows, cols)
    cells = list(grid.cells)
    seeds = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=3, unique=True))
    room = {c: i for i, c in enumerate(seeds)}
    while len(room) < len(cells):
        free = sorted({(n, room[c]) for c in room for n in grid.neighbours(c) if n not in room})
        n, i = draw(st.sampled_from(free))
        room[n] = i
    regions = tuple(tuple(room[(r, c)] for c in range(cols)) for r in range(rows))
    inst = H.Instance(rows, cols, regions)
    numbers = [(r[0], draw(st.integers(0, len(r)))) for r in inst.rooms if draw(st.booleans())]
    return H.Instance(rows, cols, regions, tuple(numbers))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_boards_of_any_rooms_match_brute_force(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    kept = [n for n in H.clues(inst)][::2]
    assert sat_solutions(inst, Options(clues="selectors"), clues=kept) == brute(
        H.with_clues(inst, kept))
