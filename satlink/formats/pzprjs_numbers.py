"""pzprjs number codes, one number (or arrow and number) per cell, with
skip letters for empty cells (facts of pzprjs,
``src/variety-common/Encode.js``; written anew here): :class:`Number16`,
:class:`FourCell` (Slitherlink), :class:`Base36` (Hitori),
:class:`Number10` (Nawabari). :data:`QUESTION` is a number there but not
shown. The arrow codes are :mod:`satlink.formats.pzprjs_arrows`';
:mod:`satlink.formats.pzprjs` describes each.
"""
from __future__ import annotations

from typing import Any

from ..records import frozen
from .pzprjs_cells import CellCode
from .pzprjs_stream import (_HEX, BodyError, Reader, Run, Unfit, read_cells, skip_letters,
                            write_cells, write_skips)

_SKIP_G, _SKIP_A = skip_letters("g"), skip_letters("a")   # 1-20 and 1-26 empty cells


#: A cell whose number is there but not shown (pzprjs ``.``, qnum -2).
QUESTION = "?"


def _number16_token(v: Any) -> str:
    if v == QUESTION:
        return "."
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise Unfit(f"{v!r} is not a number")
    if v < 16:
        return format(v, "x")
    if v < 256:
        return "-" + format(v, "x")
    if v < 4096:
        return "+" + format(v, "x")
    # pzprjs writes these two without leading zeros and so cannot read back
    # 4096-4351 and 8192-8447; written padded, its reader reads them right
    if v < 8192:
        return "=" + format(v - 4096, "03x")
    if v < 8192 + 4096:
        return "%" + format(v - 8192, "03x")
    raise Unfit(f"{v} is above 12287, the largest number a puzz.link cell holds")


@frozen
class Number16(CellCode):
    """pzprjs ``number16``: numbers 0-12287, ``.``, skips ``g``-``z``.

    ``low``/``high`` bound the numbers accepted; ``question`` allows ``.``;
    ``what`` names a number in messages ("island number 9 is outside 1-8").

    >>> Number16().encode_cells([1, None, 16, 256, 4352, None, "?"] + [None] * 21)
    '1g-10+100=100g.zg'
    """

    low: int = 0
    high: int | None = None
    question: bool = True
    what: str = "number"

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        return read_cells(reader, n, _SKIP_G, self._token)

    def _token(self, reader: Reader, ch: str, at: int) -> Any:
        if ch in _HEX:
            v: Any = int(ch, 16)
        elif ch == "-":
            v = reader.hex(2, "a `-` number")
        elif ch == "+":
            v = reader.hex(3, "a `+` number")
        elif ch == "=":
            v = reader.hex(3, "a `=` number") + 4096
        elif ch == "%":
            v = reader.hex(3, "a `%` number") + 8192
        elif ch == ".":
            if not self.question:
                raise BodyError(f"`.` ({self.what} not shown) is not allowed here", at)
            return QUESTION
        else:
            raise BodyError(f"`{ch}` is not a number (0-f, -xx, +xxx, =xxx, %xxx),"
                            " `.` or a skip letter g-z", at)
        if v < self.low or (self.high is not None and v > self.high):
            top = "" if self.high is None else f"-{self.high}"
            raise BodyError(f"{self.what} {v} is outside {self.low}{top}", at)
        return v

    def encode_cells(self, values: list) -> str:
        return write_cells(values, _SKIP_G, self._text)

    def _text(self, v: Any) -> str:
        if v != QUESTION and isinstance(v, int) and (
                v < self.low or (self.high is not None and v > self.high)):
            raise Unfit(f"{self.what} {v} is outside {self.low}-{self.high}")
        if v == QUESTION and not self.question:
            raise Unfit(f"a {self.what} not shown (`?`) has no form here")
        return _number16_token(v)


@frozen
class FourCell(CellCode):
    """pzprjs ``4Cell``: numbers 0-4 with up to two empty cells folded in.

    >>> FourCell().encode_cells([2, None, None, 1, None, None, 2])
    'cbc'
    """

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        return read_cells(reader, n, _SKIP_G, _four_cell)

    def encode_cells(self, values: list) -> str:
        out: list[str] = []
        run = 0
        n = len(values)
        c = 0
        while c < n:
            v = values[c]
            if v is None:
                run += 1
                c += 1
                continue
            if v == QUESTION:
                token = "."
            elif isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 4:
                # pzprjs: fold in the next cell if it is empty and the one
                # after it is not; otherwise fold in two (also at the end)
                if c + 1 < n and values[c + 1] is not None:
                    fold = 0
                elif c + 2 < n and values[c + 2] is not None:
                    fold = 1
                else:
                    fold = 2
                token = format(v + 5 * fold, "x")
                c += fold
            else:
                raise Unfit(f"{v!r} is not a number 0-4")
            write_skips(out, run, _SKIP_G)
            run = 0
            out.append(token)
            c += 1
        write_skips(out, run, _SKIP_G)
        return "".join(out)


def _four_cell(reader: Reader, ch: str, at: int) -> Any:
    if "0" <= ch <= "9" or "a" <= ch <= "e":
        d = int(ch, 16)
        # the empty cells after it; pzprjs writes `a`-`e` for the last
        # cells too, so these may run past the end
        return d if d < 5 else Run((d % 5,) + (None,) * (d // 5))
    if ch == ".":
        return QUESTION
    raise BodyError(f"`{ch}` is not a number 0-4 (`5`-`9`, `a`-`e` with empty"
                    " cells after it), `.` or a skip letter g-z", at)


# -- Hitori: base-36 numbers per cell ----------------------------------------------------
@frozen
class Base36(CellCode):
    """pzprjs ``decodeHitori``: a number per cell, ``0``-``z`` (base 36) or
    ``-`` and two base-36 digits (36-1295); ``.`` an empty cell; ``@`` or
    ``%`` a number not shown (``question``, refused unless allowed).

    >>> Base36().encode_cells([1, 10, None, 40])
    '1a.-14'
    >>> [v for v, _ in Base36().decode_cells(Reader("1a.-14"), 4)]
    [1, 10, None, 40]
    """

    low: int = 0
    question: bool = False
    what: str = "number"

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        return read_cells(reader, n, "", self._token)   # `.` is an empty cell, no skips

    def _token(self, reader: Reader, ch: str, at: int) -> Any:
        if "0" <= ch <= "9" or "a" <= ch <= "z":
            v: Any = int(ch, 36)
        elif ch == "-":
            digits = "".join(reader.take("the body ends inside a `-` number") for _ in range(2))
            try:
                v = int(digits, 36)
            except ValueError:
                raise BodyError(f"`-{digits}` is not a two-digit base-36 number", at) from None
        elif ch in "@%":
            if not self.question:
                raise BodyError(f"`{ch}` ({self.what} not shown) is not allowed here", at)
            return QUESTION
        elif ch == ".":
            return None
        else:
            raise BodyError(f"`{ch}` is not a number (0-z, -xx), `.` or `@`", at)
        if v < self.low:
            raise BodyError(f"{self.what} {v} is below {self.low}", at)
        return v

    def encode_cells(self, values: list) -> str:
        out = []
        for v in values:
            if v is None:
                out.append(".")
            elif v == QUESTION:
                if not self.question:
                    raise Unfit(f"a {self.what} not shown (`?`) has no form here")
                out.append("@")
            elif isinstance(v, int) and 0 <= v < 36:
                out.append(_base36(v))
            elif isinstance(v, int) and 36 <= v < 1296:
                out.append("-" + _base36(v // 36) + _base36(v % 36))
            else:
                raise Unfit(f"{self.what} {v} is outside 0-1295")
        return "".join(out)


def _base36(v: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[v]


# -- Nawabari (fivecells) ----------------------------------------------------------------
@frozen
class Number10(CellCode):
    """pzprjs ``decodeFivecells`` (nawabari): ``0``-``9`` a number (up to
    ``high``), ``.`` a number not shown, ``a``-``z`` a run of 1-26 empty
    cells; ``7`` is a cell outside the board there (fivecells), which
    these genres have not: an error when ``high`` is below 7.

    >>> Number10(high=4).encode_cells([None, 0, None, None, 1, "?"] + [None] * 30)
    'a0b1.zd'
    """

    high: int = 9
    what: str = "number"

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        return read_cells(reader, n, _SKIP_A, self._token)

    def _token(self, reader: Reader, ch: str, at: int) -> Any:
        if ch == ".":
            return QUESTION
        if ch.isdigit() and int(ch) <= self.high:
            return int(ch)
        if ch == "7":
            raise BodyError("`7` (a cell outside the board) is not allowed here", at)
        if ch.isdigit():
            raise BodyError(f"{self.what} {ch} is outside 0-{self.high}", at)
        raise BodyError(f"`{ch}` is not a number (0-{self.high}), `.` or a skip"
                        " letter a-z", at)

    def encode_cells(self, values: list) -> str:
        return write_cells(values, _SKIP_A, self._text)

    def _text(self, v: Any) -> str:
        if v != QUESTION and not (isinstance(v, int) and 0 <= v <= self.high):
            raise Unfit(f"{self.what} {v!r} is outside 0-{self.high}")
        return "." if v == QUESTION else str(v)
