"""Rooms a loop visits: the clauses of satlink.rules.rooms against brute
force over every simple cycle of small boards (networkx counts the stretches)."""
from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import rooms
from satlink.rules.grid import Grid
from satlink.rules.loops import CellLoop
from tests.puzzles.test_lits import region_maps
from tests.puzzles.loop_checks import stretches
from tests.rules.enumerate import solutions
from tests.rules.test_loops import cycles


def admitted(grid, all_rooms, build) -> set[frozenset]:
    f = Formula()
    loop = CellLoop(grid, f, [c for room in all_rooms for c in room])
    build(f, loop)
    name = {x: e for e, x in loop.edges.items()}
    return {frozenset(name[x] for x in s) for s in solutions(f, list(name), loop.cuts)}


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(region_maps([(2, 3), (3, 3), (2, 4), (3, 4)], 4), st.integers(1, 2), st.data())
def test_rules_match_brute_force(board, times, data):
    rows, cols, regions = board
    grid, all_rooms = Grid(rows, cols), rooms.rooms_of(regions)
    cells = [c for room in all_rooms for c in room]
    loops = cycles(grid, cells)
    for loop in loops:  # the verify-side helpers agree with networkx
        assert all(rooms.visits(loop, room) == stretches(loop, room) for room in all_rooms)
    want = {c for c in loops if all(stretches(c, room) == times for room in all_rooms)}
    assert admitted(grid, all_rooms, lambda f, loop: rooms.enters_each(
        f, loop, all_rooms, times)) == want
    idle = {c for c in loops if not rooms.idle_pairs_across(c, grid, all_rooms)}
    assert idle == {c for c in loops if all(
        nx.Graph(c).has_node(a) or nx.Graph(c).has_node(b) for a, b in grid.cell_edges(cells)
        if regions[a[0]][a[1]] != regions[b[0]][b[1]])}
    assert admitted(grid, all_rooms, lambda f, loop: rooms.no_idle_pair_across(
        f, loop, grid, all_rooms)) == idle
    kinds = data.draw(st.lists(st.booleans(), min_size=len(all_rooms), max_size=len(all_rooms)))

    def alternating(f, loop):
        kind = {i: f.var("kind", i) for i in range(len(all_rooms))}
        f.extend([kind[i]] if k else [-kind[i]] for i, k in enumerate(kinds))
        rooms.alternate(f, loop, all_rooms, kind)

    assert admitted(grid, all_rooms, alternating) == {
        c for c in loops if all(kinds[regions[a[0]][a[1]]] != kinds[regions[b[0]][b[1]]]
                                for a, b in c if regions[a[0]][a[1]] != regions[b[0]][b[1]])}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(region_maps([(2, 3), (3, 3), (2, 4), (3, 4), (4, 4)], 4), st.integers(1, 2))
def test_every_cell_counts_agree_with_brute_force(board, times):
    """enters_each(every_cell=True) over a loop through every room cell (its
    counts inside rooms or on their borders, whichever is shorter) admits
    exactly the Hamiltonian cycles that visit each room ``times`` times."""
    rows, cols, regions = board
    grid, all_rooms = Grid(rows, cols), rooms.rooms_of(regions)
    cells = [c for room in all_rooms for c in room]
    want = {c for c in cycles(grid, cells, must=cells)
            if all(stretches(c, room) == times for room in all_rooms)}

    def build(f, loop):
        f.extend([loop.on[c]] for c in cells)
        rooms.enters_each(f, loop, all_rooms, times, every_cell=True)

    assert admitted(grid, all_rooms, build) == want


def test_cells_visited_counts_the_room_cells_on_the_loop():
    grid, room = Grid(2, 3), [(0, 0), (1, 0)]
    for n in range(3):
        got = admitted(grid, [grid.cells], lambda f, loop: rooms.cells_visited(f, loop, room, n))
        assert got == {c for c in cycles(grid) if len(rooms.cells_on(c, room)) == n}
