"""Edges between cells written cell by cell as exits: a cell's token is the
direction letters of its edges (one to four of n, e, s, w, in any order,
read in :data:`~satlink.rules.grid.WRITTEN` order: `es` reads as `se`),
`.` or `-` for none, and each edge is named at both of its cells. Circuit
Board's wires, the pipes of Pipeline and Pipelink (`e` an end, `nsew` a
crossing), the lines of Number Snake and Shirokuro, Numberlink's
connections. :data:`cellgrid.LOOP <satlink.formats.cellgrid.LOOP>` is the
two-letter case of a loop, and :func:`cellgrid.loop_edges
<satlink.formats.cellgrid.loop_edges>` reads it with :func:`edges_of`.

>>> from satlink.formats.cellgrid import board
>>> grid = exits_grid(1, 3, [((0, 0), (0, 1)), ((0, 1), (0, 2))])
>>> grid
(('e', 'ew', 'w'),)
>>> sorted(edges_of(grid, "wires"))
[((0, 0), (0, 1)), ((0, 1), (0, 2))]
>>> edges_of((("e", None),), "wires")
Traceback (most recent call last):
satlink.formats.cellgrid.CellError: <input>: the wire e of r1c1 is not named at r1c2 (`w` there)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .cellgrid import Answer, CellError, Tokens, board, given
from ..rules.grid import OPPOSITE, WRITTEN, Cell, Edge, Grid, edges_from_exits, exits, shift

#: Every count of letters a token may have.
ANY = (1, 2, 3, 4)


def parse_exits(text: str, sizes: tuple[int, ...] = ANY) -> str | None:
    """Direction letters (``sizes`` distinct of n e s w, any order) in
    :data:`~satlink.rules.grid.WRITTEN` order; None when ``text`` is not such a token."""
    if len(text) in sizes and len(set(text)) == len(text) and set(text) <= set(WRITTEN):
        return "".join(d for d in WRITTEN if d in text)
    return None


def exits_tokens(what: str, expect: str, values: Mapping[str, Any] | None = None,
                 sizes: tuple[int, ...] = ANY, empty: tuple[str, ...] = (".", "-")) -> Tokens:
    """The :class:`Tokens` of a block of exits of ``sizes`` letters
    (``values``: other glyphs, such as a blacked-out cell's `x`), ``empty`` none."""
    return Tokens(what=what, expect=expect, values=dict(values or {}), empty=empty,
                  parse=lambda text: parse_exits(text, sizes), show=str)


def edges_of(grid, block: str, what: str = "wire") -> frozenset[Edge]:
    """The edges of a grid of exit values (other values are no exits); each
    must be named at both ends (a :class:`CellError` in ``block`` at the
    first cell whose ``what`` leads off the board or has no partner)."""
    area = Grid(len(grid), len(grid[0]) if grid else 0)
    edges, bad = edges_from_exits({c: d for c, d in given(grid)
                                   if isinstance(d, str) and set(d) <= set(WRITTEN)})
    for cell, d in bad[:1]:
        there = shift(cell, d)
        if not area.inside(there):
            raise CellError(f"the {what} {d} of {Grid.name(cell)} leads off the board", cell,
                            block)
        raise CellError(f"the {what} {d} of {Grid.name(cell)} is not named at"
                        f" {Grid.name(there)} (`{OPPOSITE[d]}` there)", cell, block)
    return edges


def exits_grid(rows: int, cols: int, edges: Iterable[Edge],
               others: Mapping[Cell, Any] | None = None):
    """Each cell's exits in ``edges`` (None: no edge), ``others`` (cell ->
    value) written over them."""
    on = frozenset(edges)
    others = others or {}
    dirs = {c: exits(on, c) for c in Grid(rows, cols).cells if c not in others}
    return board(rows, cols, {**{c: d for c, d in dirs.items() if d}, **others})


def off_board(grid: Grid, cell: Cell, dirs: str, what: str = "pipe") -> str | None:
    """Why ``dirs`` cannot leave ``cell`` (an exit off the board), None when they can."""
    r, c = cell
    if 0 < r < grid.rows - 1 and 0 < c < grid.cols - 1:  # an inner cell: every way is open
        return None
    off = [d for d in dirs if grid.step(cell, d) is None]
    return f"the {what} at {Grid.name(cell)} leads off the board ({off[0]})" if off else None


def exits_answer(tokens: Tokens, what: str) -> Answer:
    """The `solution` block of a genre whose answer is a set of edges on
    ``inst.rows`` x ``inst.cols``, written as exits (``what`` names one in
    messages: "pipe", "line")."""
    return Answer(tokens, read=lambda grid: edges_of(grid, "solution", what),
                  write=lambda inst, sol: exits_grid(inst.rows, inst.cols, sol))


def exits_cells(inst, sol) -> dict[str, str]:
    """Every cell of ``inst.grid`` by name with the exits of the edges
    ``sol`` there, `.` none (a genre's ``cells``)."""
    on = frozenset(sol)
    return {Grid.name(c): exits(on, c) or "." for c in inst.grid.cells}
