"""The .pzl language: text -> :class:`~satlink.document.Document` with
source positions.

A document whose every line is plain (a keyword line, an indented row, a
blank or comment line; no carriage return or other line break) is read line
by line (:func:`_scan`), as the grammar reads it; lark (30 ms to import,
5 more to load its tables) reads the others and says what is wrong.

The document itself, and the lookups puzzle modules read it with, are in
:mod:`satlink.document`; reading a file in :mod:`satlink.source_files`; the
canonical text of a document in :mod:`satlink.canonical_pzl`.

>>> doc = parse_text("puzzle sudoku\\nsize 4\\ngrid\\n  1 . . .\\n  . . . .\\n", "ex.pzl")
>>> doc.type, doc.entry("size").values[0].text, len(doc.entry("grid").rows)
('sudoku', '4', 2)
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from .document import Document, Entry, Token
from .errors import InputError, Pos
from .lark_parsers import build_parser
from .source_files import read_source

if TYPE_CHECKING:  # lark is imported where a document needs it (start-up)
    from pathlib import Path

    import lark


@lru_cache(maxsize=None)  # the parser, built once per process (issue 22): read-only state
def _parser() -> lark.Lark:
    return build_parser("pzl", propagate_positions=True)


def parse_text(text: str, file: str = "<input>") -> Document:
    """Parse .pzl text into a Document; syntax errors become InputError."""
    lines = tuple(text.splitlines())
    if not text.strip() or all(not ln.strip() or ln.lstrip().startswith("#") for ln in lines):
        raise InputError("empty file: expected a first line `puzzle TYPE`", Pos(file, 1, 1))
    entries = _scan(text, file)
    if entries is None:
        entries = _parsed(text, lines, file)
    head = entries[0]
    doc = Document("", tuple(entries[1:]), file, lines)
    if head.keyword != "puzzle":
        raise doc.error("the first line must be `puzzle TYPE`", head.pos)
    if len(head.values) != 1 or head.rows:
        raise doc.error("expected `puzzle TYPE` with exactly one type name", head.pos)
    return Document(head.values[0].text.lower(), tuple(entries[1:]), file, lines, head.values[0].pos)


#: A grid row as the grammar reads it: indented values separated by blanks,
#: perhaps a comment. Such lines reach lark as one placeholder value and are
#: split here: lark took 7.9 s over the 250,000 cells of a 500 x 500 grid.
_ROW_LINE = re.compile(r"[ \t]+[^\s#]+(?:[ \t]+[^\s#]+)*[ \t]*(?:#.*)?\r?")
_VALUE = re.compile(r"[^\s#]+")


def _skeleton(text: str) -> tuple[str, set[int]]:
    """``text`` with every plain grid row (:data:`_ROW_LINE`) cut down to
    its indentation and one value, and the numbers of those lines. Lark
    still checks the structure (and everything else, errors included);
    :func:`parse_text` splits the rows it cut.

    >>> _skeleton("puzzle x\\ngrid\\n  1 2 3 # row\\n  4 \\u00a0\\n")
    ('puzzle x\\ngrid\\n  x\\n  4 \\xa0\\n', {3})
    """
    lines = text.split("\n")
    plain = set()
    for i, line in enumerate(lines):
        if line[:1] in (" ", "\t") and _ROW_LINE.fullmatch(line):
            plain.add(i + 1)
            lines[i] = line[:len(line) - len(line.lstrip(" \t"))] + "x"
    return "\n".join(lines), plain


#: Characters that make a document lark's to read: line breaks other than
#: ``\n`` (lark counts lines by ``\n``, :meth:`str.splitlines` by these too)
_UNPLAIN = re.compile("[\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
#: A keyword line as the grammar reads it: KEYWORD at the start, values
#: separated by blanks, perhaps a comment
_KEY_LINE = re.compile(r"([A-Za-z][A-Za-z0-9_-]*)(?:[ \t]+[^\s#]+)*[ \t]*(?:#.*)?")
_BLANK_LINE = re.compile(r"[ \t]*(?:#.*)?")


def _scan(text: str, file: str) -> list[Entry] | None:
    """The entries of ``text`` read line by line, as the grammar reads them,
    when every line is plain: a keyword line (:data:`_KEY_LINE`) at the
    left margin, an indented row (:data:`_ROW_LINE`) below a keyword line,
    a blank or comment line; None otherwise (lark's turn: an error, or a
    document written in a way this does not read).

    >>> [(e.keyword, [v.text for v in e.values], len(e.rows)) for e in
    ...  _scan("puzzle x # c\\n\\ngrid\\n  1 2\\n  # note\\n\\t3 4\\nsize 2 x 2\\n", "f")]
    [('puzzle', ['x'], 0), ('grid', [], 2), ('size', ['2', 'x', '2'], 0)]
    >>> _scan("  puzzle x\\n", "f"), _scan("puzzle x\\r\\n", "f"), _scan("1 x\\n", "f")
    (None, None, None)
    """
    if _UNPLAIN.search(text):
        return None
    entries = []
    rows: list | None = None  # the rows of the entry being read
    for n, line in enumerate(text.split("\n"), 1):
        if line[:1] in (" ", "\t"):
            if _BLANK_LINE.fullmatch(line):
                continue
            if rows is None or not _ROW_LINE.fullmatch(line):
                return None
            rows.append(tuple(Token(m.group(), Pos(file, n, m.start() + 1))
                              for m in _VALUE.finditer(line.split("#", 1)[0])))
            continue
        if _BLANK_LINE.fullmatch(line):
            continue
        m = _KEY_LINE.fullmatch(line)
        if m is None:
            return None
        if rows is not None:
            entries[-1][2] = tuple(rows)
        rows = []
        values = tuple(Token(v.group(), Pos(file, n, v.start() + 1))
                       for v in _VALUE.finditer(line.split("#", 1)[0], m.end(1)))
        entries.append([m.group(1), values, (), Pos(file, n, 1), line])
    if rows is None:
        return None
    entries[-1][2] = tuple(rows)
    return [Entry(*e) for e in entries]


def _parsed(text: str, lines: tuple[str, ...], file: str) -> list[Entry]:
    """The entries of ``text`` as lark reads them (syntax errors raise)."""
    import lark

    skeleton, plain = _skeleton(text)
    try:
        tree = _parser().parse(skeleton + "\n")
    except lark.UnexpectedInput as exc:
        raise _syntax_error(exc, text, lines, file) from None
    raw = text.split("\n") if plain else []
    entries = []
    for node in tree.children:
        kw = node.children[0]
        values, rows = [], []
        for child in node.children[1:]:
            if child.data == "value":
                values.append(_tok(child.children[0], file))
            elif child.children[0].line in plain:
                row = raw[child.children[0].line - 1].split("#", 1)[0]
                rows.append(tuple(Token(m.group(), Pos(file, child.children[0].line,
                                                       m.start() + 1))
                                  for m in _VALUE.finditer(row)))
            else:
                rows.append(tuple(_tok(t, file) for t in child.children))
        pos = Pos(file, kw.line, kw.column)
        entries.append(Entry(str(kw), tuple(values), tuple(rows), pos, lines[kw.line - 1]))
    return entries


def parse_header(text: str, file: str = "<input>") -> Document | None:
    """The keyword lines of .pzl text as a Document, block rows left out
    (indented lines read as blank; line numbers kept): cheap however large the
    grids, so a puzzle can check its sizes first. None when that text does
    not parse (:func:`parse_text` then reports the error)."""
    lines = text.split("\n")
    head = "\n".join("" if ln[:1] in (" ", "\t") else ln for ln in lines)
    try:
        doc = parse_text(head, file)
    except InputError:
        return None
    return Document(doc.type, doc.entries, file, tuple(text.splitlines()), doc.type_pos)


def _tok(t: lark.Token, file: str) -> Token:
    return Token(str(t), Pos(file, t.line, t.column))


def _syntax_error(exc: lark.UnexpectedInput, text: str, lines,
                  file: str) -> InputError:
    import lark

    line = getattr(exc, "line", 0) or 1
    col = getattr(exc, "column", 0) or 1
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    msg = "syntax error"
    if isinstance(exc, lark.UnexpectedToken):
        expected = set(exc.expected)
        if exc.token.type == "VALUE" and "KEYWORD" in expected:
            msg = (f"`{exc.token}` cannot start a line: lines start with a keyword"
                   " (rows of a grid must be indented)")
        elif exc.token.type == "KEYWORD" and "KEYWORD" in expected:
            msg = f"unexpected `{exc.token}`"
        else:
            msg = f"unexpected `{exc.token}`"
    elif isinstance(exc, lark.UnexpectedCharacters):
        ch = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else "end of file"
        msg = f"unexpected character {ch!r}: lines start with a keyword (rows of a grid must be indented)"
    return InputError(msg, Pos(file, line, col), src)


def parse_file(path: str | Path) -> Document:
    return parse_text(read_source(path), str(path))
