"""The character stream of a pzprjs URL body: :class:`Reader` (a cursor
that remembers where each cell was read, for positioned errors), the skip
letters that stand for runs of empty cells (:func:`read_cells` and
:func:`write_cells`, the one loop of every code that reads a token or a
skip letter per cell), and the two ways a body fails:
:class:`BodyError` (malformed, with its offset) and :class:`Unfit` (an
instance or value with no form in a codec). See :mod:`satlink.formats.pzprjs`.
"""
from __future__ import annotations

from typing import Any, Callable


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


def skip_letters(first: str, last: str = "z") -> str:
    """The skip letters from ``first`` to ``last``: the k-th stands for a run
    of k empty cells (``skip_letters("g")``: `g` one, ..., `z` twenty)."""
    return _DIGITS36[_DIGITS36.index(first):_DIGITS36.index(last) + 1]


class Run(tuple):
    """The values of the cells one token gives (a number and the empty
    cells folded in after it, a run of circles): what :func:`read_cells`
    keeps of it ends at the last cell."""

    __slots__ = ()


def read_cells(reader: Reader, n: int, skips: str,
               token: Callable[[Reader, str, int], Any]) -> list[tuple[Any, int]]:
    """The values of ``n`` cells as ``(value, offset)`` pairs, ``offset`` the
    body position of the character that gave the cell: a character of
    ``skips`` stands for that many empty cells (None; its place in
    ``skips``, 1-based), any other begins a token, whose value is
    ``token(reader, ch, offset)`` (it reads the token's further characters
    from ``reader``, and raises :class:`BodyError` for a character that is
    no token); a :class:`Run` is several cells' values.

    >>> read_cells(Reader("3h2g"), 5, skip_letters("g"), lambda reader, ch, at: int(ch))
    [(3, 0), (None, 1), (None, 1), (2, 2), (None, 3)]
    """
    out: list[tuple[Any, int]] = []
    while len(out) < n:
        at = reader.pos
        ch = reader.take(_cells_left(len(out), n))
        k = skips.find(ch) + 1
        if k:
            if len(out) + k > n:
                raise BodyError(f"`{ch}` skips {k} cells, but only {n - len(out)} remain", at)
            out.extend([(None, at)] * k)
            continue
        v = token(reader, ch, at)
        if type(v) is Run:
            out.extend([(w, at) for w in v[:n - len(out)]])
        else:
            out.append((v, at))
    return out


def write_skips(out: list[str], count: int, skips: str) -> None:
    """Append a run of ``count`` empty cells to ``out`` as skip letters, the
    longest first (``skips`` as in :func:`read_cells`)."""
    most = len(skips)
    while count > 0:
        k = min(count, most)
        out.append(skips[k - 1])
        count -= k


def write_cells(values, skips: str, text: Callable[[Any], str]) -> str:
    """The body of ``values`` (None an empty cell): runs of empty cells as
    letters of ``skips`` (:func:`read_cells`), every other value as
    ``text(value)`` (which raises :class:`Unfit` for a value it cannot write).

    >>> write_cells([3, None, None, 2] + [None] * 22, skip_letters("g"), str)
    '3h2zh'
    """
    out: list[str] = []
    run = 0
    for v in values:
        if v is None:
            run += 1
            continue
        token = text(v)
        if run:
            write_skips(out, run, skips)
            run = 0
        out.append(token)
    write_skips(out, run, skips)
    return "".join(out)
