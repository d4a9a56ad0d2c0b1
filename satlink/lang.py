"""The .pzl language: lark grammar -> :class:`Document` with source positions.

A document whose every line is plain (a keyword line, an indented row, a
blank or comment line; no carriage return or other line break) is read line
by line (:func:`_scan`), as the grammar reads it; lark (30 ms to import,
5 more to load its tables) reads the others and says what is wrong.

A Document is puzzle-agnostic: a header naming the type and a list of
entries (keyword, values, optional block rows). Puzzle modules read it with
the helpers here, which raise :class:`~satlink.errors.InputError` with the
position of the offending token.

>>> doc = parse_text("puzzle sudoku\\nsize 4\\ngrid\\n  1 . . .\\n  . . . .\\n", "ex.pzl")
>>> doc.type, doc.entry("size").values[0].text, len(doc.entry("grid").rows)
('sudoku', '4', 2)
"""
from __future__ import annotations

import os
import re
import sys
from dataclasses import field
from functools import lru_cache
from typing import TYPE_CHECKING

from .errors import InputError, Pos
from .records import frozen

if TYPE_CHECKING:  # lark is imported where a document needs it (start-up)
    from pathlib import Path

    import lark

#: Largest input file satlink reads, in bytes (documented in the README).
MAX_FILE_BYTES = 16 * 1024 * 1024

#: Longest number (in digits, leading zeros aside) that :func:`natural` converts exactly;
#: Python's int() refuses more than 4300 digits. A longer number reads as 10**_MAX_DIGITS,
#: which every range check rejects.
_MAX_DIGITS = 100


def is_natural(text: str) -> bool:
    """Is ``text`` a whole number written in ASCII digits? (``str.isdigit`` also
    accepts `²` and `①`, which ``int`` refuses.)

    >>> is_natural("12"), is_natural("²"), is_natural("-1"), is_natural("")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()


def natural(text: str) -> int:
    """The value of a number :func:`is_natural` accepts (or of a regex ``\\d+``
    match); one too long for ``int`` reads as 10**100, beyond every limit.

    >>> natural("007"), natural("9" * 5000) == 10 ** 100
    (7, True)
    """
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= _MAX_DIGITS else 10 ** _MAX_DIGITS


@frozen
class Token:
    text: str
    pos: Pos = field(default=Pos(), compare=False)

    def __str__(self) -> str:
        return self.text


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


def grammar_text(name: str) -> str:
    """The text of ``grammars/<name>.lark``: beside the modules when
    installed (``satlink/grammars``), above them in the source tree, or
    wherever the package's resources are (a zip)."""
    here = os.path.dirname(os.path.abspath(__file__))
    for folder in (here, os.path.dirname(here)):
        path = os.path.join(folder, "grammars", f"{name}.lark")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as fh:
                return fh.read()
    from importlib.resources import files  # 10 ms of start-up: only where needed

    return (files("satlink.grammars") / f"{name}.lark").read_text(encoding="utf-8")


def cache_dir() -> Path | None:
    """Where satlink keeps what it builds once per installation (the
    parsers' tables): ``$XDG_CACHE_HOME/satlink`` or ``~/.cache/satlink``,
    made private to the user; None where it cannot be made."""
    from pathlib import Path  # 4 ms of start-up: only where lark's tables are

    try:
        root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        path = root / "satlink"
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        return path if os.access(path, os.W_OK) else None
    except (OSError, RuntimeError):  # no home, a read-only file system
        return None


def build_parser(name: str, **options) -> lark.Lark:
    """The LALR parser of ``grammars/<name>.lark``, loaded from lark's cache
    (:func:`cache_dir`) after the first run: building the tables costs
    every command 20 to 30 ms, loading them 2.

    The file is named after the grammar, the options, lark's and Python's
    versions, and lark checks its own digest of them on loading; it is
    written under a temporary name and renamed, so that processes starting
    together never read a half-written one. Where there is no cache
    directory, the parser is built as usual.
    """
    import hashlib

    import lark

    text = grammar_text(name)
    folder = cache_dir()
    if folder is None:
        return lark.Lark(text, parser="lalr", **options)
    key = hashlib.sha256(repr((text, sorted(options.items()), lark.__version__,
                               sys.version_info[:2])).encode()).hexdigest()[:20]
    final = folder / f"{name}-{key}.lark"
    if final.exists():
        return lark.Lark(text, parser="lalr", cache=str(final), **options)
    fresh = folder / f".{name}-{key}.{os.getpid()}.tmp"
    parser = lark.Lark(text, parser="lalr", cache=str(fresh), **options)
    try:
        os.replace(fresh, final)
    except OSError:
        pass
    return parser


@lru_cache(maxsize=None)  # the parser, built once per process (issue 22): read-only state
def _parser() -> lark.Lark:
    return build_parser("pzl", propagate_positions=True)


def read_source(path: str | Path) -> str:
    """Read a puzzle file (``-``: standard input) as text, refusing binary, huge
    and undecodable files."""
    if str(path) == "-":  # standard input
        data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise InputError(f"standard input holds more than {MAX_FILE_BYTES} bytes; satlink"
                             f" reads at most {MAX_FILE_BYTES}", Pos("<stdin>"))
        return decode_bytes(data, "<stdin>")
    # os, not pathlib: importing pathlib costs every start 4 ms (urllib.parse)
    name = str(path)
    target = os.fspath(path) or "."  # as Path("") names the current folder
    try:
        size = os.stat(target).st_size
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", Pos(name)) from None
    if os.path.isdir(target):
        raise InputError("is a directory, not a puzzle file", Pos(name))
    if size > MAX_FILE_BYTES:
        raise InputError(
            f"file is {size} bytes; satlink reads at most {MAX_FILE_BYTES} bytes", Pos(name)
        )
    try:
        with open(target, "rb") as fh:  # a pipe or a device has no size to check first
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", Pos(name)) from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(f"holds more than {MAX_FILE_BYTES} bytes; satlink reads at most"
                         f" {MAX_FILE_BYTES} bytes", Pos(name))
    return decode_bytes(data, name)


def decode_bytes(data: bytes, name: str) -> str:
    if b"\x00" in data[:65536]:
        raise InputError("this is a binary file, not a puzzle", Pos(name))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError("this file is not UTF-8 text (binary file?)", Pos(name, line, 1)) from None


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


def format_document(doc: Document, type_name: str | None = None) -> str:
    """Canonical text of a Document: one space between values, rows indented two
    spaces and aligned in columns, at most one blank line in a row.

    Comments are kept where they were: a trailing comment stays on its line
    (after two spaces), a comment line stays before the line that followed
    it, indented like a row when it sits inside a grid block. ``type_name``
    replaces the type on the header line (an alias by its canonical name).
    """
    lines = [(doc.type_pos.line, f"puzzle {type_name or doc.type}", False)]
    for e in doc.entries:
        lines.append((e.pos.line, " ".join([e.keyword, *(v.text for v in e.values)]), False))
        texts = format_rows([[t.text for t in r] for r in e.rows])
        lines.extend((r[0].pos.line, t, True) for r, t in zip(e.rows, texts))
    if not doc.lines:  # built in code, not parsed: no comments to keep
        return "\n".join(t for _, t, _ in lines) + "\n"
    out: list[str] = []
    done = 0  # source lines already accounted for

    def between(upto: int, indent: str) -> None:
        blank = False
        for src in doc.lines[done:upto - 1]:
            s = src.strip()
            if not s:
                blank = bool(out)
            elif s.startswith("#"):
                if blank:
                    out.append("")
                out.append(indent + s)
                blank = False
        if blank:
            out.append("")

    for line_no, text, in_block in lines:
        between(line_no, "  " if in_block else "")
        src = doc.lines[line_no - 1]
        hash_at = src.find("#")  # values never contain `#`, so this starts the comment
        out.append(text + ("  " + src[hash_at:].rstrip() if hash_at >= 0 else ""))
        done = line_no
    between(len(doc.lines) + 1, "")
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n"


def format_rows(rows: list[list[str]], indent: str = "  ") -> list[str]:
    """Rows of cell texts, right-aligned per column so grids read as grids."""
    if not rows:
        return []
    width = max((len(c) for r in rows for c in r), default=1)
    return [indent + " ".join(c.rjust(width) for c in r).rstrip() for r in rows]
