"""A board cut into rooms, for the loop genres that read rooms (Country
Road, Moon or Sun, Double Back): the region grid, each room's cells, and
the picture's room borders and black cells."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..formats.cellgrid import region_grid
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
        return sorted(c for room in self.room_cells for c in room)

    def room(self, cell: Cell) -> list[Cell]:
        return self.room_cells[self.regions[cell[0]][cell[1]]]


def room_layers(board: RoomBoard, solution=None) -> tuple[list[Shade], list[Edge], list[Line]]:
    """The picture's black cells, room borders and (when solved) the loop."""
    black = [Shade(c, "void") for c in board.grid.cells if board.regions[c[0]][c[1]] is None]
    return black, region_borders(board.rows, board.cols,
                                 lambda c: board.regions[c[0]][c[1]]), loop_lines(solution)
