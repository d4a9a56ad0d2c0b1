"""Tatamibari: divide the grid into rectangles, each holding one symbol
that says its form; no four rectangles meet at a point.

Rules (janko.at, puz.link): divide the grid into rectangles along the grid
lines. Every rectangle holds exactly one symbol: `+` a square, `-` a
rectangle wider than tall, `|` one taller than wide (a `?` any form). No
four rectangles meet at one point.

Encoding (encodings/regions.md, "Tiles", "Tiles narrowed" and "No four
meet"): per symbol, the rectangles of its form that hold it and no other
symbol (:func:`satlink.rules.region_shapes.lone_rectangles`), less those
no exact cover holds (:func:`satlink.rules.exact_covers.narrow_cover`);
an exact cover by
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

from ..contract import Options
from ..formats.cellgrid import CellError, Tokens
from ..formats.pzprjs_cells import Dict
from ..formats.pzprjs_numbers import QUESTION, Number16
from ..formula import Formula
from ..genre import Genre
from ..render import Label
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_shapes import form, lone_rectangles, rect_cells
from ..rules.exact_covers import narrow_numbered
from . import _divisions as D
from ._divisions import Walls, cells, one_clue_rectangles, solution_json

NAME = "tatamibari"
#: The symbols: the form of their rectangle (region_shapes.form), `?` any.
SQUARE, WIDE, TALL = "square", "wide", "tall"
GLYPH = {SQUARE: "+", WIDE: "-", TALL: "|", QUESTION: "?"}


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its symbols (cell -> form or `?`), sorted."""

    rows: int
    cols: int
    symbols: tuple[tuple[Cell, str], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, D.MAX_SIDE, (c for c, _ in self.symbols), "symbol")
        for cell, s in self.symbols:
            if s not in GLYPH:
                raise CellError(f"{s!r} at {Grid.name(cell)} is not a symbol", cell)
        object.__setattr__(self, "symbols", tuple(sorted(self.symbols)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
def candidates(inst: Instance) -> dict[tuple[int, int, int, int], list[Cell]]:
    """Every rectangle a solution may hold: one symbol in it, of its form,
    and in some exact cover of the board by such rectangles as far as
    :func:`~satlink.rules.exact_covers.narrow_numbered` can tell."""
    symbol, cols = dict(inst.symbols), inst.cols
    rects = [rect for p, rect in lone_rectangles(inst.grid, symbol)
             if symbol[p] in (QUESTION, form(rect))]
    # cells numbered r * cols + c for the narrowing; cell lists only for the rectangles kept
    held = [[r * cols + c for r in range(top, bottom + 1) for c in range(left, right + 1)]
            for top, left, bottom, right in rects]
    return {rects[k]: rect_cells(rects[k]) for k in narrow_numbered(held, inst.rows * cols)}


class TatamibariEncoding(D.Tiles):
    """The chosen rectangles (``piece``) and their walls (``regions``)."""

    def pieces(self, inst: Instance) -> dict:
        return candidates(inst)

    def more(self, inst: Instance) -> None:
        self.regions.no_four_meet()


def encode(inst: Instance, f: Formula, options: Options = Options()) -> TatamibariEncoding:
    return TatamibariEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls."""
    symbol = dict(inst.symbols)
    held, region, problems = one_clue_rectangles(inst.grid, walls, symbol, "symbols")
    for part, p in held:
        rows, cols = {r for r, _ in part}, {c for _, c in part}
        shape = form((min(rows), min(cols), max(rows), max(cols)))
        if symbol[p] not in (QUESTION, shape):
            problems.append(f"the region of {Grid.name(p)} is {shape},"
                            f" its symbol says {symbol[p]}")
    for r in range(1, inst.rows):
        for c in range(1, inst.cols):
            if len({region[r - 1, c - 1], region[r - 1, c], region[r, c - 1], region[r, c]}) == 4:
                problems.append(f"four regions meet at the top-left corner of {Grid.name((r, c))}")
    return problems


# -- text: `.pzl` and janko grid text -------------------------------------------------------
#: janko's letters: s square, h horizontal (wide), v vertical (tall); `?` any.
SYMBOLS = Tokens(what="a symbol", expect="`s` (square), `h` (wide), `v` (tall), `?` or `.`",
                 values={"s": SQUARE, "h": WIDE, "v": TALL, "?": QUESTION},
                 aliases={"+": SQUARE, "|": TALL})
#: `size C x R`, a `grid` of symbols, an optional `solution` grid of region
#: numbers; janko: `ROWS COLS`, the symbols and `-`, the regions numbered.
FORMAT = D.layout(NAME, SYMBOLS, Instance, "symbols")


def picture(inst: Instance, solution: Walls | None = None):
    """The symbols (`+`, `-`, `|`, `?`); solved, the rectangles' borders."""
    return D.picture(inst, solution, labels=[Label(c, GLYPH[s]) for c, s in inst.symbols])


#: pzprjs `tatamibari`: `1` tall, `2` wide, `3` square, `.` any, `g`-`z` skips.
PUZZLINK = D.codec("tatamibari", Dict(Number16(low=1, high=3, what="symbol"),
                                      {1: TALL, 2: WIDE, 3: SQUARE}), Instance, "symbols")


GENRE = Genre(
    name=NAME, aliases=("Tatamibari",),
    summary="divide into rectangles, each holding one symbol: square, wide or tall;"
            " no four meet at a point",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
)
