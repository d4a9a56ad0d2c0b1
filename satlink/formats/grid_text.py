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

from collections.abc import Iterator, Sequence
from itertools import compress, count
from typing import Any
from ..errors import InputError, Pos, UsageError
from ..document import Token
from ..genre import Genre
from ..numerals import is_natural, natural
from ..puzzles import get as get_puzzle
from ..puzzles import types as puzzle_types
from . import Item
from ..records import record

NAME = "grid-text"
DESCRIPTION = "janko.at / puzzlekit plain text: `ROWS COLS` line, then rows, `-` = empty (needs --type)"


def _types():
    return tuple(m.name for m in puzzle_types() if m.reads_grid_text)


TYPES = ()  # checked at read time against the modules that implement it
TAKES_GENRE = True  # read's puzzle_type may be the genre (load_text looked it up)


@record
class GridText:
    """Grid text: its ``file``, ``lines`` (the non-empty lines, each split
    into tokens) and ``source`` (all its lines). One made by :func:`split`
    makes ``lines`` (a :class:`Words` each) when they are first asked for:
    readers that need only the words (:meth:`texts`) and whole blocks of
    lines (:meth:`block`) make none (written by hand for speed: an object a
    line was a tenth of a small board's parse)."""

    file: str
    lines: list[Words]  # non-empty lines, split into tokens
    source: list[str]

    @classmethod
    def of_source(cls, file: str, source: list[str]) -> GridText:
        """The grid text of the lines ``source``, its ``lines`` made when asked for."""
        grid = cls.__new__(cls)
        words = list(map(str.split, source))
        grid.__dict__.update(file=file, source=source, _texts=list(filter(None, words)),
                             _numbers=list(compress(count(), words)))
        return grid

    def __getattr__(self, name: str):
        # only a grid of :meth:`of_source` is without ``lines`` (until now)
        d = self.__dict__
        if name != "lines" or "_texts" not in d:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        lines = d["lines"] = [Words(w, self, i) for w, i in zip(d["_texts"], d["_numbers"])]
        return lines

    def texts(self) -> list[list[str]]:
        """The words of each of ``lines`` (no token made)."""
        d = self.__dict__
        if "lines" not in d and "_texts" in d:
            return d["_texts"]
        return [texts_of(line) for line in self.lines]

    def line(self, i: int) -> Words:
        """``lines[i]`` (made alone while ``lines`` are not made)."""
        d = self.__dict__
        if "lines" in d or "_texts" not in d:
            return self.lines[i]
        return Words(d["_texts"][i], self, d["_numbers"][i])

    def block(self, start: int, count: int) -> Rows:
        """``lines[start:start + count]``, each line made when one is asked for."""
        return Rows(self, start, self.texts()[start:start + count])

    def word_pos(self, line: int, index: int) -> Pos:
        """The position of word ``index`` of source line ``line`` (0-based)."""
        return Pos(self.file, line + 1, word_column(self.source[line], index) + 1)

    def error(self, message: str, pos: Pos) -> InputError:
        line = self.source[pos.line - 1] if 0 < pos.line <= len(self.source) else None
        return InputError(message, pos, line)

    def header_ints(self, count: int, what: str = "`ROWS COLS`") -> list[int]:
        """The first ``count`` header numbers (and the rest, if numbers too)."""
        lines = self.texts()
        texts = lines[0] if lines else []
        if len(texts) < count or not all(map(is_natural, texts)):
            pos = self.lines[0][0].pos if texts else Pos(self.file, 1, 1)
            raise self.error(f"the first line must be {what}", pos)
        return list(map(natural, texts))

    def grid(self, start: int, rows: int, cols: int) -> list[list[Token]]:
        """``rows`` lines from line index ``start``, each checked to have ``cols`` tokens."""
        body = self.lines[start:start + rows]
        if len(body) != rows:
            last = self.lines[-1][-1].pos if self.lines and self.lines[-1] else Pos(self.file, 1, 1)
            raise self.error(f"the grid has {len(body)} rows, the header says {rows}", last)
        if [len(getattr(row, "words", row)) for row in body].count(cols) != rows:
            for r, row in enumerate(body):
                if len(row) != cols:
                    bad = row[cols] if len(row) > cols else row[-1]
                    raise self.error(f"row {r + 1} has {len(row)} cells, the header says {cols}",
                                     bad.pos)
        if len(self.lines) > start + rows:
            extra = self.lines[start + rows][0]
            raise self.error(f"unexpected line after the {rows} rows of the grid", extra.pos)
        return body


class Placed(Token):
    """A token of grid text whose position is found when it is asked for
    (a message), not for every cell that reads: ``where.word_pos(line,
    index)`` is the position of word ``index`` of line ``line`` (0-based).
    It equals, hashes, shows and pickles as the :class:`Token` it stands for."""

    def __init__(self, text: str, where: Any, line: int, index: int) -> None:
        d = self.__dict__  # Token is frozen: its guard is for users, not for us
        d["text"], d["_where"], d["_line"], d["_index"] = text, where, line, index

    @property
    def pos(self) -> Pos:  # type: ignore[override]
        return self._where.word_pos(self._line, self._index)

    def __eq__(self, other: object) -> bool:
        return self.text == other.text if isinstance(other, Token) else NotImplemented

    __hash__ = Token.__hash__

    def __repr__(self) -> str:
        return repr(Token(self.text, self.pos))

    def __reduce__(self):
        return Token, (self.text, self.pos)


def word_column(line: str, index: int) -> int:
    """The 0-based column of word ``index`` of ``line`` (``str.split`` words)."""
    if index == 0:  # the first word: after the leading white space (as split sees it)
        return len(line) - len(line.lstrip())
    col = 0
    for word in line.split()[:index + 1]:
        col = line.index(word, col) + len(word)
    return col - len(word)


class _Lazy(Sequence):
    """A sequence whose items (``_items()``) are made when first asked for;
    it equals, shows, adds and pickles as the list of them."""

    __slots__ = ()

    def _items(self) -> list:
        raise NotImplementedError

    def __getitem__(self, i):
        return self._items()[i]

    def __iter__(self) -> Iterator:
        return iter(self._items())

    def __eq__(self, other: object) -> bool:
        return self._items() == (other._items() if isinstance(other, _Lazy) else other)

    __hash__ = None  # type: ignore[assignment]  # as a list's

    def __add__(self, other):
        return list(self._items()) + other

    def __radd__(self, other):
        return other + list(self._items())

    def __repr__(self) -> str:
        return repr(self._items())

    def __reduce__(self):
        return list, (list(self._items()),)


class Words(_Lazy):
    """One line of grid text: a sequence of :class:`Placed` tokens, made
    (all of the line's, once) when one is first asked for, from ``words``,
    the line's text split. Readers that need only the texts (:meth:`Tokens.rows
    <satlink.formats.cellgrid.Tokens.rows>`, :func:`texts_of`) read ``words``
    and make no token (written by hand for speed: a token per cell was a third
    of a board's parse). It equals a list of the same tokens, shows as one and
    pickles as one."""

    __slots__ = ("words", "_where", "_line", "_tokens")

    def __init__(self, words: list[str], where: Any, line: int) -> None:
        self.words, self._where, self._line, self._tokens = words, where, line, None

    def tokens(self) -> list[Token]:
        """The line's tokens (made at the first call)."""
        toks = self._tokens
        if toks is None:
            where, line = self._where, self._line
            toks = self._tokens = [Placed(w, where, line, j) for j, w in enumerate(self.words)]
        return toks

    _items = tokens

    def __len__(self) -> int:
        return len(self.words)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Words):  # by the texts: no token made
            return self.words == other.words
        return _Lazy.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]  # as a list's


class Rows(_Lazy):
    """Lines ``start`` on of a :class:`GridText` as the sequence of their
    :class:`Words`, as many as ``texts`` (their words, which
    :meth:`Tokens.rows <satlink.formats.cellgrid.Tokens.rows>` reads: no
    line made); the grid's lines are made when one is asked for. It equals,
    shows and pickles as the list of the lines."""

    __slots__ = ("texts", "_grid", "_start")

    def __init__(self, grid: GridText, start: int, texts: list[list[str]]) -> None:
        self.texts, self._grid, self._start = texts, grid, start

    def _items(self) -> list[Words]:
        return self._grid.lines[self._start:self._start + len(self.texts)]

    def __len__(self) -> int:
        return len(self.texts)


def texts_of(row) -> list[str]:
    """The texts of a row of tokens (a :class:`Words`' own, no token made)."""
    return row.words if type(row) is Words else [t.text for t in row]


def tokens(source: list[str], where: Any) -> list[Words]:
    """The non-empty lines of ``source``, each split into :class:`Placed` tokens."""
    return [Words(words, where, i) for i, words in enumerate(map(str.split, source)) if words]


def split(text: str, file: str = "<input>") -> GridText:
    return GridText.of_source(file, text.splitlines())


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    if puzzle_type is None:
        raise UsageError(f"format grid-text needs --type ({', '.join(_types())})")
    puzzle = puzzle_type if isinstance(puzzle_type, Genre) else get_puzzle(puzzle_type)
    if not puzzle.reads_grid_text:
        raise UsageError(f"puzzle {puzzle.name} has no grid-text reader;"
                         f" types with one: {', '.join(_types())}")
    grid = split(text, file)
    if not grid.texts():
        raise InputError("empty file: expected a first line `ROWS COLS`", Pos(file, 1, 1))
    instance = puzzle.from_grid_text(grid)
    return [Item(Pos(file), puzzle, instance)]
