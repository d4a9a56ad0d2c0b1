"""Loops through cell centres in cell-grid text: :data:`LOOP` reads a loop
cell's two directions (`se`, `ns`; `.` off the loop), :func:`loop_edges`
and :func:`loop_grid` turn such rows into loop edges and back, and
:data:`LOOP_SOLUTION` is the whole `solution` block of a cell-loop genre.
The loop rules (:mod:`satlink.rules.loops`, which brings the graph
encodings) are imported only when a loop is read: a genre without one
never loads them.
"""
from __future__ import annotations

from .cellgrid_declarations import Answer
from .cellgrid_tokens import Tokens, Values


def _piece(text: str) -> str | None:
    if len(text) == 2 and text[0] != text[1] and set(text) <= set("nesw"):
        return "".join(d for d in "nsew" if d in text)
    return None


#: A loop cell: two directions of n, e, s, w in any order (read as
#: :data:`satlink.rules.loops.PIECES`, `es` as `se`), `.` or `-` off the loop.
LOOP = Tokens(expect="two directions of n, e, s, w (`se`, `ns`, ...) or `.` (off the loop)",
              parse=_piece, show=str)
#: The `solution` block (and janko's published solution) of a genre whose
#: answer is a loop through cell centres (its edges) on ``inst.rows`` x
#: ``inst.cols``: each cell's two directions, `.` off the loop.
LOOP_SOLUTION = Answer(LOOP, read=lambda grid: loop_edges(grid),
                       write=lambda inst, edges: loop_grid(inst.rows, inst.cols, edges))


def loop_edges(grid: Values) -> frozenset:
    """The loop edges of a grid of :data:`LOOP` values (other values, such as
    a shaded cell's, are off the loop); each edge must be named at both ends.

    >>> sorted(loop_edges((("se", "sw"), ("ne", "nw"))))[:2]
    [((0, 0), (0, 1)), ((0, 0), (1, 0))]
    """
    from ..rules.loops import PIECES
    from .exits import edges_of  # exits builds on the kit's Tokens and Answer

    return edges_of(tuple(tuple(v if v in PIECES else None for v in row) for row in grid),
                    "solution", "line")


def loop_grid(rows: int, cols: int, edges) -> Values:
    """Each cell's :data:`LOOP` value: the loop's two directions there, or None."""
    from ..rules.grid import exits

    on = edges if isinstance(edges, (set, frozenset)) else frozenset(edges)
    return tuple(tuple(exits(on, (r, c)) or None for c in range(cols)) for r in range(rows))
