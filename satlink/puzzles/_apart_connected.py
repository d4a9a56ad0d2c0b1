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
    board = nx.grid_2d_graph(grid.rows, grid.cols)
    problems = [f"the shaded cells {Grid.name(a)} and {Grid.name(b)} touch"
                for a, b in sorted(board.subgraph(shaded).edges)]
    white = board.subgraph(set(grid.cells) - set(shaded))
    if white.number_of_nodes() and not nx.is_connected(white):
        problems.append("the white cells are not connected")
    return problems
