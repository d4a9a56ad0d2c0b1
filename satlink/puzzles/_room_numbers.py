"""Boards of rooms and numbers: :class:`Rooms` (numbers in cells, each
checked by its genre: Usoone, Paint Area) and :class:`RoomCounts`, the
board Heyawake shares with Aqre, Shimaguni and Chocona (at most one
number per room, moved to its first cell), with its `.pzl` and janko
layout, its pzprjs codec under each genre's own name, and which rooms lie
side by side."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from ..contract import Encoding
from ..formats.cellgrid import REGIONS, CellError, Janko, Layout, Tokens, board, given, region_grid
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_cells import CellCode
from ..formats.pzprjs_numbers import QUESTION
from ..formats.pzprjs_parts import Cells, Regions, RoomNumbers, Seq
from ..render import Board, Label, Shade
from ..render.board import region_borders
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_pieces import region_lists
from ._shaded_text import SHADED, SHADED_CELLS



class RoomGrid:
    """A board of ``rows`` x ``cols`` cells cut into rooms (``regions``, a
    room number per cell): what every rooms genre asks of its instance."""

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def rooms(self) -> list[list[Cell]]:
        """The cells of each room, in reading order."""
        return region_lists(self.regions)

    def room(self, cell: Cell) -> int:
        return self.regions[cell[0]][cell[1]]


@dataclass(frozen=True)
class Rooms(RoomGrid):
    """A ``rows`` x ``cols`` board of rooms (``regions``, renumbered 0, 1,
    ... in reading order; a room must be connected) and its ``numbers``:
    sorted (cell, n) pairs, each checked by the genre's :meth:`wrong`."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    numbers: tuple[tuple[Cell, int], ...] = ()
    max_side: ClassVar[int] = 60

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, self.max_side, (c for c, _ in self.numbers), "number")
        if len(self.regions) != self.rows or any(len(r) != self.cols for r in self.regions):
            raise ValueError(f"regions must be {self.rows} rows of {self.cols} cells")
        object.__setattr__(self, "regions", region_grid(self.regions))
        if any(None in row for row in self.regions):  # a test in C a row, the cell found after
            r, c = next((r, row.index(None)) for r, row in enumerate(self.regions) if None in row)
            raise CellError(f"r{r + 1}c{c + 1} lies in no room", (r, c), "regions")
        object.__setattr__(self, "numbers", self.placed())

    def wrong(self, cell: Cell, n) -> str | None:
        """Why number ``n`` cannot stand at ``cell``, or None."""
        return None

    def placed(self) -> tuple[tuple[Cell, int], ...]:
        """The numbers checked (:meth:`wrong`), sorted."""
        for cell, n in self.numbers:
            why = self.wrong(cell, n)
            if why:
                raise CellError(why, cell)
        return tuple(sorted(dict(self.numbers).items()))



def rooms_layout(name: str, numbers: Tokens, instance: type, trailing: bool = False) -> Layout:
    """`size C x R`, a `grid` block of numbers, a `regions` block, an
    optional `solution` of shaded cells (`x`); janko: `ROWS COLS`, the
    numbers, the rooms, the solution (lines after it ignored when ``trailing``)."""
    return Layout(
        name, instance.max_side, {"grid": numbers, "regions": REGIONS},
        build=lambda rows, cols, grid, regions: instance(rows, cols, regions, tuple(given(grid))),
        split=lambda inst: (inst.rows, inst.cols,
                            board(inst.rows, inst.cols, dict(inst.numbers)), inst.regions),
        solution=SHADED_CELLS,
        janko=Janko((numbers, REGIONS), trailing=True) if trailing
        else Janko((numbers, REGIONS), solution=SHADED))


def rooms_codec(name: str, code: CellCode, instance: type) -> Codec:
    """pzprjs ``name``: the room borders, then a ``code`` number per cell
    (a `?` is refused: the genre needs its value)."""
    def build(b: PzBoard):
        regions, grid = b.value
        for cell, n in given(grid):
            if n is QUESTION:
                raise b.where(f"a `?` number at {Grid.name(cell)}: satlink needs its value", *cell)
        return instance(b.rows, b.cols, regions, tuple(given(grid)))

    return Codec(names=(name,), body=Seq(Regions(), Cells(code)), build=build,
                 split=lambda inst: PzBoard(inst.rows, inst.cols, (inst.regions, board(
                     inst.rows, inst.cols, dict(inst.numbers)))))


def picture(inst: Rooms, solution=None) -> Board:
    """The room borders and the numbers; solved, the shaded cells."""
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=[Label(c, str(n)) for c, n in inst.numbers],
                 edges=region_borders(inst.rows, inst.cols, inst.room))


# -- Heyawake's board: a number per room ------------------------------------------------------
class RoomCounts(Rooms):
    """Rooms whose numbers are each moved to its room's first cell in
    reading order (the canonical place), at most one a room, each at most
    its room's cells."""

    max_side: ClassVar[int] = 100

    def placed(self) -> tuple[tuple[Cell, int], ...]:
        placed: dict[Cell, int] = {}
        for (r, c), n in self.numbers:
            room = self.rooms[self.regions[r][c]]
            if not isinstance(n, int) or not 0 <= n <= len(room):
                raise CellError(f"number {n} at r{r + 1}c{c + 1} is outside 0..{len(room)}:"
                                " its room has no more cells", (r, c))
            if room[0] in placed:
                raise CellError(f"the room of r{r + 1}c{c + 1} has a second number", (r, c))
            placed[room[0]] = n
        return tuple(sorted(placed.items()))


NUMBERS = Tokens(what="a number", expect="a number or `.`",
                 numbers=(0, RoomCounts.max_side ** 2), why="a room has no fewer shaded cells")


def layout(name: str) -> Layout:
    """`size C x R`, a `grid` block of room numbers (anywhere in the room), a
    `regions` block, an optional `solution` of shaded cells (`x`); janko:
    `ROWS COLS`, the numbers, the rooms."""
    return rooms_layout(name, NUMBERS, RoomCounts, trailing=True)


def _from_puzzlink(b: PzBoard) -> RoomCounts:
    regions, numbers = b.value
    firsts = [room[0] for room in region_lists(regions)]
    return RoomCounts(b.rows, b.cols, regions,
                      tuple((firsts[i], n) for i, n in enumerate(numbers) if n is not None))


def _to_puzzlink(inst: RoomCounts) -> PzBoard:
    at = dict(inst.numbers)
    return PzBoard(inst.rows, inst.cols,
                   (inst.regions, tuple(at.get(room[0]) for room in inst.rooms)))


def codec(name: str, code: CellCode) -> Codec:
    """pzprjs ``name``: the room borders, then a ``code`` number per room."""
    return Codec(names=(name,), body=RoomNumbers(code), build=_from_puzzlink, split=_to_puzzlink)


def rooms_side_by_side(inst: Rooms) -> list[tuple[int, int]]:
    """The pairs of rooms (i < j) with two cells orthogonally adjacent."""
    return sorted({tuple(sorted((inst.room(a), inst.room(b))))
                   for a, b in inst.grid.cell_edges() if inst.room(a) != inst.room(b)})


# -- a number counts its room's shaded cells (Heyawake, Aqre, Chocona) ------------------------
def count_rooms(enc: Encoding, inst, s) -> None:
    """Each number is the count of its room's shaded cells (``s``, a
    Shading), behind its selector (``number(r, c)``) in selector mode."""
    for cell, n in inst.numbers:
        when = enc.when((cell, n), "number", *cell)
        counts.exactly(enc.formula, [s.var[c] for c in inst.rooms[inst.room(cell)]], n, when=when)


def room_count_problems(inst, shaded) -> list[str]:
    """The numbers that do not count their room's shaded cells."""
    return [f"the {n} at {Grid.name(cell)} has {got} shaded cells in its room"
            for cell, n in inst.numbers
            if (got := sum(c in shaded for c in inst.rooms[inst.room(cell)])) != n]
