"""The community one-line Sudoku format: one puzzle per line.

81, 256 or 625 characters (sizes 9, 16, 25); `.` or `0` is a blank; digits
1-9 then letters A.. for 10 and up (16x16: 1-9, A-G). Lines starting with
`#` are comments. Trailing text after whitespace is ignored (some
collections append a rating).
"""
from __future__ import annotations

from ..errors import InputError, Pos
from ..puzzles import get as get_puzzle
from . import Item

NAME = "sudoku-lines"
TYPES = ("sudoku",)
DESCRIPTION = "one Sudoku per line: 81, 256 or 625 characters, `.` or `0` blank, `#` comments"
SIZES = {81: 9, 256: 16, 625: 25}
ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _first_data_line(text: str):
    for line in text.splitlines():
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
    sudoku = get_puzzle("sudoku")
    s = line.split()[0] if line.split() else ""
    n = SIZES.get(len(s))
    if n is None:
        raise InputError(f"a Sudoku line has 81, 256 or 625 characters, this one has {len(s)}",
                         Pos(file, lineno, 1), line)
    digits = ALPHABET[:n]
    vals = []
    for i, ch in enumerate(s):
        if ch in ".0":
            vals.append(0)
            continue
        v = digits.find(ch.upper()) + 1
        if v == 0:
            raise InputError(f"`{ch}` is not a digit of a {n}x{n} Sudoku"
                             f" (use 1-{digits[-1]}, `.` or `0`)", Pos(file, lineno, i + 1), line)
        vals.append(v)
    return sudoku.make(n, [vals[r * n:(r + 1) * n] for r in range(n)])


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    sudoku = get_puzzle("sudoku")
    items = []
    for lineno, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        pos = Pos(file, lineno, 1)
        try:
            items.append(Item(pos, sudoku, parse_line(line, file, lineno), batch=True))
        except InputError as exc:
            items.append(Item(pos, sudoku, error=exc, batch=True))
    return items
