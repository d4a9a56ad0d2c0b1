"""Verifiers' view of a division given by its walls (networkx, from the
rules): the regions, and the walls that part no two regions."""
from __future__ import annotations

from collections.abc import Collection

import networkx as nx

from ..rules.grid import Edge, Grid


def regions_of(grid: Grid, walls: Collection[Edge]) -> tuple[list[set], dict, list[str]]:
    """(regions, cell -> region index, problems): the connected groups of
    cells joined across the edges that are not walls, and a problem per
    wall inside one of them.

    >>> parts, where, problems = regions_of(Grid(1, 2), {((0, 0), (0, 1))})
    >>> parts, problems
    ([{(0, 0)}, {(0, 1)}], [])
    """
    joined = nx.Graph()
    joined.add_nodes_from(grid.cells)
    joined.add_edges_from(e for e in grid.cell_edges() if e not in walls)
    parts = sorted(nx.connected_components(joined), key=min)
    where = {c: i for i, part in enumerate(parts) for c in part}
    problems = [f"the wall between {Grid.name(a)} and {Grid.name(b)} lies inside a region"
                for a, b in sorted(walls) if where[a] == where[b]]
    return parts, where, problems
