"""The grid-text parse path: Tokens.learned (what Layout._plain calls when a
text is not in the table: no second lookup) reads and refuses as Tokens.rows
does, genre.of reads a module's GENRE / GENRES from its dict as getattr did,
and the header's sizes read as natural() reads them."""
from __future__ import annotations

import types

import pytest

from satlink.errors import InputError
from satlink.formats.cellgrid import Tokens
from satlink.formats.grid_text import split
from satlink.genre import of
from satlink.puzzles import get

ARROWS = Tokens(what="a clue", expect="a number, or a number and `n`", numbers=(0, 150),
                parse=lambda t: (int(t[:-1]), t[-1]) if t[:-1].isdigit() and t[-1] == "n" else None)


@pytest.mark.parametrize("text", [
    "2 3\n1 . 120\n2n . 2n\n",      # a number past the seeded ones, a parsed token twice
    "2 3\n1 . .\n. . .\n",          # every text in the table
    "2 3\n1 . 7x\n2n 151 .\n",      # refused at row 1, column 3 (the first in reading order)
    "2 3\n1 . .\n2n 151 .\n",       # a number out of range at row 2, column 2
])
def test_learned_reads_and_refuses_as_rows(text):
    grid = split(text, "a.txt")
    def run(read):
        try:
            return read(grid.block(1, 2), grid.error)
        except InputError as exc:
            return str(exc), exc.pos
    assert run(ARROWS.learned) == run(ARROWS.rows)
    assert run(ARROWS.rows) != run(lambda body, error: None)


def test_of_reads_a_module_dict_and_other_objects_alike():
    genre = get("masyu")
    mod = types.ModuleType("fake")
    mod.GENRE = genre
    assert of(mod) == (genre,)
    assert of(types.SimpleNamespace(GENRES=(genre,))) == (genre,)
    with pytest.raises(RuntimeError, match="declares no GENRE"):
        of(types.ModuleType("empty"))
    mod.GENRES = (genre,)
    with pytest.raises(RuntimeError, match="both GENRE and GENRES"):
        of(mod)


@pytest.mark.parametrize("head, want", [("3 2", (3, 2)), ("03 002", (3, 2)), ("100 1", None),
                                        ("0 2", None), ("3 2 1", (3, 2)), ("3 x", None)])
def test_the_header_reads_as_natural_numbers(head, want):
    """Layout._sound_size looks the usual sizes up: any other numeral reads
    through natural() as before, and a size out of bounds stays refused."""
    layout = get("masyu").text
    rows = [" ".join(["."] * 2)] * 3
    grid = split(head + "\n" + "\n".join(rows) + "\n", "h.txt")
    assert layout._sound_size(grid, 1) == want
