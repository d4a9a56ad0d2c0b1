"""loop_problems counts degrees and pieces itself (no networkx, for speed):
on random sets of lines, with duplicates, disallowed cells and required
cells, it names exactly the problems networkx's graph shows."""
from __future__ import annotations

import random

import networkx as nx
import pytest

from satlink.rules.grid import Grid
from satlink.rules.loop_checks import loop_problems


def by_networkx(grid, edges, allowed=None, required=()):
    """The problems as networkx sees them (the former implementation's logic)."""
    keep = None if allowed is None else set(allowed)
    for e in edges:
        if not grid.is_cell_edge(e) or (keep is not None and not (e[0] in keep and e[1] in keep)):
            return [f"the line between {grid.name(e[0])} and {grid.name(e[1])} is not allowed"]
    if not edges:
        return ["there is no loop"]
    g = nx.Graph(edges)
    out = [f"the loop {'branches' if d > 2 else 'ends'} at {grid.name(c)}"
           for c, d in sorted((c, d) for c, d in g.degree if d != 2)]
    k = nx.number_connected_components(g)
    if k > 1:
        out.append(f"the lines form {k} separate pieces, not one loop")
    return out + [f"the loop does not pass through {grid.name(c)}" for c in required if c not in g]


def loops_of(grid, rng):
    """Lines that are one or more rectangles' borders, plus stray lines."""
    edges = []
    for _ in range(rng.randint(1, 3)):
        r, c = rng.randrange(grid.rows - 1), rng.randrange(grid.cols - 1)
        r2, c2 = rng.randint(r + 1, grid.rows - 1), rng.randint(c + 1, grid.cols - 1)
        edges += [((r, j), (r, j + 1)) for j in range(c, c2)] + \
            [((r2, j), (r2, j + 1)) for j in range(c, c2)] + \
            [((i, c), (i + 1, c)) for i in range(r, r2)] + \
            [((i, c2), (i + 1, c2)) for i in range(r, r2)]
    everything = grid.cell_edges(grid.cells)
    if rng.random() < 0.5:
        edges += rng.sample(everything, rng.randint(1, 3))
    if rng.random() < 0.3 and edges:
        edges.append(rng.choice(edges))  # a line twice
    rng.shuffle(edges)
    return edges


@pytest.mark.parametrize("seed", range(60))
def test_same_problems_as_networkx(seed):
    rng = random.Random(seed)
    grid = Grid(rng.randint(2, 6), rng.randint(2, 6))
    edges = loops_of(grid, rng)
    allowed = None if rng.random() < 0.5 else rng.sample(grid.cells, len(grid.cells) * 9 // 10)
    required = rng.sample(grid.cells, rng.randint(0, 3))
    got = loop_problems(grid, edges, allowed, required)
    assert got == by_networkx(grid, edges, allowed, required)


def test_one_loop_and_two_pieces():
    g = Grid(3, 4)
    square = [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1))]
    assert loop_problems(g, square, required=[(0, 0)]) == []
    far = [((r + 1, c + 2), (r2 + 1, c2 + 2)) for (r, c), (r2, c2) in square]
    assert loop_problems(g, square + far) == ["the lines form 2 separate pieces, not one loop"]
    assert loop_problems(g, square[:3]) == ["the loop ends at r1c2", "the loop ends at r2c2"]
    assert loop_problems(g, square + [((0, 1), (0, 2))]) == [
        "the loop branches at r1c2", "the loop ends at r1c3"]
    assert loop_problems(g, []) == ["there is no loop"]
