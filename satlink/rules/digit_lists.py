"""The digits of a bit mask of digits (bit v set for digit v), looked up
rather than worked out bit by bit: the inner loops of
:func:`satlink.rules.digit_narrowing.narrow` read them once per unit and
digit. Written by hand for speed: indexing the table is some thirty times
faster than :func:`satlink.rules.bitmask.set_bits` on masks of nine digits.

>>> DIGIT_LISTS[0b1010], DigitLists()[1 << 12 | 1 << 3]
((1, 3), (3, 12))
"""
from __future__ import annotations

from .bitmask import set_bits


def _digit_lists() -> tuple[tuple[int, ...], ...]:
    """``table[m]``: the set bits of m, lowest first, for every m below 2**10."""
    table: list[tuple[int, ...]] = [()]
    for b in range(10):
        table += [t + (b,) for t in table]
    return tuple(table)


#: The digits of a mask of digits 0..9 (every Sudoku but the large ones).
DIGIT_LISTS = _digit_lists()


#: The digits of a mask of digits 10..19, shifted down by 10 (``m >> 10``).
DIGIT_LISTS_HIGH = tuple(tuple(d + 10 for d in t) for t in DIGIT_LISTS)


class DigitLists(dict):
    """The digits of a mask, worked out as masks are met (digits above 9):
    from the two tables up to digit 19, bit by bit above."""

    def __missing__(self, m: int) -> tuple[int, ...] | list[int]:
        if m >> 20:
            out: tuple[int, ...] | list[int] = set_bits(m)
        else:
            out = DIGIT_LISTS[m & 1023] + DIGIT_LISTS_HIGH[m >> 10]
        self[m] = out
        return out
