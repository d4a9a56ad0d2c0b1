"""MiniZinc Challenge Solitaire Battleship boards (``.dzn`` data files).

Parameters: ``height``, ``width``, ``maxship``, ``ship`` (ship[L] ships of
length L), ``hint`` (a 2-D array, ``[| ... | ... |]``), ``rowsum``,
``colsum``. Hint codes follow the challenge model: 0 none, 1 water,
2 submarine, 3 left, 4 right, 5 top, 6 bottom, 7 middle (the model posts
``x[i,j] = hint[i,j] - 1`` over pieces water, sub, left, right, top,
bottom, middle). The generated boards carry one solution in their trailing
comments (ship numbers, `.` water). Some files draw it transposed (the
12 x 12 ones), so the drawing is read in the orientation whose line counts
match ``rowsum`` (the tests check it against the rules); it is kept as ``item.extra["comment_solution"]`` (a ship list) when present.
"""
from __future__ import annotations

import re

from ..errors import Pos
from ..numerals import natural
from . import Item, located
from .battleship_board import make

NAME = "battleship-dzn"
TYPES = ("battleship",)
DESCRIPTION = "MiniZinc .dzn Solitaire Battleship: height, width, ship, hint, rowsum, colsum"
CODES = {0: ".", 1: "~", 2: "o", 3: "<", 4: ">", 5: "^", 6: "v", 7: "+"}
_ASSIGN = re.compile(r"(\w+)\s*=\s*([^;]*);", re.S)


def sniff(text: str, path: str) -> bool:
    return path.endswith(".dzn") and "rowsum" in text and "colsum" in text


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    from ..puzzles import battleship as bs
    clean, _pos, at = located(text, file)

    values, spots = {}, {}
    for m in _ASSIGN.finditer(clean):
        values[m.group(1)] = m.group(2)
        spots[m.group(1)] = m.start(1)
    for name in ("height", "width", "ship", "rowsum", "colsum"):
        if name not in values:
            raise at(0, f"missing `{name} = ...;`")

    def ints(name: str) -> list[int]:
        body = values[name]
        if not re.fullmatch(r"[\s\[\]|,\d]*", body):
            raise at(spots[name], f"`{name}` must hold whole numbers")
        return [natural(v) for v in re.findall(r"\d+", body)]

    height, width = ints("height"), ints("width")
    if len(height) != 1 or len(width) != 1:
        raise at(spots["height"], "`height` and `width` are single numbers")
    rows, cols = height[0], width[0]
    fleet = [(i + 1, n) for i, n in enumerate(ints("ship"))]
    givens = None
    if "hint" in values:
        codes = ints("hint")
        if len(codes) != rows * cols:
            raise at(spots["hint"], f"`hint` has {len(codes)} entries, a {cols} x {rows} board"
                     f" needs {rows * cols}")
        for code in codes:
            if code not in CODES:
                raise at(spots["hint"], f"hint code {code} is not 0-7 (none, water, submarine,"
                         " left, right, top, bottom, middle)")
        givens = [[CODES[codes[r * cols + c]] for c in range(cols)] for r in range(rows)]

    def where(msg, what):
        key = {"fleet": "ship", "size": "height"}.get(what) if isinstance(what, str) else \
            {"rows": "rowsum", "cols": "colsum", "cell": "hint"}[what[0]]
        return at(spots.get(key, 0), msg)

    inst = make(rows, cols, fleet, ints("rowsum"), ints("colsum"), givens, where)
    extra = {}
    sol = comment_solution(text, rows, cols, inst.row_tallies)
    if sol is not None:
        extra["comment_solution"] = sol
    return [Item(Pos(file), bs.GENRE, inst, extra=extra)]


def comment_solution(text: str, rows: int, cols: int, rowsum=None):
    """The solution drawn in the trailing `%` comment lines (ship numbers,
    `.` water) as a ship list, transposed if that is what matches ``rowsum``;
    None without a drawing."""
    grid = []
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("%"):
            toks = s[1:].split()
            if toks and all(t == "." or t.isdigit() for t in toks):
                grid.append(toks)
    if not grid or any(len(g) != len(grid[0]) for g in grid):
        return None
    views = []
    if len(grid) == rows and len(grid[0]) == cols:
        views.append(grid)
    if len(grid) == cols and len(grid[0]) == rows:
        views.append([list(col) for col in zip(*grid)])
    for view in views:
        counts = [sum(t != "." for t in row) for row in view]
        if rowsum is None or counts == list(rowsum):
            return _ships(view)
    return None


def _ships(view) -> tuple | None:
    ids: dict[str, list] = {}
    for r, row in enumerate(view):
        for c, t in enumerate(row):
            if t != ".":
                ids.setdefault(t, []).append((r, c))
    from ..rules.ships import straight

    ships = [straight(cells) for cells in ids.values()]
    return None if None in ships else tuple(sorted(ships))
