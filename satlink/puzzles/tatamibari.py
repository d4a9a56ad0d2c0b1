"""Tatamibari: divide the grid into rectangles, each holding one symbol
that says its form; no four rectangles meet at a point.

Rules (janko.at, puz.link): divide the grid into rectangles along the grid
lines. Every rectangle holds exactly one symbol: `+` a square, `-` a
rectangle wider than tall, `|` one taller than wide (a `?` any form). No
four rectangles meet at one point.

Encoding (encodings/regions.md, "Tiles" and "No four meet"): per symbol,
the rectangles of its form that hold it and no other symbol
(:func:`satlink.rules.region_shapes.lone_rectangles`); an exact cover by
them (:meth:`satlink.rules.regions.Regions.tiles`, no wall variables) and at
every inside point a chosen rectangle holding two of the four cells around
it (:meth:`~satlink.rules.regions.Regions.no_four_meet`). The chosen
rectangles are the answer (one per cell); the walls are read from them.
No lazy part.

A solution is the frozenset of walls, each a pair of adjacent cells in
increasing order; texts write a division as a grid of region numbers.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import QUESTION, Cells, Codec, Dict, Number16
from ..formats.pzprjs import Board as PzBoard
from ..formula import Formula
from ..genre import Genre
from ..render import Board, Label, region_borders
from ..rules.grid import Cell, Edge, Grid, check_board
from ..rules.region_shapes import form, lone_rectangles, numbering, rect_cells, walls_between
from ..rules.regions import Regions
from ._divisions import regions_of
from .shikaku import REGIONS

NAME = "tatamibari"
MAX_SIDE = 100
#: The symbols: the form of their rectangle (region_shapes.form), `?` any.
SQUARE, WIDE, TALL = "square", "wide", "tall"
GLYPH = {SQUARE: "+", WIDE: "-", TALL: "|", QUESTION: "?"}

Walls = frozenset[Edge]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its symbols (cell -> form or `?`), sorted."""

    rows: int
    cols: int
    symbols: tuple[tuple[Cell, str], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.symbols), "symbol")
        for cell, s in self.symbols:
            if s not in GLYPH:
                raise CellError(f"{s!r} at {Grid.name(cell)} is not a symbol", cell)
        object.__setattr__(self, "symbols", tuple(sorted(self.symbols)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
def candidates(inst: Instance) -> dict[tuple[int, int, int, int], list[Cell]]:
    """Every rectangle a solution may hold: one symbol in it, of its form."""
    symbol = dict(inst.symbols)
    return {rect: rect_cells(rect) for p, rect in lone_rectangles(inst.grid, symbol)
            if symbol[p] in (QUESTION, form(rect))}


class TatamibariEncoding(Encoding):
    """The chosen rectangles (``piece``) and their walls (``regions``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.regions = Regions(f, inst.grid, walls=False)
        self.piece = self.regions.tiles(candidates(inst))
        self.regions.no_four_meet()
        f.declare_answer(list(self.piece.values()), one_hot=True)  # one piece per cell

    def decode(self, model) -> Walls:
        return frozenset(self.regions.walls(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> TatamibariEncoding:
    return TatamibariEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls."""
    g = inst.grid
    parts, region, problems = regions_of(g, walls)
    symbol = dict(inst.symbols)
    for part in parts:
        first = min(part)
        rows, cols = {r for r, _ in part}, {c for _, c in part}
        rect = (min(rows), min(cols), max(rows), max(cols))
        if len(part) != len(rows) * len(cols):
            problems.append(f"the region of {Grid.name(first)} is not a rectangle")
        held = [p for p in sorted(part) if p in symbol]
        if len(held) != 1:
            problems.append(f"the region of {Grid.name(first)} holds {len(held)} symbols")
        elif symbol[held[0]] not in (QUESTION, form(rect)):
            problems.append(f"the region of {Grid.name(held[0])} is {form(rect)},"
                            f" its symbol says {symbol[held[0]]}")
    for r in range(1, inst.rows):
        for c in range(1, inst.cols):
            if len({region[(r + dr, c + dc)] for dr in (-1, 0) for dc in (-1, 0)}) == 4:
                problems.append(f"four regions meet at the top-left corner of {Grid.name((r, c))}")
    return problems


# -- text: `.pzl` and janko grid text -------------------------------------------------------
#: janko's letters: s square, h horizontal (wide), v vertical (tall); `?` any.
SYMBOLS = Tokens(what="a symbol", expect="`s` (square), `h` (wide), `v` (tall), `?` or `.`",
                 values={"s": SQUARE, "h": WIDE, "v": TALL, "?": QUESTION},
                 aliases={"+": SQUARE, "|": TALL})


def _labels(inst: Instance, walls: Walls):
    return board(inst.rows, inst.cols, numbering(inst.grid, walls))


#: `size C x R`, a `grid` of symbols, an optional `solution` grid of region
#: numbers; janko: `ROWS COLS`, the symbols and `-`, the regions numbered.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": SYMBOLS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.symbols))),
    solution=Answer(REGIONS, read=lambda grid: walls_between(
        Grid(len(grid), len(grid[0])), dict(given(grid))), write=_labels),
    janko=Janko(SYMBOLS),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, walls: Walls) -> list[list[int]]:
    """Each cell's rectangle, numbered 1, 2, ... in reading order, row by row."""
    return [list(row) for row in _labels(inst, walls)]


def cells(inst: Instance, walls: Walls) -> dict[str, int]:
    return {Grid.name(c): n for c, n in numbering(inst.grid, walls).items()}


def picture(inst: Instance, solution: Walls | None = None) -> Board:
    """The symbols (`+`, `-`, `|`, `?`); solved, the rectangles' borders."""
    labels = [Label(c, GLYPH[s]) for c, s in inst.symbols]
    borders = []
    if solution is not None:
        region = numbering(inst.grid, solution)
        borders = region_borders(inst.rows, inst.cols, region.__getitem__)
    return Board(inst.rows, inst.cols, labels=labels, edges=borders)


# -- puzz.link ---------------------------------------------------------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    return Instance(b.rows, b.cols, tuple(given(b.value)))


#: pzprjs `tatamibari`: `1` tall, `2` wide, `3` square, `.` any, `g`-`z` skips.
PUZZLINK = Codec(names=("tatamibari",),
                 body=Cells(Dict(Number16(low=1, high=3, what="symbol"),
                                 {1: TALL, 2: WIDE, 3: SQUARE})),
                 build=_from_puzzlink,
                 split=lambda inst: PzBoard(inst.cols, inst.rows,
                                            board(inst.rows, inst.cols, dict(inst.symbols))))


GENRE = Genre(
    name=NAME, aliases=("Tatamibari",),
    summary="divide into rectangles, each holding one symbol: square, wide or tall;"
            " no four meet at a point",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
)
