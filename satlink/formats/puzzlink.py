"""puzz.link URLs: ``https://puzz.link/p?GENRE/[FLAGS/]COLS/ROWS/BODY``.

Also ``http://pzv.jp/p.html?...`` and the forms without scheme or with
``p.html``. The URL itself can stand where a file name goes
(``satlink solve 'https://puzz.link/p?slither/...'``), and a file may hold
URLs, one a line (blank lines and `#` comments skipped). ``GENRE`` is a
pzprjs genre id or alias; each satlink genre that has one declares its codec
as ``PUZZLINK`` (:mod:`satlink.formats.pzprjs` says how), found here by
itself. An error names the URL (or the file), line 1 (or the URL's line) and
the 1-based column of the offending character.

>>> url = "https://puzz.link/p?sudoku/4/4/g1k23k3g"
>>> module, inst = decode(url)
>>> module.name, inst.givens[0]
('sudoku', (0, 1, 0, 0))
>>> encode(module, inst) == url
True
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable

from ..errors import InputError, Pos
from ..genre import Genre
from ..puzzles import by_puzzlink_id
from . import Item
from ..records import frozen

if TYPE_CHECKING:
    from .pzprjs import Codec
    from .pzprjs_stream import Reader

NAME = "puzzlink"
TYPES = ()
DESCRIPTION = "puzz.link / pzv.jp URLs (`https://puzz.link/p?slither/10/10/...`), one a line"

#: What is written on export.
HOME = "https://puzz.link/p?"
#: Board sides and cells accepted before the body is read: the largest any
#: genre reads (Numberlink: 250,000 cells); each genre then applies its own.
MAX_SIDE = 1000
MAX_CELLS = 250_000

_PREFIX = re.compile(
    r"(?:https?://)?(?:[a-z0-9-]+\.)*(?:puzz\.link|pzv\.jp|pzprxs\.vercel\.app)/p(?:\.html)?\?",
    re.IGNORECASE)


def is_url(text: str) -> bool:
    """Does ``text`` start like a puzz.link URL?

    >>> is_url("puzz.link/p?slither/5/5/cbcbcddad"), is_url("http://pzv.jp/p.html?x")
    (True, True)
    >>> is_url("puzzles/a.pzl")
    False
    """
    return _PREFIX.match(text) is not None


def sniff(text: str, path: str) -> bool:
    for line in text.splitlines():
        s = line.strip()
        if s and not s.startswith("#"):
            return is_url(s)
    return False


# -- the registry of genre codecs -------------------------------------------------
def registry() -> dict[str, tuple[Genre, Codec]]:
    """pzprjs genre name -> (puzzle module, the codec that reads it), made
    when asked for: only messages list them (a URL's genre is found by
    :func:`satlink.puzzles.by_puzzlink_id`)."""
    from ..puzzles import types

    table: dict[str, tuple[Genre, Codec]] = {}
    for mod in types():
        decl = mod.puzzlink
        if decl is None:
            continue
        for codec in decl.codecs():
            for name in codec.names:
                table[name] = (mod, codec)
    return table


def genre_module(url: str) -> Genre | None:
    """The puzzle module of the genre a URL names, if satlink reads it."""
    m = _PREFIX.match(url)
    found = by_puzzlink_id(url[m.end():].split("/", 1)[0]) if m else None
    return found[0] if found else None


def puzzle_of(text: str) -> Genre | None:
    """The puzzle module of a text's first URL (for reporting an error in it)."""
    for line in text.splitlines():
        s = line.strip()
        if s and not s.startswith("#"):
            return genre_module(s)
    return None


def genres() -> str:
    """The genre names read, grouped by satlink genre (for messages)."""
    by_module: dict[str, list[str]] = {}
    for name, (mod, _) in registry().items():
        by_module.setdefault(mod.name, []).append(name)
    return "; ".join(f"{k}: {', '.join(v)}" for k, v in sorted(by_module.items()))


# -- reading --------------------------------------------------------------------
@frozen
class Parts:
    """A URL split into its fields, each with its offset in the URL."""

    genre: str
    genre_at: int
    flags: str
    flags_at: int
    cols: int
    cols_at: int
    rows: int
    rows_at: int
    body: str
    body_at: int


def split_url(url: str, fail: Callable[[int, str], InputError]) -> Parts:
    """The fields of ``url``; ``fail(offset, message)`` builds the error."""
    m = _PREFIX.match(url)
    if m is None:
        raise fail(0, "not a puzz.link URL: expected `https://puzz.link/p?GENRE/COLS/ROWS/...`"
                      " or `http://pzv.jp/p.html?...`")
    at = m.end()
    fields, starts = [], []
    for piece in url[at:].split("/"):
        fields.append(piece)
        starts.append(at)
        at += len(piece) + 1
    genre, genre_at = fields[0], starts[0]
    if not genre:
        raise fail(genre_at, "the URL names no genre after `?`")
    i = 1
    flags, flags_at = "", starts[0] + len(genre)
    # pzprjs: a field before the size that is not a number holds the flags
    if i < len(fields) and not fields[i].isdigit():
        flags, flags_at = fields[i], starts[i]
        i += 1
    size = []
    for what in ("columns", "rows"):
        if i >= len(fields):
            raise fail(len(url), f"the URL ends where the number of {what} was expected")
        text = fields[i]
        if not (text.isascii() and text.isdigit()):
            raise fail(starts[i], f"`{text}` is not a number of {what}")
        value = int(text) if len(text) <= 7 else 10 ** 7
        if not 1 <= value <= MAX_SIDE:
            raise fail(starts[i], f"{value} {what}: satlink reads boards of 1 to {MAX_SIDE}")
        size.append((value, starts[i]))
        i += 1
    (cols, cols_at), (rows, rows_at) = size
    if cols * rows > MAX_CELLS:
        raise fail(rows_at, f"a board of {cols} x {rows} has {cols * rows} cells;"
                            f" satlink reads at most {MAX_CELLS}")
    body_at = starts[i] if i < len(fields) else len(url)
    return Parts(genre, genre_at, flags, flags_at, cols, cols_at, rows, rows_at,
                 url[body_at:], body_at)


def decode(url: str, file: str | None = None, line: int = 1,
           column: int = 1) -> tuple[Genre, Any]:
    """(puzzle module, Instance) of a puzz.link URL. Errors name ``file``
    (default: the URL itself), ``line``, and the column of the offending
    character, the URL starting at ``column``."""
    source = file if file is not None else url
    src_line = " " * (column - 1) + url

    def fail(offset: int, message: str) -> InputError:
        return InputError(message, Pos(source, line, column + offset), src_line)

    parts = split_url(url, fail)
    found = by_puzzlink_id(parts.genre)
    if found is None:
        raise fail(parts.genre_at, f"unknown puzz.link genre `{parts.genre}`;"
                                   f" satlink reads {genres()}")
    module, codec = found
    if codec.square and parts.cols != parts.rows:
        raise fail(parts.rows_at, f"a puzz.link {parts.genre} is square: the URL says"
                                  f" {parts.cols} columns and {parts.rows} rows")
    kept = ""
    for k, ch in enumerate(parts.flags):
        if ch in codec.flags:
            kept += ch
        elif ch not in codec.ignore:
            raise fail(parts.flags_at + k, f"unknown option `{ch}` for puzz.link"
                                           f" {parts.genre} (the field before the size)")

    from .pzprjs import PzBoard  # the codecs' module: imported when a URL is read
    from .pzprjs_stream import BodyError

    read: list[Reader] = []  # the body's reader, once it has read the cells

    def where(message: str, r: int | None = None, c: int | None = None) -> InputError:
        if r is None:
            return fail(parts.cols_at, message)
        at = read[0].mark(r, c or 0) if read else None
        return fail(parts.body_at + (at or 0), message)

    board = PzBoard(parts.rows, parts.cols, None, kept, where)
    try:
        reader, board = codec.decode(board, parts.body)
        read.append(reader)
        instance = codec.build(board)
    except BodyError as exc:
        raise fail(parts.body_at + exc.offset, exc.message) from None
    except InputError as exc:
        if exc.pos.line:  # placed already (by ``where``)
            raise
        raise fail(parts.cols_at, exc.message) from None
    return module, instance


# -- writing ---------------------------------------------------------------------
def codec_of(module: Genre):
    """The ``PUZZLINK`` declaration of a puzzle module, or None."""
    return module.puzzlink


def encode(module: Genre, instance: Any) -> str:
    """The canonical puzz.link URL of an instance (what pzprjs itself writes,
    on https://puzz.link). InputError (without position) when the genre has
    no puzz.link form or this instance cannot be written."""
    decl = codec_of(module)
    if decl is None:
        readable = sorted({m.name for m, _ in registry().values()})
        raise InputError(f"puzz.link has no {module.name} genre that satlink writes"
                         f" (satlink writes {', '.join(readable)})")
    from .pzprjs_stream import Unfit

    try:
        name, board, body = decl.encode(instance)
    except Unfit as exc:
        raise InputError(f"this {module.name} has no puzz.link form: {exc}") from None
    flags = f"{board.flags}/" if board.flags else ""
    return f"{HOME}{name}/{flags}{board.cols}/{board.rows}/{body}"


# -- the format ------------------------------------------------------------------
def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    """One Item per URL line. A single URL that cannot be read raises its
    InputError; in a file of several, each bad line is an Item with ``error``."""
    entries = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if s and not s.startswith("#"):
            entries.append((lineno, raw.index(s) + 1, s))
    source = None if text.strip() == file.strip() else file  # the URL was the argument
    items = []
    for lineno, column, url in entries:
        # a puzzle is known by its file (or URL), and by its line when the file has several
        pos = Pos(source or url, lineno, column) if len(entries) > 1 else Pos(source or url)
        try:
            module, instance = decode(url, source, lineno, column)
        except InputError as exc:
            if len(entries) == 1:
                raise
            items.append(Item(pos, genre_module(url), error=exc))
            continue
        if puzzle_type is not None and module.name != puzzle_type:
            exc = InputError(f"this URL holds a {module.name}, not a {puzzle_type} (--type)", pos,
                             raw_line(text, lineno))
            if len(entries) == 1:
                raise exc
            items.append(Item(pos, error=exc))
            continue
        items.append(Item(pos, module, instance))
    return items


def raw_line(text: str, lineno: int) -> str:
    lines = text.splitlines()
    return lines[lineno - 1] if 0 < lineno <= len(lines) else ""
