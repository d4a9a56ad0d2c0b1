"""The Hashiwokakero `.has` format of Coelho, Laporte, Lindbeck and Vidal (2019).

Line 1 is `ROWS COLS ISLANDS`, then ROWS lines of COLS numbers separated by
spaces: `0` is water, `1`-`8` an island. Recognised by the `.has` extension
or by content: a three-number first line whose third number is the count
of non-zero cells in the rows below it.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import InputError, Pos
from ..numerals import is_natural, natural
from . import Item
from .text_head import head_lines
from .grid_text import split

NAME = "hashi-has"
TYPES = ("hashi",)
DESCRIPTION = "Hashi benchmark .has (CLLV 2019): `ROWS COLS ISLANDS`, then rows, `0` = water"


def sniff(text: str, path: str) -> bool:
    """A `.has` file, or text shaped like one (three numbers, then a grid of
    numbers 0-8 with that many islands)."""
    if path.endswith(".has"):
        return True
    head, _ = head_lines(text)
    first = next((ln.split() for ln in head if ln.strip()), None)
    if first is not None and (len(first) != 3 or not all(is_natural(t) for t in first)):
        return False  # the header line alone turns it down
    lines = [ln.split() for ln in text.splitlines() if ln.strip()]
    if not lines or len(lines[0]) != 3 or not all(is_natural(t) for t in lines[0]):
        return False
    rows, cols, islands = map(natural, lines[0])
    body = lines[1:]
    if len(body) != rows or any(len(r) != cols for r in body):
        return False
    if not all(is_natural(t) and natural(t) <= 8 for r in body for t in r):
        return False
    return sum(t != "0" for r in body for t in r) == islands


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    """One Hashi instance from a `.has` file."""
    from ..puzzles import hashi
    grid = split(text, file)
    if not grid.lines:
        raise InputError("empty file: expected a first line `ROWS COLS ISLANDS`", Pos(file, 1, 1))
    head = grid.header_ints(3, "`ROWS COLS ISLANDS`")
    if len(head) != 3:
        raise grid.error("the first line must be `ROWS COLS ISLANDS`", grid.lines[0][0].pos)
    rows, cols, islands = head
    if not (1 <= rows <= hashi.MAX_SIDE and 1 <= cols <= hashi.MAX_SIDE):
        raise grid.error(f"a board of {rows} rows and {cols} columns is outside"
                         f" 1..{hashi.MAX_SIDE} on a side", grid.lines[0][0].pos)
    toks = grid.grid(1, rows, cols)
    water = replace(hashi.ISLANDS, empty=("0",), expect="1-8 or `0` (water)")
    found = sum(v is not None for row in water.rows(toks, grid.error) for v in row)
    if found != islands:
        raise grid.error(f"the grid has {found} islands, the first line says {islands}",
                         grid.lines[0][2].pos)
    inst = hashi.FORMAT.read(rows, cols, [toks], grid.error, grid.lines[0][0].pos, (water,))
    return [Item(Pos(file), hashi.GENRE, inst)]
