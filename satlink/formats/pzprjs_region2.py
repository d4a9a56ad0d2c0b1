"""pzprjs URL body parts of the region2 genres (beside :mod:`.pzprjs`).

- :class:`Crosses` -- one value per lattice point (pzprjs ``cross``):
  ``(rows + 1)`` x ``(cols + 1)`` values in reading order, with any cell
  code (Gokigen Naname: ``4Cross``, the :class:`~.pzprjs.FourCell` code on
  the points).

>>> from satlink.formats.pzprjs_numbers import FourCell
>>> Crosses(FourCell()).decode_text("iaegcgcj6a", 4, 4)[1][:2]   # pzprjs test/script/gokigen.js
((None, None, None, 0, None), (None, 4, None, None, None))
"""
from __future__ import annotations

from typing import Any

from .pzprjs_cells import CellCode
from .pzprjs_parts import Part, _rows
from .pzprjs_stream import Reader
from ..records import frozen


@frozen
class Crosses(Part):
    """One value per lattice point, as rows: ``value[r][c]``, 0 <= r <= rows."""

    code: CellCode

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        flat = self.code.decode_cells(reader, (cols + 1) * (rows + 1))
        reader._cells = (cols + 1, [at for _, at in flat])
        values = [v for v, _ in flat]
        return tuple(tuple(values[r * (cols + 1):(r + 1) * (cols + 1)]) for r in range(rows + 1))

    def encode(self, value: Any, rows: int, cols: int) -> str:
        return self.code.encode_cells(_rows(value, rows + 1, cols + 1, "points"))
