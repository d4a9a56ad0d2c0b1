"""pzprjs body parts of the edge-clue Latin genres (Skyscrapers, Easy as
ABC), beside :mod:`satlink.formats.pzprjs` whose base classes they use.

Facts of pzprjs (``src/variety/skyscrapers.js``, ``easyasabc.js``,
``src/variety-common/Encode.js``): the clues outside the board are one
``number16`` run over the excells, above the columns, below them, left of
the rows, right of them; the cells' numbers follow, left out when there are
none.
"""
from __future__ import annotations

from typing import Any

from .pzprjs_numbers import QUESTION, Number16
from .pzprjs_parts import Part
from .pzprjs_stream import Reader, Unfit
from ..records import frozen


@frozen
class SideCells(Part):
    """pzprjs ``number16ExCell`` on a board with clues on all four sides:
    the value is ``(top, bottom, left, right)``, None where no clue.

    >>> SideCells().decode_text("k13h4j3g", 4, 4)[1]    # pzprjs test/script/skyscrapers.js
    ((None, None, None, None), (None, 1, 3, None), (None, 4, None, None), (None, None, 3, None))
    >>> SideCells().encode(((None,) * 4, (None, 1, 3, None), (None, 4, None, None),
    ...                     (None, None, 3, None)), 4, 4)
    'k13h4j3g'
    """

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        values = [None if v == QUESTION else v
                  for v, _ in Number16().decode_cells(reader, 2 * (cols + rows))]
        return (tuple(values[:cols]), tuple(values[cols:2 * cols]),
                tuple(values[2 * cols:2 * cols + rows]), tuple(values[2 * cols + rows:]))

    def encode(self, value: Any, rows: int, cols: int) -> str:
        try:
            top, bottom, left, right = value
        except (TypeError, ValueError):
            raise Unfit("clues outside the board are four sides") from None
        if not len(top) == len(bottom) == cols or not len(left) == len(right) == rows:
            raise Unfit(f"expected {cols} clues above and below, {rows} left and right")
        return Number16().encode_cells([*top, *bottom, *left, *right])
