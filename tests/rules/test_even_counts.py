"""rules.even_counts and the one-pass room helpers of rules.rooms."""
from __future__ import annotations

import itertools
import random

import pytest
from pysat.solvers import Solver

from satlink.formula import Formula
from satlink.rules import even_counts, rooms
from satlink.rules.grid import Grid
from satlink.rules.loops import CellLoop
from tests.rules.enumerate import solutions


@pytest.mark.parametrize("n", range(9))
def test_at_most_two_allows_exactly_the_assignments_with_two_or_fewer(n):
    """Both forms (triples up to five literals, a counter above; Moon or
    Sun, Entry-Exit, Country Road) against every assignment of n literals."""
    for values in itertools.product((False, True), repeat=n):
        f = Formula()
        xs = [f.var("x", i) for i in range(n)]
        even_counts.at_most_two(f, xs)
        with Solver(bootstrap_with=f.clauses) as s:
            got = s.solve(assumptions=[x if v else -x for x, v in zip(xs, values)])
        assert got == (sum(values) <= 2), values


@pytest.mark.parametrize("seed", range(5))
def test_borders_and_visits_each_match_room_by_room(seed):
    rnd = random.Random(seed)
    grid = Grid(4, 5)
    labels = {c: rnd.randrange(4) for c in grid.cells}
    room_cells = [[c for c in grid.cells if labels[c] == k] for k in range(4)]
    room_cells = [r for r in room_cells if r]
    loop = CellLoop(grid, Formula())
    assert rooms.borders(loop, room_cells) == [loop.border(r) for r in room_cells]
    edges = rnd.sample(sorted(loop.edges), 9)
    assert rooms.visits_each(edges, room_cells) == [rooms.visits(edges, r) for r in room_cells]
    overlapping = room_cells + [grid.cells[:3]]  # a cell in two rooms: room by room
    assert rooms.borders(loop, overlapping) == [loop.border(r) for r in overlapping]
    assert rooms.visits_each(edges, overlapping) == [rooms.visits(edges, r) for r in overlapping]


@pytest.mark.parametrize("seed", range(6))
def test_enters_each_once_has_the_models_of_exactly_two_crossings(seed):
    """Country Road's room rule (some border edge on, at most two of all
    but the last, the count being even under the degree clauses) against
    rooms.enters_each's exactly two of every border edge: the same sets of
    loop edges on random room maps of small boards (disjoint cycles, as
    the degree clauses allow before the one-cycle cuts)."""
    rnd = random.Random(seed)
    grid = Grid(3, 4) if seed % 2 else Grid(4, 4)
    labels = {c: rnd.randrange(3) for c in grid.cells}
    room_cells = [[c for c in grid.cells if labels[c] == k] for k in range(3)]
    room_cells = [r for r in room_cells if r]
    models = []
    for rule in (lambda f, loop: even_counts.enters_each_once(f, loop, room_cells),
                 lambda f, loop: rooms.enters_each(f, loop, room_cells, 1)):
        f = Formula()
        loop = CellLoop(grid, f)
        rule(f, loop)
        models.append(solutions(f, list(loop.edges.values())))
    assert models[0] == models[1]
    if len(room_cells) > 1:
        assert models[0]  # a real comparison: some set of cycles crosses every border twice
