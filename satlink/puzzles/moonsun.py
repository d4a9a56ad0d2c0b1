"""Moon or Sun: one loop enters every room once, through all its suns or all its moons.

Rules (janko.at "Moon or Sun", puzz.link `moonsun`): draw one closed loop
through cell centres, moving orthogonally, never crossing or branching.
It visits every room (region) exactly once. In each room it passes through
all of the suns and none of the moons, or all of the moons and none of the
suns (at least one mark either way). Rooms where it passes suns and rooms
where it passes moons alternate along the loop.

Encoding (encodings/rooms.md, Moon or Sun): a literal per room "its suns
are passed", which is itself the on-literal of the room's suns (and its
negation that of its moons) in a :class:`satlink.rules.loops.CellLoop` on
the whole board; a room with one kind of mark has it fixed and its marks as
``must`` cells. What the givens decide is put in ("What the givens decide"):
the edges no solution uses (a sun beside a moon in one room; across rooms,
two ends whose kind is decided and the same) have no variable, and the
kinds differ across every other crossing edge on the loop
(:func:`~satlink.rules.rooms.alternate`'s clauses with the decided kinds put
in). Every room's border is crossed at least once and at most twice (by
parity, the counter over all its edges but one); a room of two cells by a
clause or three instead, of one cell by the degree rule alone. The
one-cycle rule lazily or, with ``Options.complete``, eagerly. The marks are
the board's structure (a room must keep one), so there are no design hooks.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property

from ..contract import Options
from ..errors import InputError
from ..formula import Formula
from ..genre import Genre
from ..genre_answers import CELL_LOOP
from ..rules import rooms
from ..rules.grid import Cell, Grid, check_board
from ..rules.loops import CellLoop
from ..rules.room_kinds import RoomKinds
from ..rules.loop_checks import loop_problems
from ._loop_genre import LoopEncoding
from ._circle_rooms import CircleRooms
from ._room_board import RoomBoard

NAME = "moonsun"
MAX_SIDE = 100
SUN, MOON = "o", "x"
WORDS = {SUN: "sun", MOON: "moon"}
#: The kinds as :mod:`satlink.rules.room_kinds` numbers them.
KIND = {SUN: 1, MOON: 2}


@dataclass(frozen=True)
class Instance(RoomBoard):
    """A ``rows`` x ``cols`` board of rooms (``regions``, as Country Road's)
    and its marks: (cell, :data:`SUN` or :data:`MOON`), sorted."""

    marks: tuple[tuple[Cell, str], ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.marks), "mark")
        object.__setattr__(self, "marks", tuple(sorted(self.marks)))
        if any(None in row for row in self.regions):
            for (r, c), _ in self.marks:
                if self.regions[r][c] is None:
                    raise InputError(f"the mark at {Grid.name((r, c))} lies in no room")

    @cached_property
    def cells(self) -> list[Cell]:
        """The cells that lie in a room, in reading order (computed once)."""
        return self.open_cells

    @cached_property
    def room_marks(self) -> list[dict[str, list[Cell]]]:
        """Per room: kind -> the room's cells holding that mark."""
        out: list[dict[str, list[Cell]]] = [{SUN: [], MOON: []} for _ in self.room_cells]
        for (r, c), kind in self.marks:
            out[self.regions[r][c]][kind].append((r, c))
        return out


# -- the rules ---------------------------------------------------------------------------
class MoonSunEncoding(LoopEncoding):
    """The loop (``self.loop``) and a "suns passed" literal per room (``self.sun``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        w = inst.cols
        points = [r * w + c for (r, c), _ in inst.marks]
        rooms = RoomKinds.of(inst.regions, list(zip(points, [KIND[k] for _, k in inst.marks])))
        # "the room's suns are passed": room i's variable sun0 + i
        sun0 = f.vars([("sun", i) for i in range(rooms.rooms)]).start
        self.sun = range(sun0, sun0 + rooms.rooms)
        out = f.clauses
        for i, k in enumerate(rooms.has):
            if k == 1:  # suns only: passed
                out.append([sun0 + i])
            elif k == 2:
                out.append([-sun0 - i])
            elif not k:  # no mark: both, no solution, as the rules say
                out += ([sun0 + i], [-sun0 - i])
        # A mark of a room of both kinds is on the loop when its kind is
        # passed; those of a room of one kind are on every solution's loop
        on, must = {}, []
        reg, has = rooms.reg, rooms.has
        for (cell, k), p in zip(inst.marks, points):
            i = reg[p]
            if has[i] == 3:
                on[cell] = sun0 + i if k == SUN else -sun0 - i
            else:
                must.append(cell)
        self.loop = loop = CellLoop(inst.grid, f, inst.cells if rooms.black else None, on=on,
                                    must=must, lean=True, nonempty=False, off=rooms.off())
        rooms.enter_once(f, loop, rooms.alternate(out, loop, sun0), set(points))
        self.finish(options.complete)


# -- checking, from the rules ------------------------------------------------------------
def passed(inst: Instance, on) -> list[str | None]:
    """Per room: the kind of mark the loop (``on``, the cells it passes
    through) passes there (None: none or both)."""
    hit = [[False, False] for _ in inst.room_cells]
    regions = inst.regions
    for (r, c), kind in inst.marks:
        if (r, c) in on:
            hit[regions[r][c]][kind == MOON] = True
    return [None if sun == moon else SUN if sun else MOON for sun, moon in hit]


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    all_rooms = inst.room_cells
    problems = loop_problems(inst.grid, sol, inst.cells)
    if problems:
        return problems
    on = set(itertools.chain.from_iterable(sol))
    kind = passed(inst, on)
    for room, marks, k, n in zip(all_rooms, inst.room_marks, kind,
                                 rooms.visits_each(sol, all_rooms)):
        where = f"the room at {Grid.name(room[0])}"
        if n != 1:
            problems.append(f"the loop visits {where} {n} times, not once")
        if k is None:
            both = any(c in on for c in marks[SUN])
            problems.append(f"the loop passes {'both suns and moons' if both else 'no mark'}"
                            f" in {where}")
        elif any(c not in on for c in marks[k]):
            problems.append(f"the loop misses a {WORDS[k]} in {where}")
    regions = inst.regions
    for a, b in sol:
        i, j = regions[a[0]][a[1]], regions[b[0]][b[1]]
        if i != j and kind[i] is not None and kind[i] == kind[j]:
            problems.append(f"the loop goes from {WORDS[kind[i]]}s to {WORDS[kind[j]]}s"
                            f" between {Grid.name(a)} and {Grid.name(b)}")
    return problems


# -- text: `.pzl`, janko grid text, puzz.link ------------------------------------------------------
#: `.pzl`: a `grid` of circles and a `regions` block; janko: the circles, then the
#: regions; pzprjs `moonsun`: the room borders, then the circles.
BOARD = CircleRooms(NAME, MAX_SIDE, Instance, "marks", SUN, MOON,
                    "a mark", "`o` (a sun), `x` (a moon) or `.`")
FORMAT = BOARD.layout()
PUZZLINK = BOARD.codec("moonsun")
picture = BOARD.picture


GENRE = Genre(
    name=NAME, aliases=("MoonSun", "moon-or-sun"),
    summary="one loop enters every room once, through all its suns or all its moons,"
            " alternating",
    instance=Instance, text=FORMAT, encode=MoonSunEncoding, verify=verify, picture=picture,
    puzzlink=PUZZLINK, answer=CELL_LOOP,
)
