"""Moon or Sun: one loop enters every room once, through all its suns or all its moons.

Rules (janko.at "Moon or Sun", puzz.link `moonsun`): draw one closed loop
through cell centres, moving orthogonally, never crossing or branching.
It visits every room (region) exactly once. In each room it passes through
all of the suns and none of the moons, or all of the moons and none of the
suns (at least one mark either way). Rooms where it passes suns and rooms
where it passes moons alternate along the loop.

Encoding (encodings/rooms.md, Moon or Sun): :class:`satlink.rules.loops.CellLoop`
on the whole board, :func:`satlink.rules.rooms.enters_each` once, a literal
per room "its suns are passed" that puts every sun of the room on the loop
and every moon off it (and the reverse when false; a room without suns
passes its moons, one without moons its suns),
:func:`~satlink.rules.rooms.alternate` across room borders; the one-cycle
rule lazily or, with ``Options.complete``, eagerly. The marks are the
board's structure (a room must keep one), so there are no design hooks.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..contract import Options
from ..formula import Formula
from ..genre import Genre
from ..rules import rooms
from ..rules.grid import Cell, Grid, check_board
from ..rules.loops import CellLoop, loop_problems
from ._loop_genre import LoopEncoding, cells, solution_json
from ._circle_rooms import CircleRooms
from ._room_board import RoomBoard

NAME = "moonsun"
MAX_SIDE = 100
SUN, MOON = "o", "x"
WORDS = {SUN: "sun", MOON: "moon"}


@dataclass(frozen=True)
class Instance(RoomBoard):
    """A ``rows`` x ``cols`` board of rooms (``regions``, as Country Road's)
    and its marks: (cell, :data:`SUN` or :data:`MOON`), sorted."""

    marks: tuple[tuple[Cell, str], ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.marks), "mark")
        object.__setattr__(self, "marks", tuple(sorted(self.marks)))

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
        all_rooms = inst.room_cells
        self.loop = loop = CellLoop(inst.grid, f, inst.open_cells)
        rooms.enters_each(f, loop, all_rooms, 1)
        self.sun = {i: f.var("sun", i) for i in range(len(all_rooms))}
        for i, marks in enumerate(inst.room_marks):
            s = self.sun[i]
            f.extend([-s, loop.on[c]] for c in marks[SUN])
            f.extend([-s, -loop.on[c]] for c in marks[MOON])
            f.extend([s, loop.on[c]] for c in marks[MOON])
            f.extend([s, -loop.on[c]] for c in marks[SUN])
            if not marks[SUN]:
                f.add([-s])
            if not marks[MOON]:
                f.add([s])
        rooms.alternate(f, loop, all_rooms, self.sun)
        self.finish(options.complete)


# -- checking, from the rules ------------------------------------------------------------
def passed(inst: Instance, sol) -> list[str | None]:
    """Per room: the kind of mark the loop passes there (None: none or both)."""
    on = {c for e in sol for c in e}
    out = []
    for marks in inst.room_marks:
        kinds = [k for k in (SUN, MOON) if any(c in on for c in marks[k])]
        out.append(kinds[0] if len(kinds) == 1 else None)
    return out


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    all_rooms = inst.room_cells
    problems = loop_problems(inst.grid, sol, inst.open_cells)
    if problems:
        return problems
    on, kind = {c for e in sol for c in e}, passed(inst, sol)
    for room, marks, k in zip(all_rooms, inst.room_marks, kind):
        where = f"the room at {Grid.name(room[0])}"
        if rooms.visits(sol, room) != 1:
            problems.append(f"the loop visits {where} {rooms.visits(sol, room)} times, not once")
        if k is None:
            both = any(c in on for c in marks[SUN])
            problems.append(f"the loop passes {'both suns and moons' if both else 'no mark'}"
                            f" in {where}")
        elif any(c not in on for c in marks[k]):
            problems.append(f"the loop misses a {WORDS[k]} in {where}")
    for a, b in sol:
        i, j = inst.regions[a[0]][a[1]], inst.regions[b[0]][b[1]]
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
    puzzlink=PUZZLINK, solution_json=solution_json, cells=cells,
)
