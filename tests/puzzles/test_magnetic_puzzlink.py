"""Magnetic on puz.link (pzprjs `magnets`, satlink/formats/pzprjs_loops4.py):
pzprjs's example, read part by part against its file form; where pzprjs's
genre is wider than satlink's; round trips."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.formats.pzprjs_parts import Borders
from satlink.formats.pzprjs_loops4 import MagnetTallies
from satlink.puzzles import magnetic as M
from tests.puzzles.test_magnetic import tiny

# robx/pzprjs test/script/magnets.js: the example URL, and its board in
# pzprv3 file form (borders right of each cell, borders below; then the
# numbers outside: two rows above the board, + then -, and two columns left
# of each row, + then -; `#` a cell off the board).
URL = "https://puzz.link/p?magnets/5/5/g222j2h2g22g0g32fubmo3or00000000000400"
FILE_VERTICAL = "0 1 1 1 /1 1 1 1 /1 0 0 1 /0 1 1 1 /0 1 1 0 /"
FILE_HORIZONTAL = "1 1 0 0 0 /0 0 0 1 1 /1 1 0 0 0 /1 1 0 1 1 /"
FILE_OUTSIDE = [". . 2 2 . . .", ". . . 2 . . 2", "2 . . . . . .", "2 . . . . . .",
                ". 2 . . # . .", ". 0 . . . . .", "2 3 . . . . ."]


def _bits(text):
    return tuple(tuple(t == "1" for t in row.split()) for row in text.strip(" /").split("/"))


def _num(t):
    return None if t in ".#" else int(t)


def test_pzprjs_example_parts_match_its_file_form():
    rows = [line.split() for line in FILE_OUTSIDE]
    want = (tuple(map(_num, rows[0][2:])), tuple(map(_num, rows[1][2:])),
            tuple(_num(r[0]) for r in rows[2:]), tuple(_num(r[1]) for r in rows[2:]))
    body = URL.rsplit("/", 1)[1]
    reader, tallies = MagnetTallies().decode_text(body[:16], 5, 5)
    assert tallies == want
    assert MagnetTallies().encode(tallies, 5, 5) == body[:16]
    assert Borders().decode_text(body[16:24], 5, 5)[1] == (_bits(FILE_VERTICAL),
                                                           _bits(FILE_HORIZONTAL))


def test_pzprjs_example_has_a_cell_off_the_board():
    """pzprjs's Magnets allows cells off the board (`#`, here r3c3 alone in
    its room); satlink's Magnetic is dominoes on a full board."""
    with pytest.raises(InputError, match="r3c3 is off the board"):
        puzzlink.decode(URL)


@pytest.mark.parametrize("url, words", [
    ("https://puzz.link/p?magnets/a/2/1/g11g1109", "option `a`"),   # anti-magnets
    ("https://puzz.link/p?magnets/2/1/g11g11g9", "domino"),         # a wall: two 1-cell rooms
])
def test_wider_pzprjs_boards_are_input_errors(url, words):
    with pytest.raises(InputError, match=words):
        puzzlink.decode(url)


def test_one_domino_reads_and_writes_back():
    """Tallies in pzprjs's order (column 1: -, +; column 2: -, +; row 1: -,
    +), no wall, a + circle on r1c1."""
    url = "https://puzz.link/p?magnets/2/1/g11g1109"
    _, inst = puzzlink.decode(url)
    assert inst.dominoes == [((0, 0), (0, 1))] and inst.givens == (((0, 0), "+"),)
    assert dict(inst.tallies) == {"plus_cols": (1, None), "minus_cols": (None, 1),
                                  "plus_rows": (1,), "minus_rows": (1,)}
    assert puzzlink.encode(M.GENRE, inst) == url


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(tiny())
def test_round_trip(inst):
    if any(v == M.NEUTRAL for _, v in inst.givens):
        with pytest.raises(InputError, match="neutral"):
            puzzlink.encode(M.GENRE, inst)
        return
    assert puzzlink.decode(puzzlink.encode(M.GENRE, inst))[1] == inst
