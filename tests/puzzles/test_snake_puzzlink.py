"""Snake on puz.link (pzprjs `snake`): pzprjs's example, read part by part
against its file form; where pzprjs's genre is wider than satlink's; round
trips."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.formats.pzprjs_cells import BLACK, WHITE, Circles, Dict
from satlink.formats.pzprjs_parts import Cells, ExCells
from satlink.puzzles import snake as S
from tests.puzzles.test_snake import boards

# robx/pzprjs test/script/snake.js: the example URL, and its answer in pzprv3
# file form (the numbers above the columns; per row its number, then the
# cells: 4 shaded, 5 shaded with a white circle, 6 shaded with a black one).
URL = "https://puzz.link/p?snake/4/4/060300g1h4i"
ANSWER = ". . 1 . . /4 4 4 4 4 /. 6 0 0 4 /. 0 0 5 4 /. 0 0 4 0 /"


def test_pzprjs_example_parts_match_its_file_form():
    rows = [r.split() for r in ANSWER.strip(" /").split("/")]
    num = [None if t == "." else int(t) for t in rows[0][1:]]
    row_num = [None if r[0] == "." else int(r[0]) for r in rows[1:]]
    marks = {(r, c): {"5": WHITE, "6": BLACK}[t] for r, row in enumerate(rows[1:])
             for c, t in enumerate(row[1:]) if t in "56"}
    circles = Cells(Dict(Circles(), {0: None, 1: WHITE, 2: BLACK}))
    _, got = circles.decode_text("060300", 4, 4)
    assert {(r, c): v for r, row in enumerate(got) for c, v in enumerate(row) if v} == marks
    assert ExCells().decode_text("g1h4i", 4, 4)[1] == (tuple(num), tuple(row_num))


def test_pzprjs_example_has_a_white_circle():
    """pzprjs's Snake gives one end here and a midpoint (white circle);
    satlink's gives both ends and no midpoint."""
    with pytest.raises(InputError, match="white circle at r3c3"):
        puzzlink.decode(URL)


def test_one_end_given_is_an_input_error():
    with pytest.raises(InputError, match="not 1"):
        puzzlink.decode("https://puzz.link/p?snake/4/4/060000g1h4i")


def test_two_ends_read_and_write_back():
    """The example with its white circle left out and its other end (r4c3)
    given: both ends black circles."""
    url = "https://puzz.link/p?snake/4/4/060020g1h4i"
    _, inst = puzzlink.decode(url)
    assert inst.ends == ((1, 0), (3, 2))
    assert inst.col_counts == (None, 1, None, None) and inst.row_counts == (4, None, None, None)
    assert puzzlink.encode(S.GENRE, inst) == url


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(boards())
def test_round_trip(inst):
    assert puzzlink.decode(puzzlink.encode(S.GENRE, inst))[1] == inst
