"""The plain-text grid format of janko.at-derived collections (puzzlekit).

Line 1 is `ROWS COLS` (Battleship adds the fleet after it), then any lines
a puzzle needs (Battleship: row and column tallies), then ROWS lines of
space-separated tokens with `-` for an empty cell. Each puzzle module that
reads it defines ``from_grid_text(grid: GridText) -> Instance``; the
puzzle type must be named (``--type``) since the text does not say it.
A declared :class:`~satlink.formats.cellgrid.Layout` reads the words after
`ROWS COLS` as keyword values: a fixed number (``Janko.header``, Star
Battle's stars) or as many as there are (``Janko.tail``, Battleship's
number of ships of each length).
"""
from __future__ import annotations


from ..errors import InputError, Pos, UsageError
from ..lang import Token, is_natural, natural
from ..puzzles import get as get_puzzle
from ..puzzles import types as puzzle_types
from . import Item
from ..records import record

NAME = "grid-text"
DESCRIPTION = "janko.at / puzzlekit plain text: `ROWS COLS` line, then rows, `-` = empty (needs --type)"


def _types():
    return tuple(m.name for m in puzzle_types() if m.reads_grid_text)


TYPES = ()  # checked at read time against the modules that implement it


@record
class GridText:
    file: str
    lines: list[list[Token]]  # non-empty lines, split into tokens
    source: list[str]

    def error(self, message: str, pos: Pos) -> InputError:
        line = self.source[pos.line - 1] if 0 < pos.line <= len(self.source) else None
        return InputError(message, pos, line)

    def header_ints(self, count: int, what: str = "`ROWS COLS`") -> list[int]:
        """The first ``count`` header numbers (and the rest, if numbers too)."""
        head = self.lines[0] if self.lines else []
        if len(head) < count or not all(is_natural(t.text) for t in head):
            pos = head[0].pos if head else Pos(self.file, 1, 1)
            raise self.error(f"the first line must be {what}", pos)
        return [natural(t.text) for t in head]

    def grid(self, start: int, rows: int, cols: int) -> list[list[Token]]:
        """``rows`` lines from line index ``start``, each checked to have ``cols`` tokens."""
        body = self.lines[start:start + rows]
        if len(body) != rows:
            last = self.lines[-1][-1].pos if self.lines and self.lines[-1] else Pos(self.file, 1, 1)
            raise self.error(f"the grid has {len(body)} rows, the header says {rows}", last)
        for r, row in enumerate(body):
            if len(row) != cols:
                bad = row[cols] if len(row) > cols else row[-1]
                raise self.error(f"row {r + 1} has {len(row)} cells, the header says {cols}",
                                 bad.pos)
        if len(self.lines) > start + rows:
            extra = self.lines[start + rows][0]
            raise self.error(f"unexpected line after the {rows} rows of the grid", extra.pos)
        return body


def split(text: str, file: str = "<input>") -> GridText:
    source = text.splitlines()
    lines = []
    for i, line in enumerate(source, 1):
        toks, col = [], 0
        for word in line.split():
            col = line.index(word, col)
            toks.append(Token(word, Pos(file, i, col + 1)))
            col += len(word)
        if toks:
            lines.append(toks)
    return GridText(file, lines, source)


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    if puzzle_type is None:
        raise UsageError(f"format grid-text needs --type ({', '.join(_types())})")
    puzzle = get_puzzle(puzzle_type)
    if not puzzle.reads_grid_text:
        raise UsageError(f"puzzle {puzzle.name} has no grid-text reader;"
                         f" types with one: {', '.join(_types())}")
    grid = split(text, file)
    if not grid.lines:
        raise InputError("empty file: expected a first line `ROWS COLS`", Pos(file, 1, 1))
    instance = puzzle.from_grid_text(grid)
    return [Item(Pos(file), puzzle, instance)]
