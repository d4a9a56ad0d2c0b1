"""Rekuto: divide the grid into rectangles, each holding one number, its
width plus its height.

Rules (janko.at; the published solutions settle the reading): divide the
grid along the grid lines into rectangles. Every rectangle holds exactly
one number, which is the sum of the rectangle's width and height (half its
perimeter, in cells).

Encoding (encodings/regions.md, "Tiles"): per number, the rectangles of
that half perimeter that hold it and no other number
(:func:`satlink.rules.region_shapes.lone_rectangles`), narrowed as
Shikaku's are (``exact_covers.one_each``); an exact cover by
them (:meth:`satlink.rules.regions.Regions.tiles`, no wall variables). The
chosen rectangles are the answer (one per cell); the walls are read from
them. No lazy part.

A solution is the frozenset of walls; texts write it as region numbers.
"""
from __future__ import annotations

from ..contract import Options
from ..formats.cellgrid import Tokens
from ..formula import Formula
from ..genre import Genre
from ..rules import exact_covers
from ..rules.grid import Cell, Grid
from ..rules.region_shapes import lone_rectangles, rect_cells
from . import _divisions as D
from ._divisions import Walls, cells, one_clue_rectangles, solution_json
from ._divisions import numbers_picture as picture

NAME = "rekuto"


class Instance(D.Numbers):
    """A ``rows`` x ``cols`` board and its numbers (cell -> width + height), sorted."""

    def wrong(self, n, at: str) -> str | None:
        if not 2 <= n <= self.rows + self.cols:
            return (f"number {n} at {at} is not 2 to {self.rows + self.cols}"
                    " (a rectangle's width plus height)")
        return None


# -- the rules ---------------------------------------------------------------------------
def half_perimeter(rect: tuple[int, int, int, int]) -> int:
    top, left, bottom, right = rect
    return bottom - top + 1 + right - left + 1


def candidates(inst: Instance) -> dict[tuple[int, int, int, int], list[Cell]]:
    """Every rectangle a solution may hold: one number in it, its width plus
    height; then less those that no cover of the board by one rectangle per
    number holds (:func:`satlink.rules.exact_covers.one_each`, Shikaku's
    narrowing: a Rekuto division is such a cover)."""
    number = dict(inst.numbers)
    options: dict[Cell, dict] = {p: {} for p in number}
    for p, rect in lone_rectangles(inst.grid, number):
        if half_perimeter(rect) == number[p]:
            options[p][rect] = rect_cells(rect)
    return {rect: part for pieces in exact_covers.one_each(options).values()
            for rect, part in pieces.items()}


class RekutoEncoding(D.Tiles):
    """The chosen rectangles (``piece``) and their walls (``regions``)."""

    def pieces(self, inst: Instance) -> dict:
        return candidates(inst)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> RekutoEncoding:
    return RekutoEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls."""
    number = dict(inst.numbers)
    held, _, problems = one_clue_rectangles(inst.grid, walls, number)
    for part, p in held:
        rows, cols = len({r for r, _ in part}), len({c for _, c in part})
        if number[p] != rows + cols:
            problems.append(f"the region of {Grid.name(min(part))} is {cols} wide and {rows}"
                            f" tall, its number says {number[p]}")
    return problems


# -- text: `.pzl` and janko grid text -------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number (2 or more) or `.`",
                 numbers=(2, 2 * D.MAX_SIDE), why="a rectangle is at least 1 wide and 1 tall")
#: `size C x R`, a `grid` of numbers, an optional `solution` grid of region
#: numbers; janko: `ROWS COLS`, the numbers and `-`, the regions numbered.
FORMAT = D.layout(NAME, NUMBERS, Instance)


GENRE = Genre(
    name=NAME, aliases=("Rekuto",),
    summary="divide into rectangles, each holding one number: its width plus its height",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture,
)
