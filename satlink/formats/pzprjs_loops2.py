"""pzprjs URL body parts for the loop genres of branch loops2 (Pipelink),
on the base classes of :mod:`satlink.formats.pzprjs`.

- :class:`PipeCells` -- pzprjs ``decodePipelink``: per cell `a`-`g` a
  given piece (pzprjs ques 11-17: a crossing, `ns`, `ew`, `ne`, `nw`,
  `sw`, `se`), a digit `k` a run of k + 1 circles (no crossing there),
  `h`-`z` a run of 1-19 empty cells.
- :class:`Dots` -- pzprjs ``decodeDot`` (Mid-loop): dots on the cells,
  borders and crossings of a board.
"""
from __future__ import annotations

from typing import Any

from .pzprjs_cells import CellCode
from .pzprjs_parts import Part
from .pzprjs_stream import BodyError, Reader, Run, Unfit, read_cells, skip_letters, write_skips

#: pzprjs ques 11-17 as the letters `a`-`g`, and the exits of each.
PIECE_CHARS = {"a": "nsew", "b": "ns", "c": "ew", "d": "ne", "e": "nw", "f": "sw", "g": "se"}
#: A circle cell's value.
CIRCLE = "o"
_SKIP_H = skip_letters("h")  # 1-19 empty cells


class PipeCells(CellCode):
    """Pipelink's cells: a piece's exits (`ns`, `nsew`), :data:`CIRCLE` or None.

    >>> PipeCells().encode_cells([None] * 6 + ["nsew"] + [None] * 6 + ["nw"] + [None] * 3
    ...                          + ["nsew"] + [None] * 7)
    'mamejan'
    """

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        return read_cells(reader, n, _SKIP_H, _pipe_token)

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
            write_skips(out, run, _SKIP_H)
            run = 0
            out.append(token)
        write_skips(out, run, _SKIP_H)
        return "".join(out)


def _pipe_token(reader: Reader, ch: str, at: int) -> Any:
    if ch in PIECE_CHARS:
        return PIECE_CHARS[ch]
    if "0" <= ch <= "9":
        return Run((CIRCLE,) * (int(ch) + 1))
    if ch == ".":
        raise BodyError("`.` (a piece not shown) has no form in satlink's Pipelink", at)
    raise BodyError(f"`{ch}` is not a piece (a-g), a run of circles (0-9) or a"
                    " skip letter h-z", at)


class Dots(Part):
    """pzprjs ``decodeDot``: dots on the (2 cols - 1) x (2 rows - 1) positions
    of a board (cells, borders between them, crossings), in reading order.
    A hex digit `v` puts a dot of value v % 2 + 1 here and moves on v // 2 + 1
    positions; `g`-`z` skip 1-20 positions. The value: {(y, x): dot value}
    in doubled coordinates (cells at even y and x).

    >>> sorted(Dots().decode_text("jfjfi3fr", 4, 4)[1].items())   # pzprjs test/script/midloop.js
    [((0, 4), 2), ((2, 2), 2), ((3, 6), 2), ((4, 1), 2)]
    >>> Dots().encode({(0, 4): 2, (2, 2): 2, (3, 6): 2, (4, 1): 2}, 4, 4)
    'jfjfi3fr'
    """

    def decode(self, reader: Reader, rows: int, cols: int) -> dict:
        width, n = 2 * cols - 1, (2 * cols - 1) * (2 * rows - 1)
        out: dict = {}
        s = 0
        while s < n:
            at = reader.pos
            ch = reader.take(f"the URL ends after {s} of {n} dot positions")
            if "0" <= ch <= "9" or "a" <= ch <= "f":
                v = int(ch, 16)
                out[divmod(s, width)] = v % 2 + 1
                s += v // 2 + 1
            elif "g" <= ch <= "z":
                s += int(ch, 36) - 15
            else:
                raise BodyError(f"`{ch}` is not a dot (0-f) or a skip letter g-z", at)
        return out

    def encode(self, value: Any, rows: int, cols: int) -> str:
        width, n = 2 * cols - 1, (2 * cols - 1) * (2 * rows - 1)
        at = [value.get(divmod(s, width), 0) for s in range(n)]
        out, count, s = [], 0, 0
        while s < n:
            token = ""
            if at[s] > 0:
                nxt = next((i for i in range(1, 8) if s + i < n and at[s + i] > 0), None)
                if nxt is None:
                    token, step = format(13 + at[s], "x"), 8
                else:
                    token, step = format(2 * (nxt - 1) + at[s] - 1, "x"), nxt
            else:
                count, step = count + 1, 1
            if token or count == 20:
                if count:
                    out.append(_base36(count + 15))
                count = 0
                out.append(token)
            s += step
        if count:
            out.append(_base36(count + 15))
        return "".join(out)


def _base36(v: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[v]
