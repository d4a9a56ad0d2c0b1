"""pzprjs URL body parts for the loop genres of branch loops4 (Mejilink),
on the base classes of :mod:`satlink.formats.pzprjs`.

- :class:`OuterBorders` -- pzprjs ``decodeOuterBorder`` /
  ``encodeOuterBorder`` (src/variety-common/Encode.js): one bit per border
  of the board, the outer ones included, five to a base-32 character.
- :class:`MagnetTallies` -- pzprjs ``decodeNumber16ExCell`` on Magnets'
  two rows and two columns of numbers outside the board (src/variety/
  magnets.js: ``excellRows`` and ``excellCols`` 2).
"""
from __future__ import annotations

from typing import Any

from .pzprjs_numbers import QUESTION, Number16
from .pzprjs_parts import Part
from .pzprjs_stream import BodyError, Reader, Unfit

_BASE32 = "0123456789abcdefghijklmnopqrstuv"


def border_count(rows: int, cols: int) -> tuple[int, int]:
    """(inner, all): the borders between cells, and those plus the outer ones."""
    inner = 2 * cols * rows - cols - rows
    return inner, inner + 2 * (cols + rows)


def border_edge(i: int, rows: int, cols: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """pzprjs border ``i`` (its board order: the inner vertical borders row by
    row, the inner horizontal ones, then the outer top, bottom, left, right)
    as a lattice edge ``((r1, c1), (r2, c2))`` between points.

    >>> border_edge(0, 4, 4), border_edge(12, 4, 4), border_edge(24, 4, 4)
    (((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (0, 1)))
    """
    v = (cols - 1) * rows
    h = cols * (rows - 1)
    if i < v:
        r, c = divmod(i, cols - 1)
        return (r, c + 1), (r + 1, c + 1)
    i -= v
    if i < h:
        r, c = divmod(i, cols)
        return (r + 1, c), (r + 1, c + 1)
    i -= h
    for k, (n, edge) in enumerate(((cols, lambda j: ((0, j), (0, j + 1))),
                                   (cols, lambda j: ((rows, j), (rows, j + 1))),
                                   (rows, lambda j: ((j, 0), (j + 1, 0))),
                                   (rows, lambda j: ((j, cols), (j + 1, cols))))):
        if i < n:
            return edge(i)
        i -= n
    raise IndexError(f"the board has no border {i}")


class OuterBorders(Part):
    """Every border's bit (pzprjs ``ques``: True where no line may run), in
    :func:`border_edge` order, as a tuple of bools. A body that stops early
    leaves the rest at pzprjs's defaults (inner borders True, outer False);
    the encoder writes the outer borders only when one of them is True.

    >>> OuterBorders().encode((True,) + (False,) * 23 + (False,) * 16, 4, 4)
    'g0000'
    """

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        inner, total = border_count(rows, cols)
        bits = [True] * inner + [False] * (total - inner)
        for k in range((total + 4) // 5):
            if reader.at_end():
                break
            at = reader.pos
            ch = reader.take("")
            d = _BASE32.find(ch)
            if d < 0:
                raise BodyError(f"`{ch}` is not a base-32 digit (0-v) of borders", at)
            for w in range(5):
                if 5 * k + w < total:
                    bits[5 * k + w] = bool(d & (16 >> w))
        return tuple(bits)

    def encode(self, value: Any, rows: int, cols: int) -> str:
        inner, total = border_count(rows, cols)
        bits = list(value)
        if len(bits) != total:
            raise Unfit(f"a {cols} x {rows} board has {total} borders, not {len(bits)}")
        if not any(bits[inner:]):
            bits = bits[:inner]
        bits += [False] * (-len(bits) % 5)
        return "".join(_BASE32[sum(16 >> w for w in range(5) if bits[i + w])]
                       for i in range(0, len(bits), 5))


class MagnetTallies(Part):
    """Magnets' numbers outside the board, in pzprjs's excell order: per
    column its `-` number (the row just above the board) then its `+`
    number (above that), then per row its `-` number (just left) then its
    `+` number; :class:`Number16` with skips. The value is
    ``(plus_cols, minus_cols, plus_rows, minus_rows)``, None where no number.

    >>> MagnetTallies().decode_text("g222j2h2g22g0g32", 5, 5)[1]  # pzprjs test/script/magnets.js
    ((2, 2, None, None, None), (None, 2, None, None, 2), (2, 2, None, None, 2), (None, None, 2, 0, 3))
    """

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        values = [None if v == QUESTION else v
                  for v, _ in Number16().decode_cells(reader, 2 * (cols + rows))]
        top, left = values[:2 * cols], values[2 * cols:]
        return tuple(top[1::2]), tuple(top[0::2]), tuple(left[1::2]), tuple(left[0::2])

    def encode(self, value: Any, rows: int, cols: int) -> str:
        try:
            plus_cols, minus_cols, plus_rows, minus_rows = value
        except (TypeError, ValueError):
            raise Unfit("Magnets' numbers are four lines (+ and - of the columns and rows)") \
                from None
        if not len(plus_cols) == len(minus_cols) == cols \
                or not len(plus_rows) == len(minus_rows) == rows:
            raise Unfit(f"expected {cols} column and {rows} row numbers of each pole")
        flat = [v for pair in zip(minus_cols, plus_cols) for v in pair]
        flat += [v for pair in zip(minus_rows, plus_rows) for v in pair]
        return Number16().encode_cells(flat)
