"""Input formats: `.pzl` and the formats people already share puzzles in.

Every module here that defines ``NAME`` is a format, found automatically.
A format module provides:

- ``NAME``, ``TYPES`` (puzzle types it yields; empty = any), ``DESCRIPTION``;
- ``sniff(text, path) -> bool`` (optional): is this file in my format?
- ``read(text, file, puzzle_type=None, options=None) -> list[Item]``;
- ``TAKES_GENRE`` (optional, True): ``read`` may be given the genre itself
  as ``puzzle_type`` (:func:`load_text` has it already), not only its name.

A file in a batch format yields several Items, each with its own source line.

Nothing here is cached but by the import system (a format module is imported
once per process): the table of formats is made again when asked for (0.3 ms
once they are imported), a format named is imported alone, and a file's format
is sniffed by the formats the generated index (:mod:`satlink.puzzles._index`)
lists, only those imported whose name or first bytes may be the file's.
"""
from __future__ import annotations

import importlib
import os
import re
import sys
import time
from dataclasses import field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..errors import InputError, Pos, UsageError
from ..genre import Genre
from ..puzzles import get as get_puzzle
from ..source_files import read_source
from ..records import record

if TYPE_CHECKING:
    from pathlib import Path  # not imported to run: 4 ms of every start


@record
class Item:
    """One puzzle read from a source: its genre and instance, or an error."""

    source: Pos
    puzzle: Genre | None = None
    instance: Any = None
    error: InputError | None = None
    expected: Any = None  # a published or written-down solution, when the source has one
    batch: bool = False  # from a multi-puzzle file (solved with a shared solver)
    extra: dict = field(default_factory=dict)
    parse_seconds: float = 0.0  # reading the puzzle (a batch's share of its bulk parse)

    def __getstate__(self):
        """Items travel to worker processes: the genre goes by name."""
        state = dict(self.__dict__)
        if self.puzzle is not None:
            state["puzzle"] = self.puzzle.name
        return state

    def __setstate__(self, state):
        if isinstance(state.get("puzzle"), str):
            from ..puzzles import get as get_puzzle

            state["puzzle"] = get_puzzle(state["puzzle"])
        self.__dict__.update(state)


def located(text: str, file: str, comment: str = "%"):
    """For formats read by regular expressions over the whole text: the text
    with its ``comment`` comments blanked out (offsets, so lines and
    columns, kept), ``pos(offset)`` and ``at(offset, message)``, the
    InputError there."""
    clean = re.sub(re.escape(comment) + r"[^\n]*", lambda m: " " * len(m.group(0)), text)
    lines = text.splitlines()

    def pos(offset: int) -> Pos:
        line = clean.count("\n", 0, offset) + 1
        return Pos(file, line, offset - clean.rfind("\n", 0, offset))

    def at(offset: int, message: str) -> InputError:
        p = pos(offset)
        return InputError(message, p, lines[p.line - 1] if p.line <= len(lines) else None)

    return clean, pos, at


#: Modules of this package that are libraries for the formats, not formats.
LIBRARIES = ("cellgrid", "pzprjs")


def registry() -> dict[str, ModuleType]:
    """Name -> format module, every format imported."""
    import pkgutil  # here: a format named, or a `.pzl` file, needs no scan

    table = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_") or info.name in LIBRARIES:
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(mod, "NAME"):
            table[mod.NAME] = mod
    return table


def _by_module_name(name: str) -> ModuleType | None:
    """The format called ``name`` from its own module (``grid-text`` in
    grid_text.py), imported alone: the full scan imports every format and,
    through them, every genre (networkx among them: 0.4 s per process)."""
    stem = name.replace("-", "_")
    if not stem.isidentifier() or stem.startswith("_") or stem in LIBRARIES:
        return None
    full = f"{__name__}.{stem}"
    mod = sys.modules.get(full)  # imported already: no import machinery (cold, 20 us)
    if mod is None:
        try:
            mod = importlib.import_module(full)
        except ModuleNotFoundError as exc:
            if exc.name != full:  # the module is there, its imports fail
                raise
            return None
    return mod if getattr(mod, "NAME", None) == name else None


def get(name: str) -> ModuleType:
    # a format imported already, under its module's name: found with no checks
    # (every board of a file, or of a benchmark, names its format again)
    mod = sys.modules.get(f"{__name__}.{name.replace('-', '_')}")
    if mod is not None and getattr(mod, "NAME", None) == name:
        return mod
    mod = _by_module_name(name) or registry().get(name)
    if mod is None:
        raise UsageError(f"unknown format `{name}`; known formats: {', '.join(sorted(registry()))}")
    return mod


def module_stems(listing) -> tuple[str, ...]:
    """The modules of this package in a listing of its folder, sorted."""
    return tuple(sorted(f[:-3] for f in listing if f.endswith(".py") and not f.startswith("_")))


#: What a file must show at the least for a format's ``sniff`` to accept it,
#: asked first so that a format that cannot be the file's is not imported
#: (two of them import the battleship rules): its name's ending, its first
#: non-blank character, or a character somewhere. Each only ever weakens the
#: format's own test (``tests/test_formats_detect.py`` checks it on every
#: file it reads); a format not named here is imported and asked.
_AT_LEAST = {
    "battleship-dzn": lambda text, path: path.endswith(".dzn"),
    "csplib-battleship": lambda text, path: path.endswith(".pl"),
    "puzzlekit": lambda text, path: (path.lower().endswith(".json")
                                     or text[:4096].lstrip().startswith("{")),
    "puzzlink": lambda text, path: "?" in text,
}


def _sniffers() -> dict[str, str] | None:
    """Format name -> module of the formats that sniff, in the order they are
    tried, from the index (:mod:`satlink.puzzles._index`); None when the
    index does not list this package's modules (a format added since: the
    full scan then finds it)."""
    from ..puzzles._index import FORMAT_MODULES, SNIFFERS

    try:
        here = module_stems(os.listdir(__path__[0]))
    except OSError:
        return None
    return SNIFFERS if here == FORMAT_MODULES else None


def detect(text: str, path: str) -> ModuleType:
    """The format of a file: `.pzl` files and files starting with `puzzle`
    are .pzl; otherwise the first format whose ``sniff`` accepts it, tried
    in the order of their modules' names. Only the formats that may be the
    file's are imported (not every format, and through them every genre)."""
    if path.endswith(".pzl"):
        return get("pzl")  # alone: the full scan imports every format
    sniffers = _sniffers()
    if sniffers is None:
        return scan_detect(text, path)
    for name, stem in sniffers.items():
        at_least = _AT_LEAST.get(name)
        if name == "pzl" or (at_least is not None and not at_least(text, path)):
            continue
        mod = importlib.import_module(f"{__name__}.{stem}")
        if mod.sniff(text, path):
            return mod
    return get("pzl")


def scan_detect(text: str, path: str) -> ModuleType:
    """:func:`detect` by importing every format and asking each (what it did
    before the index; the tests compare the two)."""
    for mod in registry().values():
        sniff = getattr(mod, "sniff", None)
        if sniff is not None and mod.NAME != "pzl" and sniff(text, path):
            return mod
    return registry()["pzl"]


def named_type(text: str, mod: ModuleType, puzzle_type: str | None = None) -> Genre | None:
    """The puzzle type a file names, for reporting an error in it: the
    ``--type`` given, the one type its format reads, what the format's
    ``puzzle_of(text)`` says (a puzz.link genre), or a `.pzl` header.

    >>> named_type("puzzle bridges\\nsize 2\\n", registry()["pzl"]).name
    'hashi'
    >>> named_type("https://puzz.link/p?hashikake/5/5/4g2", registry()["puzzlink"]).name
    'hashi'
    """
    from ..puzzles import get as get_puzzle

    name = puzzle_type
    if name is None and len(getattr(mod, "TYPES", ())) == 1:
        name = mod.TYPES[0]
    if name is None and hasattr(mod, "puzzle_of"):
        return mod.puzzle_of(text)
    if name is None:
        name = _header_name(text)
    try:
        return get_puzzle(name) if name else None
    except InputError:
        return None


def _header_name(text: str) -> str | None:
    """The TYPE of a `.pzl` text's first line that is no blank or comment,
    when it reads `puzzle TYPE`. A scan of lines: the regular expression it
    replaces, `(?:\\s*(?:#[^\\n]*)?\\n)*\\s*puzzle...`, backtracked exponentially
    on blank lines not followed by `puzzle` (30 of them: minutes per file).

    >>> _header_name("\\n  # a comment\\n\\n  puzzle bridges  # islands\\nsize 2\\n")
    'bridges'
    >>> _header_name("\\n" * 5000 + "x") is None
    True
    """
    start = 0
    while start <= len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        words = text[start:end].split(None, 2)
        if words and not words[0].startswith("#"):
            return words[1] if words[0] == "puzzle" and len(words) > 1 and \
                not words[1].startswith("#") else None
        start = end + 1
    return None


def read_text(path: str | Path) -> str:
    """The text of a puzzle source: a file (``-``: standard input), or a
    puzz.link URL given in place of a file name (its text is the URL)."""
    if isinstance(path, str) and "?" in path:  # every URL has one: no import for a file
        from .puzzlink import is_url

        if is_url(path) and "\0" not in path and not os.path.exists(path):
            return path
    return read_source(path)


def load(path: str | Path, fmt: str | None = None, puzzle_type: str | None = None,
         options: dict | None = None) -> list[Item]:
    """Read every puzzle of a file (or of a puzz.link URL given as one).
    Input errors of the whole file raise; errors of single puzzles in a
    batch come back as Items with ``error``."""
    text = read_text(path)
    return load_text(text, str(path), fmt, puzzle_type, options)


def load_text(text: str, file: str = "<input>", fmt: str | None = None,
              puzzle_type: str | Genre | None = None, options: dict | None = None,
              first_line: int = 1) -> list[Item]:
    """Like :func:`load` for text in hand; ``first_line`` numbers a chunk of a
    one-puzzle-per-line file. ``puzzle_type`` may be the genre itself, found
    once (:func:`satlink.puzzles.get`) for many texts of one type."""
    t0 = time.perf_counter()
    mod = get(fmt) if fmt else detect(text, file)
    given = puzzle_type
    if puzzle_type is not None:
        if isinstance(puzzle_type, Genre):  # looked up once for many texts by the caller
            genre = puzzle_type
        else:
            try:
                genre = get_puzzle(puzzle_type)
            except InputError as exc:  # an option, not the file, is wrong
                raise UsageError(f"--type: {exc.message}") from None
        puzzle_type = genre.name
        if mod.TYPES and puzzle_type not in mod.TYPES:
            raise UsageError(f"format {mod.NAME} reads {', '.join(mod.TYPES)}, not {puzzle_type}")
        given = genre if getattr(mod, "TAKES_GENRE", False) else puzzle_type
    if first_line != 1:
        items = mod.read(text, file, puzzle_type=given, options=options or {},
                         first_line=first_line)
    else:
        items = mod.read(text, file, puzzle_type=given, options=options or {})
    if options:
        for item in items:
            apply = item.puzzle.apply_options if item.puzzle is not None else None
            if item.instance is not None and apply is not None:
                item.instance = apply(item.instance, options)
    if not items:
        raise InputError(f"no puzzle found in this {mod.NAME} file", Pos(file, 1, 1))
    share = (time.perf_counter() - t0) / len(items)
    for item in items:
        item.parse_seconds = share
    return items
