"""Doors' verify without networkx reports what the networkx reading did:
random walls and numbers on small boards, the old verify as the oracle."""
from __future__ import annotations

import random

import networkx as nx

from satlink.puzzles import doors as D
from satlink.rules.edge_sight import seen
from satlink.rules.grid import Grid


def oracle(inst: D.Instance, walls) -> list[str]:
    """The verify of 7cb551c (networkx's components)."""
    problems = [f"{Grid.pair_name(*e)} is not a door between two rooms of the board"
                for e in sorted(walls) if not inst.grid.is_cell_edge(e)]
    opened = set(D.open_doors(inst, walls))
    rooms = nx.Graph(opened)
    rooms.add_nodes_from(inst.grid.cells)
    if not nx.is_connected(rooms):
        parts = sorted(sorted(c) for c in nx.connected_components(rooms))
        problems.append(f"the rooms fall into {len(parts)} parts (one holds"
                        f" {Grid.name(parts[0][0])}, another {Grid.name(parts[1][0])})")
    for cell, k in inst.numbers:
        n = seen(inst.grid, opened, cell)
        if n != k:
            problems.append(f"the {k} at {Grid.name(cell)} sees {n} rooms")
    return problems


def test_verify_agrees_with_networkx_reading():
    rnd = random.Random(15)
    split = 0
    for _ in range(600):
        rows, cols = rnd.randint(1, 5), rnd.randint(1, 5)
        g = Grid(rows, cols)
        density = rnd.random()
        walls = {e for e in g.cell_edges() if rnd.random() < density}
        if rnd.random() < 0.1:  # an edge that is no door of the board
            walls.add(((0, 0), (rows, cols)))
        cells = rnd.sample(g.cells, rnd.randint(0, min(3, rows * cols)))
        numbers = tuple((c, rnd.randint(0, rows + cols - 2)) for c in sorted(cells))
        inst = D.Instance(rows, cols, numbers)
        got = D.verify(inst, walls)
        assert got == oracle(inst, walls), (rows, cols, sorted(walls), numbers)
        split += any("parts" in p for p in got)
    assert split > 100  # the disconnected case is exercised
