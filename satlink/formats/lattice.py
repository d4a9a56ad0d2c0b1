"""Boards whose clues stand on the lattice points (Gokigen Naname).

A :class:`PointLayout` is a :class:`satlink.formats.cellgrid.Layout` whose
blocks hold one token per lattice point: a board of ``R`` rows and ``C``
columns of cells (`size C x R`, janko's `R C`) has ``R + 1`` rows of
``C + 1`` points. The `solution` block and a published solution still
hold one token per cell. ``build(rows, cols, points)`` gets the cell
counts and the point grid; ``split`` returns them.

>>> from satlink.formats.cellgrid import Tokens, given
>>> from satlink.lang import parse_text
>>> DOTS = Tokens(what="a clue", expect="0-4 or `.`", numbers=(0, 4))
>>> demo = PointLayout("demo", 9, {"points": DOTS}, build=lambda r, c, p: (r, c, p),
...                    split=lambda inst: inst)
>>> demo.from_document(parse_text("puzzle demo\\nsize 2 x 1\\npoints\\n  1 . 2\\n  . . 0\\n"))
(1, 2, ((1, None, 2), (None, None, 0)))
"""
from __future__ import annotations


from ..document import Document
from .cellgrid import Layout
from ..records import frozen


@frozen
class PointLayout(Layout):
    """A Layout whose blocks are (rows + 1) x (cols + 1) lattice points."""

    def from_document(self, doc: Document):
        doc.check_keywords({"size", *self.blocks, *(("solution",) if self.solution else ())})
        rows, cols = self.check_header(doc)
        bodies = []
        for kw in self.blocks:
            entry = doc.entry(kw, required=True)
            if entry.rows and len(entry.rows) != rows + 1:
                raise doc.error(f"the {kw} block has {len(entry.rows)} rows: a board {rows}"
                                f" cells high has {rows + 1} rows of points",
                                entry.rows[-1][0].pos)
            bodies.append(doc.block_rows(entry, rows + 1, cols + 1))
        inst = self.read(rows, cols, bodies, doc.error, doc.entry("size").pos)
        self.expected_solution(doc, inst)
        return inst

    def from_grid_text(self, grid):
        """janko grid text: `ROWS COLS` (cells), then ROWS + 1 lines of points."""
        rows, cols = self._janko_size(grid)
        body = grid.grid(1, rows + 1, cols + 1)
        return self.read(rows, cols, [body], grid.error, grid.lines[0][0].pos,
                         self._janko_tokens())

    def to_grid_text(self, inst) -> str:
        rows, cols, grids, _ = self._parts(inst)
        lines = [f"{rows} {cols}"]
        for tokens, grid in zip(self._janko_tokens(), grids):
            lines += [" ".join(tokens.text(v) for v in row) for row in grid]
        return "\n".join(lines) + "\n"
