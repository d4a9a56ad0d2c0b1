"""The puzzle registry.

Every module in this package that defines ``NAME`` is a puzzle type and is
found automatically; see ``TEMPLATE.py`` for the contract. Nothing outside
the module needs to change to add a puzzle.

>>> get("sudoku").NAME
'sudoku'
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from types import ModuleType

from ..errors import InputError, Pos

#: What every genre module defines (:class:`satlink.contract.Genre`).
REQUIRED = ("NAME", "ALIASES", "SUMMARY", "Instance", "from_document", "to_pzl", "clues",
            "encode", "verify", "solution_json", "render_text", "picture")


@lru_cache(maxsize=None)
def registry() -> dict[str, ModuleType]:
    """Name and alias -> puzzle module."""
    table: dict[str, ModuleType] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_") or info.name == "TEMPLATE":
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        if not hasattr(mod, "NAME"):
            continue
        missing = [a for a in REQUIRED if not hasattr(mod, a)]
        if missing:
            raise RuntimeError(f"puzzle module {info.name} lacks {', '.join(missing)}")
        for key in (mod.NAME, *mod.ALIASES):
            table[key.lower()] = mod
    return table


def types() -> list[ModuleType]:
    """Each registered puzzle module once, sorted by name."""
    return sorted({id(m): m for m in registry().values()}.values(), key=lambda m: m.NAME)


def known_names() -> str:
    return ", ".join(m.NAME for m in types())


@lru_cache(maxsize=None)
def _by_module_name(name: str) -> ModuleType | None:
    """The module whose file name is ``name``, imported alone (no full scan)."""
    if not name.isidentifier() or name.startswith("_") or name == "TEMPLATE":
        return None
    if not any(i.name == name for i in pkgutil.iter_modules(__path__)):
        return None
    mod = importlib.import_module(f"{__name__}.{name}")
    return mod if getattr(mod, "NAME", None) == name else None


def get(name: str, pos: Pos | None = None, source_line: str | None = None) -> ModuleType:
    """The puzzle module called ``name`` (or an alias), or an InputError
    listing the known types."""
    mod = _by_module_name(name.lower()) or registry().get(name.lower())
    if mod is None:
        raise InputError(f"unknown puzzle type `{name}`; known types: {known_names()}",
                         pos, source_line)
    return mod
