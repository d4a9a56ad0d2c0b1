"""The community one-line Sudoku format: one puzzle per line.

81, 256 or 625 characters (sizes 9, 16, 25); `.` or `0` is a blank; digits
1-9 then letters A.. for 10 and up (16x16: 1-9, A-G). Lines starting with
`#` are comments. Trailing text after whitespace is ignored (some
collections append a rating).
"""
from __future__ import annotations

from ..errors import InputError, Pos
from . import Item
from .text_head import head_lines

NAME = "sudoku-lines"
TYPES = ("sudoku",)
DESCRIPTION = "one Sudoku per line: 81, 256 or 625 characters, `.` or `0` blank, `#` comments"
SIZES = {81: 9, 256: 16, 625: 25}
ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _first_data_line(text: str):
    head, whole = head_lines(text)
    first = _first_of(head)
    return first if first is not None or whole else _first_of(text.splitlines())


def _first_of(lines):
    for line in lines:
        s = line.strip()
        if s and not s.startswith("#"):
            return s.split()[0]
    return None


def sniff(text: str, path: str) -> bool:
    first = _first_data_line(text)
    return first is not None and len(first) in SIZES and all(
        ch == "." or ch == "0" or ch.upper() in ALPHABET for ch in first)


def parse_line(line: str, file: str = "<input>", lineno: int = 1):
    """A Sudoku Instance from one line; InputError names the column."""
    from ..puzzles import sudoku
    words = line.split()
    s = words[0] if words else ""
    n = SIZES.get(len(s))
    if n is None:
        raise InputError(f"a Sudoku line has 81, 256 or 625 characters, this one has {len(s)}",
                         Pos(file, lineno, 1), line)
    table = _VALUES[n]
    try:  # every character at once: a byte table maps it to its value, anything else to 255
        vals = s.encode("ascii").translate(_BYTES[n])
    except UnicodeEncodeError:
        vals = b"\xff"
    if 255 in vals:
        i = next(i for i, ch in enumerate(s) if ch not in table)
        raise InputError(f"`{s[i]}` is not a digit of a {n}x{n} Sudoku"
                         f" (use 1-{ALPHABET[n - 1]}, `.` or `0`)",
                         Pos(file, lineno, line.index(s) + i + 1), line) from None
    bw, bh = _BOXES[n]
    # The table admits only 0..n, so the grid is valid by construction.
    return sudoku.Instance(n, bw, bh, tuple(tuple(vals[i:i + n]) for i in range(0, n * n, n)))


def _value_table(n: int) -> dict[str, int]:
    table = {".": 0, "0": 0}
    for i, ch in enumerate(ALPHABET[:n]):
        table[ch] = table[ch.lower()] = i + 1
    return table


def _byte_table(values: dict[str, int]) -> bytes:
    """``values`` as a table for ``bytes.translate``: 255 for any other byte."""
    table = bytearray(b"\xff" * 256)
    for ch, v in values.items():
        table[ord(ch)] = v
    return bytes(table)


_VALUES = {n: _value_table(n) for n in SIZES.values()}
_BYTES = {n: _byte_table(table) for n, table in _VALUES.items()}
_BOXES = {n: (k, k) for n, k in ((9, 3), (16, 4), (25, 5))}

#: One puzzle per line: ``satlink check --jobs`` hands workers chunks of lines
#: (:func:`puzzle_lines`).
LINE_BATCH = True


def puzzle_lines(text: str, first_line: int = 1) -> list[tuple[int, str]]:
    """(line number, line) of every puzzle line (not blank, not a comment):
    what ``check --jobs`` sends a child, which reads each with :func:`read`.

    >>> puzzle_lines("# a set\\n\\n1.3\\n", 10)
    [(12, '1.3')]
    """
    return [(lineno, line) for lineno, line in enumerate(text.splitlines(), first_line)
            if (s := line.strip()) and not s.startswith("#")]


def read(text: str, file: str, puzzle_type=None, options=None, first_line: int = 1) -> list[Item]:
    from ..puzzles import sudoku
    items = []
    for lineno, line in puzzle_lines(text, first_line):
        pos = Pos(file, lineno, 1)
        try:
            items.append(Item(pos, sudoku.GENRE, parse_line(line, file, lineno), batch=True))
        except InputError as exc:
            items.append(Item(pos, sudoku.GENRE, error=exc, batch=True))
    return items
