"""Whole numbers read from puzzle text: ASCII digits only, and a number too
long for ``int`` read as one beyond every limit (so a range check refuses it
with a message, never a traceback).
"""
from __future__ import annotations

#: Longest number (in digits, leading zeros aside) that :func:`natural` converts exactly;
#: Python's int() refuses more than 4300 digits. A longer number reads as 10**_MAX_DIGITS,
#: which every range check rejects.
_MAX_DIGITS = 100


def is_natural(text: str) -> bool:
    """Is ``text`` a whole number written in ASCII digits? (``str.isdigit`` also
    accepts `²` and `①`, which ``int`` refuses.)

    >>> is_natural("12"), is_natural("²"), is_natural("-1"), is_natural("")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()


def natural(text: str) -> int:
    """The value of a number :func:`is_natural` accepts (or of a regex ``\\d+``
    match); one too long for ``int`` reads as 10**100, beyond every limit.

    >>> natural("007"), natural("9" * 5000) == 10 ** 100
    (7, True)
    """
    if 0 < len(text) <= _MAX_DIGITS:  # int() reads the leading zeros alike
        return int(text)
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= _MAX_DIGITS else 10 ** _MAX_DIGITS
