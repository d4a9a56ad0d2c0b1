"""TilePaint: shade whole rooms; the numbers count each row's and column's shaded cells.

Rules (janko.at "Tairupeinto", puzz.link "tilepaint"): the board is divided
into rooms (tiles). Shade some rooms: every cell of a room is shaded or
every cell of it is white. The number above a column (left of a row) says
how many of its cells are shaded; `?` (janko `-`): not shown.

Encoding (encodings/tilepaint.md): a variable per cell (``shaded``);
each room's cells equal to its first cell (two binary clauses a cell); per
shown number a sum over the rooms its line crosses, each weighted by its
cells in the line (:func:`satlink.rules.sums.linear`), behind its selector
in selector mode. All clauses: no lazy rule.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from ..contract import Encoding, Options
from ..errors import InputError
from ..formats.cellgrid import (REGIONS, Answer, CellError, Janko, Keyword, Layout, Tokens, board,
                                given, region_grid)
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Shade
from ..render.board import region_borders
from ..rules.sums import linear
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_pieces import region_lists
from ..rules.uniform_rooms import whole_rooms

NAME = "tilepaint"
MAX_SIDE = 60


def line_counts(inst, shaded) -> tuple[list[int], list[int]]:
    """(shaded cells per row, shaded cells per column)."""
    rows, cols = [0] * inst.rows, [0] * inst.cols
    for r, c in shaded:
        rows[r] += 1
        cols[c] += 1
    return rows, cols


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board of rooms (``regions``, renumbered 0, 1,
    ... in reading order; a room must be connected) and the numbers of its
    rows and columns (None: not shown)."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    row_counts: tuple[int | None, ...]
    col_counts: tuple[int | None, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "number")
        if len(self.regions) != self.rows or any(len(r) != self.cols for r in self.regions):
            raise ValueError(f"regions must be {self.rows} rows of {self.cols} cells")
        object.__setattr__(self, "regions", region_grid(self.regions))
        for r, row in enumerate(self.regions):
            for c, room in enumerate(row):
                if room is None:
                    raise CellError(f"r{r + 1}c{c + 1} lies in no room", (r, c), "regions")
        object.__setattr__(self, "row_counts", tuple(self.row_counts))
        object.__setattr__(self, "col_counts", tuple(self.col_counts))
        for block, nums, n, side in (("rows", self.row_counts, self.rows, self.cols),
                                     ("cols", self.col_counts, self.cols, self.rows)):
            if len(nums) != n:
                raise InputError(f"{len(nums)} {block[:-1]} numbers for {n} {block}")
            for i, t in enumerate(nums):
                if t is not None and not 0 <= t <= side:
                    raise CellError(f"number {t} of {block[:-1]} {i + 1} is above {side}, the"
                                    " cells of the line", (0, i), block)

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def rooms(self) -> list[list[Cell]]:
        """The cells of each room, in reading order."""
        return region_lists(self.regions)

    def room(self, cell: Cell) -> int:
        return self.regions[cell[0]][cell[1]]


# -- the rules ---------------------------------------------------------------------------
class TilePaintEncoding(Encoding):
    """``self.shaded``: a variable per cell, equal across each room."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shaded = shaded = {c: f.var("shaded", *c) for c in inst.grid.cells}
        f.declare_answer(shaded.values())
        whole_rooms(f, shaded, inst.rooms)  # a room is all shaded or all white
        lines = {"row": inst.grid.rows_of_cells(), "col": inst.grid.cols_of_cells()}
        first = {c: shaded[room[0]] for room in inst.rooms for c in room}
        for side, i, n in clues(inst):  # a number counts its line's shaded cells
            when = None if options.clues == "direct" else self.selectors.setdefault(
                (side, i, n), f.var("count", side, i))
            linear(f, sorted(Counter(first[c] for c in lines[side][i]).items()), "==", n, when)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, x in self.shaded.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> TilePaintEncoding:
    return TilePaintEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple]:
    """The numbers shown: ``("row", r, n)`` and ``("col", c, n)``, 0-based."""
    return ([("row", r, n) for r, n in enumerate(inst.row_counts) if n is not None]
            + [("col", c, n) for c, n in enumerate(inst.col_counts) if n is not None])


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded)
                if not inst.grid.inside(c)]
    if problems:
        return problems
    for room in inst.rooms:
        if 0 < sum(c in shaded for c in room) < len(room):
            problems.append(f"the room of {Grid.name(room[0])} is partly shaded")
    rows, cols = line_counts(inst, shaded)
    for word, want, got in (("row", inst.row_counts, rows), ("column", inst.col_counts, cols)):
        problems += [f"{word} {i + 1} has {g} shaded cells, its number is {w}"
                     for i, (w, g) in enumerate(zip(want, got)) if w is not None and w != g]
    return problems


# -- design: a number can go and the shading stays a solution ---------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple]:
    rows, cols = line_counts(inst, shaded)
    return [("row", r, n) for r, n in enumerate(rows)] + [("col", c, n) for c, n in enumerate(cols)]


def with_clues(inst: Instance, chosen) -> Instance:
    nums = {"row": [None] * inst.rows, "col": [None] * inst.cols}
    for side, i, n in chosen:
        nums[side][i] = n
    return Instance(inst.rows, inst.cols, inst.regions, tuple(nums["row"]), tuple(nums["col"]))


# -- text: `rows`, `cols` and a `regions` block; janko: column numbers, row numbers, rooms -----
COUNT = Tokens(what="a number", expect="a number or `?`", empty=("?", "-"),
               numbers=(0, MAX_SIDE), why="the cells of a line")
SHADED = Tokens(expect="`x` (shaded) or `.`", values={"x": True})
FORMAT = Layout(
    NAME, MAX_SIDE, {"regions": REGIONS},
    keywords={"rows": Keyword(COUNT, count="rows"), "cols": Keyword(COUNT, count="cols")},
    build=lambda r, c, regions, rows, cols: Instance(r, c, regions, rows, cols),
    split=lambda inst: (inst.rows, inst.cols, inst.regions,
                        {"rows": inst.row_counts, "cols": inst.col_counts}),
    solution=Answer(SHADED, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko(REGIONS, solution=SHADED, lines=("cols", "rows")),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, shaded) -> list[list[int]]:
    """The shaded cells [r, c], 0-based, in row order."""
    return [list(c) for c in sorted(shaded)]


def cells(inst: Instance, shaded) -> dict[str, bool]:
    return {Grid.name(c): c in shaded for c in inst.grid.cells}


def picture(inst: Instance, solution=None) -> Board:
    """The rooms; the column numbers above the board, the row numbers left of it."""
    labels = [Label((-1, c), str(n)) for c, n in enumerate(inst.col_counts) if n is not None]
    labels += [Label((r, -1), str(n)) for r, n in enumerate(inst.row_counts) if n is not None]
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=labels, edges=region_borders(inst.rows, inst.cols, inst.room))


GENRE = Genre(
    name=NAME, aliases=("TilePaint", "Tairupeinto"),
    summary="shade whole rooms; the number beside a row or column counts its shaded cells",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues,
                  clue_name=lambda k: f"{k[0]}{k[1] + 1}"),
)
