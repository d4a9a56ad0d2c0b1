"""A board cut into rooms, for the loop genres that read rooms (Country
Road, Moon or Sun, Double Back): the region grid, each room's cells, and
the picture's room borders and black cells."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..formats.cellgrid import CellError, region_grid
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_numbers import Number16
from ..formats.pzprjs_parts import RoomNumbers
from ..render import Line, Shade
from ._loop_genre import loop_lines
from ..render.board import Edge, region_borders
from ..rules import rooms
from ..rules.grid import Cell, Grid, check_board


@dataclass(frozen=True)
class RoomBoard:
    """A ``rows`` x ``cols`` board: ``regions[r][c]`` the cell's room,
    numbered 0, 1, ... in reading order (None: a black cell, in no room;
    any names are renumbered so, a room must be connected)."""

    rows: int
    cols: int
    regions: tuple[tuple[int | None, ...], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, 100, (), "cell")
        if len(self.regions) != self.rows or any(len(r) != self.cols for r in self.regions):
            raise ValueError(f"regions must be {self.rows} rows of {self.cols} cells")
        object.__setattr__(self, "regions", region_grid(self.regions))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def room_cells(self) -> list[list[Cell]]:
        """The cells of each room, in reading order."""
        return rooms.rooms_of(self.regions)

    @property
    def open_cells(self) -> list[Cell]:
        """The cells that lie in a room, in reading order."""
        if not any(None in row for row in self.regions):  # every cell (no sort, no rooms)
            return [(r, c) for r in range(self.rows) for c in range(self.cols)]
        return sorted(c for room in self.room_cells for c in room)

    def room(self, cell: Cell) -> list[Cell]:
        return self.room_cells[self.regions[cell[0]][cell[1]]]


def room_layers(board: RoomBoard, solution=None) -> tuple[list[Shade], list[Edge], list[Line]]:
    """The picture's black cells, room borders and (when solved) the loop."""
    black = [Shade(c, "void") for c in board.grid.cells if board.regions[c[0]][c[1]] is None]
    return black, region_borders(board.rows, board.cols,
                                 lambda c: board.regions[c[0]][c[1]]), loop_lines(solution)


@dataclass(frozen=True)
class NumberedRooms(RoomBoard):
    """A board of rooms and its ``numbers``: (cell, n) pairs, moved to the
    first cell of their room (where puz.link places them), at most one a
    room, each at most the room's size (Detour, Regional Yajilin)."""

    numbers: tuple[tuple[Cell, int], ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        check_board(self.rows, self.cols, 100, (c for c, _ in self.numbers), "number")
        placed: dict[Cell, int] = {}
        for (r, c), n in sorted(self.numbers):
            if self.regions[r][c] is None:
                raise CellError(f"the number at {Grid.name((r, c))} lies on a black cell", (r, c))
            room = self.room((r, c))
            if n > len(room):
                raise CellError(f"the number {n} at {Grid.name((r, c))} is more than the"
                                f" {len(room)} cells of its region", (r, c))
            if room[0] in placed:
                raise CellError(f"the region of {Grid.name((r, c))} holds two numbers", (r, c))
            placed[room[0]] = n
        object.__setattr__(self, "numbers", tuple(sorted(placed.items())))

    def with_numbers(self, numbers):
        """The same board showing exactly ``numbers`` (the design hook)."""
        return type(self)(self.rows, self.cols, self.regions,
                          tuple((tuple(c), n) for c, n in numbers))


def room_numbers_codec(names: tuple[str, ...], instance: type) -> Codec:
    """The puz.link codec of a :class:`NumberedRooms` genre: the region
    borders, then a number per region (pzprjs ``decodeRoomNumber16``)."""
    def build(b: PzBoard):
        regions, numbers = b.value
        tops = [cells[0] for cells in rooms.rooms_of(regions)]
        return instance(b.rows, b.cols, regions,
                        tuple((tops[k], n) for k, n in enumerate(numbers) if n is not None))

    def split(inst) -> PzBoard:
        number = dict(inst.numbers)
        return PzBoard(inst.rows, inst.cols, (inst.regions, tuple(
            number.get(room[0]) for room in inst.room_cells)))

    return Codec(names=names, body=RoomNumbers(Number16(question=False)), build=build,
                 split=split)
