"""``satlink/puzzles/TEMPLATE.py``, the genre new ones copy, kept complete:
the checks ``tests/test_contract.py`` gives every registered genre on its
instances, run on the template's own board (the registry skips the
template, so the contract test never sees it). ``tests/test_genre.py``
compares its three modes with brute force."""
from __future__ import annotations

import pytest

from satlink import engine
from satlink.errors import Pos
from satlink.formats import Item
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import TEMPLATE
from tests.helpers import EXTERNAL, dimacs_roundtrip

GENRE = TEMPLATE.GENRE
#: The template's docstring board, with its one solution.
TEXT = "puzzle template\nsize 3 x 2\ngrid\n  . 3 .\n  2 . 2\nsolution\n  x . x\n  . x .\n"


def item() -> Item:
    doc = parse_text(TEXT, "t.pzl")
    return Item(Pos("t.pzl"), GENRE, GENRE.from_document(doc),
                expected=GENRE.expected_solution(doc))


def test_fmt_round_trip_and_expected_solution():
    it = item()
    assert it.expected == frozenset({(0, 0), (0, 2), (1, 1)})
    text = GENRE.to_pzl(it.instance, it.expected)
    doc = parse_text(text, "again.pzl")
    assert GENRE.from_document(doc) == it.instance and GENRE.expected_solution(doc) == it.expected
    assert GENRE.to_pzl(GENRE.from_document(doc), it.expected) == text
    assert GENRE.verify(it.instance, it.expected) == []
    assert GENRE.verify(it.instance, frozenset({(0, 0)})) != []
    result = engine.solve(GENRE, it.instance, limit=2)
    assert result.verdict == "unique" and result.solutions == [it.expected]


def test_grid_text_round_trip():
    inst = item().instance
    text = GENRE.text.to_grid_text(inst)
    assert text == "2 3\n. 3 .\n2 . 2\n"
    assert GENRE.from_grid_text(split(text, "t.txt")) == inst


@pytest.mark.parametrize("solver", EXTERNAL)
def test_dimacs_through_external_solvers(solver, tmp_path):
    it = item()
    decoded = dimacs_roundtrip(it, solver, tmp_path)
    assert decoded.status == "sat" and decoded.problems == []
    assert decoded.solution == it.expected


def test_outputs_and_svg():
    import cairosvg

    from satlink.render.svg import to_svg

    it = item()
    assert GENRE.solution_json(it.instance, it.expected) == [[0, 0], [0, 2], [1, 1]]
    assert GENRE.cells(it.instance, it.expected)["r2c2"] is True
    for sol in (None, it.expected):
        png = cairosvg.svg2png(bytestring=to_svg(GENRE.picture(it.instance, sol)).encode())
        assert png.startswith(b"\x89PNG")
