"""A board framed by a ring of answer cells (Pfeilzahlen's arrows around
its numbers), whose published janko solution is written framed.

janko writes such a solution as `ROWS COLS` of the board inside the frame
(or of the whole board), then the whole board: the answer's tokens on the
frame (corners included, `-` where nothing goes) and the puzzle's clues
again inside. :class:`FramedLayout` is a :class:`~satlink.formats.cellgrid.Layout`
whose grid-text solution reads that, from what the layout already declares:

- the board's size is ``split(inst)[:2]``, the frame included;
- a frame cell reads with the ``solution`` :class:`Answer`'s tokens, and the
  frame cells' values (None elsewhere) go through its ``read``, as a
  `.pzl` solution block does;
- an inner cell reads with the janko tokens of the first block and must be
  the puzzle's own value there (``split(inst)[2]``), else an error at it.
"""
from __future__ import annotations

from dataclasses import replace

from ..formats.cellgrid import Layout
from ..records import frozen


def on_frame(rows: int, cols: int, cell) -> bool:
    """``cell`` lies on the outer ring of a ``rows`` x ``cols`` board."""
    return cell[0] in (0, rows - 1) or cell[1] in (0, cols - 1)


@frozen
class FramedLayout(Layout):
    """A Layout whose grid-text solution is written framed (module doc)."""

    def solution_from_grid_text(self, grid, inst):
        if isinstance(grid, str):
            from ..formats.grid_text import split

            grid = split(grid, "<solution>")
        rows, cols, clues = self.split(inst)[:3]
        size = tuple(grid.header_ints(2, "`ROWS COLS` of the solution")[:2])
        if size not in ((rows - 2, cols - 2), (rows, cols)):
            raise grid.error(f"the solution is {size[0]} x {size[1]} (rows x columns), the"
                             f" puzzle {rows - 2} x {cols - 2} inside its frame",
                             grid.lines[0][0].pos)
        body = replace(grid, lines=grid.lines[:1 + rows]).grid(1, rows, cols)
        framed, inside = self.solution.tokens, self._janko_tokens()[0]
        values = [[None] * cols for _ in range(rows)]
        for r, row in enumerate(body):
            for c, tok in enumerate(row):
                if on_frame(rows, cols, (r, c)):
                    values[r][c] = framed.read(tok, r, c, grid.error, " of the solution")
                elif inside.read(tok, r, c, grid.error, " of the solution") != clues[r][c]:
                    noun = (inside.what or "value").split(" ", 1)[-1]
                    raise grid.error(f"`{tok.text}` at row {r + 1}, column {c + 1} of the"
                                     f" solution is not the puzzle's {noun} there", tok.pos)
        return self.solution.read(tuple(map(tuple, values)))
