"""PaintArea: shade whole rooms; the shaded cells connected, no 2x2 block of one colour.

Rules (janko.at "Peintoeria", puzz.link "paintarea", whose checks are
these): the board is divided into rooms. Shade some rooms: every cell of a
room is shaded or every cell of it is white. The shaded cells form one
orthogonally connected area (no shaded cell at all counts as connected); no
2x2 block is all shaded, none all white. A number (in a cell that may
itself be shaded) says how many of its orthogonal neighbours are shaded.

Encoding (encodings/paintarea.md): a :class:`satlink.rules.shading.Shading`;
:func:`satlink.rules.uniform_rooms.whole_rooms`; the shaded cells
:meth:`~satlink.rules.shading.Shading.connected` (lazy separation cuts, or
complete); no 2x2 block of one colour and a count per number over its
neighbours (behind its selector in selector mode), both stated over one
literal per room, a number's count weighing a room by its neighbours in it.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

import networkx as nx

from ..contract import Options
from ..formats.cellgrid import Tokens
from ..formats.pzprjs_numbers import Number10
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..rules import counts
from ..rules.subset_counts import exactly, weighted_exactly
from ..rules.grid import Cell, Grid
from ..rules.uniform_rooms import whole_rooms
from ..rules.shading import Shading
from ._shading_genre import ShadingEncoding
from ._room_numbers import Rooms, picture, rooms_codec, rooms_layout

NAME = "paintarea"


class Instance(Rooms):
    """A ``rows`` x ``cols`` board of rooms and its ``numbers``: sorted
    (cell, n) pairs, n at most the cell's neighbours."""

    def wrong(self, cell: Cell, n) -> str | None:
        most = len(counts.around(self.grid, cell, diagonal=False))
        if not isinstance(n, int) or not 0 <= n <= most:
            return f"number {n} at {Grid.name(cell)} is outside 0..{most}, its neighbours"
        return None


# -- the rules ---------------------------------------------------------------------------
class PaintAreaEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell, equal across each room."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        whole_rooms(f, s.var, inst.rooms)  # a room is all shaded or all white
        s.connected(shaded=True, lazy=not options.complete)  # the shaded cells, one area
        # the rules below over one literal per room (its first cell's): a cell equals it
        room = {c: s.var[cells[0]] for cells in inst.rooms for c in cells}
        no_block_of_one_colour(f, room, inst.rows, inst.cols)
        memo: dict = {}
        g = inst.grid
        for cell, n in inst.numbers:  # a number counts its shaded neighbours
            when = self.when((cell, n), "number", *cell)
            lits = [room[c] for c in g.neighbours(cell)]
            if len(set(lits)) == len(lits):  # each in a room of its own: the same
                exactly(f, lits, n, when)  # clauses, without working out weights
                continue
            with counts.guarded(f, when):
                weighted_exactly(f, lits, n, memo)


def no_block_of_one_colour(f: Formula, room: dict[Cell, int], rows: int, cols: int) -> None:
    """No 2x2 block all shaded, none all white, over the blocks' distinct room
    literals: a clause "not all shaded" and one "not all white" per set of
    rooms some block meets (each once; a block inside one room gives the
    units x and -x: no solution, as the rule says)."""
    seen = set()
    add = f.clauses.append
    grid = [[room[r, c] for c in range(cols)] for r in range(rows)]  # looked up once
    for up, down in zip(grid, grid[1:]):
        for block in zip(up, up[1:], down, down[1:]):
            key = frozenset(block)
            if key not in seen:
                seen.add(key)
                lits = list(dict.fromkeys(block))  # in block order, each once
                add([-x for x in lits])
                add(lits)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> PaintAreaEncoding:
    return PaintAreaEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    problems += [f"the room of {Grid.name(room[0])} is partly shaded" for room in inst.rooms
                 if 0 < sum(c in shaded for c in room) < len(room)]
    graph = nx.grid_2d_graph(inst.rows, inst.cols)
    if shaded and not nx.is_connected(graph.subgraph(shaded)):
        problems.append("the shaded cells are not connected")
    for r in range(inst.rows - 1):
        for c in range(inst.cols - 1):
            block = {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)}
            if block <= shaded or not block & shaded:
                problems.append(f"the 2x2 block at {Grid.name((r, c))} is all one colour")
    for cell, n in inst.numbers:
        got = sum(x in shaded for x in graph[cell])
        if got != n:
            problems.append(f"the {n} at {Grid.name(cell)} has {got} shaded neighbours")
    return problems


# -- design: a number can go and the shading stays a solution -------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple[Cell, int]]:
    """A number in every cell (what a designer may choose from)."""
    return [(cell, sum(x in shaded for x in counts.around(inst.grid, cell, diagonal=False)))
            for cell in inst.grid.cells]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, inst.regions, tuple(numbers))


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number 0-4 or `.`", numbers=(0, 4),
                 why="a cell has four neighbours")
#: `size C x R`, a `grid` block of numbers, a `regions` block, an optional
#: `solution`; janko: `ROWS COLS`, the numbers, the rooms.
FORMAT = rooms_layout(NAME, NUMBERS, Instance)


# -- puzz.link: pzprjs `paintarea`, the room borders then a number 0-4 per cell -------------------
PUZZLINK = rooms_codec("paintarea", Number10(high=4), Instance)

GENRE = Genre(
    name=NAME, aliases=("PaintArea", "Peintoeria"),
    summary="shade whole rooms, the shaded cells connected, no 2x2 block of one colour; a"
            " number counts its shaded neighbours",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0])),
)
