"""LALR parsers of the grammars in ``grammars/`` (the .pzl language, Zebra's
clue sentences), with their tables kept in a per-user cache: lark takes 20 to
30 ms to build them and 2 to load them (:func:`build_parser`).
"""
from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # lark is imported where a parser is built (start-up)
    from pathlib import Path

    import lark


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
