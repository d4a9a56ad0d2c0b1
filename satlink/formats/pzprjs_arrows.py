"""pzprjs arrow codes: a direction and a number per clue cell (facts of
pzprjs, ``src/variety-common/Encode.js``; written anew here):
:class:`Arrow` and its directions, :class:`ArrowNumber16` (Yajilin) and
:class:`ShadedArrows` (Castle Wall, a shade digit before each arrow).
:mod:`satlink.formats.pzprjs` describes them.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ..records import frozen
from .pzprjs_cells import CellCode
from .pzprjs_numbers import QUESTION
from .pzprjs_stream import _HEX, BodyError, Reader, Unfit, read_cells, skip_letters, write_cells

_SKIP_A = skip_letters("a")  # 1-26 empty cells


#: Directions of :class:`ArrowNumber16` (pzprjs qdir).
NO_ARROW, UP, DOWN, LEFT, RIGHT = 0, 1, 2, 3, 4


class Arrow(NamedTuple):
    """An arrow clue: ``direction`` (:data:`NO_ARROW`, :data:`UP`, ...) and a
    number (an int, or :data:`QUESTION`)."""

    direction: int
    number: int | str


@frozen
class ArrowNumber16(CellCode):
    """pzprjs ``ArrowNumber16``: :class:`Arrow` cells, skips ``a``-``z``.

    >>> ArrowNumber16().encode_cells([None] * 13 + [Arrow(LEFT, 2)] + [None] * 10 + [Arrow(UP, 0)])
    'm32j10'
    """

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        return read_cells(reader, n, _SKIP_A, self._token)

    def _token(self, reader: Reader, ch: str, at: int) -> Arrow:
        if "0" <= ch <= "4":
            d = int(ch)
            nxt = reader.take("the URL ends after an arrow: a number or `.` expected")
            if nxt == ".":
                num: Any = QUESTION
            elif nxt in _HEX:
                num = int(nxt, 16)
            else:
                raise BodyError(f"`{nxt}` is not a hex digit or `.` after an arrow",
                                reader.pos - 1)
        elif "5" <= ch <= "9":
            d = int(ch) - 5
            num = reader.hex(2, "an arrow's number")
        elif ch == "-":
            dch = reader.take("the URL ends after `-`: an arrow 0-4 expected")
            if not "0" <= dch <= "4":
                raise BodyError(f"`{dch}` is not an arrow direction 0-4", reader.pos - 1)
            d = int(dch)
            num = reader.hex(3, "an arrow's number")
        else:
            raise BodyError(f"`{ch}` is not an arrow (0-9, `-`) or a skip letter a-z", at)
        return Arrow(d, num)

    def encode_cells(self, values: list) -> str:
        return write_cells(values, _SKIP_A, self._text)

    def _text(self, v: Any) -> str:
        if not isinstance(v, Arrow) or v.direction not in range(5):
            raise Unfit(f"{v!r} is not an arrow clue")
        d, num = v
        if num == QUESTION:
            return f"{d}."
        if not isinstance(num, int) or num < 0 or num >= 4096:
            raise Unfit(f"arrow number {num!r} is outside 0-4095")
        if num < 16:
            return f"{d}{num:x}"
        if num < 256:
            return f"{d + 5}{num:x}"
        return f"-{d}{num:x}"


# -- Castle Wall: a shade digit before each arrow clue ---------------------------------------
class ShadedArrows(ArrowNumber16):
    """pzprjs ``castle``: each clue cell is its shade (``0`` grey, ``1``
    white, ``2`` black) followed by an :class:`ArrowNumber16` token; skips
    ``a``-``z``. A value is ``(shade, Arrow)``.

    >>> from satlink.formats.pzprjs_parts import Cells
    >>> Cells(ShadedArrows()).decode_text("c230021k111a210f", 5, 5)[1][0]   # pzprjs castle.js
    (None, None, None, (2, Arrow(direction=3, number=0)), (0, Arrow(direction=2, number=1)))
    """

    def _token(self, reader: Reader, ch: str, at: int) -> tuple[int, Arrow]:
        if ch not in "012":
            raise BodyError(f"`{ch}` is not a shade (0-2) or a skip letter a-z", at)
        if reader.at_end() or not (reader.text[reader.pos] in "0123456789-"):
            raise BodyError("an arrow (0-9, `-`) must follow the shade", reader.pos)
        return int(ch), super()._token(reader, reader.take(""), reader.pos - 1)

    def _text(self, v: Any) -> str:
        shade, arrow = v
        return f"{shade}{super()._text(arrow)}"
