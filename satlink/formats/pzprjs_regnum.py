"""pzprjs URL cell codes of the number genres of branch regnum (Makaro), on
the base classes of :mod:`satlink.formats.pzprjs`.

Makaro (pzprjs ``src/variety/makaro.js``, ``decodeMakaro``): one character
or token per cell in reading order: ``0``-``9`` a number 1-10, ``-`` and
two decimal digits a number 11-100, ``a`` a black cell, ``b``-``e`` a black
cell with an arrow up, down, left, right, ``g``-``z`` a run of 1-20 empty
cells.

>>> from satlink.formats.pzprjs_parts import Cells
>>> Cells(MakaroCode()).decode_text("3g-11ce", 5, 1)[1]
((4, None, 12, 's', 'e'),)
>>> Cells(MakaroCode()).encode((("x", None, 12, "s", "e"),), 5, 1)
'ag-11ce'
"""
from __future__ import annotations

from typing import Any

from .pzprjs_cells import CellCode
from .pzprjs_stream import BodyError, Reader, Unfit, _cells_left, _skip, _skips

#: Makaro's black cells: plain (``x``) and with an arrow, by pzprjs letter.
MAKARO_BLACK = {"a": "x", "b": "n", "c": "s", "d": "w", "e": "e"}
_LETTER = {v: k for k, v in MAKARO_BLACK.items()}


class MakaroCode(CellCode):
    """pzprjs ``decodeMakaro``: numbers 1-100 (int), black cells (``x``) and
    arrows (``n``, ``s``, ``w``, ``e``), None for an empty cell."""

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            if ch.isdigit():
                v: Any = int(ch) + 1
            elif ch == "-":
                digits = reader.take("the URL ends inside a `-` number") + reader.take(
                    "the URL ends inside a `-` number")
                if not digits.isdigit():
                    raise BodyError(f"`-{digits}` is not a number: two decimal digits expected",
                                    at)
                v = int(digits) + 1
            elif ch in MAKARO_BLACK:
                v = MAKARO_BLACK[ch]
            elif "g" <= ch <= "z":
                out.extend([(None, at)] * _skip(reader, ch, "g", len(out), n))
                continue
            else:
                raise BodyError(f"`{ch}` is not a Makaro cell: a number (0-9, -xx), a black"
                                " cell or arrow (a-e) or a skip letter g-z", at)
            out.append((v, at))
        return out

    def encode_cells(self, values: list) -> str:
        out: list[str] = []
        run = 0
        for v in values:
            if v is None:
                run += 1
                continue
            if isinstance(v, int) and 1 <= v <= 10:
                token = str(v - 1)
            elif isinstance(v, int) and 11 <= v <= 100:
                token = f"-{v - 1}"
            elif v in _LETTER:
                token = _LETTER[v]
            else:
                raise Unfit(f"{v!r} has no Makaro form on puzz.link")
            _skips(out, run, "g", 20)
            run = 0
            out.append(token)
        _skips(out, run, "g", 20)
        return "".join(out)
