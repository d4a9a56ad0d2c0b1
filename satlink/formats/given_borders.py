"""Given region borders, the Layout part: `.pzl`'s `borders` line and
janko grid text's `[lines]` block.

A given border parts two side-by-side cells. `.pzl` lists them on one
keyword line, each as a cell and the side it lies on (`borders r1c2e
r3c1s`: east of r1c2, south of r3c1). janko's grid text may follow the
board with a `[lines]` block: a line `[lines]`, then a mark per cell, 1 a
border on its right, 2 below it, 3 both, `-` none (1 and 2 as janko's
Burokku records 195-205 use them, their published solutions having those
borders; 3 read as both bits).

A genre declares :data:`KEYWORD` as its `borders` keyword and uses
:class:`GivenBorders` for its Layout; its Instance holds the borders in a
field of that keyword's name (edges ``((r, c), (r, c + 1))`` or ``((r, c),
(r + 1, c))``), its ``build`` checks them with :func:`check`, its picture
draws them with :func:`drawn`.

"""
from __future__ import annotations

from dataclasses import replace
import re

from .cellgrid import CellError, Janko, Keyword, Layout, Tokens, board, given
from ..records import frozen
from ..render import Edge as DrawnEdge
from ..rules.grid import Edge, Grid

_SIDE = {"e": (0, 1), "s": (1, 0)}
#: The `[lines]` marks' bits: 1 the side to the right, 2 the side below.
_BITS = ((1, (0, 1)), (2, (1, 0)))


def _border(text: str) -> Edge:
    m = re.fullmatch(r"r(\d+)c(\d+)([es])", text)
    if m is None:
        raise ValueError("expected a cell and a side, `r2c3e` (east of r2c3) or `r2c3s`")
    r, c = int(m[1]) - 1, int(m[2]) - 1
    dr, dc = _SIDE[m[3]]
    return ((r, c), (r + dr, c + dc))


def border_text(e: Edge) -> str:
    """`r2c3e` (the side east of r2c3) or `r2c3s` (south of it)."""
    return Grid.name(e[0]) + ("e" if e[1][1] > e[0][1] else "s")


#: A given border in the `borders` line: the cell and the side it lies on.
BORDERS = Tokens(what="a border", expect="`r2c3e` or `r2c3s`", empty=(), parse=_border,
                 show=border_text)
#: The `borders` keyword line: any number of borders, none by default.
KEYWORD = Keyword(BORDERS, count=None, default=())
#: janko's `[lines]` block: per cell, a border on its right (1), below (2), both (3).
LINES = Tokens(what="a border mark", expect="1 (right), 2 (below), 3 (both) or `-`",
               values={"1": 1, "2": 2, "3": 3})


def check(borders, rows: int, cols: int, keyword: str = "borders") -> None:
    """A :class:`CellError` at the first border (of line ``keyword``) that
    does not part two cells of the board."""
    edges = set(Grid(rows, cols).cell_edges())
    for i, e in enumerate(borders):
        if e not in edges:
            raise CellError(f"the border {border_text(e)} is on the outline or off the"
                            f" {cols} x {rows} board", (0, i), keyword)


def drawn(edges) -> list[DrawnEdge]:
    """The picture's ``border`` edge of each cell edge, in the edges' order."""
    out = []
    for (r, c), (r2, c2) in edges:
        a, b = ((r, c2), (r + 1, c2)) if r2 == r else ((r2, c), (r2, c + 1))
        out.append(DrawnEdge(a, b, "border"))
    return out


@frozen
class GivenBorders(Layout):
    """A Layout whose keyword ``borders`` (:data:`KEYWORD`) janko's grid
    text writes as a `[lines]` block after the last grid; the Instance
    holds them in its field of that name."""

    borders: str = "borders"

    def from_grid_text(self, grid):
        rows, cols = self._janko_size(grid)
        mark = 1 + len(self.janko.lines) + rows * len(self._janko_tokens())
        if len(grid.lines) <= mark or grid.lines[mark][0].text != "[lines]":
            return super().from_grid_text(grid)
        if len(grid.lines[mark]) > 1:
            raise grid.error("`[lines]` stands alone on its line", grid.lines[mark][1].pos)
        inst = super().from_grid_text(replace(grid, lines=grid.lines[:mark]))
        body = replace(grid, lines=grid.lines[:mark] + grid.lines[mark + 1:]).grid(mark, rows,
                                                                                    cols)
        borders = []
        for (r, c), v in given(LINES.rows(body, grid.error)):
            for bit, (dr, dc) in _BITS:
                if v & bit:
                    if r + dr >= rows or c + dc >= cols:
                        raise grid.error(f"the border mark {v} at row {r + 1}, column {c + 1}"
                                         " lies on the outline", body[r][c].pos)
                    borders.append(((r, c), (r + dr, c + dc)))
        return replace(inst, **{self.borders: tuple(borders)})

    def to_grid_text(self, inst) -> str:
        text = super().to_grid_text(inst)
        rows, cols, _, values = self._parts(inst)
        if not values[self.borders]:
            return text
        marks: dict = {}
        for a, b in values[self.borders]:
            marks[a] = marks.get(a, 0) | (1 if b[1] > a[1] else 2)
        return text + "[lines]\n" + "".join(
            " ".join("-" if v is None else str(v) for v in row) + "\n"
            for row in board(rows, cols, marks))


__all__ = ["GivenBorders", "BORDERS", "KEYWORD", "LINES", "check", "drawn", "border_text",
           "Janko"]
