"""pzprjs `kakuro`'s body: the clue cells' totals and the blank cells
(:class:`KakuroCells`). See :mod:`satlink.formats.pzprjs`.
"""
from __future__ import annotations

from typing import Any

from ..records import frozen
from .pzprjs_parts import Part, _rows
from .pzprjs_stream import _DIGITS36, BodyError, Reader, Unfit, read_cells, skip_letters, write_cells

_SKIP_K = skip_letters("k")  # runs of 1-16 white cells


# -- Kakuro ---------------------------------------------------------------------------
def _kakuro_value(reader: Reader, what: str) -> int | None:
    """pzprjs kakuro's ``decval``: ``0``-``9``, ``a``-``j`` (10-19), ``A``-``Z``
    (20-45); 0 and ``-`` mean no total."""
    ch = reader.take(f"the URL ends inside {what}")
    if ch.isdigit() or "a" <= ch <= "j":
        v = int(ch, 36)
    elif "A" <= ch <= "Z":
        v = int(ch, 36) + 10
    elif ch == "-":
        v = 0
    else:
        raise BodyError(f"`{ch}` is not a Kakuro total (0-9, a-j, A-Z)", reader.pos - 1)
    return v or None


def _kakuro_char(v: int | None) -> str:
    if v is None:
        return "0"
    if not isinstance(v, int) or not 1 <= v <= 45:
        raise Unfit(f"{v!r} is not a total 1-45")
    return _DIGITS36[v] if v < 20 else _DIGITS36[v - 10].upper()


@frozen
class KakuroCells(Part):
    """pzprjs ``kakuro``: the board's cells in reading order, a black cell
    as ``.`` (no totals) or two total characters (down, then right), runs of
    1-16 white cells as ``k``-``z``; then the totals outside the board: the
    down total above each column whose first cell is white, the right total
    left of each row whose first cell is white. The value is ``(cells, top,
    left)``: ``cells[r][c]`` None (white) or ``(down, right)``, totals None
    when absent; ``top[c]`` and ``left[r]`` likewise (None where the first
    cell is black).

    >>> part = KakuroCells()   # pzprjs test/script/kakuro.js
    >>> cells, top, left = part.decode_text("48la0.na0lh3l0Bn.0cl.c4a3", 5, 5)[1]
    >>> cells[0][:2], top, left
    (((4, 8), None), (None, 12, 4, None, None), (None, 10, 3, None, None))
    >>> part.encode((cells, top, left), 5, 5)
    '48la0.na0lh3l0Bn.0cl.c4a3'
    """

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        pairs = read_cells(reader, cols * rows, _SKIP_K, _black_cell)
        flat, offsets = [v for v, _ in pairs], [at for _, at in pairs]
        reader._cells = (cols, offsets)
        cells = tuple(tuple(flat[r * cols:(r + 1) * cols]) for r in range(rows))
        top = tuple(_kakuro_value(reader, "the totals above the board")
                    if cells[0][c] is None else None for c in range(cols))
        left = tuple(_kakuro_value(reader, "the totals left of the board")
                     if cells[r][0] is None else None for r in range(rows))
        return cells, top, left

    def encode(self, value: Any, rows: int, cols: int) -> str:
        cells, top, left = value
        flat = _rows(cells, rows, cols, "grid")
        out = [write_cells(flat, _SKIP_K, _black_text)]
        out += [_kakuro_char(top[c]) for c in range(cols) if flat[c] is None]
        out += [_kakuro_char(left[r]) for r in range(rows) if flat[r * cols] is None]
        return "".join(out)


def _black_cell(reader: Reader, ch: str, at: int) -> tuple:
    """A black cell: `.` (no totals), or its down and right totals."""
    if ch == ".":
        return None, None
    reader.pos = at
    down = _kakuro_value(reader, "a black cell's totals")
    return down, _kakuro_value(reader, "a black cell's totals")


def _black_text(v: tuple) -> str:
    return "." if v == (None, None) else _kakuro_char(v[0]) + _kakuro_char(v[1])
