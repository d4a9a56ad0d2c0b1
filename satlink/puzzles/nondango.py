"""Nondango: one black circle per region; never three circles of one colour in a line.

Rules (janko.at "Nondango", puz.link "nondango"): some cells hold circles;
colour every circle black or white. Each region holds exactly one black
circle. No three consecutive cells in a row, column or diagonal are all
black circles, nor all white circles.

Encoding (encodings/nondango.md): a variable per circle (black); per region
exactly one of its circles; per three consecutive cells that are all
circles, two clauses (not all black, not all white). All clauses: no lazy
rule. Circles and regions are the board (no removable clues).

A solution is the frozenset of black circles ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import REGIONS, Answer, CellError, Janko, Layout, Tokens, board, given, \
    region_grid
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_cells import Packed
from ..formats.pzprjs_parts import Cells, Regions, Seq
from ..formula import Formula
from ..genre import Genre
from ..genre_answers import CellSetAnswer
from ..render import Board, Circle, region_borders
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_pieces import region_lists

NAME = "nondango"
MAX_SIDE = 100
BLACK, WHITE, CIRCLE = "black", "white", "circle"
STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))  # along a row, a column, the two diagonals


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board: ``regions[r][c]`` the cell's region
    (numbered 0, 1, ... in reading order; a region must be connected) and
    the circles, sorted."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    circles: tuple[Cell, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, self.circles, "circle")
        object.__setattr__(self, "regions", region_grid(self.regions))
        object.__setattr__(self, "circles", tuple(sorted(set(self.circles))))
        for r, c in self.grid.cells:
            if self.regions[r][c] is None:
                raise CellError(f"r{r + 1}c{c + 1} lies in no region", (r, c), "regions")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def triples(self) -> list[tuple[Cell, Cell, Cell]]:
        """Every three consecutive cells of a row, column or diagonal that
        are all circles."""
        on = set(self.circles)
        return [(a, (a[0] + dr, a[1] + dc), (a[0] + 2 * dr, a[1] + 2 * dc))
                for a in self.circles for dr, dc in STEPS
                if (a[0] + dr, a[1] + dc) in on and (a[0] + 2 * dr, a[1] + 2 * dc) in on]


# -- the rules ---------------------------------------------------------------------------
class NondangoEncoding(Encoding):
    """``self.black``: a variable per circle."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.black = black = {c: f.var("black", *c) for c in inst.circles}
        f.declare_answer(black.values())
        for cells_ in region_lists(inst.regions):  # one black circle per region
            f.exactly_one([black[c] for c in cells_ if c in black])
        for t in inst.triples():  # never three of one colour in a line
            f.add([-black[c] for c in t])
            f.add([black[c] for c in t])

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, v in self.black.items() if model.value(v))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> NondangoEncoding:
    return NondangoEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, black) -> list[str]:
    """Broken rules of a set of black circles (empty when solved)."""
    on = set(inst.circles)
    problems = [f"{Grid.name(c)} is black but holds no circle" for c in sorted(black)
                if c not in on]
    for i, cells_ in enumerate(region_lists(inst.regions)):
        n = sum(c in black for c in cells_)
        if n != 1:
            problems.append(f"the region of {Grid.name(cells_[0])} has {n} black circles")
    for r, c in inst.grid.cells:
        for dr, dc in STEPS:
            line = [(r + k * dr, c + k * dc) for k in range(3)]
            if all(x in on for x in line) and len({x in black for x in line}) == 1:
                colour = "black" if line[0] in black else "white"
                problems.append(f"three {colour} circles in a line from {Grid.name(line[0])}")
    return problems


# -- text: `.pzl` and janko grid text -----------------------------------------------------------
#: A cell of the `grid` block: `o` a circle (janko `x`), `.` none.
CIRCLES = Tokens(what="a circle", expect="`o` (a circle) or `.`", values={"o": CIRCLE},
                 aliases={"x": CIRCLE})
JANKO_CIRCLES = Tokens(what="a circle", expect="`x` (a circle) or `-`", values={"x": CIRCLE})
#: A solution cell: `x` a black circle, `o` a white one, `.` no circle.
COLOURS = Tokens(expect="`x` (a black circle), `o` (a white circle) or `.`",
                 values={"x": BLACK, "o": WHITE})


def _read(grid) -> frozenset:
    return frozenset(c for c, v in given(grid) if v == BLACK)


def _write(inst: Instance, black):
    return board(inst.rows, inst.cols, {c: BLACK if c in black else WHITE for c in inst.circles})


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CIRCLES, "regions": REGIONS},
    build=lambda rows, cols, grid, regions: Instance(rows, cols, regions,
                                                     tuple(c for c, _ in given(grid))),
    split=lambda inst: (inst.rows, inst.cols,
                        board(inst.rows, inst.cols, dict.fromkeys(inst.circles, CIRCLE)),
                        inst.regions),
    solution=Answer(COLOURS, read=_read, write=_write),
    janko=Janko((JANKO_CIRCLES, REGIONS)),
)


# -- output ------------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Region borders and circles, black ones filled when solved."""
    black = set(solution or ())
    return Board(inst.rows, inst.cols,
                 circles=[Circle(c, "black" if c in black else "white") for c in inst.circles],
                 edges=region_borders(inst.rows, inst.cols, lambda c: inst.regions[c[0]][c[1]]))


# -- puzz.link: pzprjs `nondango`, the region borders then a bit per cell (1: no circle) -------
PUZZLINK = Codec(
    names=("nondango",), body=Seq(Regions(), Cells(Packed(2, 5))),
    build=lambda b: Instance(b.rows, b.cols, b.value[0],
                             tuple(c for c in Grid(b.rows, b.cols).cells
                                   if not b.value[1][c[0]][c[1]])),
    split=lambda inst: PzBoard(inst.rows, inst.cols, (inst.regions, tuple(
        tuple(0 if (r, c) in set(inst.circles) else 1 for c in range(inst.cols))
        for r in range(inst.rows)))))

GENRE = Genre(
    name=NAME, aliases=("Nondango",),
    summary="colour the circles: one black circle per region, never three circles of one"
            " colour in a row, column or diagonal",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    answer=CellSetAnswer(over=lambda inst: inst.circles), picture=picture, puzzlink=PUZZLINK,
)
