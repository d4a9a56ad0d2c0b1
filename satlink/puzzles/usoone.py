"""Usoone: shade cells apart, the white cells connected; one number in each room lies.

Rules (janko.at "Usoone", puzz.link "usoone", whose checks are these): the
board is divided into rooms. Shade some cells: no two shaded cells are
orthogonally adjacent; the white cells are orthogonally connected; a
numbered cell stays white. A number tells how many of its (up to four)
orthogonal neighbours are shaded, except that in every room exactly one
number lies: its count of shaded neighbours differs from it.

Encoding (encodings/usoone.md): a :class:`satlink.rules.shading.Shading`;
:meth:`~satlink.rules.shading.Shading.no_adjacent`; the white cells
connected: :func:`satlink.rules.walled.enclosures` and the lazy
:func:`satlink.rules.walled.ring_cuts` (no edge variables), or complete;
per number its cell white and a variable ``true(r, c)`` equal to "its
count holds" (:func:`satlink.rules.subset_counts.reified_exactly`); per room exactly one of its numbers
not true. Numbers are the board, not removable clues: without the room's
liar a solution is no longer one.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from ..contract import Options
from ..formats.pzprjs_numbers import FourCell
from ..formats.cellgrid import Tokens
from ..formula import Formula
from ..genre import Genre
from ..genre_answers import CELL_SET
from ..rules import counts
from ..rules.subset_counts import reified_exactly
from ..rules.grid import Cell, Grid
from ..rules.shading import Shading
from ..rules.walled import enclosures, ring_cuts
from ._shading_genre import ShadingEncoding
from ._apart_connected import apart_and_connected
from ._room_numbers import Rooms, picture, rooms_codec, rooms_layout

NAME = "usoone"


class Instance(Rooms):
    """A ``rows`` x ``cols`` board of rooms and its ``numbers``: sorted
    (cell, n) pairs, 0 <= n <= 4 (a liar may claim more neighbours than its
    cell has)."""

    def wrong(self, cell: Cell, n) -> str | None:
        if not isinstance(n, int) or not 0 <= n <= 4:
            return f"number {n} at {Grid.name(cell)} is outside 0..4"
        return None


# -- the rules ---------------------------------------------------------------------------
class UsooneEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell; ``self.truth``: per number."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        s.no_adjacent()  # no two shaded cells touch
        numbered = {cell for cell, _ in inst.numbers}  # white: left out where that decides
        f.extend(enclosures(s, numbered))  # implied: no white cell or pair walled in
        if options.complete:  # the white cells, one area (lazy: ring_cuts)
            s.connected(shaded=False, lazy=False)
        self.truth, memo = {}, {}
        for cell, n in inst.numbers:  # white; true exactly when its count holds
            f.add([-s.var[cell]])
            self.truth[cell] = t = f.var("true", *cell)
            shadeable = [s.var[x] for x in s.adj[cell] if x not in numbered]
            reified_exactly(f, t, shadeable, n, memo)
        for room in inst.rooms:  # one liar a room
            counts.exactly(f, [-self.truth[c] for c in room if c in self.truth], 1)

    def cuts(self, model) -> list[list[int]]:
        return [] if self.options.complete else ring_cuts(self.shading, model)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> UsooneEncoding:
    return UsooneEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    problems = apart_and_connected(inst.grid, shaded)
    if any("off the board" in p for p in problems):
        return problems
    liars = {k: 0 for k in range(len(inst.rooms))}
    for cell, n in inst.numbers:
        if cell in shaded:
            problems.append(f"the number at {Grid.name(cell)} is shaded")
        around = counts.around(inst.grid, cell, diagonal=False)
        liars[inst.room(cell)] += sum(x in shaded for x in around) != n
    problems += [f"the room of {Grid.name(inst.rooms[k][0])} has {m} wrong numbers, not one"
                 for k, m in liars.items() if m != 1]
    return problems


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number 0-4 or `.`", numbers=(0, 4),
                 why="a cell has four neighbours")
#: `size C x R`, a `grid` block of numbers, a `regions` block, an optional
#: `solution`; janko: `ROWS COLS`, the numbers, the rooms.
FORMAT = rooms_layout(NAME, NUMBERS, Instance)


# -- puzz.link: pzprjs `usoone`, the room borders then a 4Cell number per cell -------------------
PUZZLINK = rooms_codec("usoone", FourCell(), Instance)

GENRE = Genre(
    name=NAME, aliases=("Usoone",),
    summary="shade cells, never two side by side, the white cells connected, numbers white;"
            " a number counts its shaded neighbours, but in every room exactly one number lies",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
)
