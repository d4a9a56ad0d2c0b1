"""The character stream of a pzprjs URL body: :class:`Reader` (a cursor
that remembers where each cell was read, for positioned errors), the skip
letters that stand for runs of empty cells, and the two ways a body fails:
:class:`BodyError` (malformed, with its offset) and :class:`Unfit` (an
instance or value with no form in a codec). See :mod:`satlink.formats.pzprjs`.
"""
from __future__ import annotations


_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_HEX = frozenset("0123456789abcdef")


class BodyError(Exception):
    """A malformed body: ``message`` and the ``offset`` of the character in
    the body (``len(body)`` when it ended too early)."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


class Unfit(Exception):
    """This instance (or value) has no form in this codec; the reason says why."""


# -- reading --------------------------------------------------------------------
class Reader:
    """A cursor over a body; :meth:`mark` says where a cell was read."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self._cells: tuple[int, list[int]] = (1, [])  # (cols, offset of each cell)

    def mark(self, r: int, c: int) -> int | None:
        """The body offset of the character that gave cell (r, c), once read."""
        cols, offsets = self._cells
        i = r * cols + c
        return offsets[i] if 0 <= c < cols and 0 <= i < len(offsets) else None

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def take(self, ended: str) -> str:
        """The next character; at the end a BodyError saying ``ended``."""
        if self.pos >= len(self.text):
            raise BodyError(ended, len(self.text))
        ch = self.text[self.pos]
        self.pos += 1
        return ch

    def hex(self, n: int, what: str) -> int:
        """``n`` lowercase hex digits as a number."""
        start = self.pos
        for _ in range(n):
            ch = self.take(f"the URL ends inside {what}: {n} hex digits expected")
            if ch not in _HEX:
                raise BodyError(f"`{ch}` is not a hex digit (0-9, a-f) in {what}", self.pos - 1)
        return int(self.text[start:self.pos], 16)


def _cells_left(i: int, n: int) -> str:
    return f"the URL ends after {i} of {n} cells"


def _skip(reader: Reader, ch: str, first: str, i: int, n: int) -> int:
    """The run of empty cells a skip letter stands for (``first`` stands for 1)."""
    k = ord(ch) - ord(first) + 1
    if i + k > n:
        raise BodyError(f"`{ch}` skips {k} cells, but only {n - i} remain", reader.pos - 1)
    return k


def _skips(out: list, count: int, first: str, most: int) -> None:
    """Write a run of ``count`` empty cells as skip letters of at most ``most`` cells."""
    while count > 0:
        k = min(count, most)
        out.append(chr(ord(first) + k - 1))
        count -= k
