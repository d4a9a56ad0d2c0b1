"""Shikaku: divide the grid into rectangles, each holding one number, its area.

Rules (janko.at): divide the grid into rectangles along the grid lines.
Each rectangle holds exactly one number, and that number is its area (a
`?` is a number not shown: any area).

Encoding (encodings/regions.md, "Tiles"): per number n at a cell p, the
rectangles of area n that hold p and no other number
(:func:`satlink.rules.region_shapes.rectangles`), less those that no
cover by one rectangle per number holds (:func:`candidates`); choosing an exact cover of the
board by them (:meth:`satlink.rules.regions.Regions.tiles`) is the whole
rule, and the chosen rectangles are the answer (one per cell: blocked by
its true variables alone); the walls are read from them. No lazy part: the
complete form is the same clauses.

A solution is the frozenset of walls, each a pair of adjacent cells
``((r1, c1), (r2, c2))`` in increasing order; texts write a division as a
grid of region numbers.
"""
from __future__ import annotations

from ..contract import Options
from ..formats.cellgrid import Tokens
from ..formats.pzprjs_numbers import QUESTION, Number16
from ..formula import Formula
from ..genre import Genre
from ..rules import exact_covers
from ..rules.grid import Cell, Grid
from ..rules.region_shapes import rect_cells, rectangles
from . import _divisions as D
from ._divisions import Walls, cells, one_clue_rectangles, solution_json
from ._divisions import numbers_picture as picture

NAME = "shikaku"


class Instance(D.Numbers):
    """A ``rows`` x ``cols`` board and its numbers (cell -> area, or
    :data:`QUESTION`), sorted."""

    def wrong(self, n, at: str) -> str | None:
        if n != QUESTION and not 1 <= n <= self.rows * self.cols:
            return f"area {n} at {at} is not 1 to {self.rows * self.cols}, the cells of the board"
        return None


# -- the rules ---------------------------------------------------------------------------
def candidates(inst: Instance) -> dict[tuple[int, int, int, int], list[Cell]]:
    """Every rectangle a solution may hold: of a number's area (any for
    `?`), holding that number and no other; then less those that no cover
    of the board by one rectangle per number holds
    (:func:`satlink.rules.exact_covers.one_each_masks`). Rectangles are
    bit masks (bit ``r * cols + c``) from the start: a rectangle of area n
    is its first row's bits repeated down, shifted into place, and it holds
    no other number when it misses the other numbers' mask."""
    rows, cols = inst.rows, inst.cols
    numbers = 0
    for (r, c), _ in inst.numbers:
        numbers |= 1 << (r * cols + c)
    repeat = [((1 << (h * cols)) - 1) // ((1 << cols) - 1) for h in range(rows + 1)]
    options: dict[Cell, dict] = {}
    for p, n in inst.numbers:
        r0, c0 = p
        kept, others = {}, numbers & ~(1 << (r0 * cols + c0))
        if n == QUESTION:
            for rect in rectangles(inst.grid, p):
                m = D.rect_mask(rect, cols)
                if not m & others:
                    kept[rect] = m
        else:  # region_shapes.rectangles(grid, p, n), in its order, written out with masks
            for height in range(1, min(n, rows) + 1):
                width = n // height
                if width * height != n or width > cols:
                    continue
                block = ((1 << width) - 1) * repeat[height]
                lefts = range(max(0, c0 - width + 1), min(c0, cols - width) + 1)
                for top in range(max(0, r0 - height + 1), min(r0, rows - height) + 1):
                    shift, bottom = top * cols, top + height - 1
                    for left in lefts:
                        m = block << (shift + left)
                        if not m & others:
                            kept[top, left, bottom, left + width - 1] = m
        options[p] = kept
    return {rect: rect_cells(rect) for rects in exact_covers.one_each_masks(options).values()
            for rect in rects}


class ShikakuEncoding(D.Tiles):
    """The chosen rectangles (``piece``) and their walls (``regions``)."""

    def pieces(self, inst: Instance) -> dict:
        return candidates(inst)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> ShikakuEncoding:
    return ShikakuEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls."""
    area = dict(inst.numbers)
    held, _, problems = one_clue_rectangles(inst.grid, walls, area)
    for part, p in held:
        if area[p] not in (QUESTION, len(part)):
            problems.append(f"the region of {Grid.name(p)} has {len(part)} cells,"
                            f" its number is {area[p]}")
    return problems


# -- text: `.pzl` and janko grid text -------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="an area (1 or more), `?` or `.`", values={"?": QUESTION},
                 numbers=(1, D.MAX_SIDE ** 2), why="a rectangle has at least one cell")
#: `size C x R`, a `grid` of numbers, an optional `solution` grid of region
#: numbers; janko: `ROWS COLS`, numbers and `-`, the rectangles numbered.
FORMAT = D.layout(NAME, NUMBERS, Instance)


#: pzprjs `shikaku`: a number16 per cell, `.` a number not shown.
PUZZLINK = D.codec("shikaku", Number16(low=1, what="area"), Instance)


GENRE = Genre(
    name=NAME, aliases=("Shikaku", "sikaku"),
    summary="divide into rectangles, each holding one number: its area",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
)
