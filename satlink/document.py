"""A parsed .pzl document (:class:`Document`): a header naming the puzzle type
and a list of entries (:class:`Entry`: keyword, values, optional block rows),
each value a :class:`Token` with its source position. Puzzle-agnostic; the
puzzle modules read it with the lookups here, which raise
:class:`~satlink.errors.InputError` with the position of the offending token
and the source line. :func:`satlink.lang.parse_text` makes one.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import field

from .errors import InputError, Pos
from .numerals import is_natural, natural
from .records import frozen


@frozen
class Token:
    text: str
    pos: Pos = field(default=Pos(), compare=False)

    def __str__(self) -> str:
        return self.text


def pos_of(where: Pos | Token | Callable[[], Pos]) -> Pos:
    """The position ``where`` stands for: a Pos, a token's, or what a
    function gives (positions found only for a message)."""
    return where if isinstance(where, Pos) else where.pos if isinstance(where, Token) else where()


@frozen
class Entry:
    """One keyword line, with the indented rows below it if it is a block."""

    keyword: str
    values: tuple[Token, ...] = ()
    rows: tuple[tuple[Token, ...], ...] = ()
    pos: Pos = field(default=Pos(), compare=False)
    text: str = field(default="", compare=False)  # the keyword line as written

    @property
    def is_block(self) -> bool:
        return bool(self.rows)


@frozen
class Document:
    type: str
    entries: tuple[Entry, ...]
    file: str = field(default="<input>", compare=False)
    lines: tuple[str, ...] = field(default=(), compare=False, repr=False)
    type_pos: Pos = field(default=Pos(), compare=False)

    # -- lookup helpers -------------------------------------------------
    def entries_named(self, keyword: str) -> list[Entry]:
        return [e for e in self.entries if e.keyword == keyword]

    def entry(self, keyword: str, required: bool = False) -> Entry | None:
        found = self.entries_named(keyword)
        if len(found) > 1:
            raise self.error(f"`{keyword}` is given twice", found[1].pos)
        if not found:
            if required:
                raise self.error(f"missing `{keyword}` line", Pos(self.file, 1, 1))
            return None
        return found[0]

    def error(self, message: str, pos: Pos) -> InputError:
        """An InputError at ``pos`` showing the source line."""
        line = self.lines[pos.line - 1] if 0 < pos.line <= len(self.lines) else None
        return InputError(message, pos, line)

    def block_rows(self, entry: Entry, rows: int, cols: int | None = None):
        """The rows of a grid block, checked: no values on the keyword line,
        ``rows`` rows and, when ``cols`` is given, ``cols`` cells in each."""
        if entry.values:
            raise self.error(f"`{entry.keyword}` takes no values; put the rows on the lines"
                             " below", entry.values[0].pos)
        if len(entry.rows) != rows:
            where = entry.rows[-1][0].pos if entry.rows else entry.pos
            raise self.error(f"the {entry.keyword} has {len(entry.rows)} rows, size says {rows}",
                             where)
        if cols is not None:
            for r, row in enumerate(entry.rows):
                if len(row) != cols:
                    bad = row[cols] if len(row) > cols else row[-1]
                    raise self.error(f"row {r + 1} has {len(row)} cells, size says {cols}",
                                     bad.pos)
        return entry.rows

    def board_size(self, max_side: int) -> tuple[int, int]:
        """The `size COLUMNS x ROWS` line (or `size N` for a square board) as
        (rows, columns), each in 1..max_side; errors point at the line."""
        e = self.entry("size", required=True)
        parts = "".join(v.text for v in e.values).lower().split("x")
        if len(parts) == 1:
            parts *= 2
        if len(parts) != 2 or not all(is_natural(p) for p in parts):
            raise self.error("expected `size COLUMNS x ROWS`, for example `size 10 x 10`", e.pos)
        cols, rows = natural(parts[0]), natural(parts[1])
        if not (1 <= cols <= max_side and 1 <= rows <= max_side):
            raise self.error(f"size {cols} x {rows} is outside 1..{max_side} on a side",
                             e.values[0].pos)
        return rows, cols

    def check_keywords(self, allowed: set[str]) -> None:
        """Reject entries a puzzle type does not know, naming the ones it does."""
        for e in self.entries:
            if e.keyword not in allowed:
                known = ", ".join(sorted(allowed))
                raise self.error(
                    f"`{e.keyword}` is not a line that puzzle {self.type} understands"
                    f" (expected one of: {known})",
                    e.pos,
                )
