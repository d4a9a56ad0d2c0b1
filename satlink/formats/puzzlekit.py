"""puzzlekit JSON collections: `{"name": ..., "data": {ID: {"problem", "solution"}}}`.

The janko.at / puzz.link collections of the puzzlekit dataset (and its
development slice in ``../shared/datasets/puzzlekit-dev/``) hold one genre
per file: each record's ``problem`` and ``solution`` are grid text (the
`grid-text` format). ``satlink check Masyu.json`` reads every record as one
puzzle, named by its id, with the published solution as the expected one
(``matches_expected`` in ``--json``; ``--strict`` makes a difference exit 7).
The type comes from ``--type``, or else from the file's ``name`` (the
dataset's genre names are aliases of satlink's genres).

A record the genre cannot read is an input error of that record alone; the
file is an error only when it is not such a collection. Positions point
into the JSON file: the line and column of the offending character inside
the record's ``problem`` (or ``solution``) string, its id in the message.

>>> text = '{"name": "Sudoku", "data": {"a": {"problem": "4 4\\\\n1 - - -\\\\n- - 1 -\\\\n- 1 - -\\\\n- - - 1",'
>>> text += ' "solution": ""}}}'
>>> [item] = read(text, "s.json")
>>> item.puzzle.name, item.extra["id"], item.source
('sudoku', 'a', Pos(file='s.json', line=1, column=29))
"""
from __future__ import annotations

import json
import re
from bisect import bisect_right
from functools import cached_property
from itertools import accumulate
from typing import Any

from ..errors import InputError, Pos, UsageError
from . import Item
from .grid_text import GridText, tokens, word_column
from ..records import record

NAME = "puzzlekit"
TYPES = ()
DESCRIPTION = ("puzzlekit JSON collection `{\"data\": {id: {\"problem\", \"solution\"}}}`,"
               " one puzzle per record with its published solution (type from --type or `name`)")


def sniff(text: str, path: str) -> bool:
    head = text[:4096].lstrip()
    return head.startswith("{") and '"data"' in text[:4096] and '"problem"' in text[:65536]


class _Source:
    """The raw JSON text, to turn offsets into lines and columns."""

    def __init__(self, text: str, file: str) -> None:
        self.text, self.file = text, file
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def pos(self, offset: int) -> Pos:
        line = bisect_right(self.starts, offset) - 1 if offset >= 0 else 0
        return Pos(self.file, line + 1, offset - self.starts[line] + 1)

    def line_text(self, line: int) -> str:
        lines = self.text.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def error(self, message: str, offset: int) -> InputError:
        p = self.pos(offset)
        return InputError(message, p, self.line_text(p.line))


class _Field:
    """One string field of a record: its decoded text and where each of its
    characters sits in the JSON file (escapes such as `\\n` take several),
    found when a message asks for a position."""

    def __init__(self, src: _Source, start: int) -> None:
        self.src, self.start = src, start
        self.value, self.end = json.decoder.scanstring(src.text, start + 1)
        self.source = self.value.splitlines()

    def offset(self, k: int) -> int:
        """The file offset of character ``k`` of the value (the closing
        quote for every ``k`` past the last character)."""
        text, i, end = self.src.text, self.start + 1, self.end - 1
        while k > 0 and i < end:
            if text[i] != "\\":
                i += 1
            elif text[i + 1] == "u":
                i += 6
                if 0xD800 <= int(text[i - 4:i], 16) < 0xDC00 and text[i:i + 2] == "\\u":
                    i += 6  # a surrogate pair decodes to one character
            else:
                i += 2
            k -= 1
        return min(i, end)

    @cached_property
    def line_starts(self) -> list[int]:
        """Where each of ``source``'s lines starts in the value (``splitlines``
        also ends a line at `\\r`, `\\u2028` ...)."""
        return list(accumulate((len(x) for x in self.value.splitlines(True)), initial=0))

    def grid(self, label: str) -> GridText:
        """The field split into tokens, each token at its place in the JSON file."""
        return _RecordText(self.src.file, tokens(self.source, self), self.source, self, label)

    def word_pos(self, line: int, index: int) -> Pos:
        """The file position of word ``index`` of line ``line`` (0-based)."""
        return self.at(line, word_column(self.source[line], index))

    def at(self, line: int, col: int) -> Pos:
        """The file position of character ``col`` of line ``line`` (0-based)."""
        k = self.line_starts[line] + col if line < len(self.line_starts) else len(self.value)
        return self.src.pos(self.offset(k))


@record
class _RecordText(GridText):
    """Grid text whose tokens carry JSON-file positions; errors name the record."""

    field: Any = None
    label: str = ""

    def error(self, message: str, pos: Pos) -> InputError:
        line = self.field.src.line_text(pos.line) if pos.line else None
        return InputError(f"{self.label}: {message}", pos, line)


def _records(src: _Source, data: dict) -> list[tuple[str, dict, int]]:
    """(id, record, offset of the id in the file), in file order."""
    out, start = [], src.text.find('"data"')
    for key, record in data.items():
        m = re.compile(re.escape(json.dumps(key)) + r"\s*:\s*\{").search(src.text, max(start, 0))
        offset = m.start() if m else 0
        out.append((key, record, offset))
        if m:
            start = m.end()
    return out


def _field_start(src: _Source, name: str, offset: int) -> int | None:
    m = re.compile(r'"' + name + r'"\s*:\s*"').search(src.text, offset)
    return m.end() - 1 if m else None


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    from ..puzzles import get as get_puzzle

    src = _Source(text, file)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise src.error(f"not a JSON collection: {exc.msg}", exc.pos) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict):
        raise InputError('a puzzlekit collection is a JSON object with a "data" object of'
                         " records", Pos(file, 1, 1))
    name = puzzle_type or doc.get("name")
    if not isinstance(name, str) or not name:
        raise UsageError("format puzzlekit needs --type (the file names no genre)")
    try:
        genre = get_puzzle(name)
    except InputError as exc:
        raise UsageError(f"--type: {exc.message}") from None
    if not genre.reads_grid_text:
        raise UsageError(f"puzzle {genre.name} has no grid-text reader")
    items = []
    for key, record, offset in _records(src, doc["data"]):
        pos = src.pos(offset)
        items.append(_item(src, genre, key, record, offset, pos))
    return items


def _item(src: _Source, genre, key: str, record, offset: int, pos: Pos) -> Item:
    extra = {"id": key}
    batch = genre.batch_shape is not None
    label = f"record {key}"
    if not isinstance(record, dict) or not isinstance(record.get("problem"), str):
        err = InputError(f'{label} has no "problem" text', pos, src.line_text(pos.line))
        return Item(pos, genre, error=err, extra=extra, batch=batch)
    try:
        problem = _Field(src, _field_start(src, "problem", offset))
        inst = genre.from_grid_text(problem.grid(label))
        expected = None
        solution = record.get("solution")
        if isinstance(solution, str) and solution.strip() and genre.reads_published_solutions:
            start = _field_start(src, "solution", offset)
            answer = _Field(src, start).grid(f"{label}, published solution")
            expected = genre.solution_from_grid_text(answer, inst)
    except InputError as exc:
        if not exc.message.startswith(label):
            exc = InputError(f"{label}: {exc.message}", exc.pos, exc.source_line)
        return Item(pos, genre, error=exc, extra=extra, batch=batch)
    return Item(pos, genre, inst, expected=expected, extra=extra, batch=batch)
