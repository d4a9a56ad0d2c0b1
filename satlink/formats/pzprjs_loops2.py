"""pzprjs URL body parts for the loop genres of branch loops2 (Pipelink),
on the base classes of :mod:`satlink.formats.pzprjs`.

- :class:`PipeCells` -- pzprjs ``decodePipelink``: per cell `a`-`g` a
  given piece (pzprjs ques 11-17: a crossing, `ns`, `ew`, `ne`, `nw`,
  `sw`, `se`), a digit `k` a run of k + 1 circles (no crossing there),
  `h`-`z` a run of 1-19 empty cells.
"""
from __future__ import annotations

from typing import Any

from .pzprjs import BodyError, CellCode, Reader, Unfit, _cells_left, _skip, _skips

#: pzprjs ques 11-17 as the letters `a`-`g`, and the exits of each.
PIECE_CHARS = {"a": "nsew", "b": "ns", "c": "ew", "d": "ne", "e": "nw", "f": "sw", "g": "se"}
#: A circle cell's value.
CIRCLE = "o"


class PipeCells(CellCode):
    """Pipelink's cells: a piece's exits (`ns`, `nsew`), :data:`CIRCLE` or None.

    >>> PipeCells().encode_cells([None] * 6 + ["nsew"] + [None] * 6 + ["nw"] + [None] * 3
    ...                          + ["nsew"] + [None] * 7)
    'mamejan'
    """

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            if ch in PIECE_CHARS:
                out.append((PIECE_CHARS[ch], at))
            elif "0" <= ch <= "9":
                out.extend([(CIRCLE, at)] * min(int(ch) + 1, n - len(out)))
            elif "h" <= ch <= "z":
                out.extend([(None, at)] * _skip(reader, ch, "h", len(out), n))
            elif ch == ".":
                raise BodyError("`.` (a piece not shown) has no form in satlink's Pipelink", at)
            else:
                raise BodyError(f"`{ch}` is not a piece (a-g), a run of circles (0-9) or a"
                                " skip letter h-z", at)
        return out

    def encode_cells(self, values: list) -> str:
        code = {v: k for k, v in PIECE_CHARS.items()}
        out: list[str] = []
        run, i = 0, 0
        while i < len(values):
            v = values[i]
            if v is None:
                run, i = run + 1, i + 1
                continue
            if v == CIRCLE:
                k = 1
                while k < 10 and i + k < len(values) and values[i + k] == CIRCLE:
                    k += 1
                token, i = str(k - 1), i + k
            elif v in code:
                token, i = code[v], i + 1
            else:
                raise Unfit(f"{v!r} is not a pipe piece")
            _skips(out, run, "h", 19)
            run = 0
            out.append(token)
        _skips(out, run, "h", 19)
        return "".join(out)
