"""DA Symposium Algorithm Design Contest (ADC) 2015 Numberlink problems.

    SIZE 32X16
    LINE_NUM 15
    LINE#1 (0,0)-(30,0)

`SIZE` is columns X rows; each `LINE#k (x1,y1)-(x2,y2)` puts label k on the
cells at column x, row y (from 0). The contest lets cells stay empty: the
problems load with ``fill any``.
"""
from __future__ import annotations

import re

from ..errors import InputError, Pos
from ..numerals import natural
from . import Item
from .text_head import head_lines

NAME = "adc"
TYPES = ("numberlink",)
DESCRIPTION = "ADC 2015 Numberlink: `SIZE WxH`, `LINE_NUM n`, `LINE#k (x1,y1)-(x2,y2)` (fill any)"
SIZE = re.compile(r"SIZE\s+(\d+)\s*[Xx]\s*(\d+)\Z")
COUNT = re.compile(r"LINE_NUM\s+(\d+)\Z")
LINE = re.compile(r"LINE#(\d+)\s+\((\d+),(\d+)\)\s*-\s*\((\d+),(\d+)\)\Z")


def _lines(text: str):
    return [(i, ln.rstrip()) for i, ln in enumerate(text.splitlines(), 1) if ln.strip()]


def sniff(text: str, path: str) -> bool:
    """Strict: a `SIZE WxH` line followed by a `LINE_NUM n` line."""
    head, whole = head_lines(text)
    lines = [(0, ln) for ln in head if ln.strip()]
    if len(lines) < 2 and not whole:
        lines = _lines(text)
    return (len(lines) >= 2 and bool(SIZE.match(lines[0][1].strip()))
            and bool(COUNT.match(lines[1][1].strip())))


def parse(text: str, file: str = "<input>"):
    """A Numberlink Instance from ADC text; errors name the line."""
    from ..puzzles import numberlink as nl
    lines = _lines(text)

    def err(msg, k, col=1):
        lineno, ln = lines[k] if k < len(lines) else (1, "")
        return InputError(msg, Pos(file, lineno, col), ln)

    if not lines or not SIZE.match(lines[0][1].strip()):
        raise err("the first line must be `SIZE WxH`, for example `SIZE 32X16`", 0)
    head = lines[0][1]
    m = SIZE.match(head.strip())
    w, h = map(natural, m.groups())
    col = len(head) - len(head.lstrip()) + m.start(1) + 1
    if w < 1 or h < 1:  # checked before the board is allocated
        raise err(f"SIZE {w}X{h}: a board needs at least one row and one column", 0, col)
    if w * h > nl.MAX_CELLS:
        raise err(f"SIZE {w}X{h} has {w * h} cells; satlink accepts at most {nl.MAX_CELLS}", 0, col)
    if len(lines) < 2 or not COUNT.match(lines[1][1].strip()):
        raise err("the second line must be `LINE_NUM n`", 1)
    count = natural(COUNT.match(lines[1][1].strip()).group(1))
    grid = [[""] * w for _ in range(h)]
    seen: dict[int, int] = {}
    for k in range(2, len(lines)):
        s = lines[k][1].strip()
        m = LINE.match(s)
        if not m:
            raise err("expected `LINE#k (x1,y1)-(x2,y2)`", k)
        n, x1, y1, x2, y2 = map(natural, m.groups())
        if n in seen:
            raise err(f"line {n} is given twice (first on line {lines[seen[n]][0]})", k)
        seen[n] = k
        if not 1 <= n <= count:
            raise err(f"line number {n} is outside 1..{count} (LINE_NUM)", k)
        for x, y in ((x1, y1), (x2, y2)):
            if not (x < w and y < h):
                raise err(f"cell ({x},{y}) is outside the {w}X{h} board", k)
            if grid[y][x]:
                raise err(f"cell ({x},{y}) is already an end of line {grid[y][x]}", k)
            grid[y][x] = str(n)
        if (x1, y1) == (x2, y2):
            raise err(f"line {n} starts and ends on the same cell", k)
    if len(seen) != count:
        raise err(f"LINE_NUM says {count} lines, the file gives {len(seen)}", 1)

    def where(msg, r=None, c=None):
        if r is None:
            return err(msg, 0)
        return err(msg, seen.get(int(grid[r][c]), 0) if grid[r][c] else 0)

    return nl.make(grid, "any", where=where)


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    from ..puzzles import numberlink as nl
    return [Item(Pos(file), nl.GENRE, parse(text, file))]
