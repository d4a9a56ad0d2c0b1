"""Generated Numberlink sets (github.com/thomasahle/numberlink): `W H` then rows.

A file holds several puzzles: each is a `W H` line followed by H rows of W
characters (`.` empty, a letter or digit per label); `#` lines are comments,
blank lines separate puzzles and a `0 0` line ends the file. Every puzzle
becomes an Item with its own line; its rule is ``fill all``.
"""
from __future__ import annotations

import re

from ..errors import InputError, Pos
from ..lang import natural
from ..puzzles import get as get_puzzle
from . import Item
from .flowfree import ROW

NAME = "numberlink-wh"
TYPES = ("numberlink",)
DESCRIPTION = "generated Numberlink sets: `W H` line, H rows of W characters, `#` comments (fill all)"
HEADER = re.compile(r"(\d+)\s+(\d+)\Z")


def _data_lines(text: str):
    for i, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if s and not s.startswith("#"):
            yield i, line.rstrip()


def sniff(text: str, path: str) -> bool:
    """Strict: the first data line is `W H` and the next is a row of exactly W
    characters of `.`, letters and digits."""
    lines = _data_lines(text)
    first = next(lines, None)
    second = next(lines, None)
    if first is None or second is None:
        return False
    m = HEADER.match(first[1].strip())
    row = second[1].strip()
    return bool(m) and natural(m.group(1)) == len(row) and bool(ROW.match(row))


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    nl = get_puzzle("numberlink")
    lines = list(_data_lines(text))
    items: list[Item] = []
    i = 0
    while i < len(lines):
        lineno, head = lines[i]
        pos = Pos(file, lineno, 1)
        m = HEADER.match(head.strip())
        if not m:
            items.append(Item(pos, nl, error=InputError(
                "expected a `WIDTH HEIGHT` line starting a puzzle", pos, head)))
            # skip to the next header
            i += 1
            while i < len(lines) and not HEADER.match(lines[i][1].strip()):
                i += 1
            continue
        w, h = natural(m.group(1)), natural(m.group(2))
        if w == 0 and h == 0:
            break
        body = lines[i + 1:i + 1 + h]
        i += 1 + h
        try:
            items.append(Item(pos, nl, parse_rows(nl, w, h, body, file, pos, head)))
        except InputError as exc:
            items.append(Item(pos, nl, error=exc))
    return items


def parse_rows(nl, w: int, h: int, body, file: str, pos: Pos, head: str):
    """One puzzle from its numbered rows; errors point at the row and column."""
    rows = []
    for r, (lineno, line) in enumerate(body):
        row = line.strip()
        start = line.index(row[0]) + 1
        if HEADER.match(row):
            raise InputError(f"the puzzle has {r} rows, its header says {h}",
                             Pos(file, lineno, start), line)
        if len(row) != w:
            raise InputError(f"row {r + 1} has {len(row)} cells, the header says {w}",
                             Pos(file, lineno, start + min(len(row), w)), line)
        for c, ch in enumerate(row):
            if ch != "." and not (ch.isascii() and ch.isalnum()):
                raise InputError(f"`{ch}` is not `.`, a letter or a digit",
                                 Pos(file, lineno, start + c), line)
        rows.append(["" if ch == "." else ch for ch in row])
    if len(rows) != h:
        raise InputError(f"the puzzle has {len(rows)} rows, its header says {h}", pos, head)

    def where(msg, r=None, c=None):
        if r is None:
            return InputError(msg, pos, head)
        lineno, line = body[r]
        return InputError(msg, Pos(file, lineno, line.index(line.strip()[0]) + 1 + (c or 0)),
                          line)

    return nl.make(w, h, rows, "all", where)
