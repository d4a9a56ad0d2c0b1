"""A set of a board's points (``p = r * cols + c``) as the bits of one
integer, for rules that reason about the whole board at once (a loop's
settled edges, a room's edges): a step to the east is a shift by one, to
the south by ``cols``, and a pass over every point is a few operations on
one number in C rather than Python per point. The members of a mask are
read with :func:`satlink.rules.bitmask.set_bits`; :func:`flags` gives them
as a byte per point, for ``itertools.compress``.

>>> m = mask_of([0, 2, 5])
>>> m, flags(m, 6), east_pairs(m | 2, 2, 3)
(37, b'\\x01\\x00\\x01\\x00\\x00\\x01', 3)
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import compress

#: '0' / '1' -> byte 0 / 1
_DIGITS = bytes.maketrans(b"01", b"\x00\x01")


def mask_of(points: Iterable[int]) -> int:
    """The mask of ``points``."""
    m = 0
    for p in points:  # (measured: no faster through map or a bytearray)
        m |= 1 << p
    return m


def flags(mask: int, n: int) -> bytes:
    """A byte per point ``0 .. n - 1``: 1 where ``mask`` holds it, else 0
    (read off the binary text in C)."""
    return format(mask, f"0{n}b")[::-1].encode().translate(_DIGITS)


def members(mask: int, n: int) -> list[int]:
    """The points of ``mask`` (below ``n``), rising (:func:`flags` in C;
    :func:`satlink.rules.bitmask.set_bits` peels a sparse mask faster)."""
    return list(compress(range(n), flags(mask, n)))


def west_columns(rows: int, cols: int) -> int:
    """The points with an east neighbour (every column but the last)."""
    row = (1 << (cols - 1)) - 1 if cols else 0
    return int(format(row, f"0{cols}b") * rows, 2) if rows and cols else 0


def east_pairs(cells: int, rows: int, cols: int) -> int:
    """The points of ``cells`` whose east neighbour is in ``cells`` (the
    horizontal edges between them, each named by its west end)."""
    return cells & (cells >> 1) & west_columns(rows, cols)


def south_pairs(cells: int, cols: int) -> int:
    """The points of ``cells`` whose south neighbour is in ``cells``."""
    return cells & (cells >> cols)


def ray_mask(rows: int, cols: int, cell: tuple[int, int], direction: str) -> tuple[int, bool]:
    """The steps between consecutive cells from ``cell`` to the board's edge
    in ``direction`` (:func:`satlink.rules.grid.ray_steps`) as a mask of
    points, each step named by its west or north end, and whether they are
    steps south (else east): ``(mask, south)``.

    >>> ray_mask(3, 4, (1, 1), "e"), ray_mask(3, 4, (1, 1), "n")
    ((96, False), (2, True))
    """
    r, c = cell
    if direction in "ew":
        first, last = (c, cols - 1) if direction == "e" else (0, c)  # steps c .. cols - 2, or 0 .. c - 1
        return ((1 << (last - first)) - 1) << (r * cols + first), False
    first, last = (r, rows - 1) if direction == "s" else (0, r)
    column = int("1".rjust(cols, "0") * (last - first), 2) if last > first else 0
    return column << (first * cols + c), True
