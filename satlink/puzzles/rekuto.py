"""Rekuto: divide the grid into rectangles, each holding one number, its
width plus its height.

Rules (janko.at; the published solutions settle the reading): divide the
grid along the grid lines into rectangles. Every rectangle holds exactly
one number, which is the sum of the rectangle's width and height (half its
perimeter, in cells).

Encoding (encodings/regions.md, "Tiles"): per number, the rectangles of
that half perimeter that hold it and no other number
(:func:`satlink.rules.region_shapes.lone_rectangles`); an exact cover by
them (:meth:`satlink.rules.regions.Regions.tiles`, no wall variables). The
chosen rectangles are the answer (one per cell); the walls are read from
them. No lazy part.

A solution is the frozenset of walls; texts write it as region numbers.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Genre
from ..rules.grid import Cell, Edge, Grid, check_board
from ..rules.region_shapes import lone_rectangles, rect_cells, walls_between
from ..rules.regions import Regions
from ._divisions import regions_of
from .nawabari import _labels, cells, picture, solution_json
from .shikaku import REGIONS

NAME = "rekuto"
MAX_SIDE = 100

Walls = frozenset[Edge]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbers (cell -> width + height), sorted."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        for cell, n in self.numbers:
            if not 2 <= n <= self.rows + self.cols:
                raise CellError(f"number {n} at {Grid.name(cell)} is not 2 to"
                                f" {self.rows + self.cols} (a rectangle's width plus height)",
                                cell)
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
def half_perimeter(rect: tuple[int, int, int, int]) -> int:
    top, left, bottom, right = rect
    return bottom - top + 1 + right - left + 1


def candidates(inst: Instance) -> dict[tuple[int, int, int, int], list[Cell]]:
    """Every rectangle a solution may hold: one number in it, its width plus height."""
    number = dict(inst.numbers)
    return {rect: rect_cells(rect) for p, rect in lone_rectangles(inst.grid, number)
            if half_perimeter(rect) == number[p]}


class RekutoEncoding(Encoding):
    """The chosen rectangles (``piece``); the walls are read from them."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.regions = Regions(f, inst.grid, walls=False)
        self.piece = self.regions.tiles(candidates(inst))
        f.declare_answer(list(self.piece.values()), one_hot=True)  # one piece per cell

    def decode(self, model) -> Walls:
        return frozenset(self.regions.walls(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> RekutoEncoding:
    return RekutoEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls."""
    parts, _, problems = regions_of(inst.grid, walls)
    number = dict(inst.numbers)
    for part in parts:
        first = Grid.name(min(part))
        rows, cols = {r for r, _ in part}, {c for _, c in part}
        if len(part) != len(rows) * len(cols):
            problems.append(f"the region of {first} is not a rectangle")
        held = [number[p] for p in sorted(part) if p in number]
        if len(held) != 1:
            problems.append(f"the region of {first} holds {len(held)} numbers")
        elif held[0] != len(rows) + len(cols):
            problems.append(f"the region of {first} is {len(cols)} wide and {len(rows)} tall,"
                            f" its number says {held[0]}")
    return problems


# -- text: `.pzl` and janko grid text -------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number (2 or more) or `.`",
                 numbers=(2, 2 * MAX_SIDE), why="a rectangle is at least 1 wide and 1 tall")

#: `size C x R`, a `grid` of numbers, an optional `solution` grid of region
#: numbers; janko: `ROWS COLS`, the numbers and `-`, the regions numbered.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=Answer(REGIONS, read=lambda grid: walls_between(
        Grid(len(grid), len(grid[0])), dict(given(grid))), write=_labels),
    janko=Janko(NUMBERS),
)


GENRE = Genre(
    name=NAME, aliases=("Rekuto",),
    summary="divide into rectangles, each holding one number: its width plus its height",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture,
)
