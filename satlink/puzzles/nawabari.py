"""Nawabari: divide the grid into rectangles, each holding one number: how
many of its cell's four sides are the rectangle's border.

Rules (janko.at, puzz.link): divide the grid into rectangles along the
grid lines. Every rectangle holds exactly one number, and the number says
how many of the four sides of its cell lie on the rectangle's border (the
board's outline included). A `?` is a number not shown.

Encoding (encodings/regions.md, "Tiles"): per number, the rectangles that
hold it and no other number and give its cell that many border sides
(:func:`satlink.rules.region_shapes.lone_rectangles`); an exact cover by
them (:meth:`satlink.rules.regions.Regions.tiles`, no wall variables) is
the whole rule. The chosen rectangles are the answer (one per cell); the
walls are read from them. No lazy part.

A solution is the frozenset of walls, each a pair of adjacent cells in
increasing order; texts write a division as a grid of region numbers.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import QUESTION, Cells, Codec, Number10
from ..formats.pzprjs import Board as PzBoard
from ..formula import Formula
from ..genre import Genre
from ..render import Board, Label, region_borders
from ..rules.grid import Cell, Edge, Grid, check_board
from ..rules.region_shapes import Rect, lone_rectangles, numbering, rect_cells, walls_between
from ..rules.regions import Regions
from ._divisions import regions_of
from .shikaku import REGIONS

NAME = "nawabari"
MAX_SIDE = 100

Walls = frozenset[Edge]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbers (cell -> 0-4 or `?`), sorted."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int | str], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        for cell, n in self.numbers:
            if n != QUESTION and not 0 <= n <= 4:
                raise CellError(f"number {n} at {Grid.name(cell)} is not 0 to 4:"
                                " a cell has four sides", cell)
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


def border_sides(cell: Cell, rect: Rect) -> int:
    """How many of the cell's four sides lie on the rectangle's border.

    >>> border_sides((0, 0), (0, 0, 0, 1)), border_sides((1, 1), (0, 0, 2, 2))
    (3, 0)
    """
    (r, c), (top, left, bottom, right) = cell, rect
    return (r == top) + (r == bottom) + (c == left) + (c == right)


# -- the rules ---------------------------------------------------------------------------
def candidates(inst: Instance) -> dict[Rect, list[Cell]]:
    """Every rectangle a solution may hold: one number in it, its border
    count right."""
    number = dict(inst.numbers)
    return {rect: rect_cells(rect) for p, rect in lone_rectangles(inst.grid, number)
            if number[p] in (QUESTION, border_sides(p, rect))}


class NawabariEncoding(Encoding):
    """The chosen rectangles (``piece``) and their walls (``regions``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.regions = Regions(f, inst.grid, walls=False)
        self.piece = self.regions.tiles(candidates(inst))
        f.declare_answer(list(self.piece.values()), one_hot=True)  # one piece per cell

    def decode(self, model) -> Walls:
        return frozenset(self.regions.walls(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> NawabariEncoding:
    return NawabariEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls (a side on the outline is a border)."""
    parts, region, problems = regions_of(inst.grid, walls)
    number = dict(inst.numbers)
    for part in parts:
        first = min(part)
        rows, cols = {r for r, _ in part}, {c for _, c in part}
        if len(part) != len(rows) * len(cols):
            problems.append(f"the region of {Grid.name(first)} is not a rectangle")
        held = [p for p in sorted(part) if p in number]
        if len(held) != 1:
            problems.append(f"the region of {Grid.name(first)} holds {len(held)} numbers")
    for (r, c), n in inst.numbers:
        sides = sum((r + dr, c + dc) not in region or region[(r + dr, c + dc)] != region[(r, c)]
                    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
        if n not in (QUESTION, sides):
            problems.append(f"the number {n} at {Grid.name((r, c))} has {sides} border sides")
    return problems


# -- text: `.pzl` and janko grid text -------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number 0-4, `?` or `.`", values={"?": QUESTION},
                 numbers=(0, 4), why="a cell has four sides")


def _labels(inst: Instance, walls: Walls):
    return board(inst.rows, inst.cols, numbering(inst.grid, walls))


#: `size C x R`, a `grid` of numbers, an optional `solution` grid of region
#: numbers; janko: `ROWS COLS`, numbers and `-`, the regions numbered.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=Answer(REGIONS, read=lambda grid: walls_between(
        Grid(len(grid), len(grid[0])), dict(given(grid))), write=_labels),
    janko=Janko(NUMBERS),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, walls: Walls) -> list[list[int]]:
    """Each cell's rectangle, numbered 1, 2, ... in reading order, row by row."""
    return [list(row) for row in _labels(inst, walls)]


def cells(inst: Instance, walls: Walls) -> dict[str, int]:
    return {Grid.name(c): n for c, n in numbering(inst.grid, walls).items()}


def picture(inst: Instance, solution: Walls | None = None) -> Board:
    """The numbers; solved, the rectangles' borders."""
    labels = [Label(c, str(n)) for c, n in inst.numbers]
    borders = []
    if solution is not None:
        region = numbering(inst.grid, solution)
        borders = region_borders(inst.rows, inst.cols, region.__getitem__)
    return Board(inst.rows, inst.cols, labels=labels, edges=borders)


# -- puzz.link ---------------------------------------------------------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    return Instance(b.rows, b.cols, tuple(given(b.value)))


#: pzprjs `nawabari`: `0`-`4`, `.` a number not shown, `a`-`z` skips.
PUZZLINK = Codec(names=("nawabari",), body=Cells(Number10(high=4)), build=_from_puzzlink,
                 split=lambda inst: PzBoard(inst.cols, inst.rows,
                                            board(inst.rows, inst.cols, dict(inst.numbers))))


GENRE = Genre(
    name=NAME, aliases=("Nawabari",),
    summary="divide into rectangles, each holding one number: how many of its cell's"
            " sides are border",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
)
