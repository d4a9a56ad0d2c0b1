"""Country Road: one loop enters every room once; numbers count its cells there.

Rules (janko.at "Country Road", puzz.link `country`): draw one closed loop
through cell centres, moving orthogonally, never crossing or branching.
It visits every room (region) exactly once: it enters and leaves it once.
A number in a room says how many of the room's cells the loop passes
through. Two cells next to each other across a room border are never both
left empty. Janko boards may black out cells (`@`): they lie in no room and
the loop avoids them.

Encoding (encodings/rooms.md, Country Road): :class:`satlink.rules.loops.CellLoop`
over the room cells, entered once each
(:func:`satlink.rules.even_counts.enters_each_once`: a border edge on and at
most two, the count being even),
:func:`~satlink.rules.rooms.cells_visited` per number (behind its selector
in selector mode), :func:`~satlink.rules.rooms.no_idle_pair_across`; the
one-cycle rule lazily or, with ``Options.complete``, eagerly.

A number belongs to its room: it is kept (and written) in the room's first
cell in reading order, as puzz.link places it. A solution is the frozenset
of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import LOOP_SOLUTION, REGIONS, CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_numbers import Number16
from ..formats.pzprjs_parts import RoomNumbers
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_LOOP
from ..render import Board, Label
from ..rules import even_counts, rooms
from ..rules.grid import Cell, Grid, check_board
from ..rules.loops import CellLoop
from ..rules.loop_checks import loop_problems
from ._loop_genre import LoopEncoding
from ._room_board import RoomBoard, room_layers

NAME = "countryroad"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance(RoomBoard):
    """A board of rooms (:class:`RoomBoard`) and its ``numbers``: (cell, n)
    pairs, moved to the first cell of their room, at most one a room, sorted."""

    numbers: tuple[tuple[Cell, int], ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        placed: dict[Cell, int] = {}
        for (r, c), n in sorted(self.numbers):
            k = self.regions[r][c]
            if k is None:
                raise CellError(f"the number at {Grid.name((r, c))} lies on a black cell", (r, c))
            room = self.room_cells[k]
            if n > len(room):
                raise CellError(f"the number {n} at {Grid.name((r, c))} is more than the"
                                f" {len(room)} cells of its room", (r, c))
            if room[0] in placed:
                raise CellError(f"the room of {Grid.name((r, c))} holds two numbers", (r, c))
            placed[room[0]] = n
        object.__setattr__(self, "numbers", tuple(sorted(placed.items())))


# -- the rules ---------------------------------------------------------------------------
class CountryRoadEncoding(LoopEncoding):
    """The loop (``self.loop``) over the room cells; each number's count
    behind its selector in selector mode."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g, all_rooms = inst.grid, inst.room_cells
        self.loop = CellLoop(g, f, inst.open_cells)
        even_counts.enters_each_once(f, self.loop, all_rooms)
        rooms.no_idle_pair_across(f, self.loop, g, all_rooms)
        for cell, n in inst.numbers:
            when = self.when((cell, n), "number", *cell)
            rooms.cells_visited(f, self.loop, inst.room(cell), n, when=when)
        self.finish(options.complete)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    g, all_rooms = inst.grid, inst.room_cells
    problems = loop_problems(g, sol, inst.open_cells)
    if problems:
        return problems
    for room in all_rooms:
        k = rooms.visits(sol, room)
        if k != 1:
            problems.append(f"the loop visits the room at {Grid.name(room[0])} {k} times, not once")
    for cell, n in inst.numbers:
        k = len(rooms.cells_on(sol, inst.room(cell)))
        if k != n:
            problems.append(f"the room at {Grid.name(cell)} shows {n} but the loop passes"
                            f" {k} of its cells")
    problems += [f"{Grid.name(a)} and {Grid.name(b)} are both empty across a room border"
                 for a, b in rooms.idle_pairs_across(sol, g, all_rooms)]
    return problems


# -- design: a number can go and the loop stays a solution --------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[Cell, int]]:
    return [(room[0], len(rooms.cells_on(sol, room))) for room in inst.room_cells]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, inst.regions, tuple((tuple(c), n) for c, n in numbers))


# -- text: `.pzl`, janko grid text, puzz.link ------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number of cells or `.`", numbers=(0, MAX_SIDE ** 2))


def _build(rows: int, cols: int, grid, regions) -> Instance:
    return Instance(rows, cols, regions, tuple(given(grid)))


#: `size C x R`, a `grid` of numbers, a `regions` block (a name per cell, `@`
#: a black cell), an optional `solution` of loop cells; janko: `ROWS COLS`,
#: the numbers, the regions, the published loop.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS, "regions": REGIONS}, build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers)),
                        inst.regions),
    solution=LOOP_SOLUTION, janko=Janko((NUMBERS, REGIONS)),
)


def _from_puzzlink(b: PzBoard) -> Instance:
    regions, numbers = b.value
    tops = [cells[0] for cells in rooms.rooms_of(regions)]
    return Instance(b.rows, b.cols, regions,
                    tuple((tops[k], n) for k, n in enumerate(numbers) if n is not None))


def _to_puzzlink(inst: Instance) -> PzBoard:
    number = dict(inst.numbers)
    return PzBoard(inst.rows, inst.cols, (inst.regions, tuple(
        number.get(room[0]) for room in inst.room_cells)))


#: pzprjs `country`: the room borders, then a number per room.
PUZZLINK = Codec(names=("country",), body=RoomNumbers(Number16(question=False)),
                 build=_from_puzzlink, split=_to_puzzlink)


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Room borders, black cells, the numbers, the loop when solved."""
    black, borders, loop = room_layers(inst, solution)
    return Board(inst.rows, inst.cols, shades=black, lines=loop, edges=borders,
                 labels=[Label(c, str(n)) for c, n in inst.numbers])


GENRE = Genre(
    name=NAME, aliases=("country", "CountryRoad"),
    summary="one loop enters every room once; numbers count its cells in the room;"
            " no two empty cells touch across a border",
    instance=Instance, text=FORMAT, encode=CountryRoadEncoding, verify=verify,
    clues=lambda inst: list(inst.numbers), picture=picture, puzzlink=PUZZLINK,
    answer=CELL_LOOP,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda n: Grid.name(n[0])),
)
