"""Double Back: one loop through every cell visits every room exactly twice.

Rules (janko.at "Double Back", puzz.link `doubleback`): draw one closed loop
through cell centres, moving orthogonally, never crossing or branching,
through every cell that is not black. It visits every room (region)
exactly twice: it enters and leaves each room two times.

Encoding (encodings/rooms.md, Double Back): :class:`satlink.rules.loops.CellLoop`
over the room cells, every one of them a ``must`` cell, and
:func:`satlink.rules.rooms.enters_each` twice; the one-cycle rule lazily
or, with ``Options.complete``, eagerly. Rooms and black cells are the
board's structure: no design hooks.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..contract import Options
from ..formats.cellgrid import LOOP_SOLUTION, REGIONS, Janko, Layout
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_cells import Dict, Packed
from ..formats.pzprjs_parts import Cells, Regions, Seq, Skippable
from ..formats.pzprjs_stream import Unfit
from ..formula import Formula
from ..genre import Genre
from ..genre_answers import CELL_LOOP
from ..render import Board
from ..rules import rooms
from ..rules.grid import Grid
from ..rules.loops import CellLoop
from ..rules.loop_checks import loop_problems
from ._loop_genre import LoopEncoding
from ._room_board import RoomBoard, room_layers

NAME = "doubleback"


@dataclass(frozen=True)
class Instance(RoomBoard):
    """A board of rooms (:class:`RoomBoard`; black cells in none)."""


class DoubleBackEncoding(LoopEncoding):
    """The loop (``self.loop``) through every room cell, twice into each room."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.loop = CellLoop(inst.grid, f, inst.open_cells, must=inst.open_cells, lean=True)
        rooms.enters_each(f, self.loop, inst.room_cells, 2, every_cell=True)
        self.finish(options.complete)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    problems = loop_problems(inst.grid, sol, inst.open_cells, inst.open_cells)
    return problems or [
        f"the loop visits the room at {Grid.name(room[0])} {k} times, not twice"
        for room in inst.room_cells if (k := rooms.visits(sol, room)) != 2]


#: A region block; janko writes black cells `#` (or `@`).
ROOMS = replace(REGIONS, empty=("@", "#"),
                expect="a region name (letters or digits) or `@`/`#` (a black cell, in no room)")

#: `size C x R`, a `regions` block, an optional `solution` of loop cells;
#: janko: `ROWS COLS`, the regions, the published loop.
FORMAT = Layout(NAME, 100, {"regions": ROOMS},
                build=lambda rows, cols, regions: Instance(rows, cols, regions),
                split=lambda inst: (inst.rows, inst.cols, inst.regions),
                solution=LOOP_SOLUTION, janko=Janko(ROOMS))


def _from_puzzlink(b: PzBoard) -> Instance:
    regions, black = b.value
    return Instance(b.rows, b.cols, tuple(tuple(None if black[r][c] else k
                                                for c, k in enumerate(row))
                                          for r, row in enumerate(regions)))


def _to_puzzlink(inst: Instance) -> PzBoard:
    """Black cells join the room of a neighbour (puz.link's rooms cover them)."""
    g, grid = inst.grid, [list(row) for row in inst.regions]
    for cell in g.cells:
        if grid[cell[0]][cell[1]] is None:
            near = [inst.regions[r][c] for r, c in g.neighbours(cell)
                    if inst.regions[r][c] is not None]
            if not near:
                raise Unfit(f"the black cell at {Grid.name(cell)} has no room beside it")
            grid[cell[0]][cell[1]] = near[0]
    black = tuple(tuple(True if k is None else None for k in row) for row in inst.regions)
    return PzBoard(inst.rows, inst.cols, (tuple(map(tuple, grid)), black))


#: pzprjs `doubleback`: the room borders, then the black cells a bit each
#: (left out when there are none).
PUZZLINK = Codec(names=("doubleback",),
                 body=Seq(Regions(), Skippable(Cells(Dict(Packed(2, 5), {0: None, 1: True})))),
                 build=_from_puzzlink, split=_to_puzzlink)


def picture(inst: Instance, solution=None) -> Board:
    """Room borders, black cells, the loop when solved."""
    black, borders, loop = room_layers(inst, solution)
    return Board(inst.rows, inst.cols, shades=black, edges=borders, lines=loop)


GENRE = Genre(
    name=NAME, aliases=("DoubleBack", "double-back"),
    summary="one loop through every cell that is not black visits every room exactly twice",
    instance=Instance, text=FORMAT, encode=DoubleBackEncoding, verify=verify, picture=picture,
    puzzlink=PUZZLINK, answer=CELL_LOOP,
)
