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
import json.scanner
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
    """A `.json` file (whatever it holds: what is wrong with it is then said
    in this format's terms), or text shaped like a collection."""
    if path.lower().endswith(".json"):
        return True
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
        """Line ``line`` (1-based) as ``pos`` counts lines: ended by `\\n` only
        (a slice: splitting the whole text for each message made a
        collection of bad records quadratic, 38 s for 20,000 of them)."""
        if not 0 < line <= len(self.starts):
            return ""
        end = self.starts[line] - 1 if line < len(self.starts) else len(self.text)
        return self.text[self.starts[line - 1]:end].rstrip("\r")

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


class _Text(str):
    """A string value of the file that knows where it is written: ``start``,
    its opening quote, and ``end``, just past its closing quote."""

    start = end = 0


class _Object(dict):
    """A JSON object that knows where it starts (its ``{``)."""

    start = 0


_WS = re.compile(r"[ \t\n\r]*")  # what JSON calls white space


def _scanner():
    """A JSON scanner (``scan(text, offset) -> (value, end)``) whose strings
    and objects carry their places in the text (:class:`_Text`,
    :class:`_Object`), so that each record is read from its own text, however
    its id is written (escapes, non-ASCII letters) and whatever else holds a
    "problem" key. Numbers are read as floats: no number, however long, is
    an error, and none is used."""
    def parse_string(text, end, strict=True):
        value, stop = json.decoder.scanstring(text, end, strict)
        out = _Text(value)
        out.start, out.end = end - 1, stop
        return out, stop

    def parse_object(text_and_end, *args):
        obj, stop = json.decoder.JSONObject(text_and_end, *args)
        obj.start = text_and_end[1] - 1
        return obj, stop

    decoder = json.JSONDecoder(object_pairs_hook=_Object, parse_int=float)
    decoder.parse_string, decoder.parse_object = parse_string, parse_object
    return json.scanner.py_make_scanner(decoder)


def _parse(src: _Source, scan) -> Any:
    """The JSON document; malformed JSON is an input error at its place."""
    text = src.text
    start = _WS.match(text).end()
    try:
        doc, end = scan(text, start)
    except StopIteration:  # nothing that can start a value
        raise src.error("not a JSON collection: expecting a value", start) from None
    except json.JSONDecodeError as exc:
        raise src.error(f"not a JSON collection: {exc.msg}", exc.pos) from None
    except RecursionError:
        raise src.error("not a JSON collection: nested too deeply", start) from None
    end = _WS.match(text, end).end()
    if end != len(text):
        raise src.error("not a JSON collection: more text after its end", end)
    return doc


def _records(src: _Source, scan, data: _Object) -> list[tuple[str, Any, int]]:
    """(id, record, offset of the id) for each member of ``data``, in file
    order, a repeated id included (each is a record of the file). The text
    is valid JSON here: the members are walked again for their ids' places."""
    text, out = src.text, []
    i = _WS.match(text, data.start + 1).end()
    while text[i] == '"':
        key, j = json.decoder.scanstring(text, i + 1)
        j = _WS.match(text, _WS.match(text, j).end() + 1).end()  # past the colon
        record, j = scan(text, j)
        out.append((key, record, i))
        i = _WS.match(text, j).end()
        if text[i] == ",":
            i = _WS.match(text, i + 1).end()
    return out


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    from ..puzzles import get as get_puzzle

    src = _Source(text, file)
    scan = _scanner()
    doc = _parse(src, scan)
    if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict):
        raise InputError('a puzzlekit collection is a JSON object with a "data" object of'
                         " records", Pos(file, 1, 1))
    name = doc.get("name")
    if puzzle_type is None and not (isinstance(name, str) and name.strip()):
        raise UsageError("format puzzlekit needs --type (the file names no genre)")
    try:
        genre = get_puzzle(puzzle_type or name)
    except InputError as exc:
        if puzzle_type:
            raise UsageError(f"--type: {exc.message}") from None
        raise src.error(f'"name": {exc.message}; --type overrides it', name.start + 1) from None
    if not genre.reads_grid_text:
        message = f"puzzle {genre.name} has no grid-text reader"
        if puzzle_type:
            raise UsageError(message)
        raise src.error(f'"name": {message}', name.start + 1)
    return [_item(src, genre, key, record, src.pos(offset))
            for key, record, offset in _records(src, scan, doc["data"])]


def _item(src: _Source, genre, key: str, record, pos: Pos) -> Item:
    extra = {"id": key}
    batch = genre.batch_shape is not None
    label = f"record {key}"
    problem = record.get("problem") if isinstance(record, dict) else None
    solution = record.get("solution") if isinstance(record, dict) else None
    if not isinstance(problem, str) or not (solution is None or isinstance(solution, str)):
        what = ('has no "problem" text' if not isinstance(problem, str)
                else 'has a "solution" that is not text')
        err = InputError(f"{label} {what}", pos, src.line_text(pos.line))
        return Item(pos, genre, error=err, extra=extra, batch=batch)
    try:
        inst = genre.from_grid_text(_Field(src, problem.start).grid(label))
        expected = None
        if solution is not None and solution.strip() and genre.reads_published_solutions:
            answer = _Field(src, solution.start).grid(f"{label}, published solution")
            expected = genre.solution_from_grid_text(answer, inst)
    except InputError as exc:
        if not exc.message.startswith(label):
            exc = InputError(f"{label}: {exc.message}", exc.pos, exc.source_line)
        return Item(pos, genre, error=exc, extra=extra, batch=batch)
    return Item(pos, genre, inst, expected=expected, extra=extra, batch=batch)
