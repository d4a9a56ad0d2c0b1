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
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from itertools import chain, compress, islice
from operator import ne

from ..contract import Options
from ..errors import InputError
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
        rows, w = inst.rows, inst.cols
        n = rows * w
        # Read off the region grid as points p = r * cols + c, not per room
        # (this set-up is most of a small board's encode: Python per mark and
        # per edge across rooms only)
        reg = list(chain.from_iterable(inst.regions))  # point -> room
        size = Counter(reg)  # room -> its cells
        black = size.pop(None, 0)
        nrooms = len(size)
        if black:  # a black cell: in a room of its own, of no kind, with no edges
            reg = [nrooms if i is None else i for i in reg]
        # "the room's suns are passed": room i's variable sun0 + i
        sun0 = f.vars([("sun", i) for i in range(nrooms)]).start
        self.sun = range(sun0, sun0 + nrooms)
        out = f.clauses
        # Per room the kind of its marks (1 suns, 2 moons, 3 both, 0 none)
        marks = inst.marks
        points = [r * w + c for (r, c), _ in marks]
        kinds = [1 if k == SUN else 2 for _, k in marks]
        has = [0] * (nrooms + 1)
        for p, k in zip(points, kinds):
            has[reg[p]] |= k
        # Per room the kind it passes when the givens decide it (one kind of
        # mark; 0 not decided), per point the kind its room passes whenever
        # the loop passes the point (its room's, or a mark's own in a room of both)
        kind = [k if k < 3 else 0 for k in has]
        passes = list(map(kind.__getitem__, reg))
        on: dict = {}  # a mark of a room of both kinds: on the loop when its kind is passed
        must = []  # the marks of a room of one kind: on every solution's loop
        mixed = []  # (point, kind) of the marks of rooms of both kinds
        for (cell, _), p, k in zip(marks, points, kinds):
            i = reg[p]
            if has[i] == 3:
                on[cell] = sun0 + i if k == 1 else -sun0 - i
                passes[p] = k
                mixed.append((p, k))
            else:
                must.append(cell)
        for i, k in enumerate(has[:nrooms]):
            if k == 1:
                out.append([sun0 + i])
            elif k == 2:
                out.append([-sun0 - i])
            elif not k:  # no mark: both, no solution, as the rules say
                out += ([sun0 + i], [-sun0 - i])
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
        borders: list[list[int]] = [[] for _ in range(nrooms + 1)]
        for ends, step, var in ((east, 1, var_e), (south, w, var_s)):
            for p, x in zip(ends, map(var.get, ends)):
                if x is None:  # off, or a black cell's
                    continue
                i, j = reg[p], reg[p + step]
                a, b = passes[p], passes[p + step]
                if a:
                    if not b:
                        out.append([-x, -sun0 - j if a == 1 else sun0 + j])
                elif b:
                    out.append([-x, -sun0 - i if b == 1 else sun0 + i])
                else:
                    out += ([-x, sun0 + i, sun0 + j], [-x, -sun0 - i, -sun0 - j])
                borders[i].append(x)
                borders[j].append(x)
        if nrooms > 1:  # each room entered once
            at_most_two = even_counts.at_most_two
            marked = set(points)
            for i, border in enumerate(borders[:nrooms]):
                m = size[i]
                if m > 2:  # 2 crossings (1 to 3, by parity)
                    out.append(border)
                    # at most two of all but the last: the count is even (degree
                    # rule), so at most three, hence two (encodings/rooms.md)
                    at_most_two(f, border[:-1])
                elif m == 2 and kind[i]:  # (of both kinds: a sun and a moon, never both on)
                    out += twice_in_domino(loop, reg, i, marked)
        self.finish(options.complete)


def twice_in_domino(loop: CellLoop, reg: list[int], room: int,
                    marked: set[int]) -> list[list[int]]:
    """Clauses against a second stretch of the loop in ``room`` of two
    cells (``reg``: point -> room), one or both of them ``marked`` (points
    on the loop in every solution): it has two exactly when both cells are
    on and the edge between them is off, so the edge is on when both are
    marked, else when the unmarked cell has another edge on
    (``encodings/rooms.md``, "Small rooms")."""
    w = loop.grid.cols
    a = reg.index(room)
    east = (a + 1) % w and reg[a + 1] == room
    b = a + 1 if east else a + w
    e = loop.var_maps()[0 if east else 1][a]
    if a not in marked:
        a, b = b, a
    elif b in marked:
        return [[e]]
    return [[-y, e] for _, y in loop.nbrs[b] if y != e]


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
