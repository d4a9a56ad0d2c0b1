"""Generated Numberlink sets (github.com/thomasahle/numberlink): `W H` then rows.

A file holds several puzzles: each is a `W H` line followed by H rows of W
characters: `.` is an empty cell, any other printable character a label (as
the Go solver of that repository reads them: `#`, `_` and `:` are labels
too). Outside a board, blank lines separate puzzles, a line starting with
`#` is a comment and a `0 0` line ends the file. Every puzzle becomes an
Item with its own line; its rule is ``fill all``.
"""
from __future__ import annotations

import re

from ..errors import InputError, Pos
from ..numerals import natural
from . import Item
from .text_head import head_lines

NAME = "numberlink-wh"
TYPES = ("numberlink",)
DESCRIPTION = ("generated Numberlink sets: `W H` line, H rows of W characters (`.` empty, any"
               " other printable character a label), `#` comment lines (fill all)")
HEADER = re.compile(r"(\d+)\s+(\d+)\Z")


def _is_row_char(ch: str) -> bool:
    return ch.isprintable() and not ch.isspace()


def _chunks(text: str):
    """(header line number, header line, body): a `W H` line and the H
    non-blank lines after it as (line number, line), read as rows whatever
    they start with. Outside a board, blank and `#` lines are skipped; a line
    that is no header gives body None; `0 0` ends the file."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        lineno, head = i + 1, lines[i]
        i += 1
        s = head.strip()
        if not s or s.startswith("#"):
            continue
        m = HEADER.match(s)
        if not m:
            yield lineno, head, None
            continue
        w, h = natural(m.group(1)), natural(m.group(2))
        if w == 0 and h == 0:
            return
        body = []
        while len(body) < h and i < len(lines):
            if lines[i].strip():
                body.append((i + 1, lines[i].rstrip()))
            i += 1
        yield lineno, head, body


def sniff(text: str, path: str) -> bool:
    """Strict: the first data line is `W H` and the next is a row of exactly W
    printable characters, at least one of them `.`."""
    lines, whole = head_lines(text)
    first = next(_chunks("\n".join(lines)), None)
    if not whole and (first is None or first[2] == []):  # the first lines do not decide
        first = next(_chunks(text), None)
    if first is None or not first[2]:
        return False
    _lineno, head, body = first
    m = HEADER.match(head.strip())
    row = body[0][1].strip()
    return natural(m.group(1)) == len(row) and all(map(_is_row_char, row)) and "." in row


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    from ..puzzles import numberlink as nl
    items: list[Item] = []
    expect_header = False
    for lineno, head, body in _chunks(text):
        pos = Pos(file, lineno, 1)
        if body is None:
            if not expect_header:  # one error per run of stray lines
                items.append(Item(pos, nl.GENRE, error=InputError(
                    "expected a `WIDTH HEIGHT` line starting a puzzle", pos, head)))
            expect_header = True
            continue
        expect_header = False
        m = HEADER.match(head.strip())
        w, h = natural(m.group(1)), natural(m.group(2))
        try:
            items.append(Item(pos, nl.GENRE, parse_rows(nl, w, h, body, file, pos, head)))
        except InputError as exc:
            items.append(Item(pos, nl.GENRE, error=exc))
    return items


def parse_rows(nl, w: int, h: int, body, file: str, pos: Pos, head: str):
    """One puzzle from its numbered rows; errors point at the row and column."""
    rows = []
    for r, (lineno, line) in enumerate(body):
        row = line.strip()
        start = line.index(row[0]) + 1
        if HEADER.match(row) and len(row) != w:
            raise InputError(f"the puzzle has {r} rows, its header says {h}",
                             Pos(file, lineno, start), line)
        if len(row) != w:
            raise InputError(f"row {r + 1} has {len(row)} cells, the header says {w}",
                             Pos(file, lineno, start + min(len(row), w)), line)
        for c, ch in enumerate(row):
            if not _is_row_char(ch):
                raise InputError(f"`{ch!r}` is not `.` or a printable label character",
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

    return nl.make(rows, "all", where=where)
