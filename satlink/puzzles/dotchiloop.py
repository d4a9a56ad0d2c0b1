"""Dotchi-Loop: one loop through every white circle, never a black one; in
each room it turns at all its white circles or runs straight through all.

Rules (janko.at "Dotchi-Loop", puzz.link `dotchi`): draw one closed loop
through cell centres, moving orthogonally, never crossing or branching.
It passes through every white circle and through no black circle; other
cells it may pass or not. In each room (region) it either turns at every
white circle or goes straight through every white circle.

Encoding (encodings/rooms.md, Dotchi-Loop): :class:`satlink.rules.loops.CellLoop`
over the cells without a black circle (lean), every white circle a ``must``
cell, a literal
per room "its white circles are turns" that makes each white circle of the
room a turn (and straight when false) by :func:`turn_or_straight`; the one-cycle rule lazily or, with
``Options.complete``, eagerly. The circles are the board's structure
(a white circle's room decides what it is), so there are no design hooks.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..contract import Options
from ..errors import InputError
from ..formula import Formula
from ..genre import Genre
from ..genre_answers import CELL_LOOP
from ..rules.grid import Cell, Grid, check_board, exits
from ..rules.loops import CellLoop
from ..rules.loop_checks import loop_problems
from ._loop_genre import LoopEncoding
from ._circle_rooms import CircleRooms
from ._room_board import RoomBoard

NAME = "dotchiloop"
MAX_SIDE = 100
WHITE, BLACK = "w", "b"


@dataclass(frozen=True)
class Instance(RoomBoard):
    """A ``rows`` x ``cols`` board of rooms (``regions``) and its circles:
    (cell, :data:`WHITE` or :data:`BLACK`), sorted."""

    circles: tuple[tuple[Cell, str], ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.circles), "circle")
        object.__setattr__(self, "circles", tuple(sorted(self.circles)))
        for (r, c), _ in self.circles:
            if self.regions[r][c] is None:
                raise InputError(f"the circle at {Grid.name((r, c))} lies in no room")

    @cached_property
    def room_whites(self) -> list[list[Cell]]:
        """Per room (as :attr:`room_cells`), its white circles in reading
        order, in one pass over the circles (computed once)."""
        out: list[list[Cell]] = [[] for _ in self.room_cells]
        for (r, c), kind in self.circles:  # (sorted: reading order)
            if kind == WHITE:
                out[self.regions[r][c]].append((r, c))
        return out

    @property
    def free(self) -> list[Cell]:
        """The cells the loop may use: those of rooms, but the black circles."""
        black = {c for c, k in self.circles if k == BLACK}
        return [c for c in self.open_cells if c not in black]


class DotchiLoopEncoding(LoopEncoding):
    """The loop (``self.loop``) and a "turns" literal per room (``self.turns``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        whites = inst.room_whites
        self.loop = loop = CellLoop(inst.grid, f, inst.free, must=[c for w in whites for c in w],
                                    lean=True)
        self.turns = {}
        never, out = loop.never, f.clauses
        for i, room_whites in enumerate(whites):
            if not room_whites:
                continue
            t = self.turns[i] = f.var("turns", i)
            for c in room_whites:
                out += turn_or_straight(t, *(loop.through(c, d) for d in "nsew"), never)
        self.finish(options.complete)


def turn_or_straight(t: int, n: int, s: int, e: int, w: int, never: int) -> list[list[int]]:
    """Clauses for a cell on the loop (two exits ``n s e w``): it turns when
    ``t``, else it goes straight. Turning is one of n, s and one of e, w;
    straight, with two exits, is n <-> s and e <-> w; no ``turn`` or
    ``straight`` variable (8 clauses, not 2 + 8 + 10). ``never`` (an edge
    off the board) is dropped, the clauses it satisfies left out."""
    clauses = ([-t, n, s], [-t, e, w], [-t, -n, -s], [-t, -e, -w],
               [t, -n, s], [t, n, -s], [t, -e, w], [t, e, -w])
    return [[x for x in c if x != never] for c in clauses if -never not in c]


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    problems = loop_problems(inst.grid, sol, inst.free)
    if problems:
        return problems
    for room, whites in zip(inst.room_cells, inst.room_whites):
        shapes = set()
        for c in whites:
            d = exits(sol, c)
            if not d:
                problems.append(f"the loop misses the white circle at {Grid.name(c)}")
            else:
                shapes.add(d in ("ns", "ew"))
        if len(shapes) > 1:
            problems.append(f"the loop turns at some white circles of the room at"
                            f" {Grid.name(room[0])} and runs straight through others")
    return problems


# -- text: `.pzl`, janko grid text, puzz.link ------------------------------------------------------
#: `.pzl`: a `grid` of circles and a `regions` block; janko: the circles, then the
#: regions; pzprjs `dotchi` (src/variety/country.js): the room borders, then the circles.
BOARD = CircleRooms(NAME, MAX_SIDE, Instance, "circles", WHITE, BLACK,
                    "a circle", "`w` (white), `b` (black) or `.`")
FORMAT = BOARD.layout()
PUZZLINK = BOARD.codec("dotchi")
picture = BOARD.picture


GENRE = Genre(
    name=NAME, aliases=("DotchiLoop", "dotchi", "dotchi-loop"),
    summary="one loop through every white circle and no black one; in each room it turns at"
            " all white circles or at none",
    instance=Instance, text=FORMAT, encode=DotchiLoopEncoding, verify=verify, picture=picture,
    puzzlink=PUZZLINK, answer=CELL_LOOP,
)
