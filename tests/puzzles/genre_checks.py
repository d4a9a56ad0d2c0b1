"""Checks that a genre's tests share: the dev slice (every record of
``puzzlekit-dev/<Genre>.json`` read from its grid text, proven unique by the
engine and equal to its published solution; the records the reader refuses
are returned, never patched), and where a bad input is reported."""
from __future__ import annotations

import json
from pathlib import Path

import satlink
from satlink import engine
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.genre import Genre


def unique_and_published(genre: Genre, datasets: Path, name: str) -> tuple[int, list[str]]:
    """(records, malformed ids) of the slice ``name``; asserts the rest."""
    data = json.loads((datasets / "puzzlekit-dev" / f"{name}.json").read_text())["data"]
    malformed = []
    for key, entry in sorted(data.items()):
        try:
            inst = genre.from_grid_text(split(entry["problem"], key))
        except InputError:
            malformed.append(key)
            continue
        res = engine.solve(genre, inst)
        assert res.verdict == "unique", key
        assert res.solutions[0] == genre.solution_from_grid_text(
            split(entry["solution"], key), inst), key
    return len(data), malformed


def error_at(text: str, puzzle_type: str | None = None) -> tuple[int, int, str]:
    """(line, column, message) of the InputError that reading ``text`` raises:
    `.pzl` text, or grid text of ``puzzle_type`` when given.

    >>> error_at("puzzle akari\\nsize 2 x 1\\ngrid\\n  . q\\n")[:2]
    (4, 5)
    """
    kw = {"fmt": "grid-text", "puzzle_type": puzzle_type} if puzzle_type else {}
    try:
        satlink.load_text(text, "bad.txt" if puzzle_type else "bad.pzl", **kw)
    except InputError as exc:
        return exc.pos.line, exc.pos.column, str(exc)
    raise AssertionError("no InputError")
