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
``must`` cells; every room's border is crossed at least once and at most
twice (twice, by parity; the counter over all its edges but one, parity
doing the rest); the kinds differ across every crossing edge on
the loop (:func:`~satlink.rules.rooms.alternate`'s clauses, fixed kinds put
in); the one-cycle rule lazily or, with ``Options.complete``, eagerly. The marks are the board's structure (a room must keep one), so
there are no design hooks.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

import itertools
from itertools import chain, compress, islice
from operator import ne
from dataclasses import dataclass
from functools import cached_property

from ..contract import Options
from ..formula import Formula
from ..genre import Genre
from ..genre_answers import CELL_LOOP
from ..rules import even_counts, rooms
from ..rules.grid import Cell, Grid, check_board
from ..rules.grid_masks import mask_of
from ..rules.loops import CellLoop
from ..rules.loop_checks import loop_problems
from ._loop_genre import LoopEncoding
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
        rows, w = inst.rows, inst.cols
        n = rows * w
        all_rooms = inst.room_cells
        # "the room's suns are passed", room i's the variable sun0 + i
        sun = f.vars([("sun", i) for i in range(len(all_rooms))])
        out = f.clauses
        reg = list(chain.from_iterable(inst.regions))  # point -> room (None: no room)
        black = None in reg
        if black:  # a black cell: a room of its own, of no kind, with no edges
            reg = [len(all_rooms) if i is None else i for i in reg]
        # Per room the kind passed when the givens decide it (1 suns, 2 moons,
        # 0 not decided); per point the kind its room passes whenever the loop
        # passes the point (its room's, or a mark's own in a room of both)
        kind = [0] * (len(all_rooms) + black)
        on: dict = {}  # a mark of a room of both kinds is on the loop when its kind is passed
        must = []  # the marks of a room of one kind are on every solution's loop
        mixed = []  # (point, 1 or 2) for those marks
        for i, marks in enumerate(inst.room_marks):
            suns, moons = marks[SUN], marks[MOON]
            if suns and moons:
                on.update(dict.fromkeys(suns, sun[i]))
                on.update(dict.fromkeys(moons, -sun[i]))
                mixed += [(r * w + c, 1) for r, c in suns]
                mixed += [(r * w + c, 2) for r, c in moons]
            elif suns or moons:
                kind[i] = 1 if suns else 2
                out.append([sun[i] if suns else -sun[i]])
                must += suns or moons
            else:  # no mark: both, no solution, as the rules say
                out += ([sun[i]], [-sun[i]])
        passes = list(map(kind.__getitem__, reg))
        for p, k in mixed:
            passes[p] = k
        # The edges across rooms (each named by its west / north end)
        across = list(map(ne, reg, islice(reg, 1, None)))
        across[w - 1::w] = bytes(len(range(w - 1, n - 1, w)))  # no edge off a row's end
        east = list(compress(range(n - 1), across))
        south = list(compress(range(n - w), map(ne, reg, islice(reg, w, None))))
        # Off in every solution (encodings/rooms.md, "Edges the givens decide"):
        # across rooms, both ends of one decided kind; within a room, a sun and a moon
        off_e = [p for p in east if passes[p] and passes[p] == passes[p + 1]]
        off_s = [p for p in south if passes[p] and passes[p] == passes[p + w]]
        for p, k in mixed:
            if (p + 1) % w and passes[p + 1] == 3 - k and reg[p + 1] == reg[p]:
                off_e.append(p)
            if p + w < n and passes[p + w] == 3 - k and reg[p + w] == reg[p]:
                off_s.append(p)
        self.loop = loop = CellLoop(inst.grid, f, inst.cells if black else None, on=on,
                                    must=must, lean=True, nonempty=False,
                                    off=(mask_of(off_e), mask_of(off_s)))
        # Alternation: an edge across rooms i, j on the loop has sun(i) != sun(j);
        # with the kind one end passes decided, "the other end's room passes
        # the other kind" (nothing when both are decided: they differ)
        var_e, var_s = loop.var_maps()
        borders: list[list[int]] = [[] for _ in range(len(kind))]
        for points, step, var in ((east, 1, var_e), (south, w, var_s)):
            for p in points:
                x = var.get(p)
                if x is None:  # off, or a black cell's
                    continue
                q = p + step
                i, j, a, b = reg[p], reg[q], passes[p], passes[q]
                if a:
                    if not b:
                        out.append([-x, -sun[j] if a == 1 else sun[j]])
                elif b:
                    out.append([-x, -sun[i] if b == 1 else sun[i]])
                else:
                    out += ([-x, sun[i], sun[j]], [-x, -sun[i], -sun[j]])
                borders[i].append(x)
                borders[j].append(x)
        if len(all_rooms) > 1:  # each room entered once
            marked = set(must)
            for cells, border, k in zip(all_rooms, borders, kind):
                if len(cells) > 2:  # 2 crossings (1 to 3, by parity)
                    out.append(border)
                    # at most two of all but the last: the count is even (degree
                    # rule), so at most three, hence two (encodings/rooms.md)
                    even_counts.at_most_two(f, border[:-1])
                elif len(cells) == 2 and k:  # (of both kinds: a sun and a moon, never both on)
                    out += twice_in_domino(loop, cells, marked)
        self.finish(options.complete)


def twice_in_domino(loop: CellLoop, cells: list[Cell], marked: set[Cell]) -> list[list[int]]:
    """Clauses against a second stretch of the loop in a room of two cells,
    one or both of them ``marked`` (on the loop in every solution): it has
    two exactly when both cells are on and the edge between them is off,
    so the edge is on when both are marked, else when the unmarked cell has
    another edge on (``encodings/rooms.md``, "Small rooms")."""
    a, b = cells
    e = loop.edges[a, b]
    if b not in marked:
        a, b = b, a
    if a in marked:
        return [[e]]
    (r, c), w = a, loop.grid.cols
    return [[-y, e] for _, y in loop.nbrs[r * w + c] if y != e]


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
