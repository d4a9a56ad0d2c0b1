"""What the genres that shade cells share beyond their rules (Hitori,
Heyawake, Creek, Canal View, ...): an Encoding whose answer is the shading
``self.shading`` (a :class:`satlink.rules.shading.Shading`, set by the
genre): the cuts of the lazy rules added to it (none where it has none) and
the shaded cells as the solution (the answer's output is
``genre_answers.CELL_SET``)."""
from __future__ import annotations

from ..contract import Encoding
from ..rules.grid import Cell
from ..rules.shading import Shading


class ShadingEncoding(Encoding):
    """An encoding whose answer is the shading ``self.shading``."""

    shading: Shading

    def cuts(self, model) -> list[list[int]]:
        return self.shading.cuts(model)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(self.shading.shaded_cells(model))
