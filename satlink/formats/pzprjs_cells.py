"""pzprjs cell codes: a sequence of n cell values read from and written to
a body (facts of pzprjs, ``src/variety-common/Encode.js``; written anew
here). :class:`CellCode`; the small values packed several cells a
character, :class:`Packed` (:func:`Circles`, a bit per cell) and
:class:`OneCell` (Tents); :class:`Map` and :class:`Dict`, which translate
any code's values to a genre's own. The number codes are
:mod:`satlink.formats.pzprjs_numbers`'; :mod:`satlink.formats.pzprjs_parts`
lays codes on a board.
"""
from __future__ import annotations

from typing import Any, Callable

from ..records import frozen
from .pzprjs_stream import _DIGITS36, BodyError, Reader, Unfit, _cells_left


#: Masyu pearls as :func:`Circles` writes them.
WHITE, BLACK = "white", "black"


# -- cell codes: a sequence of n cell values ------------------------------------
class CellCode:
    """Reads and writes the values of ``n`` cells in order.

    ``decode_cells(reader, n)`` returns ``(value, offset)`` pairs, ``offset``
    the body position of the character that gave the value; ``encode_cells``
    writes values back (raising :class:`Unfit` for one it cannot write).
    """

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        raise NotImplementedError

    def encode_cells(self, values: list) -> str:
        raise NotImplementedError


@frozen
class Packed(CellCode):
    """``per_char`` cells of ``states`` values each in one character, written
    in base ``states ** per_char`` (digits 0-9a-z), first cell most significant.

    >>> Packed(3, 3).encode_cells([0, 0, 1, 0, 2, 0, 0])
    '160'
    """

    states: int
    per_char: int

    def __post_init__(self) -> None:
        if not (self.states >= 2 and self.per_char >= 1 and self.states ** self.per_char <= 36):
            raise ValueError("Packed needs states >= 2 and states ** per_char <= 36")

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        base = self.states ** self.per_char
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            d = _DIGITS36.find(ch)
            if d < 0 or d >= base:
                raise BodyError(f"`{ch}` is not a base-{base} digit"
                                f" (0-{_DIGITS36[base - 1]})", at)
            for k in range(self.per_char - 1, -1, -1):
                if len(out) < n:
                    out.append(((d // self.states ** k) % self.states, at))
        return out

    def encode_cells(self, values: list) -> str:
        out = []
        for i in range(0, len(values), self.per_char):
            chunk = list(values[i:i + self.per_char])
            chunk += [0] * (self.per_char - len(chunk))
            d = 0
            for v in chunk:
                if v not in range(self.states) or isinstance(v, bool):
                    raise Unfit(f"{v!r} is not a value 0-{self.states - 1}")
                d = d * self.states + v
            out.append(_DIGITS36[d])
        return "".join(out)


def Circles() -> Packed:
    """pzprjs ``Circle``: 0 none, 1 white, 2 black; three cells a base-27 character."""
    return Packed(3, 3)


@frozen
class Map(CellCode):
    """``code`` with every non-empty cell value passed through ``decode`` on
    reading and ``encode`` on writing (``encode`` may raise :class:`Unfit`).
    Empty cells (``None``) pass unchanged (use :class:`Dict` to rename them)."""

    code: CellCode
    decode: Callable[[Any], Any]
    encode: Callable[[Any], Any]

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        return [(v if v is None else self.decode(v), at)
                for v, at in self.code.decode_cells(reader, n)]

    def encode_cells(self, values: list) -> str:
        return self.code.encode_cells([v if v is None else self.encode(v) for v in values])


@frozen
class Dict(CellCode):
    """``code`` with values translated by ``table`` (code value -> genre
    value) and back by its inverse; values not in the table pass unchanged.

    >>> from satlink.formats.pzprjs_numbers import Number16
    >>> Dict(Number16(), {None: 0}).encode_cells([0, 5, 0])
    'g5g'
    """

    code: CellCode
    table: dict

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        t = self.table
        return [(t.get(v, v), at) for v, at in self.code.decode_cells(reader, n)]

    def encode_cells(self, values: list) -> str:
        back = {v: k for k, v in self.table.items()}
        try:
            raw = [back.get(v, v) for v in values]
        except TypeError:  # an unhashable value
            raise Unfit("a cell value has no form here") from None
        return self.code.encode_cells(raw)


class OneCell(CellCode):
    """pzprjs ``1Cell``: the cells that hold the one value (True), sparse:
    ``0``-``h`` such a cell and 0-17 cells without it after it, ``i``-``z``
    1-18 cells without it (the last run may reach past the end).

    >>> OneCell().encode_cells([False, False, True] + [False] * 8 + [True] + [False] * 13)
    'j8d'
    """

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            d = _DIGITS36.find(ch)
            if d < 0:
                raise BodyError(f"`{ch}` is not a cell code (0-9, a-z)", at)
            run = [(True, at)] + [(None, at)] * d if d < 18 else [(None, at)] * (d - 17)
            out += run[:n - len(out)]
        return out

    def encode_cells(self, values: list) -> str:
        out, count, have = [], -1, False
        for v in values:
            if v is True:
                if count >= 0:
                    out.append(_DIGITS36[count if have else count + 18])
                have, count = True, 0
                continue
            if v not in (None, False):
                raise Unfit(f"{v!r} is not a cell of one value")
            count += 1
            if count == 17:
                out.append(_DIGITS36[17 if have else 35])
                have, count = False, -1
        if count >= 0:
            out.append(_DIGITS36[count if have else count + 18])
        return "".join(out)
