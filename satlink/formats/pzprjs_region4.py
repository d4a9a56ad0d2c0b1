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
from .pzprjs_stream import BodyError, Reader, Unfit, _cells_left

_SKIP = "6789abcdefghijklmnopqrstuvwxyz"  # 1 to 30 empty cells


@dataclass(frozen=True)
class ShugakuCells(CellCode):
    """Numbers 0-4, ``?`` (written ``5``) and skips ``6``-``z``.

    >>> ShugakuCells().encode_cells([None] * 7 + ["?"] + [None] * 8 + [4, None, 2] + [None] * 6)
    'c5d462b'
    """

    what: str = "number"

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            if ch in "01234":
                out.append((int(ch), at))
            elif ch == "5":
                out.append((QUESTION, at))
            elif ch in _SKIP:
                k = _SKIP.index(ch) + 1
                if len(out) + k > n:
                    raise BodyError(f"`{ch}` skips {k} cells, but only {n - len(out)} remain",
                                    at)
                out.extend([(None, at)] * k)
            else:
                raise BodyError(f"`{ch}` is not a {self.what} (0-4), `5` or a skip 6-z", at)
        return out

    def encode_cells(self, values: list) -> str:
        out: list[str] = []
        run = 0
        for v in values:
            if v is None:
                run += 1
                if run == 30:
                    out.append("z")
                    run = 0
                continue
            if v != QUESTION and not (isinstance(v, int) and 0 <= v <= 4):
                raise Unfit(f"{self.what} {v!r} is outside 0-4")
            if run:
                out.append(_SKIP[run - 1])
                run = 0
            out.append("5" if v == QUESTION else str(v))
        if run:
            out.append(_SKIP[run - 1])
        return "".join(out)
