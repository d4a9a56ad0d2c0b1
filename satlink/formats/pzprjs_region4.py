"""pzprjs URL body parts of the region4 genres (beside :mod:`.pzprjs`).

- :class:`ShugakuCells` -- pzprjs ``decodeShugaku``: ``0``-``4`` a number,
  ``5`` a black cell without one, ``6``-``z`` a run of 1-30 empty cells.

>>> ShugakuCells().decode_cells(Reader("c5d462b"), 25)[7][0]   # pzprjs test/script/shugaku.js
'?'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .pzprjs_cells import CellCode
from .pzprjs_numbers import QUESTION
from .pzprjs_stream import BodyError, Reader, Unfit, read_cells, skip_letters, write_cells

_SKIP = skip_letters("6")  # 1 to 30 empty cells


@dataclass(frozen=True)
class ShugakuCells(CellCode):
    """Numbers 0-4, ``?`` (written ``5``) and skips ``6``-``z``.

    >>> ShugakuCells().encode_cells([None] * 7 + ["?"] + [None] * 8 + [4, None, 2] + [None] * 6)
    'c5d462b'
    """

    what: str = "number"

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        return read_cells(reader, n, _SKIP, self._token)

    def _token(self, reader: Reader, ch: str, at: int) -> Any:
        if ch in "01234":
            return int(ch)
        if ch == "5":
            return QUESTION
        raise BodyError(f"`{ch}` is not a {self.what} (0-4), `5` or a skip 6-z", at)

    def encode_cells(self, values: list) -> str:
        return write_cells(values, _SKIP, self._text)

    def _text(self, v: Any) -> str:
        if v != QUESTION and not (isinstance(v, int) and 0 <= v <= 4):
            raise Unfit(f"{self.what} {v!r} is outside 0-4")
        return "5" if v == QUESTION else str(v)
