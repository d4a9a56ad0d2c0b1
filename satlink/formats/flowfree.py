"""Flow Free levels: one character per cell, `.` empty, a letter or digit per colour.

Every row has the same length; each colour appears on exactly two cells.
Flow Free's rule is that every cell is used, and its levels are designed so
that no path touches itself: the puzzles load with ``fill all`` and ``touch
no`` (``--fill any``, ``--touch yes`` override them). Under ``touch no`` all
28 solvable levels of the public set are unique; allowing touching, four of
them have several solutions (encodings/numberlink.md). The format of the
levels in github.com/mzucker/flow_solver.
"""
from __future__ import annotations

import re
from collections import Counter

from ..errors import InputError, Pos
from . import Item
from .text_head import head_lines

NAME = "flowfree"
TYPES = ("numberlink",)
DESCRIPTION = ("Flow Free level: one character per cell, `.` empty, each colour twice"
               " (fill all, touch no)")
ROW = re.compile(r"[.A-Za-z0-9]+\Z")


def sniff(text: str, path: str) -> bool:
    """Strict: at least two rows of equal length, only `.`, letters and digits,
    at least one `.` and one colour, and every colour on exactly two cells."""
    head, _ = head_lines(text)  # what the first lines already rule out
    rows = [ln.strip() for ln in head if ln.strip()]
    if len({len(r) for r in rows}) > 1 or not all(ROW.match(r) for r in rows) or \
            any(n > 2 for n in Counter(ch for r in rows for ch in r if ch != ".").values()):
        return False
    rows = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if len(rows) < 2 or len({len(r) for r in rows}) != 1 or not all(ROW.match(r) for r in rows):
        return False
    counts = Counter(ch for r in rows for ch in r if ch != ".")
    return bool(counts) and "." in "".join(rows) and set(counts.values()) == {2}


def parse(text: str, file: str = "<input>", fill: str = "all", touch: str = "no"):
    """A Numberlink Instance from Flow Free text; InputError names the cell."""
    from ..puzzles import numberlink as nl
    lines = text.splitlines()
    rows: list[tuple[int, str]] = [(i, ln.rstrip()) for i, ln in enumerate(lines, 1)
                                   if ln.strip()]
    if not rows:
        raise InputError("empty file: expected rows of `.` and colour letters", Pos(file, 1, 1))
    for lineno, ln in rows:
        for col, ch in enumerate(ln, 1):
            if ch != "." and not ch.isalnum() or not ch.isascii():
                raise InputError(f"`{ch}` is not `.`, a letter or a digit", Pos(file, lineno, col),
                                 ln)

    def where(msg, r=None, c=None):
        if r is None:
            return InputError(msg, Pos(file, rows[0][0], 1), rows[0][1])
        lineno, ln = rows[r]
        return InputError(msg, Pos(file, lineno, (c or 0) + 1), ln)

    grid = [["" if ch == "." else ch for ch in ln] for _, ln in rows]
    return nl.make(grid, fill, touch, where)


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    from ..puzzles import numberlink as nl
    return [Item(Pos(file), nl.GENRE, parse(text, file))]
