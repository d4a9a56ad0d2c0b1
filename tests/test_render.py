"""Pictures: the Board description, its text, its SVG (rasterised with
cairosvg and looked at pixel by pixel), every genre's ``picture`` over its
instances, and the `draw` and `solve --svg` commands."""
from __future__ import annotations

import io

import cairosvg
import pytest
from PIL import Image

import satlink
from satlink import puzzles
from satlink.cli import main
from satlink.render import (Arrow, Board, Bridge, Circle, Edge, Label, Line, Mark, Shade, Ship,
                            Table, region_borders, to_svg, to_text)
from satlink.render.svg import PALETTE, Geometry
from tests.helpers import ROOT

U = Geometry.of(Board(1, 1)).unit


# -- looking at pixels ----------------------------------------------------------------
class Picture:
    """A board rasterised: pixels by SVG coordinates, and where cells land."""

    def __init__(self, board: Board | None = None, svg: str | None = None):
        svg = svg if svg is not None else to_svg(board)
        png = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
        self.image = Image.open(io.BytesIO(png)).convert("RGB")
        self.g = Geometry.of(board) if board is not None else None

    def luma(self, x: float, y: float) -> float:
        r, g, b = self.image.getpixel((int(round(x)), int(round(y))))
        return 0.299 * r + 0.587 * g + 0.114 * b

    def dark(self, x: float, y: float) -> bool:
        return self.luma(x, y) < 110

    def light(self, x: float, y: float) -> bool:
        return self.luma(x, y) > 220

    def centre(self, cell, dx: float = 0, dy: float = 0) -> tuple[float, float]:
        x, y = self.g.centre(cell)
        return x + dx * U, y + dy * U

    def between(self, a, b) -> tuple[float, float]:
        """The midpoint between two cell centres."""
        (x1, y1), (x2, y2) = self.g.centre(a), self.g.centre(b)
        return (x1 + x2) / 2, (y1 + y2) / 2

    def edge_middle(self, p, q) -> tuple[float, float]:
        """The midpoint between two lattice points."""
        (x1, y1), (x2, y2) = self.g.point(p), self.g.point(q)
        return (x1 + x2) / 2, (y1 + y2) / 2

    def inked(self, cell) -> int:
        """Dark pixels inside a cell, its sides left out."""
        x, y = self.g.point(cell)
        m = int(0.15 * U)
        return sum(self.dark(x + i, y + j)
                   for i in range(m, int(U) - m) for j in range(m, int(U) - m))


# -- the description ----------------------------------------------------------------------
def test_board_keeps_tuples_and_checks_its_items():
    b = Board(2, 2, lines=[Line([(0, 0), (0, 1)])], shades=[Shade((1, 1))])
    assert b.lines == (Line(((0, 0), (0, 1))),) and isinstance(b.shades, tuple)
    assert hash(b) == hash(Board(2, 2, lines=(Line(((0, 0), (0, 1))),), shades=(Shade((1, 1)),)))
    with pytest.raises(ValueError, match="tone"):
        Shade((0, 0), "pink")
    with pytest.raises(ValueError, match="not straight"):
        Line([(0, 0), (1, 1)])
    with pytest.raises(ValueError, match="not straight"):
        Edge((0, 0), (1, 1))
    with pytest.raises(ValueError, match="1 or 2"):
        Bridge((0, 0), (0, 2), 3)
    with pytest.raises(ValueError, match="not a Label"):
        Board(1, 1, labels=[Shade((0, 0))])
    with pytest.raises(ValueError, match="entries"):
        Table(("a", "b"), [("x",)])
    with pytest.raises(ValueError, match="grid"):
        Board(1, 1, grid="hex")
    assert Edge((2, 1), (0, 1)).a == (0, 1)  # kept in order


def test_extent_grows_for_items_outside_the_grid():
    assert Board(3, 4).extent() == (0, 0, 3, 4)
    tallies = [Label((r, 4), "1") for r in range(3)] + [Label((3, c), "2") for c in range(4)]
    assert Board(3, 4, labels=tallies).extent() == (0, 0, 4, 5)
    assert Board(2, 2, labels=[Label((-1, 0), "x")]).extent() == (-1, 0, 2, 2)
    assert Board(2, 2, edges=[Edge((0, 0), (0, 3))]).extent() == (0, 0, 2, 3)


def test_region_borders_of_sudoku_boxes():
    edges = region_borders(4, 4, lambda cell: (cell[0] // 2, cell[1] // 2))
    assert len(edges) == 8 and all(e.kind == "border" for e in edges)
    assert Edge((0, 2), (1, 2), "border") in edges and Edge((2, 0), (2, 1), "border") in edges


# -- text -------------------------------------------------------------------------------------
def test_text_of_sudoku_boxes_givens_and_solution():
    from satlink.puzzles import sudoku

    inst = sudoku.make(4, [[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]])
    assert to_text(puzzles.get("sudoku").picture(inst)) == "\n".join([
        "┌───────┬───────┐",
        "│ 1     │       │",
        "│       │       │",
        "│       │ 1     │",
        "├───────┼───────┤",
        "│     1 │       │",
        "│       │       │",
        "│       │     1 │",
        "└───────┴───────┘"])


def test_text_of_a_loop_on_the_lattice_with_dots_and_clues():
    loop = [Edge((0, 0), (0, 1)), Edge((0, 1), (1, 1)), Edge((1, 0), (1, 1)), Edge((0, 0), (1, 0))]
    board = Board(2, 2, grid="dots", edges=loop, labels=[Label((0, 0), "4"), Label((1, 1), "?")])
    assert to_text(board) == "\n".join([
        "┌───┐   ·",
        "│ 4 │",
        "└───┘   ·",
        "      ?",
        "·   ·   ·"])


def test_text_of_lines_through_centres_joins_corners():
    board = Board(2, 3, lines=[Line([(0, 0), (0, 2), (1, 2)]), Line([(1, 0), (1, 1)])],
                  circles=[Circle((0, 0), "white", "A")])
    assert to_text(board) == "\n".join([
        "┌───────────┐",
        "│(A)──────┐ │",
        "│         │ │",
        "│ ╶───╴   ╵ │",
        "└───────────┘"])


def test_text_of_a_closed_loop_and_pearls():
    loop = Line([(0, 0), (0, 1), (1, 1), (1, 0)], closed=True)
    board = Board(2, 2, lines=[loop], circles=[Circle((0, 0), "black"), Circle((1, 1))])
    assert to_text(board).splitlines()[1:4] == ["│ ●───┐ │", "│ │   │ │", "│ └───○ │"]


def test_text_of_bridges_ships_marks_shades_arrows_and_notes():
    board = Board(3, 3, grid="none",
                  circles=[Circle((0, 0), "white", "2"), Circle((0, 2), "white", "1"),
                           Circle((2, 0), "white", "3")],
                  bridges=[Bridge((0, 0), (0, 2), 1), Bridge((0, 0), (2, 0), 2)],
                  ships=[Ship((1, 1), "sub"), Ship((1, 2), "left", given=False)],
                  marks=[Mark((2, 1), "water"), Mark((2, 2), "cross")], notes=["fleet: none"])
    assert to_text(board) == "\n".join([
        " (2)─────(1)",
        "  ║",
        "  ║   ●   ◀",
        "  ║",
        " (3)  ~   ×",
        "fleet: none"])
    shaded = Board(1, 3, shades=[Shade((0, 0)), Shade((0, 1), "void"), Shade((0, 2), "gray")],
                   arrows=[Arrow((0, 2), "w", "2")])
    assert to_text(shaded).splitlines()[1] == "│███ ▓▓▓ ←2 │"
    run = Board(1, 4, shades=[Shade((0, 0)), Shade((0, 1)), Shade((0, 2), "gray"),
                              Shade((0, 3), "gray")], labels=[Label((0, 3), "1")])
    assert to_text(run).splitlines()[1] == "│███████ ░░░  1 │"


def test_text_widens_cells_for_long_labels_and_draws_tables():
    board = Board(1, 2, labels=[Label((0, 0), "1234"), Label((0, 1), "7", given=False)])
    assert to_text(board).splitlines() == ["┌───────────┐", "│1234    7  │", "└───────────┘"]
    table = Board(table=Table(("house", "1", "2"), [("pet", "fox", "")]), notes=["1 clue"])
    assert to_text(table).splitlines()[3:] == ["│ pet   │ fox │ · │", "└───────┴─────┴───┘",
                                               "1 clue"]


# -- SVG, looked at ---------------------------------------------------------------------------
def test_svg_shaded_cells_are_dark_and_empty_ones_light():
    board = Board(2, 3, shades=[Shade((0, 0)), Shade((1, 2), "void"), Shade((0, 2), "gray")])
    pic = Picture(board)
    assert pic.dark(*pic.centre((0, 0))) and pic.dark(*pic.centre((1, 2)))
    assert pic.light(*pic.centre((0, 1))) and pic.light(*pic.centre((1, 0)))
    assert 110 < pic.luma(*pic.centre((0, 2))) < 220  # gray
    assert pic.image.size == (2 * 20 + 3 * U, 2 * 20 + 2 * U)


def test_svg_lines_through_centres_and_their_colours():
    board = Board(3, 3, lines=[Line([(0, 0), (0, 1), (1, 1)], group=0),
                               Line([(2, 0), (2, 2)], group=2)])
    pic = Picture(board)
    assert pic.dark(*pic.between((0, 0), (0, 1))) and pic.dark(*pic.between((0, 1), (1, 1)))
    assert pic.dark(*pic.centre((2, 1)))  # a straight run of two steps passes the middle cell
    assert pic.light(*pic.centre((1, 0))) and pic.light(*pic.centre((1, 2)))
    x, y = pic.between((0, 0), (0, 1))
    assert pic.image.getpixel((int(x), int(y))) == tuple(int(PALETTE[0][i:i + 2], 16)
                                                          for i in (1, 3, 5))


def test_palette_colours_are_dark_on_white():
    for colour in PALETTE:
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        assert 0.299 * r + 0.587 * g + 0.114 * b < 110, colour


def test_svg_lattice_loop_borders_and_dots():
    board = Board(2, 2, grid="dots", edges=[Edge((0, 0), (0, 2)), Edge((1, 0), (1, 2), "border")])
    pic = Picture(board)
    assert pic.dark(*pic.edge_middle((0, 0), (0, 1))) and pic.dark(*pic.edge_middle((0, 1), (0, 2)))
    assert pic.dark(*pic.edge_middle((1, 1), (1, 2)))  # the border
    assert pic.light(*pic.edge_middle((2, 0), (2, 1)))  # no line on a dotted grid
    assert pic.light(*pic.edge_middle((0, 0), (1, 0)))
    assert pic.dark(*pic.g.point((2, 2)))  # a lattice dot


def test_svg_grid_outline_is_dark_inner_lines_faint():
    pic = Picture(Board(2, 2))
    assert pic.dark(*pic.edge_middle((0, 0), (0, 1)))  # the outline
    assert not pic.dark(*pic.edge_middle((1, 0), (1, 1))) and pic.luma(
        *pic.edge_middle((1, 0), (1, 1))) < 235  # an inner line, faint but there
    assert pic.light(*pic.centre((0, 0)))


def test_svg_circles_rims_dark_white_centres_light():
    board = Board(1, 3, circles=[Circle((0, 0)), Circle((0, 1), "black"),
                                 Circle((0, 2), "white", "8")])
    pic = Picture(board)
    assert pic.dark(*pic.centre((0, 0), dx=0.38)) and pic.dark(*pic.centre((0, 0), dy=-0.38))
    assert pic.light(*pic.centre((0, 0)))
    assert pic.dark(*pic.centre((0, 1)))
    assert pic.dark(*pic.centre((0, 2), dx=-0.38)) and pic.inked((0, 2)) > pic.inked((0, 0))


def test_svg_bridges_single_and_double():
    board = Board(3, 3, grid="none", circles=[Circle((0, 0), text="3"), Circle((0, 2), text="1"),
                                              Circle((2, 0), text="2")],
                  bridges=[Bridge((0, 0), (0, 2), 1), Bridge((0, 0), (2, 0), 2)])
    pic = Picture(board)
    assert pic.dark(*pic.centre((0, 1)))  # a single bridge on the centre line
    x, y = pic.centre((1, 0))
    assert pic.light(x, y)  # a double bridge: two lines either side
    assert pic.dark(x - 0.1 * U, y) and pic.dark(x + 0.1 * U, y)
    assert pic.light(*pic.centre((1, 1)))


def test_svg_ships_have_their_shapes():
    board = Board(1, 4, ships=[Ship((0, 0), "left"), Ship((0, 1), "middle", given=False),
                               Ship((0, 2), "right"), Ship((0, 3), "sub")])
    pic = Picture(board)
    for c in range(4):
        assert pic.dark(*pic.centre((0, c)))
    # an end is round on its open side, square toward the ship
    assert pic.light(*pic.centre((0, 0), dx=-0.34, dy=-0.34))
    assert pic.dark(*pic.centre((0, 0), dx=0.34, dy=-0.34))
    assert pic.light(*pic.centre((0, 2), dx=0.34, dy=-0.34))
    assert pic.dark(*pic.centre((0, 2), dx=-0.34, dy=-0.34))
    assert pic.light(*pic.centre((0, 3), dx=0.34, dy=-0.34))  # a submarine is round
    vertical = Picture(Board(2, 1, ships=[Ship((0, 0), "top"), Ship((1, 0), "bottom")]))
    assert vertical.light(*vertical.centre((0, 0), dx=-0.34, dy=-0.34))
    assert vertical.dark(*vertical.centre((0, 0), dx=-0.34, dy=0.34))
    assert vertical.light(*vertical.centre((1, 0), dx=-0.34, dy=0.34))
    assert vertical.dark(*vertical.centre((1, 0), dx=-0.34, dy=-0.34))


def test_svg_labels_marks_and_arrows_put_ink_in_their_cells():
    board = Board(2, 3, labels=[Label((0, 0), "5"), Label((0, 1), "12", given=False),
                                Label((1, 2), "3")],
                  marks=[Mark((1, 0), "cross")], arrows=[Arrow((1, 1), "e", "2")],
                  shades=[Shade((1, 2))])
    pic = Picture(board)
    assert pic.inked((0, 0)) > 10 and pic.inked((0, 1)) > 10 and pic.inked((0, 2)) == 0
    assert pic.dark(*pic.centre((1, 0)))  # the cross
    x, y = pic.g.point((1, 1))
    assert pic.dark(x + 0.5 * U, y + 0.22 * U)  # the arrow's shaft
    assert pic.dark(*pic.centre((1, 2), dx=-0.35, dy=-0.35))  # a black cell, its number white
    assert any(pic.light(*pic.centre((1, 2), dx=i / U, dy=j / U))
               for i in range(-8, 9) for j in range(-8, 9))


def test_svg_tallies_outside_the_grid_and_notes():
    board = Board(2, 2, labels=[Label((0, 2), "1"), Label((2, 0), "0")], notes=["fleet: a, b"])
    pic = Picture(board)
    assert pic.inked((0, 2)) > 10 and pic.inked((2, 0)) > 10
    assert pic.image.size[1] > 2 * 20 + 3 * U  # room for the note
    text = to_svg(Board(1, 1, labels=[Label((0, 0), "<&>")], notes=['"quoted" & <b>']))
    assert "&lt;&amp;&gt;" in text
    Picture(svg=text)  # well-formed


def test_svg_table():
    board = Board(table=Table(("house", "1", "2"), [("colour", "red", "")]), notes=["where?"])
    pic = Picture(board)
    w, h = pic.image.size
    assert pic.dark(20, 20 + 14) and pic.dark(20, 20 + 28 + 14)  # the frame's left side
    assert w > 100 and h > 2 * 28 + 20


# -- every genre --------------------------------------------------------------------------------
def _instances():
    out = []
    for mod in puzzles.types():
        files = sorted((ROOT / "instances" / mod.name).glob("*.pzl"))
        out.append(pytest.param(mod.name, files, id=mod.name))
    return out


@pytest.mark.parametrize("name, files", _instances())
def test_every_genre_draws_its_instances(name, files):
    mod = puzzles.get(name)
    assert files, f"instances/{name}/ holds no .pzl file"
    for path in files:
        item = satlink.load(path)[0]
        result = satlink.solve(item, limit=1)
        for solution in (None, item.expected, *result.solutions[:1]):
            board = mod.picture(item.instance, solution)
            assert isinstance(board, Board)
            Picture(board)  # cairosvg reads it
            assert to_text(board).strip()
        assert mod.picture(item.instance, result.solutions[0]) != mod.picture(item.instance)


def _load(genre, name):
    item = satlink.load(ROOT / "instances" / genre / name)[0]
    return item, item.puzzle


def test_sudoku_picture_pixels():
    item, mod = _load("sudoku", "classic.pzl")
    pic = Picture(mod.picture(item.instance))
    assert pic.inked((0, 0)) > 10 and pic.inked((0, 2)) == 0  # 5 given, r1c3 blank
    solved = Picture(mod.picture(item.instance, item.expected))
    assert solved.inked((0, 2)) > 10
    assert solved.dark(*solved.edge_middle((0, 3), (1, 3)))  # a box border
    assert not solved.dark(*solved.edge_middle((0, 1), (1, 1)))  # a cell side


def test_hashi_picture_pixels():
    item, mod = _load("hashi", "tiny.pzl")  # 4 . 2 / . . . / 4 . 2, all bridges double
    pic = Picture(mod.picture(item.instance, item.expected))
    assert pic.light(*pic.centre((0, 0), dy=0.3)) and pic.dark(*pic.centre((0, 0), dx=0.38))
    assert pic.inked((0, 0)) > 10  # the number
    x, y = pic.centre((0, 1))
    assert pic.light(x, y) and pic.dark(x, y - 0.1 * U) and pic.dark(x, y + 0.1 * U)
    assert pic.light(*pic.centre((1, 1)))  # no bridge from 2 to 2
    bare = Picture(mod.picture(item.instance))
    assert bare.light(x, y - 0.1 * U)


def test_slitherlink_picture_pixels():
    item, mod = _load("slitherlink", "small-5x5.pzl")
    loop = sorted(item.expected)
    pic = Picture(mod.picture(item.instance, item.expected))
    for a, b in loop[:5]:
        assert pic.dark(*pic.edge_middle(a, b))
    off = next((a, b) for a, b in [((5, 0), (5, 1)), ((4, 0), (5, 0))] if (a, b) not in loop)
    assert pic.light(*pic.edge_middle(*off))


def test_numberlink_picture_pixels():
    item, mod = _load("numberlink", "small_5x5.pzl")
    pic = Picture(mod.picture(item.instance, item.expected))
    for label, path in item.expected:
        for a, b in zip(path, path[1:]):
            assert pic.dark(*pic.between(a, b)), (label, a, b)
        assert pic.light(*pic.centre(path[0], dx=0.2, dy=0.2))  # inside the end's circle


def test_battleship_picture_pixels():
    item, mod = _load("battleship", "small.pzl")
    board = mod.picture(item.instance, item.expected)
    pic = Picture(board)
    assert pic.dark(*pic.centre((3, 3)))  # the submarine
    assert pic.dark(*pic.centre((0, 1)))  # a middle piece
    assert not pic.dark(*pic.centre((1, 0)))  # water
    assert pic.inked((0, 6)) > 10 and pic.inked((6, 0)) > 10  # the tallies
    assert any("fleet" in n for n in board.notes)


def test_zebra_picture_is_a_table():
    item, mod = _load("zebra", "three-houses.pzl")
    board = mod.picture(item.instance, item.expected)
    assert board.table.header == ("house", "1", "2", "3")
    assert board.table.rows[0] == ("colour", "red", "blue", "orange")
    assert board.notes == ("cat: house 3, orange, coffee",)
    bare = mod.picture(item.instance)
    assert bare.table.rows[0] == ("colour", "", "", "") and len(bare.notes) == 5


# -- the commands ---------------------------------------------------------------------------------
TINY = str(ROOT / "instances" / "hashi" / "tiny.pzl")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def tiny_board():
    return satlink.load(TINY)[0].instance


def test_solve_svg_draws_the_solution(capsys, tmp_path):
    out = tmp_path / "tiny.svg"
    code, text, _ = run(capsys, "solve", TINY, "--svg", str(out))
    assert code == 0 and "verdict: unique" in text
    mod = puzzles.get("hashi")
    pic = Picture(svg=out.read_text())
    pic.g = Geometry.of(mod.picture(tiny_board()))
    x, y = pic.centre((0, 1))
    assert pic.dark(x, y - 0.1 * U) and pic.dark(x, y + 0.1 * U)


def test_solve_svg_without_solution_draws_the_puzzle(capsys, tmp_path):
    src = tmp_path / "none.pzl"
    src.write_text("puzzle hashi\nsize 3 x 3\ngrid\n  1 . 1\n  . . .\n  1 . 1\n")
    out = tmp_path / "none.svg"
    code, _, _ = run(capsys, "solve", str(src), "--svg", str(out))
    assert code == 3
    inst = satlink.load(src)[0].instance
    pic = Picture(svg=out.read_text())
    pic.g = Geometry.of(puzzles.get("hashi").picture(inst))
    assert pic.dark(*pic.centre((0, 0), dx=0.38)) and pic.light(*pic.centre((0, 1)))


def test_draw_puzzle_and_solution(capsys, tmp_path):
    out = tmp_path / "d.svg"
    code, text, _ = run(capsys, "draw", TINY, "-o", str(out))
    assert code == 0 and text == ""
    g = Geometry.of(puzzles.get("hashi").picture(tiny_board()))
    x, y = g.centre((0, 1))
    pic = Picture(svg=out.read_text())
    assert pic.light(x, y - 0.1 * U)
    code, _, _ = run(capsys, "draw", TINY, "-o", str(out), "--solution")
    pic = Picture(svg=out.read_text())
    assert code == 0 and pic.dark(x, y - 0.1 * U)
    code, text, _ = run(capsys, "draw", TINY, "--solution")  # to standard output
    assert code == 0 and text.startswith("<svg") and text == out.read_text()
    code, text, _ = run(capsys, "draw", TINY, "--solution", "--text")
    assert code == 0 and text.splitlines()[0] == " (4)═════(2)"


def test_draw_and_svg_errors(capsys, tmp_path):
    missing = tmp_path / "no-such-dir" / "x.svg"
    for argv in (["draw", TINY, "-o", str(missing)], ["solve", TINY, "--svg", str(missing)],
                 ["solve", TINY, "--svg", str(tmp_path)]):
        code, text, err = run(capsys, *argv)
        assert code == 2 and err.startswith("error: cannot write") and err.count("\n") == 1
        assert text == ""  # refused before solving
    assert not missing.exists()
    bare = tmp_path / "bare.pzl"
    bare.write_text("puzzle hashi\nsize 3 x 1\ngrid\n  1 . 1\n")
    code, _, err = run(capsys, "draw", str(bare), "--solution")
    assert code == 4 and "no solution to draw" in err
    bad = tmp_path / "bad.pzl"
    bad.write_text("puzzle hashi\nsize 3 x 1\ngrid\n  1 .\n")
    code, _, err = run(capsys, "draw", str(bad), "-o", str(tmp_path / "b.svg"))
    assert code == 4 and "bad.pzl:4" in err and not (tmp_path / "b.svg").exists()
    code, _, err = run(capsys, "solve", TINY, TINY, "--svg", str(tmp_path / "two.svg"))
    assert code == 2 and "one FILE" in err


def test_draw_replaces_a_file_whole(capsys, tmp_path, monkeypatch):
    out = tmp_path / "keep.svg"
    out.write_text("old")
    import satlink.cli as cli

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cli.os, "replace", fail)
    code, _, err = run(capsys, "draw", TINY, "-o", str(out))
    assert code == 2 and "No space left on device" in err
    assert out.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["keep.svg"]
