"""pzprjs URL cell codes of the number genres of branch regnum (Makaro), on
the base classes of :mod:`satlink.formats.pzprjs`.

Makaro (pzprjs ``src/variety/makaro.js``, ``decodeMakaro``): one character
or token per cell in reading order: ``0``-``9`` a number 1-10, ``-`` and
two decimal digits a number 11-100, ``a`` a black cell, ``b``-``e`` a black
cell with an arrow up, down, left, right, ``g``-``z`` a run of 1-20 empty
cells.

>>> from satlink.formats.pzprjs_parts import Cells
>>> Cells(MakaroCode()).decode_text("3g-11ce", 1, 5)[1]
((4, None, 12, 's', 'e'),)
>>> Cells(MakaroCode()).encode((("x", None, 12, "s", "e"),), 1, 5)
'ag-11ce'
"""
from __future__ import annotations

from typing import Any

from .pzprjs_cells import CellCode
from .pzprjs_stream import BodyError, Reader, Unfit, read_cells, skip_letters, write_cells

#: Makaro's black cells: plain (``x``) and with an arrow, by pzprjs letter.
MAKARO_BLACK = {"a": "x", "b": "n", "c": "s", "d": "w", "e": "e"}
_LETTER = {v: k for k, v in MAKARO_BLACK.items()}
_SKIP_G = skip_letters("g")  # 1-20 empty cells


class MakaroCode(CellCode):
    """pzprjs ``decodeMakaro``: numbers 1-100 (int), black cells (``x``) and
    arrows (``n``, ``s``, ``w``, ``e``), None for an empty cell."""

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        return read_cells(reader, n, _SKIP_G, _makaro_token)

    def encode_cells(self, values: list) -> str:
        return write_cells(values, _SKIP_G, _makaro_text)


def _makaro_token(reader: Reader, ch: str, at: int) -> Any:
    if ch.isdigit():
        return int(ch) + 1
    if ch == "-":
        digits = reader.take("the URL ends inside a `-` number") + reader.take(
            "the URL ends inside a `-` number")
        if not digits.isdigit():
            raise BodyError(f"`-{digits}` is not a number: two decimal digits expected", at)
        return int(digits) + 1
    if ch in MAKARO_BLACK:
        return MAKARO_BLACK[ch]
    raise BodyError(f"`{ch}` is not a Makaro cell: a number (0-9, -xx), a black"
                    " cell or arrow (a-e) or a skip letter g-z", at)


def _makaro_text(v: Any) -> str:
    if isinstance(v, int) and 1 <= v <= 10:
        return str(v - 1)
    if isinstance(v, int) and 11 <= v <= 100:
        return f"-{v - 1}"
    if v in _LETTER:
        return _LETTER[v]
    raise Unfit(f"{v!r} has no Makaro form on puzz.link")
