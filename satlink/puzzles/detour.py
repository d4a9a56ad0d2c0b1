"""Detour: one loop through every cell; a region's number counts the loop's turns in it.

Rules (janko.at "Detour", puz.link `detour`): draw one closed loop through
the centres of all cells, moving orthogonally, never crossing or
branching. A number in a region says in how many of the region's cells the
loop turns (bends by 90 degrees).

Encoding (encodings/rooms.md, Detour): :class:`satlink.rules.loops.CellLoop`
with every cell a ``must`` cell (``lean``: no on-variables), and per number an exact count over the
``turn`` literals of its region's cells (behind its selector in selector
mode); the one-cycle rule lazily or, with ``Options.complete``, eagerly.

A number belongs to its region: it is kept (and written) in the region's
first cell in reading order, as puz.link places it. A solution is the
frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import LOOP_SOLUTION, REGIONS, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_LOOP
from ..render import Board, Label
from ..rules import counts
from ..rules.grid import Cell, Grid, exits
from ..rules.loops import STRAIGHT, CellLoop
from ..rules.loop_checks import loop_problems
from ._loop_genre import LoopEncoding
from ._room_board import NumberedRooms, room_layers, room_numbers_codec

NAME = "detour"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance(NumberedRooms):
    """A board of regions and its numbers (:class:`._room_board.NumberedRooms`)."""


class DetourEncoding(LoopEncoding):
    """The loop (``self.loop``) through every cell; each number's turn count."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.loop = loop = CellLoop(inst.grid, f, inst.open_cells, must=inst.open_cells, lean=True)
        for cell, n in inst.numbers:
            when = self.when((cell, n), "number", *cell)
            counts.exactly(f, [loop.turn(c) for c in inst.room(cell)], n, when=when)
        self.finish(options.complete)


def turns(sol, room) -> int:
    """The cells of ``room`` in which the loop ``sol`` turns."""
    return sum(1 for c in room if exits(sol, c) and exits(sol, c) not in STRAIGHT)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    problems = loop_problems(inst.grid, sol, inst.open_cells, inst.open_cells)
    for cell, n in inst.numbers:
        k = turns(sol, inst.room(cell))
        if k != n:
            problems.append(f"the region at {Grid.name(cell)} shows {n} but the loop turns"
                            f" in {k} of its cells")
    return problems


# -- design: a number can go and the loop stays a solution --------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[Cell, int]]:
    return [(room[0], turns(sol, room)) for room in inst.room_cells]


def with_clues(inst: Instance, numbers) -> Instance:
    return inst.with_numbers(numbers)


# -- text: `.pzl`, janko grid text, puz.link ------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number of turns or `.`", numbers=(0, MAX_SIDE ** 2))

#: `size C x R`, a `grid` of numbers, a `regions` block, an optional
#: `solution` of loop cells; janko: `ROWS COLS`, the numbers, the regions,
#: the published loop.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS, "regions": REGIONS},
    build=lambda rows, cols, grid, regions: Instance(rows, cols, regions, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers)),
                        inst.regions),
    solution=LOOP_SOLUTION, janko=Janko((NUMBERS, REGIONS)),
)


PUZZLINK = room_numbers_codec(("detour",), Instance)


def picture(inst: Instance, solution=None) -> Board:
    """Region borders, the numbers, the loop when solved."""
    black, borders, loop = room_layers(inst, solution)
    return Board(inst.rows, inst.cols, shades=black, lines=loop, edges=borders,
                 labels=[Label(c, str(n)) for c, n in inst.numbers])


GENRE = Genre(
    name=NAME, aliases=("Detour",),
    summary="one loop through every cell; a region's number counts the loop's turns in it",
    instance=Instance, text=FORMAT, encode=DetourEncoding, verify=verify,
    clues=lambda inst: list(inst.numbers), picture=picture, puzzlink=PUZZLINK,
    answer=CELL_LOOP,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda n: Grid.name(n[0])),
)
