"""The puzzle registry.

Every module in this package (but ``TEMPLATE`` and the ``_helpers``)
declares one :class:`satlink.genre.Genre` as ``GENRE``; the registry reads
that alone. A module without it, or with a malformed one, is an error that
names the module, never a silent skip. Nothing outside the module needs to
change to add a genre.

>>> get("sudoku").name
'sudoku'
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from ..errors import InputError, Pos
from ..genre import Genre, of


def _module_names() -> list[str]:
    return sorted(i.name for i in pkgutil.iter_modules(__path__)
                  if not i.name.startswith("_") and i.name != "TEMPLATE")


def _load(module_name: str) -> Genre:
    genre = of(importlib.import_module(f"{__name__}.{module_name}"))
    if genre.name != module_name:
        raise RuntimeError(f"puzzle module {__name__}.{module_name} declares the genre"
                           f" {genre.name!r}: a genre's module is named after it")
    return genre


@lru_cache(maxsize=None)
def registry() -> dict[str, Genre]:
    """Name and alias (lower case) -> genre."""
    table: dict[str, Genre] = {}
    for module_name in _module_names():
        genre = _load(module_name)
        for key in (genre.name, *genre.aliases):
            other = table.get(key.lower())
            if other is not None and other is not genre:
                raise RuntimeError(f"the genres {other.name} and {genre.name} both"
                                   f" claim the name {key.lower()!r}")
            table[key.lower()] = genre
    return table


def types() -> list[Genre]:
    """Each registered genre once, sorted by name."""
    return sorted({id(g): g for g in registry().values()}.values(), key=lambda g: g.name)


def known_names() -> str:
    return ", ".join(g.name for g in types())


@lru_cache(maxsize=None)
def _by_module_name(name: str) -> Genre | None:
    """The genre whose module is called ``name``, imported alone (no full scan)."""
    if not name.isidentifier() or name not in _module_names():
        return None
    return _load(name)


def get(name: str, pos: Pos | None = None, source_line: str | None = None) -> Genre:
    """The genre called ``name`` (or an alias, in any case), or an
    InputError listing the known types."""
    genre = _by_module_name(name.lower()) or registry().get(name.lower())
    if genre is None:
        raise InputError(f"unknown puzzle type `{name}`; known types: {known_names()}",
                         pos, source_line)
    return genre
