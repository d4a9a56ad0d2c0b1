"""The .pzl document parser: structure, positions, errors, canonical printing."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.errors import InputError
from satlink.canonical_pzl import format_document
from satlink.lang import parse_text
from satlink.source_files import decode_bytes


def test_entries_blocks_comments_and_positions():
    doc = parse_text("# top\npuzzle Sudoku  # type\nsize 4\ngrid\n  1 . # c\n\n  # only a comment\n  . 2\n"
                     "clue a = b\n", "x.pzl")
    assert doc.type == "sudoku"
    kws = [e.keyword for e in doc.entries]
    assert kws == ["size", "grid", "clue"]
    grid = doc.entry("grid")
    assert [[t.text for t in r] for r in grid.rows] == [["1", "."], [".", "2"]]
    two = grid.rows[1][1]
    assert (two.pos.line, two.pos.column) == (8, 5)
    assert doc.entry("clue").text == "clue a = b"


@pytest.mark.parametrize("text, message, line, col", [
    ("puzzle sudoku\ngrid\n1 2\n", "rows of a grid must be indented", 3, 1),
    ("size 4\n", "first line must be `puzzle TYPE`", 1, 1),
    ("puzzle\n", "exactly one type name", 1, 1),
    ("puzzle a b\n", "exactly one type name", 1, 1),
    ("", "empty file", 1, 1),
    ("  \n# only comments\n", "empty file", 1, 1),
])
def test_syntax_errors_have_positions(text, message, line, col):
    with pytest.raises(InputError) as err:
        parse_text(text, "bad.pzl")
    e = err.value
    assert message in e.message
    assert (e.pos.file, e.pos.line, e.pos.column) == ("bad.pzl", line, col)
    rendered = e.render()
    assert rendered.startswith(f"bad.pzl:{line}:{col}: error:")


def test_render_shows_line_and_caret():
    with pytest.raises(InputError) as err:
        parse_text("puzzle sudoku\nsize 4\ngrid\n  1 2\n3 4\n", "f.pzl")
    lines = err.value.render().splitlines()
    assert lines[1] == "3 4" and lines[2] == "^"


def test_binary_and_non_utf8_input_are_refused():
    with pytest.raises(InputError, match="binary"):
        decode_bytes(b"puzzle sudoku\x00\x01", "b.bin")
    with pytest.raises(InputError, match="not UTF-8"):
        decode_bytes(b"puzzle sudoku\n\xff\xfe", "b.bin")


def test_duplicate_entry_is_an_error():
    doc = parse_text("puzzle sudoku\nsize 4\nsize 9\n", "d.pzl")
    with pytest.raises(InputError, match="given twice") as err:
        doc.entry("size")
    assert err.value.pos.line == 3


words = st.from_regex(r"[a-z][a-z0-9_-]{0,6}", fullmatch=True).filter(lambda w: w != "puzzle")
values = st.from_regex(r"[A-Za-z0-9.?~<>^*=!-]{1,4}", fullmatch=True)
entries = st.tuples(words, st.lists(values, max_size=4),
                    st.lists(st.lists(values, min_size=1, max_size=5), max_size=4))


@given(st.lists(entries, max_size=6))
def test_parse_print_parse_is_identity(es):
    text = "puzzle demo\n" + "".join(
        " ".join([k, *vs]) + "\n" + "".join("   " + "  ".join(r) + "  # x\n" for r in rows)
        for k, vs, rows in es)
    doc = parse_text(text)
    again = parse_text(format_document(doc))
    assert again == doc
    assert format_document(again) == format_document(doc)
    assert [(e.keyword, [v.text for v in e.values], [[t.text for t in r] for r in e.rows])
            for e in doc.entries] == [(k, vs, rows) for k, vs, rows in es]


def test_board_size_line():
    def size(line):
        return parse_text(f"puzzle x\n{line}\n", "s.pzl").board_size(20)

    assert size("size 7 x 5") == size("size 7X5") == (5, 7)   # (rows, columns)
    assert size("size 6") == (6, 6)
    with pytest.raises(InputError) as exc:
        size("size seven")
    assert "expected `size COLUMNS x ROWS`" in exc.value.message and exc.value.pos.line == 2
    with pytest.raises(InputError) as exc:
        size("size 21 x 3")
    assert "outside 1..20" in exc.value.message and exc.value.pos.column == 6


# -- regressions found by tests/test_fuzz.py -------------------------------------------

@pytest.mark.parametrize("text", ["²", "①", "٣", "9" * 5000, "1" * 4301])
def test_numbers_that_int_refuses_or_chokes_on_are_input_errors(text):
    """`str.isdigit` accepts `²`, which int() refuses (ValueError escaped as a
    traceback); int() refuses more than 4300 digits."""
    from satlink.numerals import is_natural, natural

    if not (text.isascii() and text.isdigit()):
        assert not is_natural(text)
    else:
        assert is_natural(text) and natural(text) == 10 ** 100
    doc = parse_text(f"puzzle hashi\nsize {text} x 3\ngrid\n  1 . 1\n", "s.pzl")
    with pytest.raises(InputError) as exc:
        doc.board_size(200)
    assert exc.value.pos.line == 2


def test_parse_header_reads_keyword_lines_only():
    from satlink.lang import parse_header

    text = "puzzle numberlink\r\nsize 2 x 1\r\ngrid\r\n  1 1\r\n  # c\r\nfill any\r\n"
    doc = parse_header(text, "h.pzl")
    assert [e.keyword for e in doc.entries] == ["size", "grid", "fill"]
    assert not doc.entry("grid").rows
    assert doc.entry("fill").pos.line == 6
    assert doc.lines[1] == "size 2 x 1"
    assert parse_header("  indented first\n", "h.pzl") is None  # the full parse reports it


# -- plain documents read line by line, the others by lark (issue 22) -------------------
def _shape(entries) -> list:
    """Everything an entry holds, positions and the keyword line included."""
    def tok(t):
        return t.text, t.pos.file, t.pos.line, t.pos.column
    return [(e.keyword, [tok(v) for v in e.values], [[tok(t) for t in r] for r in e.rows],
             (e.pos.line, e.pos.column), e.text) for e in entries]


#: pieces of lines, the awkward ones included: blanks, tabs, comments, carriage
#: returns, no-break spaces, form feeds, keyword-like and value-like words
_pieces = st.sampled_from(["puzzle", "size", "grid", "a-b_1", "x", "9", ".", "?x", "x:y", "#",
                           "# c", " ", "  ", "\t", "\r", "\xa0", "\x0c", "\u2028", "é", "-"])
_lines = st.lists(st.lists(_pieces, max_size=6).map("".join), min_size=1, max_size=8)


@settings(deadline=None)  # the first example builds lark's parser
@given(_lines)
def test_the_line_reader_reads_what_lark_reads(lines):
    """Where the line reader takes a document, lark reads the same entries
    from it (positions included); what it leaves, lark alone reads."""
    from satlink.lang import _parsed, _scan

    text = "\n".join(lines)
    scanned = _scan(text, "f.pzl")
    if scanned is None:
        return
    assert _shape(scanned) == _shape(_parsed(text, tuple(text.splitlines()), "f.pzl"))


def test_every_instance_reads_alike_without_lark():
    from satlink.lang import _parsed, _scan
    from tests.helpers import ROOT

    files = sorted((ROOT / "instances").rglob("*.pzl"))
    assert len(files) > 50
    for path in files:
        text = path.read_text(encoding="utf-8-sig")
        scanned = _scan(text, str(path))
        assert scanned is not None, path
        assert _shape(scanned) == _shape(_parsed(text, tuple(text.splitlines()), str(path)))


@pytest.mark.parametrize("text, read", [
    ("  puzzle x\n", "f:1:3: error: the first line must be `puzzle TYPE`"),
    ("puzzle x\r\nsize 4 # c\r\n", [("size", ["4"], 2, "size 4 # c")]),
    ("puzzle x\n1 2\n", "f:2:1: error: `1` cannot start a line"),
    ("puzzle x\nsize\xa04\n", "f:2:5: error: unexpected character '\\xa0'"),
    ("puzzle x\ngrid\n  1\x0c2\n", "f:3:4: error: unexpected character '\\x0c'"),
])
def test_what_the_line_reader_leaves_lark_reads(text, read):
    from satlink.lang import _scan

    assert _scan(text, "f") is None
    try:
        doc = parse_text(text, "f")
    except InputError as exc:
        assert exc.render().startswith(read)
    else:
        assert doc.type == "x" and [(e.keyword, [v.text for v in e.values], e.pos.line, e.text)
                                    for e in doc.entries] == read
