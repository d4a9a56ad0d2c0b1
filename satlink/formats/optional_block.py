"""A :class:`~satlink.formats.cellgrid.Layout` whose first block may be left out.

Magnets on janko give their given poles as a grid before the dominoes on
some boards only; a `.pzl` file leaves that block out when nothing is
given. :class:`OptionalFirst` reads a document or grid text without the
first block as if every cell of it were empty, and prints it only when
some cell is not.
"""
from __future__ import annotations

from dataclasses import replace

from .cellgrid import Janko, Layout
from ..records import frozen


@frozen
class OptionalFirst(Layout):
    """The first of ``blocks`` may be absent (all cells empty)."""

    def _without(self) -> Layout:
        first, *rest = self.blocks
        blocks = {kw: self.blocks[kw] for kw in rest}

        def build(rows, cols, /, *grids, **values):  # keywords may be named `rows`, `cols`
            empty = tuple((None,) * cols for _ in range(rows))
            return self.build(rows, cols, empty, *grids, **values)

        def split(inst):
            rows, cols, _, *others = self.split(inst)
            return (rows, cols, *others)

        janko = self.janko
        if janko is not None and isinstance(janko.tokens, tuple):
            janko = replace(janko, tokens=janko.tokens[1:])
        return Layout(self.name, self.max_side, blocks, build, split, self.solution, janko,
                      self.square, self.keywords, self.max_cells)

    def _first_empty(self, inst) -> bool:
        first = self.split(inst)[2]
        return all(v is None for row in first for v in row)

    def from_document(self, doc):
        if doc.entry(next(iter(self.blocks))) is None:
            inst = self._without().from_document(doc)
            return inst
        return super().from_document(doc)

    def to_pzl(self, inst, solution=None) -> str:
        if self._first_empty(inst):
            return self._without().to_pzl(inst, solution)
        return super().to_pzl(inst, solution)

    def from_grid_text(self, grid):
        rows = self._janko_size(grid)[0]
        if len(grid.lines) == 1 + len(self.janko.lines) + rows * (len(self.blocks) - 1):
            return self._without().from_grid_text(grid)
        return super().from_grid_text(grid)

    def to_grid_text(self, inst) -> str:
        if self._first_empty(inst):
            return self._without().to_grid_text(inst)
        return super().to_grid_text(inst)


__all__ = ["OptionalFirst", "Janko"]
