"""A board of rooms with circles of two kinds (Dotchi-Loop's white and
black circles, Moon or Sun's suns and moons): how it is read from `.pzl`
(a `grid` of circles and a `regions` block), janko's grid text and
puz.link (the room borders, then the circles three cells a character:
1 the first kind, 2 the second), and how it is drawn."""
from __future__ import annotations

from dataclasses import dataclass

from ..formats.cellgrid import LOOP_SOLUTION, REGIONS, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_cells import Circles, Dict
from ..formats.pzprjs_parts import Cells, Regions, Seq
from ..render import Board, Circle
from ._room_board import room_layers


@dataclass(frozen=True)
class CircleRooms:
    """The circles of ``instance`` (a :class:`~._room_board.RoomBoard`) are
    its field ``field``: (cell, kind) pairs, kind ``white`` (drawn white,
    `1` on puz.link) or ``black``; in the `grid` a circle is its kind or
    `1`/`2`, ``what`` and ``expect`` name them in errors."""

    name: str
    max_side: int
    instance: type
    field: str
    white: str
    black: str
    what: str
    expect: str

    @property
    def tokens(self) -> Tokens:
        return Tokens(what=self.what, expect=self.expect,
                      values={self.white: self.white, self.black: self.black},
                      aliases={"1": self.white, "2": self.black})

    def circles(self, inst) -> tuple:
        return getattr(inst, self.field)

    def build(self, rows: int, cols: int, grid, regions):
        return self.instance(rows, cols, regions, **{self.field: tuple(given(grid))})

    def split(self, inst):
        return (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(self.circles(inst))),
                inst.regions)

    def layout(self) -> Layout:
        """`size C x R`, a `grid` of circles, a `regions` block, an optional
        `solution` of loop cells; janko: `ROWS COLS`, the circles, the
        regions, the published loop."""
        return Layout(self.name, self.max_side, {"grid": self.tokens, "regions": REGIONS},
                      build=self.build, split=self.split, solution=LOOP_SOLUTION,
                      janko=Janko((self.tokens, REGIONS)))

    def codec(self, *names: str) -> Codec:
        """The room borders, then the circles three cells a character."""
        return Codec(
            names=names,
            body=Seq(Regions(), Cells(Dict(Circles(), {0: None, 1: self.white, 2: self.black}))),
            build=lambda b: self.build(b.rows, b.cols, b.value[1], b.value[0]),
            split=lambda inst: PzBoard(inst.rows, inst.cols, (inst.regions, self.split(inst)[2])))

    def picture(self, inst, solution=None) -> Board:
        """Room borders, the circles, the loop when solved."""
        black, borders, loop = room_layers(inst, solution)
        return Board(inst.rows, inst.cols, shades=black, lines=loop, edges=borders,
                     circles=[Circle(c, "white" if k == self.white else "black")
                              for c, k in self.circles(inst)])
