"""Bit masks as sets of small integers (cells, digits, pieces): the one
place that lists a mask's members."""
from __future__ import annotations


def set_bits(x: int) -> list[int]:
    """The positions of the set bits of ``x``, lowest first (a wide mask
    with many bits set is read from its binary text: peeling bits off one
    at a time makes a new wide number each time).

    >>> set_bits(0b1010), set_bits(1 << 200 | 1) == [0, 200], len(set_bits((1 << 900) - 1))
    ([1, 3], True, 900)
    """
    if x >> 64 and x.bit_count() * 16 > x.bit_length():
        return [i for i, ch in enumerate(bin(x)[:1:-1]) if ch == "1"]
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out
