"""A loop's answer checked and read, independent of any encoding: whether
a set of edges is one loop over the allowed nodes through the required ones
(:func:`loop_problems`, for the genres' verifiers) and the loop's
nodes in order (:func:`loop_order`, for solution texts and pictures). The
nodes are cells (a loop through cell centres, :mod:`satlink.rules.loops`)
or lattice points (:mod:`satlink.rules.lattice_loop`)."""
from __future__ import annotations

from collections.abc import Iterable

from .grid import Cell, Edge, Grid


def loop_problems(grid: Grid, edges: Iterable[Edge], allowed: Iterable[Cell] | None = None,
                  required: Iterable[Cell] = (), name=Grid.name) -> list[str]:
    """What keeps ``edges`` from being one loop on ``grid`` using only
    ``allowed`` nodes (default: all) and passing through ``required`` ones
    (independent of any encoding); empty when it is one. The
    nodes are the cells of ``grid`` (a loop through cell centres) or, given
    the grid of a board's lattice points and a ``name`` for them, its points.
    A line that is not allowed, or no line at all, is the only problem named.

    The degrees and pieces are counted here, not by networkx: every loop
    genre's verify runs this once per answer, and building networkx's Graph
    was most of the verify (measured: 0.25 ms of a Moon-or-Sun verdict)."""
    edges = list(edges)
    keep = None if allowed is None else set(allowed)
    is_edge = grid.is_cell_edge
    for e in edges:
        if not is_edge(e) or (keep is not None and not (e[0] in keep and e[1] in keep)):
            try:
                return [f"the line between {name(e[0])} and {name(e[1])} is not allowed"]
            except (TypeError, ValueError, IndexError):
                return [f"the line {e!r} is not allowed"]
    if not edges:
        return ["there is no loop"]
    adj: dict[Cell, list[Cell]] = {}
    for a, b in set(edges):  # each line once (an allowed one is in stored order)
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    out = [f"the loop {'branches' if d > 2 else 'ends'} at {name(c)}"
           for c, d in sorted((c, len(nb)) for c, nb in adj.items() if len(nb) != 2)]
    k = pieces(adj)
    if k > 1:
        out.append(f"the lines form {k} separate pieces, not one loop")
    out += [f"the loop does not pass through {name(c)}" for c in required if c not in adj]
    return out


def pieces(adj: dict) -> int:
    """The number of connected pieces of the graph ``adj`` (node -> its
    neighbours)."""
    seen: set = set()
    k = 0
    for start in adj:
        if start in seen:
            continue
        k += 1
        seen.add(start)
        todo = [start]
        for a in todo:  # grows while it runs
            for b in adj[a]:
                if b not in seen:
                    seen.add(b)
                    todo.append(b)
    return k


def loop_order(edges: Iterable[Edge]) -> list[Cell]:
    """The loop's cells (or points) in order, from the smallest toward its
    smaller neighbour (the first is not repeated)."""
    adj: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    if not adj:
        return []
    start = min(adj)
    out, prev, cur = [start], start, min(adj[start])
    while cur != start:
        out.append(cur)
        nxt = [c for c in adj[cur] if c != prev]
        if not nxt:
            break
        prev, cur = cur, nxt[0]
    return out
