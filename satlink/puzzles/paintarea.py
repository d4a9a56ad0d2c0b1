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
complete); :meth:`~satlink.rules.shading.Shading.no_square` for both
colours; a count per number over its neighbours, behind its selector in
selector mode.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

import networkx as nx
from dataclasses import dataclass
from functools import cached_property

from ..contract import Encoding, Options
from ..formats.cellgrid import (REGIONS, Answer, CellError, Janko, Layout, Tokens, board, given,
                                region_grid)
from ..formats.pzprjs import QUESTION, Cells, Codec, Number10, Regions, Seq
from ..formats.pzprjs import Board as PzBoard
from ..formula import Formula
from ..genre import Design, Genre
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_pieces import region_lists
from ..rules.uniform_rooms import whole_rooms
from ..rules.shading import Shading
from .heyawake import cells, picture, solution_json  # shaded cells of numbered rooms, drawn alike

NAME = "paintarea"
MAX_SIDE = 60


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board of rooms (``regions``, renumbered 0, 1,
    ... in reading order; a room must be connected) and its ``numbers``:
    sorted (cell, n) pairs, n at most the cell's neighbours."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    numbers: tuple[tuple[Cell, int], ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        if len(self.regions) != self.rows or any(len(r) != self.cols for r in self.regions):
            raise ValueError(f"regions must be {self.rows} rows of {self.cols} cells")
        object.__setattr__(self, "regions", region_grid(self.regions))
        for r, row in enumerate(self.regions):
            for c, room in enumerate(row):
                if room is None:
                    raise CellError(f"r{r + 1}c{c + 1} lies in no room", (r, c), "regions")
        for cell, n in self.numbers:
            most = len(counts.around(self.grid, cell, diagonal=False))
            if not isinstance(n, int) or not 0 <= n <= most:
                raise CellError(f"number {n} at {Grid.name(cell)} is outside 0..{most}, its"
                                " neighbours", cell)
        object.__setattr__(self, "numbers", tuple(sorted(dict(self.numbers).items())))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def rooms(self) -> list[list[Cell]]:
        return region_lists(self.regions)

    def room(self, cell: Cell) -> int:
        return self.regions[cell[0]][cell[1]]


# -- the rules ---------------------------------------------------------------------------
class PaintAreaEncoding(Encoding):
    """``self.shading``: a variable per cell, equal across each room."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        whole_rooms(f, s.var, inst.rooms)  # a room is all shaded or all white
        s.connected(shaded=True, lazy=not options.complete)  # the shaded cells, one area
        s.no_square(shaded=True)  # no 2x2 shaded
        s.no_square(shaded=False)  # no 2x2 white
        for cell, n in inst.numbers:  # a number counts its shaded neighbours
            when = None if options.clues == "direct" else self.selectors.setdefault(
                (cell, n), f.var("number", *cell))
            counts.exactly(f, [s.var[c] for c in counts.around(inst.grid, cell, diagonal=False)],
                           n, when=when)

    def cuts(self, model) -> list[list[int]]:
        return self.shading.cuts(model)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(self.shading.shaded_cells(model))


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
SHADED = Tokens(expect="`x` (shaded) or `.`", values={"x": True})
#: `size C x R`, a `grid` block of numbers, a `regions` block, an optional
#: `solution`; janko: `ROWS COLS`, the numbers, the rooms.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS, "regions": REGIONS},
    build=lambda rows, cols, grid, regions: Instance(rows, cols, regions, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers)),
                        inst.regions),
    solution=Answer(SHADED, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko((NUMBERS, REGIONS), solution=SHADED),
)


# -- puzz.link: pzprjs `paintarea`, the room borders then a number 0-4 per cell -------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    regions, grid = b.value
    for cell, n in given(grid):
        if n is QUESTION:
            raise b.where(f"a `?` number at {Grid.name(cell)}: satlink needs its value", *cell)
    return Instance(b.rows, b.cols, regions, tuple(given(grid)))


PUZZLINK = Codec(names=("paintarea",), body=Seq(Regions(), Cells(Number10(high=4))),
                 build=_from_puzzlink,
                 split=lambda inst: PzBoard(inst.cols, inst.rows, (inst.regions, board(
                     inst.rows, inst.cols, dict(inst.numbers)))))

GENRE = Genre(
    name=NAME, aliases=("PaintArea", "Peintoeria"),
    summary="shade whole rooms, the shaded cells connected, no 2x2 block of one colour; a"
            " number counts its shaded neighbours",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0])),
)
