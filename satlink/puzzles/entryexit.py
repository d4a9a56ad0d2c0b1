"""Entry-Exit: one loop through every cell enters and leaves every room once.

Rules (janko.at "Entry-Exit"): draw one closed loop through the centres of
all cells, moving orthogonally, never crossing or branching. It visits
every room (region) exactly once: it enters each room once and leaves it
once, so the cells of a room lie on one stretch of the loop.

Encoding (encodings/rooms.md, Entry-Exit): :class:`satlink.rules.loops.CellLoop`
over the room cells, every one a ``must`` cell (``lean``: no on-variables),
and :func:`satlink.rules.rooms.enters_each` with ``every_cell`` (two border
edges, as "m - 1 edges inside" for a room of m cells where that list is
shorter: half the clauses of ``even_counts.enters_each_once``'s border
count, the verdict 1.6 times faster on the dev slice, benchmarks/
sidebyside.py), the edges the counts force (:func:`satlink.rules.rooms.forced_edges`)
settled with the degree rule before the clauses are written (``fixed``:
1,488 -> 448 clauses on the dev slice; rooms, forcing and settling on bit
masks of points, :func:`satlink.rules.rooms.region_masks`); the one-cycle
rule lazily or, with ``Options.complete``, eagerly. The rooms are the board's structure:
no clues, no design hooks.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import LOOP_SOLUTION, Janko, Layout, Tokens, board
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
from .doubleback import ROOMS

NAME = "entryexit"


@dataclass(frozen=True)
class Instance(RoomBoard):
    """A board of rooms (:class:`RoomBoard`; black cells in none)."""


class EntryExitEncoding(LoopEncoding):
    """The loop (``self.loop``) through every room cell, once into each room."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        cells = inst.open_cells  # (a property that sorts them: read once)
        room_cells = inst.room_cells  # (likewise)
        # the edges the room counts force, settled with the degree rule
        # before the clauses are written (encodings/rooms.md, Entry-Exit)
        masks = rooms.region_masks(inst.regions)
        self.loop = CellLoop(inst.grid, f, cells, must=cells, lean=True,
                             fixed=rooms.forced_edges(masks, inst.rows, inst.cols, 1))
        rooms.enters_each(f, self.loop, room_cells, 1, every_cell=True, masks=masks)
        self.finish(options.complete)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    cells = inst.open_cells
    problems = loop_problems(inst.grid, sol, cells, cells)
    return problems or [
        f"the loop visits the room at {Grid.name(room[0])} {k} times, not once"
        for room, k in zip(inst.room_cells, rooms.visits_each(sol, inst.room_cells)) if k != 1]


#: The janko text's first grid: no clues, every cell `-` (`.`).
NOTHING = Tokens(expect="`.` or `-` (Entry-Exit cells hold no clues)")

#: `size C x R`, an empty `grid` (janko's clue grid, all `.`), a `regions`
#: block, an optional `solution` of loop cells; janko: `ROWS COLS`, the
#: empty grid, the regions, the published loop.
FORMAT = Layout(NAME, 100, {"grid": NOTHING, "regions": ROOMS},
                build=lambda rows, cols, grid, regions: Instance(rows, cols, regions),
                split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, {}),
                                    inst.regions),
                solution=LOOP_SOLUTION, janko=Janko((NOTHING, ROOMS)))


def picture(inst: Instance, solution=None) -> Board:
    """Room borders, black cells, the loop when solved."""
    black, borders, loop = room_layers(inst, solution)
    return Board(inst.rows, inst.cols, shades=black, edges=borders, lines=loop)


GENRE = Genre(
    name=NAME, aliases=("EntryExit", "entry-exit"),
    summary="one loop through every cell enters and leaves every room exactly once",
    instance=Instance, text=FORMAT, encode=EntryExitEncoding, verify=verify, picture=picture,
    answer=CELL_LOOP,
)
