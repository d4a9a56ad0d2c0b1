"""YinYang: every cell black or white; each colour one connected area, no 2x2 block of one colour.

Rules (janko.at Yin-Yang, puz.link `yinyang`): put a black or a white
circle in every cell; some are given. The black circles form one
orthogonally connected area, and so do the white ones. No 2x2 block holds
four circles of one colour.

Encoding (encodings/yinyang.md): a :class:`satlink.rules.shading.Shading`
(shaded = black); :meth:`~satlink.rules.shading.Shading.no_square` for both
colours; both colours :meth:`~satlink.rules.shading.Shading.connected`
(lazy separation cuts, or complete); the implied clauses of
:mod:`satlink.rules.two_colour` (no checkerboard 2x2 block, one arc of
each colour along the edge); each given circle a unit clause, behind its
selector in selector mode.

A solution is the frozenset of black cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..contract import Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_cells import Circles, Dict
from ..formats.pzprjs_parts import Cells
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CellSetAnswer
from ..render import Board, Circle
from ..rules import counts, two_colour
from ..rules.grid import Cell, Grid, check_board
from ..rules.shading import Shading
from ._shading_genre import ShadingEncoding

NAME = "yinyang"
MAX_SIDE = 100
WHITE, BLACK = "w", "b"


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its given circles (cell, ``w`` or ``b``), sorted."""

    rows: int
    cols: int
    circles: tuple[tuple[Cell, str], ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.circles), "circle")
        for cell, colour in self.circles:
            if colour not in (WHITE, BLACK):
                raise CellError(f"circle {colour!r} at {Grid.name(cell)} is neither `w` nor `b`",
                                cell)
        object.__setattr__(self, "circles", tuple(sorted(self.circles)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class YinYangEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell, true when its circle is black."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        for cell, colour in inst.circles:  # a given circle keeps its colour
            when = self.when((cell, colour), "circle", *cell)
            with counts.guarded(f, when):
                f.add([s.lit(cell, shaded=colour == BLACK)])
        for black in (True, False):
            s.no_square(shaded=black)  # no 2x2 block of one colour
            s.connected(shaded=black, lazy=not options.complete)  # each colour one area
        two_colour.no_checkerboard(s)  # implied by the two above
        two_colour.one_arc_each(s)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> YinYangEncoding:
    return YinYangEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, str]]:
    return list(inst.circles)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, black) -> list[str]:
    """Broken rules of a set of black cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(black) if not g.inside(c)]
    if problems:
        return problems
    problems += [f"the given {'black' if colour == BLACK else 'white'} circle at {Grid.name(c)}"
                 " changed colour" for c, colour in inst.circles if (c in black) != (colour == BLACK)]
    cells = nx.grid_2d_graph(inst.rows, inst.cols)
    for name, part in (("black", set(black)), ("white", set(g.cells) - set(black))):
        if part and not nx.is_connected(cells.subgraph(part)):
            problems.append(f"the {name} circles are not connected")
        problems += [f"the 2x2 block at {Grid.name(sq[0])} is all {name}"
                     for sq in g.squares() if set(sq) <= part]
    return problems


# -- design: a given circle can go and the colouring stays a solution ------------------------------
def clues_of(inst: Instance, black) -> list[tuple[Cell, str]]:
    return [(c, BLACK if c in black else WHITE) for c in inst.grid.cells]


def with_clues(inst: Instance, circles) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(circles))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ())


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
CIRCLES = Tokens(what="a circle", expect="`w` (white), `b` (black) or `.`",
                 values={"w": WHITE, "b": BLACK}, aliases={"1": WHITE, "2": BLACK, "o": WHITE})
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CIRCLES},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.circles))),
    solution=Answer(CIRCLES, read=lambda grid: frozenset(c for c, v in given(grid) if v == BLACK),
                    write=lambda inst, sol: board(inst.rows, inst.cols, {
                        c: BLACK if c in sol else WHITE for c in inst.grid.cells})),
    janko=Janko(CIRCLES),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The given circles; when solved, every cell's circle."""
    colours = dict(inst.circles)
    if solution is not None:
        colours = {c: BLACK if c in solution else WHITE for c in inst.grid.cells}
    return Board(inst.rows, inst.cols, circles=[
        Circle(c, "black" if v == BLACK else "white") for c, v in sorted(colours.items())])


# -- puzz.link: pzprjs `yinyang`, three cells a base-27 character (1 white, 2 black) -----------
PUZZLINK = Codec(names=("yinyang",), body=Cells(Dict(Circles(), {0: None, 1: WHITE, 2: BLACK})),
                 build=lambda b: Instance(b.rows, b.cols, tuple(given(b.value))),
                 split=lambda inst: PzBoard(inst.rows, inst.cols, FORMAT.split(inst)[2]))

GENRE = Genre(
    name=NAME, aliases=("YinYang", "yin-yang"),
    summary="a black or white circle in every cell: each colour one connected area,"
            " no 2x2 block of one colour; given circles keep theirs",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CellSetAnswer(marks=(BLACK, WHITE)), picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
