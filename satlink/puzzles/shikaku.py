"""Shikaku: divide the grid into rectangles, each holding one number, its area.

Rules (janko.at): divide the grid into rectangles along the grid lines.
Each rectangle holds exactly one number, and that number is its area (a
`?` is a number not shown: any area).

Encoding (encodings/regions.md, "Tiles"): per number n at a cell p, the
rectangles of area n that hold p and no other number
(:func:`satlink.rules.region_shapes.rectangles`); choosing an exact cover of the
board by them (:meth:`satlink.rules.regions.Regions.tiles`) is the whole
rule, and the chosen rectangles are the answer (one per cell: blocked by
its true variables alone); the walls are read from them. No lazy part: the
complete form is the same clauses.

A solution is the frozenset of walls, each a pair of adjacent cells
``((r1, c1), (r2, c2))`` in increasing order; texts write a division as a
grid of region numbers.
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import QUESTION, Cells, Codec, Number16
from ..formats.pzprjs import Board as PzBoard
from ..formula import Formula
from ..genre import Genre
from ..render import Board, Label, region_borders
from ..rules.grid import Cell, Edge, Grid, check_board
from ..rules.region_shapes import numbering, rect_cells, rectangles, walls_between
from ..rules.regions import Regions

NAME = "shikaku"
MAX_SIDE = 100

Walls = frozenset[Edge]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbers (cell -> area, or
    :data:`QUESTION`), sorted."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int | str], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        for cell, n in self.numbers:
            if n != QUESTION and not 1 <= n <= self.rows * self.cols:
                raise CellError(f"area {n} at {Grid.name(cell)} is not 1 to"
                                f" {self.rows * self.cols}, the cells of the board", cell)
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
def candidates(inst: Instance) -> dict[tuple[int, int, int, int], list[Cell]]:
    """Every rectangle a solution may hold: of a number's area (any for
    `?`), holding that number and no other (counted with prefix sums)."""
    where = dict(inst.numbers)
    below = [[0] * (inst.cols + 1) for _ in range(inst.rows + 1)]  # numbers above-left
    for r in range(inst.rows):
        for c in range(inst.cols):
            below[r + 1][c + 1] = (below[r][c + 1] + below[r + 1][c] - below[r][c]
                                   + ((r, c) in where))
    out = {}
    for p, n in inst.numbers:
        for top, left, bottom, right in rectangles(inst.grid, p, None if n == QUESTION else n):
            held = (below[bottom + 1][right + 1] - below[top][right + 1]
                    - below[bottom + 1][left] + below[top][left])
            if held == 1:
                rect = (top, left, bottom, right)
                out[rect] = rect_cells(rect)
    return out


class ShikakuEncoding(Encoding):
    """The chosen rectangles (``piece``) and their walls (``regions``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.regions = Regions(f, inst.grid, walls=False)
        self.piece = self.regions.tiles(candidates(inst))
        f.declare_answer(list(self.piece.values()), one_hot=True)  # one piece per cell

    def decode(self, model) -> Walls:
        return frozenset(self.regions.walls(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> ShikakuEncoding:
    return ShikakuEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls."""
    g = inst.grid
    joined = nx.Graph()
    joined.add_nodes_from(g.cells)
    joined.add_edges_from(e for e in g.cell_edges() if e not in walls)
    region = {c: i for i, part in enumerate(nx.connected_components(joined)) for c in part}
    problems = [f"the wall between {Grid.name(a)} and {Grid.name(b)} lies inside a region"
                for a, b in sorted(walls) if region[a] == region[b]]
    where = dict(inst.numbers)
    for part in nx.connected_components(joined):
        first = min(part)
        rows, cols = {r for r, _ in part}, {c for _, c in part}
        if len(part) != len(rows) * len(cols):
            problems.append(f"the region of {Grid.name(first)} is not a rectangle")
        held = [p for p in sorted(part) if p in where]
        if len(held) != 1:
            problems.append(f"the region of {Grid.name(first)} holds {len(held)} numbers")
        elif where[held[0]] not in (QUESTION, len(part)):
            problems.append(f"the region of {Grid.name(held[0])} has {len(part)} cells,"
                            f" its number is {where[held[0]]}")
    return problems


# -- text: `.pzl` and janko grid text -------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="an area (1 or more), `?` or `.`", values={"?": QUESTION},
                 numbers=(1, MAX_SIDE * MAX_SIDE), why="a rectangle has at least one cell")
#: A division as a grid of region numbers (janko numbers them from 0).
REGIONS = Tokens(what="a region number", expect="a region number (0 or more)",
                 empty=(), numbers=(0, 10 ** 9))


def _walls(grid) -> Walls:
    return walls_between(Grid(len(grid), len(grid[0])), dict(given(grid)))


def _labels(inst: Instance, walls: Walls):
    return board(inst.rows, inst.cols, numbering(inst.grid, walls))


#: `size C x R`, a `grid` of numbers, an optional `solution` grid of region
#: numbers; janko: `ROWS COLS`, numbers and `-`, the rectangles numbered.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=Answer(REGIONS, read=_walls, write=_labels),
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
    labels = [Label(c, "?" if n == QUESTION else str(n)) for c, n in inst.numbers]
    borders = []
    if solution is not None:
        region = numbering(inst.grid, solution)
        borders = region_borders(inst.rows, inst.cols, region.__getitem__)
    return Board(inst.rows, inst.cols, labels=labels, edges=borders)


# -- puzz.link ---------------------------------------------------------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    try:
        return Instance(b.rows, b.cols, tuple(given(b.value)))
    except CellError as exc:
        raise b.where(exc.message, *exc.cell) from None


#: pzprjs `shikaku`: a number16 per cell, `.` a number not shown.
PUZZLINK = Codec(names=("shikaku",), body=Cells(Number16(low=1, what="area")),
                 build=_from_puzzlink,
                 split=lambda inst: PzBoard(inst.cols, inst.rows,
                                            board(inst.rows, inst.cols, dict(inst.numbers))))


GENRE = Genre(
    name=NAME, aliases=("Shikaku", "sikaku"),
    summary="divide into rectangles, each holding one number: its area",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
)
