"""puzz.link URLs: the pzprjs codecs (satlink/formats/pzprjs.py), URL reading and
writing (satlink/formats/puzzlink.py) and the commands that take a URL.

Test vectors are real URLs, each with its source:
- pzprjs's own test scripts (robx/pzprjs, test/script/<genre>.js), which pair
  a URL with the same board in pzprv3 file form;
- semiexp/cspuz_rs serializer tests (src/puzzles/*.rs);
- swaroopg92/penpa-edit's puzz.link import tests (test/public/puzz_link_parser.js);
- example lists of puzz.link solvers and sites found by code search (named
  by their URL only: the pages list them as examples of real puzzles).
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink import formats
from satlink.cli import main
from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.formats.pzprjs_arrows import DOWN, LEFT, NO_ARROW, RIGHT, UP, Arrow, ArrowNumber16
from satlink.formats.pzprjs_cells import Circles, Dict, Packed
from satlink.formats.pzprjs_numbers import QUESTION, FourCell, Number16
from satlink.formats.pzprjs_parts import Borders, Cells, Seq
from satlink.formats.pzprjs_stream import BodyError, Reader
from tests.helpers import ROOT


def grid(text: str, cell=lambda t: None if t == "." else int(t)) -> tuple:
    """Rows of a pzprv3-style board (`/` between rows, spaces between cells)."""
    return tuple(tuple(cell(t) for t in row.split()) for row in text.strip(" /").split("/"))


# -- the codecs, on pzprjs's own test vectors --------------------------------------
# robx/pzprjs test/script/sudoku.js: url "4/4/g1k23k3g" and the board of its file form
SUDOKU_4 = grid(". 1 . . /. . . 2 /3 . . . /. . 3 . /")
# robx/pzprjs test/script/slither.js: url "5/5/cbcbcddad"
SLITHER_5 = grid("2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3 /")
# robx/pzprjs test/script/hashikake.js: url "5/5/4g2i3h23k3g1g3g4g3"
HASHI_5 = grid("4 . 2 . . /. 3 . . 2 /3 . . . . /. 3 . 1 . /3 . 4 . 3 /")
# robx/pzprjs test/script/numlin.js: url "5/5/1j2h3m1h2j3"
NUMLIN_5 = grid("1 . . . . /2 . . 3 . /. . . . . /. 1 . . 2 /. . . . 3 /")
# robx/pzprjs test/script/mashu.js: url "6/6/1063000i3000" (1 white, 2 black)
MASHU_6 = grid(". . 1 . . . /. 2 . . 1 . /. . . . . . /. . . 2 . . /. 1 . . . . /. . . . . . /",
               lambda t: 0 if t == "." else int(t))
# robx/pzprjs test/script/yajilin.js: url "5/5/m32j10"; cells "direction,number"
YAJILIN_5 = grid(". . . . . /. . . . . /. . . 3,2 . /. . . . . /. . . . 1,0 /",
                 lambda t: None if t == "." else Arrow(*map(int, t.split(","))))
# robx/pzprjs test/script/lits.js: url "4/4/9q02jg", rooms of its file form
LITS_ROOMS = grid("0 0 1 1 /0 0 1 2 /0 1 1 2 /2 2 2 2 /")


@pytest.mark.parametrize("part, body, cols, rows, board", [
    (Cells(Number16()), "g1k23k3g", 4, 4, SUDOKU_4),
    (Cells(FourCell()), "cbcbcddad", 5, 5, SLITHER_5),
    (Cells(Number16()), "4g2i3h23k3g1g3g4g3", 5, 5, HASHI_5),
    (Cells(Number16()), "1j2h3m1h2j3", 5, 5, NUMLIN_5),
    (Cells(Circles()), "1063000i3000", 6, 6, MASHU_6),
    (Cells(ArrowNumber16()), "m32j10", 5, 5, YAJILIN_5),
])
def test_pzprjs_vectors_decode_and_encode(part, body, cols, rows, board):
    assert part.decode_text(body, rows, cols)[1] == board
    assert part.encode_value(board, rows, cols) == body


def test_yajilin_vector_directions_are_pzprjs_qdir():
    # 3,2 at r3c4 counts the two shaded cells to its left in the file's solution
    assert YAJILIN_5[2][3] == Arrow(LEFT, 2) and YAJILIN_5[4][4] == Arrow(UP, 0)
    assert (NO_ARROW, UP, DOWN, LEFT, RIGHT) == (0, 1, 2, 3, 4)


def test_borders_vector_from_lits():
    vertical = tuple(tuple(a != b for a, b in zip(row, row[1:])) for row in LITS_ROOMS)
    horizontal = tuple(tuple(a != b for a, b in zip(up, down))
                       for up, down in zip(LITS_ROOMS, LITS_ROOMS[1:]))
    assert Borders().decode_text("9q02jg", 4, 4)[1] == (vertical, horizontal)
    assert Borders().encode_value((vertical, horizontal), 4, 4) == "9q02jg"


def test_parts_in_sequence():
    # regions then numbers, as pzprjs's region genres write them: the lits walls and
    # the sudoku numbers above, one after the other
    walls = Borders().decode_text("9q02jg", 4, 4)[1]
    part = Seq(Borders(), Cells(Number16()))
    assert part.decode_text("9q02jgg1k23k3g", 4, 4)[1] == (walls, SUDOKU_4)
    assert part.encode_value((walls, SUDOKU_4), 4, 4) == "9q02jgg1k23k3g"
    with pytest.raises(BodyError) as info:
        part.decode_text("9q02jgg1k23k3", 4, 4)
    assert info.value.offset == 13 and "ends after 15 of 16 cells" in info.value.message


def test_fourcell_reads_other_writers_and_writes_pzprjs():
    # semiexp/cspuz_rs src/puzzles/slitherlink.rs writes "dgdh2c71" for the example
    # it quotes as "http://pzv.jp/p.html?slither/4/4/dgdh2c7b": same board, and
    # pzprjs folds two empty cells into the last number (`b` = 1 and two empties)
    board = ((3, None, None, None), (3, None, None, None),
             (None, 2, 2, None), (None, 2, None, 1))
    code = Cells(FourCell())
    assert code.decode_text("dgdh2c71", 4, 4)[1] == board
    assert code.decode_text("dgdh2c7b", 4, 4)[1] == board
    assert code.encode_value(board, 4, 4) == "dgdh2c7b"


def test_number16_every_width():
    # swaroopg92/penpa-edit test/public/puzz_link_parser.js, "Hashiwokakero 1":
    # hashikake/5/5/1234g1-10+100=100g.h.i.l.
    body = "1234g1-10+100=100g.h.i.l."
    cells = [1, 2, 3, 4, None, 1, 16, 256, 4352, None, QUESTION, None, None, QUESTION,
             None, None, None, QUESTION] + [None] * 6 + [QUESTION]
    assert [v for v, _ in Number16().decode_cells(Reader(body), 25)] == cells
    assert Number16().encode_cells(cells) == body
    assert Number16().encode_cells([8192 + 0xabc]) == "%abc"
    assert Number16().encode_cells([None] * 41) == "zzg"


def test_arrow_numbers_every_width():
    cells = [Arrow(RIGHT, 300), Arrow(DOWN, 20), Arrow(NO_ARROW, QUESTION), None, Arrow(UP, 15)]
    body = ArrowNumber16().encode_cells(cells)
    assert body == "-412c7140.a1f"
    assert [v for v, _ in ArrowNumber16().decode_cells(Reader(body), 5)] == cells
    assert ArrowNumber16().encode_cells([None] * 27) == "za"


@pytest.mark.parametrize("cols, rows, body", [
    # puzz.link examples of Yajilin found by code search (a Yajilin solver's
    # tests and a genre list): the `b` flag is display only
    (6, 6, "e20b21r11b12e"),
    (10, 10, "c23g42d22j41e11a41c31g31f21l33d41a11d11g31f32e"),
    (10, 10, "l42i41m32f11a22b21a21m32b12i31l11121140f"),
])
def test_arrow_bodies_of_real_urls_round_trip(cols, rows, body):
    part = Cells(ArrowNumber16())
    assert part.encode_value(part.decode_text(body, rows, cols)[1], rows, cols) == body


@pytest.mark.parametrize("cols, rows, body", [
    # Masyu examples found by code search (an OCaml puzzle hunt page, a Masyu
    # trainer's regression test, penpa-edit's "Masyu 2")
    (8, 8, "20a03900000330i0005000"),
    (10, 6, "0000b6103260i0902216"),
    (13, 9, "013009k10a3a39310c9313693i016030j039a20"),
])
def test_circle_bodies_of_real_urls_round_trip(cols, rows, body):
    part = Cells(Dict(Circles(), {0: None, 1: "white", 2: "black"}))
    value = part.decode_text(body, rows, cols)[1]  # parts take (rows, cols); the URL cols/rows
    assert len(value) == rows and all(len(row) == cols for row in value)
    assert {v for row in value for v in row} <= {None, "white", "black"}
    assert part.encode_value(value, rows, cols) == body


def values(draw_value):
    return st.lists(st.one_of(st.none(), draw_value), min_size=1, max_size=90)


CODES = [
    (Number16(), st.one_of(st.integers(0, 12287), st.just(QUESTION))),
    (FourCell(), st.one_of(st.integers(0, 4), st.just(QUESTION))),
    (ArrowNumber16(), st.builds(Arrow, st.integers(0, 4),
                                st.one_of(st.integers(0, 4095), st.just(QUESTION)))),
]


@pytest.mark.parametrize("code, value", CODES, ids=["number16", "4cell", "arrows"])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_cell_codes_round_trip(code, value, data):
    cells = data.draw(values(value))
    body = code.encode_cells(cells)
    reader = Reader(body)
    assert [v for v, _ in code.decode_cells(reader, len(cells))] == cells
    assert reader.at_end()


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 5), st.integers(1, 7), st.data())
def test_packed_and_borders_round_trip(states, per_char, data):
    while states ** per_char > 36:  # one base-36 character at most
        per_char -= 1
    cells = data.draw(st.lists(st.integers(0, states - 1), min_size=1, max_size=40))
    code = Packed(states, per_char)
    assert [v for v, _ in code.decode_cells(Reader(code.encode_cells(cells)), len(cells))] == cells
    cols, rows = data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))
    walls = (tuple(tuple(data.draw(st.booleans()) for _ in range(cols - 1)) for _ in range(rows)),
             tuple(tuple(data.draw(st.booleans()) for _ in range(cols)) for _ in range(rows - 1)))
    assert Borders().decode_text(Borders().encode_value(walls, rows, cols), rows, cols)[1] == walls


@pytest.mark.parametrize("part, body, cols, rows, offset, words", [
    (Cells(FourCell()), "cbcbcddaf", 5, 5, 8, "`f` is not a number 0-4"),
    (Cells(FourCell()), "cbcbcdda", 5, 5, 8, "ends after 24 of 25 cells"),
    (Cells(FourCell()), "cbcbcddadd", 5, 5, 9, "unexpected `d` after the last cell"),
    (Cells(Number16()), "g1k23k3z", 4, 4, 7, "`z` skips 20 cells, but only 1 remain"),
    (Cells(Number16()), "g1k23k-3", 4, 4, 8, "ends inside a `-` number"),
    (Cells(Number16()), "g1k23k-3G", 4, 4, 8, "`G` is not a hex digit"),
    (Cells(Number16()), "G1k23k3g", 4, 4, 0, "`G` is not a number"),
    (Cells(Number16(low=1, high=8, what="island number")), "9", 1, 1, 0,
     "island number 9 is outside 1-8"),
    (Cells(Number16(question=False, what="digit")), ".", 1, 1, 0, "`.` (digit not shown)"),
    (Cells(ArrowNumber16()), "5g", 1, 1, 1, "`g` is not a hex digit"),
    (Cells(ArrowNumber16()), "-9123", 1, 1, 1, "`9` is not an arrow direction"),
    (Cells(Circles()), "r", 3, 1, 0, "`r` is not a base-27 digit"),
    (Borders(), "9q02j", 4, 4, 5, "ends after 10 of 12 cells"),
])
def test_body_errors_name_the_character(part, body, cols, rows, offset, words):
    with pytest.raises(BodyError) as info:
        part.decode_text(body, rows, cols)
    assert info.value.offset == offset and words in info.value.message


# -- URLs of the four genres ---------------------------------------------------------
REAL_URLS = [
    # robx/pzprjs test scripts (test/script/<genre>.js)
    "https://puzz.link/p?sudoku/4/4/g1k23k3g",
    "https://puzz.link/p?slither/5/5/cbcbcddad",
    "https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3",
    "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
    # semiexp/cspuz_rs tests: src/puzzles/numberlink.rs (numlin)
    "https://puzz.link/p?numlin/6/6/j4h14m2n2h133k",
    # swaroopg92/penpa-edit test/public/puzz_link_parser.js ("Sudoku 4x4 1", "6x6 1", "6x6 2",
    # "Hashiwokakero 4")
    "https://puzz.link/p?sudoku/4/4/g2j1h1j3g",
    "https://puzz.link/p?sudoku/6/6/61j3g2j4g3j5g4j6g5j12",
    "https://puzz.link/p?sudoku/6/6/g3h2g5j6h1l4h6j3g5g6h",
    "https://puzz.link/p?hashi/41/19/v3k6k3zzzk2i3g2o3i4zzw3i3g1m3k1i3g2zzs3g3i3k4s2g3g4zzzm3k2m3g2"
    "zzk3i5i1g3k2s3i2g3g4zzg4g3g1s4i3u3g5zzi2i2g2k1s3k1zzy1k4k1s1zzi2g1i2g4k4i4k4i6k4k4",
    # puzzlekit's README (URL -> IR example)
    "https://puzz.link/p?slither/10/10/g188227cl1dg367bdcg3ddgbhdgd1agbd760dg2cl633661d",
    # a puzzle solver's genre list (examples of Sudoku, Hashiwokakero, Numberlink)
    "https://puzz.link/p?sudoku/9/9/k13m27h476h39h825zg841h29h538h18m96k",
    "https://puzz.link/p?hashi/19/14/2g2g3g3g2i2g3g2q2g2g1h3g2g3h2v2i3g2h1g2h1g2g3p2g23g2g2g2j2"
    "g2i2h2g3g3g33zh2h3g1h2g32h1g2g2h2j4g3h1h2l2g1j23g2h4g2g1h2h3g2o1g2h2p2g2i2k1g2g3g4j3h22g3h2",
    "https://puzz.link/p?numlin/26/26/zz-15gdx-12nfs-16j8x4v-11zxes9kfs8zg4lbm6k5ubv2r-14n1q-10"
    "z5v7zeq3n3r1v-13u9k-11mdl6zgas2k-10sczxav-16x7jcs-15n-13x-14g-12zz",
    # a Slitherlink step solver's sample puzzles
    "https://puzz.link/p?slither/18/10/i61ch28cg16dg122cg63bi3ah1di2dcg0bgb1bc6c8bchd8b6cd1c"
    "bg2cgb3ci1dh3ci18dg132bg72bg82bh36dg",
    "https://puzz.link/p?slither/18/10/c82chcdgcbgd63c173ah6aibi81b71cdjcdcb123ddbcbjb37d16did"
    "i8dh161c36cdgcagdbh28bb",
    # a puzzle site's graded lists (slither, sudoku, numlin)
    "https://puzz.link/p?slither/6/6/kdhdg37ah733ddhd",
    "https://puzz.link/p?slither/5/5/h07chdgdh80c",
    "https://puzz.link/p?slither/7/7/31agagbcj71618ajcjdj",
    "https://puzz.link/p?sudoku/9/9/g3h6h5g5h3g8h4g7g5g9g6h17g3g48g8h7g2h6g56g8g23h2g8g3g9g7h2"
    "g5h3g9h7h2g",
    "https://puzz.link/p?numlin/7/7/4h2j1i5h4q3h3h52s1",
    # a puzzle hunt page (Numberlink, 11 x 11)
    "https://puzz.link/p?numlin/11/11/h8h65s4h6g8p9t2zl4i7l1h5n9h2i1g7i3h3i",
]


@pytest.mark.parametrize("url", REAL_URLS)
def test_real_urls_round_trip_exactly(url):
    module, inst = puzzlink.decode(url)
    assert puzzlink.encode(module, inst) == url
    assert puzzlink.decode(puzzlink.encode(module, inst))[1] == inst


def test_vectors_decode_to_the_genres_instances():
    from satlink.puzzles import hashi, numberlink, sudoku
    from satlink.puzzles import slitherlink as slither

    assert puzzlink.decode(REAL_URLS[0]) == (
        sudoku.GENRE, sudoku.make(4, [[v or 0 for v in row] for row in SUDOKU_4]))
    assert puzzlink.decode(REAL_URLS[1]) == (slither.GENRE, slither.Instance(5, 5, SLITHER_5))
    assert puzzlink.decode(REAL_URLS[2]) == (
        hashi.GENRE, hashi.Instance(5, 5, HASHI_5))
    # numlin lets cells stay empty: pzprjs checks "every cell used" only for arukone
    assert puzzlink.decode(REAL_URLS[3]) == (numberlink.GENRE, numberlink.make(
        [[str(v) if v else "" for v in row] for row in NUMLIN_5], fill="any"))


def test_unknown_numbers_in_slitherlink():
    module, inst = puzzlink.decode("https://puzz.link/p?slither/3/1/.0g")
    from satlink.puzzles.slitherlink import UNKNOWN

    assert inst.clues == ((UNKNOWN, 0, None),)
    assert puzzlink.encode(module, inst).endswith("/3/1/.a")


def test_cspuz_slither_url_is_read_and_written_as_pzprjs_writes_it():
    # semiexp/cspuz_rs src/puzzles/slitherlink.rs (see test_fourcell_reads_other_writers...)
    module, inst = puzzlink.decode("https://puzz.link/p?slither/4/4/dgdh2c71")
    assert puzzlink.encode(module, inst) == "https://puzz.link/p?slither/4/4/dgdh2c7b"


@pytest.mark.parametrize("url", [
    "http://pzv.jp/p.html?slither/5/5/cbcbcddad",
    "https://pzv.jp/p.html?slitherlink/5/5/cbcbcddad",
    "pzv.jp/p.html?slither/5/5/cbcbcddad",
    "puzz.link/p?slither/5/5/cbcbcddad",
    "http://puzz.link/p.html?slither/5/5/cbcbcddad",
    "HTTPS://Puzz.Link/p?slither/5/5/cbcbcddad/",
])
def test_host_forms_and_aliases(url):
    assert puzzlink.decode(url) == puzzlink.decode(REAL_URLS[1])


@pytest.mark.parametrize("alias, canonical", [
    ("hashikake", "hashi"), ("bridges", "hashi"), ("numberlink", "numlin"),
    ("slitherlink", "slither"),
])
def test_aliases_write_the_pzprjs_name(alias, canonical):
    url = {"hashi": REAL_URLS[2], "numlin": REAL_URLS[3], "slither": REAL_URLS[1]}[canonical]
    module, inst = puzzlink.decode(url.replace(f"?{canonical}/", f"?{alias}/"))
    assert puzzlink.encode(module, inst) == url


def instance_files(genre: str):
    return sorted((ROOT / "instances" / genre).glob("*.pzl"))


@pytest.mark.parametrize("path", [p for g in ("sudoku", "slitherlink", "hashi", "numberlink")
                                  for p in instance_files(g)], ids=lambda p: p.stem)
def test_instances_round_trip(path):
    [item] = formats.load(str(path))
    url = puzzlink.encode(item.puzzle, item.instance)
    module, inst = puzzlink.decode(url)
    assert module is item.puzzle and inst == item.instance
    assert puzzlink.encode(module, inst) == url


def test_every_genre_has_instances():
    assert all(instance_files(g) for g in ("sudoku", "slitherlink", "hashi", "numberlink"))


def test_numberlink_fill_and_labels_choose_the_genre():
    from satlink.puzzles import numberlink as nl

    rows = [["1", "", "2"], ["", "", ""], ["1", "", "2"]]
    assert puzzlink.encode(nl.GENRE, nl.make(rows, fill="any")) == \
        "https://puzz.link/p?numlin/3/3/1g2i1g2"
    letters = nl.make([["A", "", "b"], ["", "", ""], ["A", "", "b"]], fill="any")
    url = puzzlink.encode(nl.GENRE, letters)
    assert url == "https://puzz.link/p?arukone/e/3/3/1g-1ci1g-1c"
    assert puzzlink.decode(url)[1] == letters
    # every cell used, numbers: arukone, numbers 1-52 as the letters of those ranks
    full = nl.make(rows, fill="all")
    url = puzzlink.encode(nl.GENRE, full)
    assert url == "https://puzz.link/p?arukone/3/3/1g2i1g2"
    assert puzzlink.decode(url)[1] == nl.make([["A", "", "B"], ["", "", ""],
                                               ["A", "", "B"]], fill="all")
    # other labels are renamed in order of first appearance
    odd = nl.make([["x7", "", "x7"]], fill="all")
    assert puzzlink.decode(puzzlink.encode(nl.GENRE, odd))[1].cells == (("A", "", "A"),)


def test_forms_puzzlink_lacks_are_input_errors():
    from satlink.puzzles import sudoku

    twelve = sudoku.make(12, [[0] * 12] * 12, (4, 3))
    with pytest.raises(InputError, match="puzz.link draws 3x3 boxes on a size-12 board"):
        puzzlink.encode(sudoku.GENRE, twelve)
    for name in ("battleship", "zebra"):
        [item] = formats.load(str(next(iter(instance_files(name)))))
        with pytest.raises(InputError, match=f"puzz.link has no {name} genre that satlink"):
            puzzlink.encode(item.puzzle, item.instance)


BAD_URLS = [
    # (URL, words of the message, the offending character's offset; None: one past the end)
    ("https://puzz.link/p?slithr/5/5/cbcbcddad", "unknown puzz.link genre `slithr`", 20),
    ("https://example.com/p?slither/5/5/cbcbcddad", "not a puzz.link URL", 0),
    ("https://puzz.link/p?", "names no genre", 20),
    ("https://puzz.link/p?slither/5", "number of rows was expected", None),
    ("https://puzz.link/p?slither/5/x/cbcbcddad", "`x` is not a number of rows", 30),
    ("https://puzz.link/p?slither/0/5/cbcbcddad", "0 columns", 28),
    ("https://puzz.link/p?slither/5/5000/ggg", "5000 rows", 30),
    ("https://puzz.link/p?numlin/1000/251/z", "1000 x 251 has 251000 cells; satlink reads at most",
     32),
    ("https://puzz.link/p?slither/q/5/5/cbcbcddad", "unknown option `q`", 28),
    ("https://puzz.link/p?slither/5/5/cbcbcdda", "ends after 24 of 25 cells", None),
    ("https://puzz.link/p?slither/5/5/cbcbcddadd", "after the last cell", 41),
    ("https://puzz.link/p?slither/5/5/cbcb!ddad", "`!` is not a number 0-4", 36),
    ("https://puzz.link/p?slither/5/5", "ends after 0 of 25 cells", None),
    ("https://puzz.link/p?sudoku/4/3/g1k23k3g", "a puzz.link sudoku is square", 29),
    ("https://puzz.link/p?sudoku/8/8/zzzj", "boxes of 2x2 hold 4 cells, size says 8", 27),
    ("https://puzz.link/p?sudoku/4/4/g1k23k7g", "digit 7 is out of range 1..4", 37),
    ("https://puzz.link/p?sudoku/4/4/g1k13k3g", None, None),  # checked below: a valid grid
    ("https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g9", "island number 9 is outside 1-8", 47),
    # cspuz_rs's hashi test puzzle has islands whose number is not shown (`.`)
    ("https://puzz.link/p?hashi/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2", "island number not shown",
     35),
    ("https://puzz.link/p?hashi/3/1/1g1", None, None),
    ("https://puzz.link/p?hashi/3/1/4g1", "island 4 at r1c1 can carry at most 1", 30),
    ("https://puzz.link/p?numlin/3/1/1g2", "label 1 appears only once", 31),
    ("https://puzz.link/p?arukone/x/3/1/1g1", "unknown option `x`", 28),
]


@pytest.mark.parametrize("url, words, offset", [b for b in BAD_URLS if b[1]])
def test_bad_urls_are_input_errors_at_the_character(url, words, offset):
    with pytest.raises(InputError) as info:
        puzzlink.decode(url)
    err = info.value
    assert words in err.message
    assert (err.pos.file, err.pos.line) == (url, 1)
    assert err.pos.column == (len(url) if offset is None else offset) + 1
    assert err.source_line == url


def test_the_good_urls_among_the_bad_are_good():
    for url, words, _ in BAD_URLS:
        if words is None:
            puzzlink.decode(url)


URL_CHARS = st.sampled_from(list("0123456789abcdefghijklmnopqrstuvwxyz./-+=%?&#:ABCZ_~ é\u00b2"))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([
    "https://puzz.link/p?", "http://pzv.jp/p.html?", "https://puzz.link/p?slither/",
    "https://puzz.link/p?slither/5/5/", "https://puzz.link/p?sudoku/4/4/",
    "https://puzz.link/p?sudoku/", "https://puzz.link/p?hashi/5/5/", "https://puzz.link/p?numlin/",
    "https://puzz.link/p?numlin/5/5/", "https://puzz.link/p?arukone/e/5/5/",
    "https://puzz.link/p?bridges/3/",
]), st.lists(URL_CHARS, max_size=40).map("".join))
def test_fuzzed_urls_raise_nothing_but_input_errors(prefix, tail):
    url = prefix + tail
    try:
        module, inst = puzzlink.decode(url)
    except InputError as exc:
        assert exc.pos.file == url and exc.pos.line == 1 and 1 <= exc.pos.column <= len(url) + 1
        exc.render()
        return
    again = puzzlink.encode(module, inst)
    assert puzzlink.decode(again) == (module, inst)


# -- through the command line ---------------------------------------------------------
def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_a_url(capsys):
    url = puzzlink.encode(*puzzlink.decode(REAL_URLS[1]))
    code, out, err = run(capsys, "solve", url)
    assert code == 0, err
    assert out.startswith(f"{url}: slitherlink") and "verdict: unique solution" in out


def test_solve_json_matches_the_file_it_came_from(capsys, tmp_path):
    path = str(ROOT / "instances" / "sudoku" / "classic.pzl")
    code, out, _ = run(capsys, "fmt", "--url", path)
    url = out.strip()
    assert code == 0 and url.startswith("https://puzz.link/p?sudoku/9/9/")
    code, from_url, _ = run(capsys, "solve", "--json", url)
    code2, from_file, _ = run(capsys, "solve", "--json", path)
    a, b = json.loads(from_url), json.loads(from_file)
    assert code == code2 == 0 and a["verdict"] == b["verdict"] == "unique"
    assert a["solution"] == b["solution"] and a["source"] == {"file": url}


def test_fmt_of_a_url_prints_pzl(capsys, tmp_path):
    code, out, _ = run(capsys, "fmt", REAL_URLS[2])
    assert code == 0 and out.startswith("puzzle hashi\n")
    path = tmp_path / "h.pzl"
    path.write_text(out)
    [item] = formats.load(str(path))
    assert item.instance == puzzlink.decode(REAL_URLS[2])[1]
    code, out, _ = run(capsys, "fmt", "--url", str(path))
    assert (code, out) == (0, REAL_URLS[2] + "\n")


def test_fmt_url_of_a_genre_without_one(capsys):
    path = str(instance_files("zebra")[0])
    code, out, err = run(capsys, "fmt", "--url", path)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}: error: puzz.link has no zebra genre") and "Traceback" not in err


def test_bad_url_on_the_command_line(capsys):
    url = "https://puzz.link/p?slither/5/5/cbcb!ddad"
    code, out, err = run(capsys, "solve", url)
    assert code == 4 and out == ""
    assert err.splitlines() == [f"{url}:1:37: error: `!` is not a number 0-4 (`5`-`9`, `a`-`e`"
                                " with empty cells after it), `.` or a skip letter g-z",
                                url, " " * 36 + "^"]


def test_a_file_of_urls(capsys, tmp_path):
    path = tmp_path / "urls.txt"
    path.write_text(f"# three puzzles\n{REAL_URLS[1]}\n\n  {REAL_URLS[0]}\n"
                    "https://puzz.link/p?hashi/5/5/4g2i\n")
    code, out, err = run(capsys, "fmt", "--url", str(path))
    assert code == 4
    assert out.splitlines() == [REAL_URLS[1], REAL_URLS[0]]
    assert err.startswith(f"{path}:5:35: error: the URL ends after 6 of 25 cells")
    code, out, err = run(capsys, "check", "--json", str(path))
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["source"]["line"], r["type"], r["verdict"]) for r in records] == [
        (2, "slitherlink", "unique"), (4, "sudoku", "unique"), (5, "hashi", "error")]
    assert "5:35: error: the URL ends after 6 of 25 cells" in records[2]["error"] and code == 4


def test_a_file_of_one_bad_url_reports_its_genre(capsys, tmp_path):
    path = tmp_path / "one.txt"
    url = "https://puzz.link/p?bridges/5/5/4g2"
    path.write_text(url + "\n")
    code, out, _ = run(capsys, "check", "--json", str(path))
    [record] = [json.loads(line) for line in out.splitlines()]
    assert code == 4 and (record["type"], record["verdict"]) == ("hashi", "error")
    assert record["error"].startswith(
        f"{path}:1:{len(url) + 1}: error: the URL ends after 3 of 25 cells")
