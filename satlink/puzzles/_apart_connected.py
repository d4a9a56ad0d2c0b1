"""The shading rule several genres share (Kuroshuto, Usoone, and the same
words in Hitori and Heyawake): no two shaded cells side by side, the white
cells one orthogonally connected area. Checked from the rules, with networkx.
"""
from __future__ import annotations

import networkx as nx

from ..rules.grid import Grid


def apart_and_connected(grid: Grid, shaded) -> list[str]:
    """What breaks the rule (empty when it holds); a cell off the board is
    reported alone.

    >>> apart_and_connected(Grid(2, 2), {(0, 0), (0, 1)})
    ['the shaded cells r1c1 and r1c2 touch']
    >>> apart_and_connected(Grid(2, 2), {(0, 1), (1, 0)})
    ['the white cells are not connected']
    """
    off = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not grid.inside(c)]
    if off:
        return off
    shaded = set(shaded)
    problems = [f"the shaded cells {Grid.name(a)} and {Grid.name(b)} touch"
                for a in sorted(shaded) for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
                if b in shaded]
    white = nx.Graph()  # built directly: grid_2d_graph and its subgraph views cost more
    white.add_nodes_from(c for c in grid.cells if c not in shaded)
    white.add_edges_from((a, b) for a in white for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
                         if b in white)
    if white.number_of_nodes() and not nx.is_connected(white):
        problems.append("the white cells are not connected")
    return problems
