"""PaintArea: shade whole rooms; the shaded cells connected, no 2x2 block of one colour.

Rules (janko.at "Peintoeria", puzz.link "paintarea", whose checks are
these): the board is divided into rooms. Shade some rooms: every cell of a
room is shaded or every cell of it is white. The shaded cells form one
orthogonally connected area (no shaded cell at all counts as connected); no
2x2 block is all shaded, none all white. A number (in a cell that may
itself be shaded) says how many of its orthogonal neighbours are shaded.

Encoding (encodings/paintarea.md): a variable per room (a room is shaded
whole, so its cells need none of their own, and no clause says it); the
shaded cells connected (:class:`satlink.rules.vertex_cuts.ConnectedCells`
over the cells' room literals, lazy; complete, the shaded rooms connected
in the graph of rooms side by side); no 2x2 block of one colour and a
count per number over its neighbours (behind its selector in selector
mode), a number's count weighing a room by its neighbours in it.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from ..contract import Encoding, Options
from ..formats.cellgrid import Tokens
from ..formats.pzprjs_numbers import Number10
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..rules import counts
from ..rules.subset_counts import exactly, weighted_exactly
from ..rules.grid import Cell, Grid
from ..rules.region_shapes import is_connected
from ..rules import graph_encodings
from ..rules.vertex_cuts import ConnectedCells
from ._room_numbers import Rooms, picture, rooms_codec, rooms_layout

NAME = "paintarea"


class Instance(Rooms):
    """A ``rows`` x ``cols`` board of rooms and its ``numbers``: sorted
    (cell, n) pairs, n at most the cell's neighbours."""

    def wrong(self, cell: Cell, n) -> str | None:
        r, c = cell  # the neighbours on the board, counted (a Grid a number was half the parse)
        most = (r > 0) + (r + 1 < self.rows) + (c > 0) + (c + 1 < self.cols)
        if not isinstance(n, int) or not 0 <= n <= most:
            return f"number {n} at {Grid.name(cell)} is outside 0..{most}, its neighbours"
        return None


# -- the rules ---------------------------------------------------------------------------
class PaintAreaEncoding(Encoding):
    """``self.var``: a variable per room, true when the room is shaded
    (encodings/paintarea.md: a room is shaded whole, so its cells need no
    variables of their own); the shaded cells connected over the rooms."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.rooms = rooms = inst.rooms
        # named by the room's first cell, as the cell's variable was
        self.var = var = list(f.vars([("shaded", *cells[0]) for cells in rooms]))
        f.declare_answer(var)
        # each cell's literal is its room's: in reading order (regions number rooms so)
        room = {(r, c): var[k] for r, row in enumerate(inst.regions) for c, k in enumerate(row)}
        g = inst.grid
        self.connected = None
        if options.complete:  # the shaded rooms connected in the graph of rooms side by side
            which = inst.regions
            pairs = dict.fromkeys(sorted({(min(ka, kb), max(ka, kb)) for a, b in g.cell_edges()
                                          if (ka := which[a[0]][a[1]]) != (kb := which[b[0]][b[1]])}))
            links = {}
            for ka, kb in pairs:
                links[(ka, kb)] = x = f.var("shaded.link", *rooms[ka][0], *rooms[kb][0])
                f.equiv_and(x, [var[ka], var[kb]])
            graph_encodings.encode_connected(f, links, node_vars=dict(enumerate(var)),
                                             tag="shaded.conn")
        else:  # the shaded cells, one area: vertex cuts over the cells' room literals
            self.connected = ConnectedCells(g, room)
        no_block_of_one_colour(f, room, inst.rows, inst.cols)
        memo: dict = {}
        for cell, n in inst.numbers:  # a number counts its shaded neighbours
            when = self.when((cell, n), "number", *cell)
            lits = [room[c] for c in g.neighbours(cell)]
            if len(set(lits)) == len(lits):  # each in a room of its own: the same
                exactly(f, lits, n, when)  # clauses, without working out weights
                continue
            with counts.guarded(f, when):
                weighted_exactly(f, lits, n, memo)

    def cuts(self, model) -> list[list[int]]:
        return self.connected.cuts(model) if self.connected else []

    def decode(self, model) -> frozenset[Cell]:
        shaded = set(model.true_vars(self.var))
        return frozenset(c for cells, x in zip(self.rooms, self.var) if x in shaded
                         for c in cells)


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
    if not is_connected(shaded):
        problems.append("the shaded cells are not connected")
    for r in range(inst.rows - 1):
        for c in range(inst.cols - 1):
            on = ((r, c) in shaded) + ((r + 1, c) in shaded) + ((r, c + 1) in shaded) \
                + ((r + 1, c + 1) in shaded)
            if on in (0, 4):
                problems.append(f"the 2x2 block at {Grid.name((r, c))} is all one colour")
    for cell, n in inst.numbers:
        got = sum(x in shaded for x in g.neighbours(cell))
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
