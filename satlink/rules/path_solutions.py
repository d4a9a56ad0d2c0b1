"""Reading the paths of :class:`satlink.rules.paths.Paths` (a solution: per
label, its cells from its first end to its second): following the joined
cells, and each cell's shape or the edges the paths use.
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping

from .grid import OPPOSITE, Cell, Edge, edge
from .path_cells import DIRS

#: A solution: (label, cells from its first end to its second) per label.
Solution = tuple[tuple[Hashable, tuple[Cell, ...]], ...]


def walk(ends: Mapping[Hashable, tuple[Cell, Cell]], adj: Mapping[Cell, list[Cell]]) -> Solution:
    """Follow the joined cells from each label's first end to the next end.
    Joined cells that no path reaches become one more entry labelled ""
    (a loop or a stray piece), which a verifier reports."""
    stops = {cell for pair in ends.values() for cell in pair}
    out, seen = [], set()
    for lab, (a, _b) in ends.items():
        path, prev, cur = [a], None, a
        seen.add(a)
        while True:
            nxt = [v for v in adj.get(cur, ()) if v != prev and v not in seen]
            if not nxt or (cur != a and cur in stops):
                break
            prev, cur = cur, nxt[0]
            path.append(cur)
            seen.add(cur)
        out.append((lab, tuple(path)))
    stray = tuple(sorted(u for u, vs in adj.items() if vs and u not in seen))
    if stray:
        out.append(("", stray))
    return tuple(out)


def shapes_of(rows: int, cols: int, sol: Solution) -> list[list[str]]:
    """Per cell the directions its path takes, in `nsew` order ("" = empty)."""
    conn = [[set() for _ in range(cols)] for _ in range(rows)]
    for _lab, path in sol:
        for (r1, c1), (r2, c2) in zip(path, path[1:]):
            for d, (dr, dc) in DIRS.items():
                if (r1 + dr, c1 + dc) == (r2, c2):
                    conn[r1][c1].add(d)
                    conn[r2][c2].add(OPPOSITE[d])
    return [["".join(d for d in "nsew" if d in ds) for ds in row] for row in conn]


def path_edges(sol: Solution) -> frozenset[Edge]:
    """The cell edges between consecutive cells of the paths of ``sol``.

    >>> sorted(path_edges((("A", ((0, 0), (0, 1), (1, 1))),)))
    [((0, 0), (0, 1)), ((0, 1), (1, 1))]
    """
    return frozenset(edge(a, b) for _lab, path in sol for a, b in zip(path, path[1:])
                     if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1)
