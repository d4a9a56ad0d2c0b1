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

from ..contract import Options
from ..formats.cellgrid import Tokens
from ..formats.pzprjs_numbers import QUESTION, Number10
from ..formula import Formula
from ..genre import Genre
from ..rules import exact_covers
from ..rules.grid import Cell, Grid
from ..rules.region_shapes import Rect, lone_rectangles, rect_cells
from . import _divisions as D
from ._divisions import Walls, cells, one_clue_rectangles, solution_json
from ._divisions import numbers_picture as picture

NAME = "nawabari"


class Instance(D.Numbers):
    """A ``rows`` x ``cols`` board and its numbers (cell -> 0-4 or `?`), sorted."""

    def wrong(self, n, at: str) -> str | None:
        if n != QUESTION and not 0 <= n <= 4:
            return f"number {n} at {at} is not 0 to 4: a cell has four sides"
        return None


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
    count right; then less those that no cover of the board by one
    rectangle per number holds (:func:`satlink.rules.exact_covers.one_each`:
    on the janko dev boards a median of 51 rectangles where 250 were)."""
    number, cols = dict(inst.numbers), inst.cols
    options: dict[Cell, dict[Rect, int]] = {p: {} for p in number}  # as bit masks
    wanted = {p: None if n == QUESTION else n for p, n in number.items()}
    for p, rect in lone_rectangles(inst.grid, number, sides=wanted):
        options[p][rect] = D.rect_mask(rect, cols)
    return {rect: rect_cells(rect) for rects in exact_covers.one_each_masks(options).values()
            for rect in rects}


class NawabariEncoding(D.Tiles):
    """The chosen rectangles (``piece``) and their walls (``regions``)."""

    def pieces(self, inst: Instance) -> dict:
        return candidates(inst)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> NawabariEncoding:
    return NawabariEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls (a side on the outline is a border)."""
    _, region, problems = one_clue_rectangles(inst.grid, walls, dict(inst.numbers))
    for (r, c), n in inst.numbers:
        if n == QUESTION:
            continue
        own = region[r, c]  # a side off the board (no region: None) is a border
        sides = ((region.get((r - 1, c)) != own) + (region.get((r + 1, c)) != own)
                 + (region.get((r, c - 1)) != own) + (region.get((r, c + 1)) != own))
        if n != sides:
            problems.append(f"the number {n} at {Grid.name((r, c))} has {sides} border sides")
    return problems


# -- text: `.pzl` and janko grid text -------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number 0-4, `?` or `.`", values={"?": QUESTION},
                 numbers=(0, 4), why="a cell has four sides")
#: `size C x R`, a `grid` of numbers, an optional `solution` grid of region
#: numbers; janko: `ROWS COLS`, numbers and `-`, the regions numbered.
FORMAT = D.layout(NAME, NUMBERS, Instance)
#: pzprjs `nawabari`: `0`-`4`, `.` a number not shown, `a`-`z` skips.
PUZZLINK = D.codec("nawabari", Number10(high=4), Instance)


GENRE = Genre(
    name=NAME, aliases=("Nawabari",),
    summary="divide into rectangles, each holding one number: how many of its cell's"
            " sides are border",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
)
