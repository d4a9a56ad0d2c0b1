"""Juosan: draw a vertical or a horizontal line in every cell.

Rules (puzz.link, janko.at): the board is divided into regions. Draw a
vertical or a horizontal line in every cell. A number in a region says
how many of its cells hold vertical lines, or how many hold horizontal
lines (one of the two). Vertical lines never stand in three horizontally
adjacent cells, horizontal lines never in three vertically adjacent cells.

Encoding: a variable per cell, true for vertical (:mod:`satlink.rules.shading`
reads it as shading); a clause per three cells in a row (not all
vertical) and per three in a column (not all horizontal); per number n of
a region of m cells, a choice literal: while it holds, exactly n cells are
vertical, else exactly m - n are (:mod:`satlink.rules.counts`, guarded;
behind the clue's selector in selector mode). No lazy part.

A solution is the frozenset of the cells with a vertical line.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..contract import Encoding, Options
from ..formats.cellgrid import REGIONS, Answer, CellError, Janko, Layout, Tokens, board, given
from ..formats.cellgrid import region_grid
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_parts import RoomNumbers
from ..formats.pzprjs_stream import Unfit
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, region_borders
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board

NAME = "juosan"
MAX_SIDE = 100

Vertical = frozenset[Cell]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board: ``regions[r][c]`` the cell's region
    (renumbered 0, 1, ... in reading order; connected), and the numbers
    (cell -> count), at most one a region, sorted."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    numbers: tuple[tuple[Cell, int], ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        if len(self.regions) != self.rows or any(len(r) != self.cols for r in self.regions):
            raise ValueError(f"regions must be {self.rows} rows of {self.cols} cells")
        object.__setattr__(self, "regions", region_grid(self.regions))
        if any(v is None for row in self.regions for v in row):
            raise CellError("every cell lies in a region", next(
                (r, c) for r, row in enumerate(self.regions) for c, v in enumerate(row)
                if v is None), "regions")
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))
        seen: dict[int, Cell] = {}
        for cell, n in self.numbers:
            k = self.regions[cell[0]][cell[1]]
            if k in seen:
                raise CellError(f"the region of {Grid.name(cell)} has a second number"
                                f" (the first at {Grid.name(seen[k])})", cell, "grid")
            seen[k] = cell
            if not 0 <= n <= len(self.region_cells[k]):
                raise CellError(f"number {n} at {Grid.name(cell)} is more than the"
                                f" {len(self.region_cells[k])} cells of its region", cell, "grid")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def region_cells(self) -> list[list[Cell]]:
        out: list[list[Cell]] = [[] for _ in range(1 + max(max(row) for row in self.regions))]
        for r, row in enumerate(self.regions):
            for c, k in enumerate(row):
                out[k].append((r, c))
        return out


# -- the rules ---------------------------------------------------------------------------
class JuosanEncoding(Encoding):
    """``vertical[c]``: the cell's line is vertical."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g = inst.grid
        v = self.vertical = {c: f.var("vertical", *c) for c in g.cells}
        for r in range(inst.rows):
            for c in range(inst.cols - 2):
                f.add([-v[(r, c + k)] for k in range(3)])  # no three verticals side by side
        for r in range(inst.rows - 2):
            for c in range(inst.cols):
                f.add([v[(r + k, c)] for k in range(3)])  # no three horizontals stacked
        for cell, n in inst.numbers:
            region = inst.region_cells[inst.regions[cell[0]][cell[1]]]
            lits = [v[c] for c in region]
            sel = self.when((cell, n), "number", *cell)
            if 2 * n == len(region):
                counts.exactly(f, lits, n, when=sel)
                continue
            pick = f.var("count-vertical", *cell)  # the number counts vertical lines
            for count, side in ((n, pick), (len(region) - n, -pick)):
                when = side
                if sel is not None:
                    when = f.new_aux()
                    f.equiv_and(when, [sel, side])
                counts.exactly(f, lits, count, when=when)
        f.declare_answer(list(v.values()))

    def decode(self, model) -> Vertical:
        return frozenset(c for c, x in self.vertical.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> JuosanEncoding:
    return JuosanEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, vertical: Vertical) -> list[str]:
    """Broken rules of a set of cells with vertical lines."""
    problems = []
    for r in range(inst.rows):
        for c in range(inst.cols - 2):
            if all((r, c + k) in vertical for k in range(3)):
                problems.append(f"three vertical lines side by side from {Grid.name((r, c))}")
    for r in range(inst.rows - 2):
        for c in range(inst.cols):
            if all((r + k, c) not in vertical for k in range(3)):
                problems.append(f"three horizontal lines stacked from {Grid.name((r, c))}")
    for cell, n in inst.numbers:
        region = inst.region_cells[inst.regions[cell[0]][cell[1]]]
        up = sum(c in vertical for c in region)
        if n not in (up, len(region) - up):
            problems.append(f"the region of {Grid.name(cell)} has {up} vertical and"
                            f" {len(region) - up} horizontal lines, its number is {n}")
    return problems


# -- design: a number can go and the lines stay a solution ----------------------------------
def clues_of(inst: Instance, sol: Vertical) -> list[tuple[Cell, int]]:
    """Each region's vertical count on its first cell: one reading of a
    number that the horizontal count obeys too (``several_ways``)."""
    return [(cells[0], sum(c in sol for c in cells)) for cells in inst.region_cells]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, inst.regions, tuple(numbers))


# -- text: `.pzl` and janko grid text -------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number (0 or more) or `.`",
                 numbers=(0, MAX_SIDE * MAX_SIDE), why="")
LINES = Tokens(expect="`v` (vertical) or `h` (horizontal)", values={"v": True, "h": False},
               empty=())


def _vertical(grid) -> Vertical:
    return frozenset(c for c, up in given(grid) if up)


#: `size C x R`, a `grid` of numbers, a `regions` block (a name per cell),
#: an optional `solution` of `v` and `h`; janko: `ROWS COLS`, the numbers,
#: the regions, the published lines.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS, "regions": REGIONS},
    build=lambda rows, cols, grid, regions: Instance(rows, cols, regions, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers)),
                        inst.regions),
    solution=Answer(LINES, read=_vertical, write=lambda inst, sol: tuple(
        tuple((r, c) in sol for c in range(inst.cols)) for r in range(inst.rows))),
    janko=Janko((NUMBERS, REGIONS)),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, sol: Vertical) -> list[str]:
    """Each row as a string of `v` and `h`."""
    return ["".join("v" if (r, c) in sol else "h" for c in range(inst.cols))
            for r in range(inst.rows)]


def cells(inst: Instance, sol: Vertical) -> dict[str, str]:
    return {Grid.name(c): "v" if c in sol else "h" for c in inst.grid.cells}


def picture(inst: Instance, solution: Vertical | None = None) -> Board:
    """The regions and numbers; solved, each cell's line as `|` or `-`."""
    labels = [Label(c, str(n)) for c, n in inst.numbers]
    if solution is not None:
        for r, c in inst.grid.cells:
            if any(p == (r, c) for p, _ in inst.numbers):
                continue
            labels.append(Label((r, c), "|" if (r, c) in solution else "-", given=False))
    return Board(inst.rows, inst.cols, labels=labels,
                 edges=region_borders(inst.rows, inst.cols, lambda c: inst.regions[c[0]][c[1]]))


# -- puzz.link ---------------------------------------------------------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    regions, numbers = b.value
    rooms: dict[int, Cell] = {}
    for r, row in enumerate(regions):
        for c, k in enumerate(row):
            rooms.setdefault(k, (r, c))
    at = [rooms[k] for k in sorted(rooms)]
    return Instance(b.rows, b.cols, regions, tuple(
        (at[k], n) for k, n in enumerate(numbers) if n is not None))


def _to_puzzlink(inst: Instance) -> PzBoard:
    per_room: list = [None] * len(inst.region_cells)
    for cell, n in inst.numbers:
        k = inst.regions[cell[0]][cell[1]]
        if cell != inst.region_cells[k][0]:
            raise Unfit("puzz.link puts a region's number in its first cell")
        per_room[k] = n
    return PzBoard(inst.rows, inst.cols, (inst.regions, tuple(per_room)))


#: pzprjs `juosan`: the borders, then a number16 per region (pzprjs puts it
#: in the region's first cell in reading order).
PUZZLINK = Codec(names=("juosan",), body=RoomNumbers(),
                 build=_from_puzzlink, split=_to_puzzlink)


GENRE = Genre(
    name=NAME, aliases=("Juosan",),
    summary="a vertical or horizontal line in every cell; a number counts one kind in its"
            " region; no three verticals side by side, no three horizontals stacked",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues,
                  clue_name=lambda c: Grid.name(c[0]), several_ways=True),
)
