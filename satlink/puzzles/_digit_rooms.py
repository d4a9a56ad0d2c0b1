"""The board of the region-digit genres (Suguru, Hakyuu, Cojun): a grid cut
into regions, some digits given; a solution writes a digit into every cell
so that each region of k cells holds 1..k once
(:mod:`satlink.rules.region_digits`). Each genre adds its neighbour rule on
top (its module: the rule in ``encode`` through :class:`DigitsEncoding`'s
``extra``, the same rule again in ``verify``).

Here: the instance, the encoding's common part,
the `.pzl` / grid-text layout, the outputs and the puzz.link codec (pzprjs's
``ripple`` family: the region borders, then a number16 per cell).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .. import contract
from ..formats.cellgrid import (Answer, CellError, Janko, Layout, Tokens, given,
                                region_grid)
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_numbers import Number16
from ..formats.pzprjs_parts import Cells, Regions, Seq
from ..formula import Formula
from ..render import Board
from ..render.board import region_borders
from ..rules import rooms
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_digits import RegionDigits, broken_regions
from ._givens import clues, decoded, filled, labels

MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board: ``givens[r][c]`` (None when blank) and
    ``regions[r][c]``, numbered 0, 1, ... in reading order of first cells."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...]
    regions: tuple[tuple[int, ...], ...]

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def room_cells(self) -> list[list[Cell]]:
        return rooms.rooms_of(self.regions)

    def region_size(self, cell: Cell) -> int:
        return len(self.room_cells[self.regions[cell[0]][cell[1]]])

    def same_region(self, a: Cell, b: Cell) -> bool:
        return self.regions[a[0]][a[1]] == self.regions[b[0]][b[1]]


def make(rows: int, cols: int, givens, regions) -> Instance:
    """Build and validate: regions connected (any names), every given within
    1..its region's size (a :class:`CellError` at the cell otherwise)."""
    check_board(rows, cols, MAX_SIDE, (), "cell")
    if any(v is None for row in regions for v in row):
        raise CellError("every cell lies in a region", next(
            (r, c) for r, row in enumerate(regions) for c, v in enumerate(row) if v is None),
            "regions")
    inst = Instance(rows, cols, tuple(map(tuple, givens)), region_grid(regions))
    for cell, v in given(inst.givens):
        k = inst.region_size(cell)
        if not 1 <= v <= k:
            raise CellError(f"digit {v} at {Grid.name(cell)} is outside 1..{k}: its region"
                            f" has {k} cells", cell, "grid")
    return inst


# -- the encoding's common part ---------------------------------------------------------------
class DigitsEncoding(contract.Encoding):
    """:attr:`digits` (:class:`RegionDigits`) over the regions, the givens
    fixed (selector mode: each given's selector is its cell's variable for
    that digit), then ``self.extra(inst)``: the genre's neighbour rule."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        selectors = options.clues == "selectors"
        self.digits = RegionDigits(f, inst.room_cells, {(r, c): v for r, c, v in clues(inst)},
                                   selectors=selectors,
                                   narrowed=None if selectors else self.narrowed(inst))
        if selectors:
            for r, c, v in clues(inst):
                self.selectors[(r, c, v)] = self.digits.selector((r, c), v)
        self.extra(inst)

    def extra(self, inst: Instance) -> None:
        """The genre's rules beyond 1..k per region (override)."""

    def narrowed(self, inst: Instance) -> dict | None:
        """Direct clues: cell -> the digits that some solution may put there,
        derived from the givens (override; None: every digit of 1..k)."""
        return None

    def decode(self, model):
        return decoded(self.instance, lambda cell: self.digits.value(model, cell))


def orthogonal_pairs(inst: Instance) -> list[tuple[Cell, Cell]]:
    """Each pair of orthogonally adjacent cells once (right and down)."""
    return [(a, b) for a in inst.grid.cells for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
            if inst.grid.inside(b)]


def base_problems(inst: Instance, sol) -> tuple[list[str], dict]:
    """(problems, cell -> digit): the grid's shape, the givens kept, each
    region 1..k once."""
    problems, values = filled(inst, sol)
    if not values:
        return problems, values
    return problems + broken_regions(values, inst.room_cells, Grid.name), values


# -- text: `.pzl` and janko grid text --------------------------------------------------------
DIGITS = Tokens(what="a digit", expect="a digit or `.`", numbers=(1, MAX_SIDE * MAX_SIDE),
                why="no region is larger")
FILLED = Tokens(what="a digit", expect="a digit", empty=(), numbers=(1, MAX_SIDE * MAX_SIDE))
REGIONS = Tokens(what="a region name", expect="a region name (letters or digits)", empty=(),
                 parse=lambda t: t if t.isalnum() else None, show=str, fold=False)


def _split(inst: Instance):
    return inst.rows, inst.cols, inst.givens, tuple(tuple(str(v) for v in row)
                                                    for row in inst.regions)


def layout(name: str, build=make, square: bool = False, answer: Tokens = FILLED) -> Layout:
    """`size C x R`, a `grid` of givens, a `regions` block of region names, a
    `solution` of digits; janko: `R C`, the givens (`-` blank), the regions.
    ``build(rows, cols, givens, regions)`` validates (default :func:`make`);
    ``answer`` reads the solution's cells."""
    return Layout(
        name, MAX_SIDE, {"grid": DIGITS, "regions": REGIONS}, build=build, split=_split,
        square=square,
        solution=Answer(answer, read=lambda grid: grid, write=lambda inst, sol: sol),
        janko=Janko((DIGITS, REGIONS), solution=answer))


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The regions' borders, the givens, and the solved digits."""
    return Board(inst.rows, inst.cols, labels=labels(inst, solution),
                 edges=region_borders(inst.rows, inst.cols,
                                      lambda cell: inst.regions[cell[0]][cell[1]]))


def codec(*names: str, build=make) -> Codec:
    """pzprjs's ripple family (``ripple``, ``cojun``, ``suguru``): the region
    borders, then one number16 per cell (no `.`: a digit is shown or absent).
    Boards with cells removed (pzprjs's trailing ``ques 7`` bits) are refused
    as text after the last cell."""
    return Codec(names=names, body=Seq(Regions(), Cells(Number16(low=1, question=False,
                                                                 what="digit"))),
                 build=lambda b: _built(b, build),
                 split=lambda inst: PzBoard(inst.rows, inst.cols, (inst.regions, inst.givens)))


def _built(b: PzBoard, build) -> Instance:
    regions, givens = b.value
    try:
        return build(b.rows, b.cols, givens, regions)
    except CellError as exc:
        raise b.where(exc.message, *exc.cell) from None
