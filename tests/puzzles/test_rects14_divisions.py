"""_divisions.regions_of and one_clue_rectangles (the verifiers of the region
genres) against a reference written on networkx's connected components, on
random boards and random walls."""
from __future__ import annotations

import random

import networkx as nx

from satlink.puzzles._divisions import one_clue_rectangles, regions_of
from satlink.rules.grid import Grid


def reference_regions(grid: Grid, walls) -> tuple[list[set], dict, list[str]]:
    joined = nx.Graph()
    joined.add_nodes_from(grid.cells)
    joined.add_edges_from(e for e in grid.cell_edges() if e not in walls)
    parts = sorted(nx.connected_components(joined), key=min)
    where = {c: i for i, part in enumerate(parts) for c in part}
    problems = [f"the wall between {Grid.name(a)} and {Grid.name(b)} lies inside a region"
                for a, b in sorted(walls) if where[a] == where[b]]
    return parts, where, problems


def reference_one_clue(grid: Grid, walls, clue) -> tuple[list, dict, list[str]]:
    parts, where, problems = reference_regions(grid, walls)
    held_one = []
    for part in parts:
        first = Grid.name(min(part))
        if len(part) != len({r for r, _ in part}) * len({c for _, c in part}):
            problems.append(f"the region of {first} is not a rectangle")
        held = sorted(p for p in part if p in clue)
        if len(held) != 1:
            problems.append(f"the region of {first} holds {len(held)} numbers")
        else:
            held_one.append((part, held[0]))
    return held_one, where, problems


def seeded_grids(count: int, side: int):
    """(seed, its random generator, a board of 1 to ``side`` on a side), ``count`` of them."""
    for seed in range(count):
        rng = random.Random(seed)
        yield seed, rng, Grid(rng.randint(1, side), rng.randint(1, side))


def random_walls(rng: random.Random, grid: Grid) -> set:
    """Each cell edge a wall with a random density; now and then an edge
    written backwards (no wall of the grid's: it cuts nothing)."""
    density = rng.random()
    walls = {e for e in grid.cell_edges() if rng.random() < density}
    if walls and rng.random() < 0.2:
        a, b = rng.choice(sorted(walls))
        walls.add((b, a))
    return walls


def test_regions_of_matches_networkx():
    cut = 0
    for seed, rng, g in seeded_grids(400, 7):
        walls = random_walls(rng, g)
        got, want = regions_of(g, frozenset(walls)), reference_regions(g, walls)
        assert got == want, seed  # the same regions in the same order, the same problems
        cut += len(got[0]) > 2 and bool(got[2])
    assert cut > 20  # boards of several regions with walls inside some


def test_one_clue_rectangles_matches_the_reference():
    kinds = set()
    for seed, rng, g in seeded_grids(400, 6):
        walls = random_walls(rng, g)
        clue = {c: 1 for c in rng.sample(g.cells, rng.randint(0, len(g.cells)))}
        got = one_clue_rectangles(g, walls, clue)
        assert got == reference_one_clue(g, walls, clue), seed
        kinds.update(p.split(" ")[-2] for p in got[2] if p.startswith("the region"))
    assert {"a", "2"} <= kinds  # "not a rectangle" and "holds 2 numbers" both seen
