"""Heyawake: shade cells of rooms; the white cells connected, no run through three rooms.

Rules (janko.at, puzz.link): the board is divided into rooms. Shade some
cells: no two shaded cells are orthogonally adjacent; the white cells are
orthogonally connected; a number in a room says how many of its cells are
shaded; a straight line of white cells (in a row or a column) never spans
more than two rooms: it crosses at most one room border (puzz.link counts
the borders, which for janko's rectangular rooms is the same).

Encoding (encodings/heyawake.md): a :class:`satlink.rules.shading.Shading`;
with direct numbers, the cells they decide (:func:`decided`) as units, the
clauses those satisfy left out;
:meth:`~satlink.rules.shading.Shading.no_adjacent`; the white cells
connected: :func:`satlink.rules.walled.enclosures` and the lazy
:func:`satlink.rules.walled.ring_cuts` (no edge variables), or complete;
:func:`satlink.rules.runs.across_rooms` (a clause per window across two
borders); a count per numbered room, behind its selector in
selector mode.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

import itertools

from ..contract import Options
from ..formats.pzprjs_numbers import Number16
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..rules import counts, runs
from ..rules.apart_counts import at_least, at_least_size, at_most, at_most_size, pieces
from ..rules.grid import Cell, Grid
from ..rules.shading import Shading
from ..rules.walled import enclosures, ring_cuts
from ._shading_genre import ShadingEncoding
from ._apart_connected import apart_and_connected
from ._room_numbers import codec, layout, picture
from ._room_numbers import room_count_problems
from ._room_numbers import RoomCounts as Instance

NAME = "heyawake"
MAX_SIDE = Instance.max_side


def decided(inst: Instance) -> tuple[set[Cell], set[Cell], set[Cell]]:
    """The cells the numbers decide (encodings/heyawake.md, "Decided by the
    numbers"): (shaded, white, white by a 0). A room numbered 0 is white; a
    room of k cells in one line, k odd, numbered (k + 1) / 2 alternates from a
    shaded end; a neighbour of a shaded cell is white.

    >>> [sorted(x) for x in decided(Instance(1, 4, ((0, 0, 0, 1),), (((0, 0), 2), ((0, 3), 0))))]
    [[(0, 0), (0, 2)], [(0, 1), (0, 3)], [(0, 3)]]
    """
    shaded, zero = set(), set()
    for cell, n in inst.numbers:
        room = inst.rooms[inst.room(cell)]
        if n == 0:
            zero.update(room)
        elif len(room) % 2 and n == (len(room) + 1) // 2 and (
                len({r for r, _ in room}) == 1 or len({c for _, c in room}) == 1):
            shaded.update(room[::2])  # reading order: along the line
    neighbours = inst.grid.neighbours
    white = zero | {n for c in shaded for n in neighbours(c)}
    return shaded, white, zero


# -- the rules ---------------------------------------------------------------------------
class HeyawakeEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        var = s.var
        # direct numbers: the cells they decide as units (a 0's come from its
        # count), the adjacency and enclosure clauses they satisfy left out
        shaded, white, zero = decided(inst) if options.clues == "direct" else (set(), set(), set())
        f.clauses += [[var[c]] for c in sorted(shaded)]
        f.clauses += [[-var[c]] for c in sorted(white - zero)]
        s.no_adjacent(settled=white)  # no two shaded cells touch (decided pairs hold)
        f.clauses += enclosures(s, white)  # implied: no white cell or pair walled in
        if options.complete:  # the white cells, one area (lazy: ring_cuts)
            s.connected(shaded=False, lazy=False)
        runs.across_rooms(s, inst.room, borders=2)  # no white line through three rooms
        self.room_counts(shaded, white)  # a number counts its room's shaded cells

    def room_counts(self, shaded: set[Cell], white: set[Cell]) -> None:
        """Each number counts its room's shaded cells (behind its selector in
        selector mode), left out where the decided cells' units settle it, over
        the room's pieces (:mod:`satlink.rules.apart_counts`; encodings/heyawake.md)."""
        inst, f, var = self.instance, self.formula, self.shading.var
        settled = shaded | white
        for cell, n in inst.numbers:
            room = inst.rooms[inst.room(cell)]
            if n and settled.issuperset(room) and len(shaded.intersection(room)) == n:
                continue  # its units hold the count
            when = self.when((cell, n), "number", *cell)
            parts = pieces(room)
            m, k, lits = len(parts), len(room), [var[c] for c in room]
            if not 0 < n <= m:  # 0: units; above m: no room for them
                counts.exactly(f, lits, n, when=when)
                continue
            # over the pieces where that has fewer clauses than pysat's
            # sequential counters (Sinz: 2 k j + k - 3 j - 1 for at most j of k)
            guard = [] if when is None else [-when]
            plits = [[var[c] for c in part] for part in parts]
            if at_least_size(m, n) <= 2 * k * (k - n) - 2 * (k - n):
                f.clauses += [guard + c for c in at_least(plits, n)] if guard else at_least(plits, n)
            else:
                counts.at_least(f, lits, n, when=when)
            if n == m:
                continue  # at most m: the pieces hold no more
            if at_most_size(m, n) <= 2 * k * n + k - 3 * n - 1:
                f.clauses += [guard + c for c in at_most(plits, n)] if guard else at_most(plits, n)
            else:
                counts.at_most(f, lits, n, when=when)

    def cuts(self, model) -> list[list[int]]:
        return [] if self.options.complete else ring_cuts(self.shading, model)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> HeyawakeEncoding:
    return HeyawakeEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = apart_and_connected(g, shaded)
    if any("off the board" in p for p in problems):
        return problems
    problems += room_count_problems(inst, shaded)
    for line in g.rows_of_cells() + g.cols_of_cells():
        for white_run, run in itertools.groupby(line, key=lambda c: c not in shaded):
            run = list(run)
            crossed = sum(inst.room(a) != inst.room(b) for a, b in zip(run, run[1:]))
            if white_run and crossed > 1:
                problems.append(f"the white line from {Grid.name(run[0])} crosses {crossed}"
                                " room borders")
    return problems


# -- design: a number can go and the shading stays a solution -------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple[Cell, int]]:
    return [(room[0], sum(c in shaded for c in room)) for room in inst.rooms]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, inst.regions, tuple(numbers))


# -- text and puzz.link: the board Aqre, Chocona and Shimaguni share --------------------------
#: `size C x R`, a `grid` block of room numbers (anywhere in the room), a
#: `regions` block, an optional `solution`; janko: `ROWS COLS`, the numbers, the rooms.
FORMAT = layout(NAME)
#: pzprjs `heyawake`: the room borders and a number per room.
PUZZLINK = codec("heyawake", Number16(question=False, what="room number"))

GENRE = Genre(
    name=NAME, aliases=("Heyawake",),
    summary="shade cells, never two side by side, the white cells connected; a number counts"
            " its room's shaded cells; no white line runs through three rooms",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0])),
)
