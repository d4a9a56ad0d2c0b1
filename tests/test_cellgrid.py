"""satlink.formats.cellgrid: token tables, layouts, round trips and positioned errors."""
from __future__ import annotations

import pytest
from hypothesis import given as hgiven
from hypothesis import settings
from hypothesis import strategies as st

import satlink
from satlink.errors import InputError, Pos
from satlink.formats.cellgrid import (LOOP, Answer, CellError, Janko, Keyword, Layout, Tokens,
                                      board, given, loop_edges, loop_grid)
from satlink.formats.grid_text import split
from satlink.document import Token
from satlink.lang import parse_text
from satlink.puzzles import masyu as M
from satlink.puzzles import slitherlink as S
from satlink.puzzles._dot_grid import edges_from_inside
from satlink.puzzles import _shaded_loop as SL
from satlink.puzzles import yajilin as Y
from satlink.rules.grid import Grid


def err(message, pos):
    return InputError(message, pos)


def tok(text, line=3, col=7):
    return Token(text, Pos("t.pzl", line, col))


# -- token tables ----------------------------------------------------------------------------
PEARL = Tokens(what="a pearl", expect="`w` or `.`", values={"w": 1, "b": 2}, aliases={"o": 1})
NUM = Tokens(what="a clue", expect="1-8 or `.`", numbers=(1, 8), why="at most eight",
             values={"?": -1})


def test_tokens_read_empty_values_aliases_and_fold_case():
    assert [PEARL.read(tok(t), 0, 0, err) for t in (".", "-", "w", "W", "o", "b")] == \
        [None, None, 1, 1, 1, 2]
    strict = Tokens(expect="`w`", values={"w": 1}, fold=False)
    with pytest.raises(InputError):
        strict.read(tok("W"), 0, 0, err)


def test_tokens_print_the_first_glyph_and_numbers():
    assert [PEARL.text(v) for v in (None, 1, 2)] == [".", "w", "b"]
    assert [NUM.text(v) for v in (None, -1, 1, 8)] == [".", "?", "1", "8"]
    with pytest.raises(ValueError):
        NUM.text(9)
    with pytest.raises(ValueError):
        PEARL.text(3)


def test_tokens_errors_name_the_token_its_cell_and_the_choices():
    with pytest.raises(InputError) as exc:
        PEARL.read(tok("q", 5, 9), 1, 3, err)
    assert exc.value.message == "`q` at row 2, column 4 is not a pearl: expected `w` or `.`"
    assert (exc.value.pos.line, exc.value.pos.column) == (5, 9)
    assert message(NUM, "9") == "clue 9 at row 1, column 1 is above 8: at most eight"
    assert message(NUM, "0") == "clue 0 at row 1, column 1 is below 1: at most eight"
    assert "is above 8" in message(NUM, "9" * 5000)  # too long for int(): still a number
    assert "is not a clue" in message(NUM, "\u00b2")  # `²` is no ASCII digit
    shade = Tokens(expect="`x` or `.`", values={"x": 1})
    assert message(shade, "q", " of the solution") == \
        "`q` at row 1, column 1 of the solution: expected `x` or `.`"


def message(tokens, text, where=""):
    with pytest.raises(InputError) as exc:
        tokens.read(tok(text), 0, 0, err, where)
    assert (exc.value.pos.line, exc.value.pos.column) == (3, 7)
    return exc.value.message


def test_composite_tokens_parse_show_and_explain():
    def parse(text):
        if text[:-1].isdigit() and text[-1:] in "nesw" and text[-1:]:
            if int(text[:-1]) > 9:
                raise ValueError("at most 9")
            return (int(text[:-1]), text[-1])
        return None

    arrows = Tokens(what="an arrow", expect="`2e`", parse=parse, show=lambda v: f"{v[0]}{v[1]}")
    assert arrows.read(tok("2E"), 0, 0, err) == (2, "e") and arrows.text((2, "e")) == "2e"
    assert message(arrows, "12n") == "`12n` at row 1, column 1: at most 9"
    assert message(arrows, "2x") == "`2x` at row 1, column 1 is not an arrow: expected `2e`"


TEXTS = st.text(st.characters(blacklist_categories=("Cs", "Zs", "Cc")), min_size=1, max_size=6)


@settings(max_examples=200, deadline=None)
@hgiven(TEXTS)
def test_any_token_reads_or_is_an_input_error(text):
    for table in (PEARL, NUM, LOOP, M.PEARLS, Y.CLUES, Y.JANKO_CLUES, SL.SOLUTION, S.CLUES):
        try:
            v = table.read(tok(text), 0, 0, err)
        except InputError as exc:  # at the token, naming it or the number it holds
            assert (exc.pos.line, exc.pos.column) == (3, 7)
            assert f"`{text}`" in exc.message or " is above " in exc.message \
                or " is below " in exc.message
        else:  # what was read prints as a token that reads back the same
            assert table.read(tok(table.text(v)), 0, 0, err) == v


WORDS = st.sampled_from([".", "-", "w", "W", "o", "b", "3", "03", "9", "0", "?", "2e", "12n",
                         "se", "x", "ab"])


@settings(max_examples=60, deadline=None)
@hgiven(st.lists(st.lists(WORDS, min_size=1, max_size=4), min_size=1, max_size=4))
def test_rows_read_each_cell_as_read_does(words):
    """A grid read at once (which looks up a text it has read before) gives
    each cell's own value, and fails at the first bad cell in reading
    order with that cell's own message."""
    body = [[tok(w, 2 + r, 1 + 3 * c) for c, w in enumerate(row)] for r, row in enumerate(words)]
    for table in (PEARL, NUM, LOOP, M.PEARLS, Y.CLUES, S.CLUES):
        want = None
        try:
            want = tuple(tuple(table.read(t, r, c, err, " here") for c, t in enumerate(row))
                         for r, row in enumerate(body))
        except InputError as exc:
            with pytest.raises(InputError) as got:
                table.rows(body, err, " here")
            assert (got.value.message, got.value.pos) == (exc.message, exc.pos)
        if want is not None:
            assert table.rows(body, err, " here") == want


def test_loop_tokens_and_edges():
    assert LOOP.read(tok("es"), 0, 0, err) == "se" and LOOP.read(tok("-"), 0, 0, err) is None
    square = loop_edges((("se", "sw"), ("ne", "nw")))
    assert square == frozenset(Grid(2, 2).cell_edges())
    assert loop_grid(2, 2, square) == (("se", "sw"), ("ne", "nw"))
    with pytest.raises(CellError) as exc:
        loop_edges((("se", None), ("ne", "nw")))
    assert exc.value.cell == (0, 0)
    assert list(given(board(2, 3, {(1, 2): "x"}))) == [((1, 2), "x")]


# -- a layout of two blocks, square, with CellErrors -----------------------------------------
def build(rows, cols, marks, numbers):
    for cell, v in given(numbers):
        if v == 7:
            raise CellError("no sevens here", cell, "numbers")
        if marks[cell[0]][cell[1]] is not None and v is not None:
            raise CellError("a mark and a number in one cell", cell)
    if rows == 3:
        raise InputError("three rows are unlucky")
    return (rows, marks, numbers)


TWO = Layout("two", 5, {"marks": PEARL, "numbers": NUM}, build=build,
             split=lambda inst: (inst[0], inst[0], inst[1], inst[2]),
             solution=Answer(LOOP, read=loop_edges, write=lambda i, s: loop_grid(i[0], i[0], s)),
             janko=Janko((PEARL, NUM)), square=True)


def two(marks, numbers, size=None, extra=""):
    n = len(marks)
    return (f"puzzle two\nsize {size or n}\nmarks\n" + "".join(f"  {r}\n" for r in marks)
            + "numbers\n" + "".join(f"  {r}\n" for r in numbers) + extra)


def read_two(text):
    return TWO.from_document(parse_text(text, "two.pzl"))


def test_two_blocks_read_and_print_canonically():
    text = two(["w .", ". o"], [". ?", "3 ."], extra="solution\n  es sw\n  ne nw\n")
    inst = read_two(text)
    assert inst == (2, ((1, None), (None, 1)), ((None, -1), (3, None)))
    sol = TWO.expected_solution(parse_text(text))
    assert sol == frozenset(Grid(2, 2).cell_edges())
    out = TWO.to_pzl(inst, sol)
    assert out == ("puzzle two\nsize 2\nmarks\n  w .\n  . w\nnumbers\n  . ?\n  3 .\n"
                   "solution\n  se sw\n  ne nw\n")
    assert read_two(out) == inst and TWO.to_pzl(read_two(out), sol) == out
    assert TWO.expected_solution(parse_text(two(["w"], ["."]))) is None


@pytest.mark.parametrize("text,line,col,words", [
    (two(["w .", ". ."], ["7 .", ". ."]), 7, 3, "no sevens here"),  # in the block it names
    (two(["w .", ". ."], ["2 .", ". ."]), 4, 3, "a mark and a number"),  # the first block
    (two([". . .", ". . .", ". . ."], [". . .", ". . .", ". . ."]), 2, 1, "unlucky"),  # size
    (two(["w .", ". ."], [". .", ". 9"]), 8, 5, "clue 9 at row 2, column 2 is above 8"),
    (two(["w .", ". ."], [". .", ". ."], size="2 x 3"), 2, 6, "is square"),
    (two(["w .", ". ."], [". .", ". ."], extra="solution\n  se sw\n  ne nq\n"), 11, 6,
     "`nq` at row 2, column 2 of the solution"),
    (two(["w .", ". ."], [". .", ". ."], extra="solution\n  se sw\n  ne .\n"), 10, 6,
     "the line s of r1c2 is not named at r2c2"),
    (two(["w .", ". ."], [". .", ". ."], extra="colour red\n"), 9, 1, "`colour`"),
    ("puzzle two\nsize 2\nmarks\n  w .\n  . .\n", 1, 1, "missing `numbers`"),
])
def test_layout_errors_point_at_the_token(text, line, col, words):
    with pytest.raises(InputError) as exc:
        read_two(text)
    assert words in exc.value.message
    assert (exc.value.pos.file, exc.value.pos.line, exc.value.pos.column) == ("two.pzl", line, col)


def test_two_blocks_in_grid_text():
    inst = TWO.from_grid_text(split("2 2\nw -\n- -\n- 3\n? -\n", "t.txt"))
    assert inst == (2, ((1, None), (None, None)), ((None, 3), (-1, None)))
    assert TWO.from_grid_text(split(TWO.to_grid_text(inst))) == inst
    for text, line, col, words in [
        ("2 2\nw -\n- -\n7 -\n- -\n", 4, 1, "no sevens"),
        ("2 2\nw -\n- -\n- -\n", 4, 3, "the grid has 1 rows"),
        ("2 2\nw -\n- - -\n- -\n- -\n", 3, 5, "row 2 has 3 cells"),
        ("2 2\nw -\n- -\n- -\n- -\n-\n", 6, 1, "unexpected line"),
        ("2 3\nw - -\n- - -\n", 1, 1, "is square"),
        ("9 9\n", 1, 1, "outside 1..5"),
        ("a b\n", 1, 1, "`ROWS COLS`"),
    ]:
        with pytest.raises(InputError) as exc:
            TWO.from_grid_text(split(text, "t.txt"))
        assert words in exc.value.message, text
        assert (exc.value.pos.line, exc.value.pos.column) == (line, col), text


def test_published_solutions_in_grid_text():
    inst = M.GENRE.from_grid_text(split("2 2\n- -\n- w\n"))
    square = frozenset(Grid(2, 2).cell_edges())
    assert M.GENRE.solution_from_grid_text(split("2 2\nse sw\nne nw\n"), inst) == square
    assert M.GENRE.solution_from_grid_text("2 2\nes ws\nen wn\n", inst) == square  # text is split
    for text, line, col, words in [
        ("2 3\nse sw -\nne nw -\n", 1, 1, "solution is 2 x 3 (rows x columns), the puzzle 2 x 2"),
        ("2 2\nse sw\nne x\n", 3, 4, "`x` at row 2, column 2 of the solution"),
        ("2 2\nse sw\nne -\n", 2, 4, "the line s of r1c2 is not named at r2c2"),
        ("2 2\nse sw\nne nw\nunit 27\n", 4, 1, "unexpected line"),
    ]:
        with pytest.raises(InputError) as exc:
            M.GENRE.solution_from_grid_text(split(text, "sol.txt"), inst)
        assert words in exc.value.message, text
        assert (exc.value.pos.line, exc.value.pos.column) == (line, col), text
    # Slitherlink's published solutions may carry a line after the grid
    sl = S.GENRE.from_grid_text(split("1 2\n1 -\n"))
    left = edges_from_inside([[True, False]])
    assert S.GENRE.solution_from_grid_text("1 2\nx -\nunit 27\n", sl) == left


# -- the ported genres: round trips --------------------------------------------------------------
@st.composite
def boards(draw):
    return draw(st.integers(1, 5)), draw(st.integers(1, 5))


@st.composite
def rectangles(draw, rows, cols):
    """The edges of the border of a rectangle of cells (None when the board has none)."""
    if rows < 2 or cols < 2:
        return None
    r0, c0 = draw(st.integers(0, rows - 2)), draw(st.integers(0, cols - 2))
    r1, c1 = draw(st.integers(r0 + 1, rows - 1)), draw(st.integers(c0 + 1, cols - 1))
    ring = [(r0, c) for c in range(c0, c1 + 1)] + [(r, c1) for r in range(r0 + 1, r1 + 1)]
    ring += [(r1, c) for c in range(c1 - 1, c0 - 1, -1)] + [(r, c0) for r in range(r1 - 1, r0, -1)]
    return frozenset(tuple(sorted((a, b))) for a, b in zip(ring, ring[1:] + ring[:1]))


def identity(mod, inst, sol):
    """to_pzl -> parse -> read is the identity, and printing again gives the same text;
    the grid text reads back too."""
    g = mod.GENRE
    text = g.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert g.from_document(doc) == inst
    assert g.expected_solution(doc) == sol
    assert g.to_pzl(g.from_document(doc), sol) == text
    assert g.from_grid_text(split(g.text.to_grid_text(inst))) == inst


@settings(max_examples=60, deadline=None)
@hgiven(boards(), st.data())
def test_masyu_round_trip(size, data):
    rows, cols = size
    pearls = [M.Pearl(c, data.draw(st.sampled_from("wb"))) for c in Grid(rows, cols).cells
              if data.draw(st.booleans())]
    inst = M.Instance(rows, cols, tuple(pearls))
    identity(M, inst, data.draw(st.none() | rectangles(rows, cols)))


@settings(max_examples=60, deadline=None)
@hgiven(boards(), st.data())
def test_yajilin_round_trip(size, data):
    rows, cols = size
    g, arrows = Grid(rows, cols), []
    for c in g.cells:
        if data.draw(st.booleans()):
            d = data.draw(st.sampled_from([None, "n", "e", "s", "w"]))
            n = None if d is None else data.draw(st.none() | st.integers(0, len(g.ray(c, d))))
            arrows.append(Y.Arrow(c, d, n))
    inst = Y.Instance(rows, cols, tuple(arrows))
    loop = data.draw(st.none() | rectangles(rows, cols))
    sol = None
    if loop is not None:
        on = {c for e in loop for c in e}
        shaded = frozenset(c for c in g.cells if c not in on and data.draw(st.booleans()))
        sol = Y.Solution(shaded, loop)
    identity(Y, inst, sol)


@settings(max_examples=60, deadline=None)
@hgiven(boards(), st.data())
def test_slitherlink_round_trip(size, data):
    rows, cols = size
    clue = st.none() | st.sampled_from([S.UNKNOWN, 0, 1, 2, 3, 4])
    inst = S.Instance(rows, cols, [[data.draw(clue) for _ in range(cols)] for _ in range(rows)])
    inside = [[data.draw(st.booleans()) for _ in range(cols)] for _ in range(rows)]
    identity(S, inst, data.draw(st.none() | st.just(edges_from_inside(inside))))


def test_aliases_read_and_print_canonically():
    doc = parse_text("puzzle masyu\nsize 3 x 1\ngrid\n  1 2 -\nsolution\n  . . .\n")
    assert M.GENRE.to_pzl(M.GENRE.from_document(doc)) == "puzzle masyu\nsize 3 x 1\ngrid\n  w b .\n"
    doc = parse_text("puzzle yajilin\nsize 3 x 1\ngrid\n  2E ? -\n")
    assert Y.GENRE.to_pzl(Y.GENRE.from_document(doc)) == "puzzle yajilin\nsize 3 x 1\ngrid\n  2e  ?  .\n"


def test_yajilin_clue_problems_point_at_the_clue():
    with pytest.raises(InputError) as exc:
        satlink.load_text("puzzle yajilin\nsize 3 x 2\ngrid\n  .  .  .\n  . 1s  .\n", "y.pzl")
    assert "only 0 cells lie" in exc.value.message
    assert (exc.value.pos.line, exc.value.pos.column) == (5, 5)


def test_check_header_refuses_a_huge_board_before_its_rows():
    rows = "".join("  " + " ".join("." * 300) + "\n" for _ in range(2))
    for name in ("masyu", "yajilin", "slitherlink"):
        with pytest.raises(InputError) as exc:
            satlink.load_text(f"puzzle {name}\nsize 300 x 2\ngrid\n{rows}", "big.pzl")
        assert "outside 1..200" in exc.value.message and exc.value.pos.line == 2


# -- keyword lines: a choice, a tally per row, a list; the janko text implies them -------------
FILL = Keyword(Tokens(expect="`all` (every cell) or `any`", values={"all": "all", "any": "any"}),
               default="all", always=True)
TOUCH = Keyword(Tokens(expect="`yes` or `no`", values={"yes": "yes", "no": "no"}), default="yes")
TALLY = Keyword(Tokens(what="a tally", expect="a number or `?`", numbers=(0, 9), values={"?": -1},
                       why="a row has few cells"), count="rows")
FLEET = Keyword(Tokens(expect="a length 1-4", numbers=(1, 4), why="ships are short"), count=None)


def built(rows, cols, grid, fill, touch, tally, fleet):
    return (rows, cols, grid, fill, touch, tally, fleet)


KEYS = Layout("keys", 9, {"grid": NUM}, build=built,
              split=lambda i: (i[0], i[1], i[2], dict(zip(("fill", "touch", "tally", "fleet"),
                                                           i[3:]))),
              keywords={"fill": FILL, "touch": TOUCH, "tally": TALLY, "fleet": FLEET},
              janko=Janko(NUM, keywords={"touch": "no", "tally": (0, 0), "fleet": (1,)}),
              max_cells=6)


def keys(*lines, grid=("1 .", ". 2")):
    body = "".join(f"{ln}\n" for ln in lines)
    return KEYS.from_document(parse_text("puzzle keys\nsize 2 x 2\n" + body + "grid\n"
                                         + "".join(f"  {r}\n" for r in grid), "k.pzl"))


def test_keyword_lines_read_with_defaults_and_print_back():
    inst = keys("tally 3 ?", "fleet 4 1 1")
    assert inst[3:] == ("all", "yes", (3, -1), (4, 1, 1))
    text = KEYS.to_pzl(inst)
    assert text.splitlines()[2:5] == ["fill all", "tally 3 ?", "fleet 4 1 1"]  # touch: default
    assert KEYS.from_document(parse_text(text)) == inst
    inst = keys("touch NO", "fill any", "tally 0 0", "fleet 2")  # any order in the file
    assert inst[3:] == ("any", "no", (0, 0), (2,))
    assert "touch no" in KEYS.to_pzl(inst) and KEYS.from_document(parse_text(
        KEYS.to_pzl(inst))) == inst


def test_keyword_janko_values_and_size_limits():
    inst = KEYS.from_grid_text(split("2 2\n1 -\n- 2\n"))
    assert inst[3:] == ("all", "no", (0, 0), (1,))
    with pytest.raises(InputError) as exc:  # 9 on a side, at most 6 cells
        KEYS.from_grid_text(split("3 3\n1 - -\n- - -\n- - 2\n"))
    assert "has 9 cells; satlink accepts at most 6" in exc.value.message
    with pytest.raises(InputError) as exc:
        KEYS.check_header(parse_text("puzzle keys\nsize 3 x 3\n", "k.pzl"))
    assert (exc.value.pos.line, exc.value.pos.column) == (2, 6)


@pytest.mark.parametrize("lines, words, line, column", [
    (("fill some", "tally 1 1", "fleet 1"), "`some` in the `fill` line: expected `all`", 3, 6),
    (("fill all any", "tally 1 1", "fleet 1"), "`fill` takes one word, not 2", 3, 10),
    (("fill", "tally 1 1", "fleet 1"), "`fill` takes one word, not 0", 3, 1),
    (("tally 1", "fleet 1"), "`tally` has 1 values, the board 2 rows", 3, 1),
    (("tally 1 2 3", "fleet 1"), "`tally` has 3 values, the board 2 rows", 3, 11),
    (("tally 1 12", "fleet 1"), "tally 12 in the `tally` line (value 2) is above 9", 3, 9),
    (("tally 1 1", "fleet"), "`fleet` needs at least one value", 4, 1),
    (("tally 1 1",), "missing `fleet` line", 1, 1),
    (("tally 1 1", "fleet 1", "colour red"), "`colour` is not a line that puzzle keys", 5, 1),
])
def test_keyword_errors_point_at_the_word(lines, words, line, column):
    with pytest.raises(InputError) as exc:
        keys(*lines)
    assert words in exc.value.message
    assert (exc.value.pos.line, exc.value.pos.column) == (line, column)


def test_answer_read_with_the_instance():
    seen = []

    def read(grid, inst):
        seen.append(inst)
        return frozenset(c for c, _ in given(grid))

    lay = Layout("demo", 9, {"grid": NUM}, build=lambda rows, cols, grid: (rows, cols, grid),
                 split=lambda inst: inst,
                 solution=Answer(Tokens(expect="`x`", values={"x": True}), read=read,
                                 write=lambda i, s: board(i[0], i[1], dict.fromkeys(s, True)),
                                 with_instance=True))
    doc = parse_text("puzzle demo\nsize 2 x 1\ngrid\n  1 .\nsolution\n  x .\n", "d.pzl")
    assert lay.expected_solution(doc) == frozenset({(0, 0)})
    assert seen[-1] == (1, 2, ((1, None),))
