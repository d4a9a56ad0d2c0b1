"""Heyawake: shade cells of rooms; the white cells connected, no run through three rooms.

Rules (janko.at, puzz.link): the board is divided into rooms. Shade some
cells: no two shaded cells are orthogonally adjacent; the white cells are
orthogonally connected; a number in a room says how many of its cells are
shaded; a straight line of white cells (in a row or a column) never spans
more than two rooms: it crosses at most one room border (puzz.link counts
the borders, which for janko's rectangular rooms is the same).

Encoding (encodings/heyawake.md): a :class:`satlink.rules.shading.Shading`;
:meth:`~satlink.rules.shading.Shading.no_adjacent`; the white cells
:meth:`~satlink.rules.shading.Shading.connected` (lazy separation cuts, or
complete); :func:`satlink.rules.runs.across_rooms` (a clause per window
across two borders); a count per numbered room, behind its selector in
selector mode.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property

import networkx as nx

from ..contract import Encoding, Options
from ..formats.cellgrid import (REGIONS, Answer, CellError, Janko, Layout, Tokens, board, given,
                                region_grid)
from ..formats.pzprjs import Board as PzBoard
from ..formats.pzprjs import Codec, Number16, RoomNumbers
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Shade
from ..render.board import region_borders
from ..rules import counts, runs
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_pieces import region_lists
from ..rules.shading import Shading

NAME = "heyawake"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board: ``regions[r][c]`` the cell's room (0, 1,
    ... in reading order of first cells; any names are renumbered so, a room
    must be connected) and the room numbers, each moved to its room's first
    cell in reading order (the canonical place), sorted."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    numbers: tuple[tuple[Cell, int], ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        if len(self.regions) != self.rows or any(len(r) != self.cols for r in self.regions):
            raise ValueError(f"regions must be {self.rows} rows of {self.cols} cells")
        regions = region_grid(self.regions)
        object.__setattr__(self, "regions", regions)
        rooms = region_lists(regions)
        for r, row in enumerate(regions):
            for c, room in enumerate(row):
                if room is None:
                    raise CellError(f"r{r + 1}c{c + 1} lies in no room", (r, c), "regions")
        placed: dict[Cell, int] = {}
        for (r, c), n in self.numbers:
            room = rooms[regions[r][c]]
            if not isinstance(n, int) or not 0 <= n <= len(room):
                raise CellError(f"number {n} at r{r + 1}c{c + 1} is outside 0..{len(room)}:"
                                " its room has no more cells", (r, c))
            if room[0] in placed:
                raise CellError(f"the room of r{r + 1}c{c + 1} has a second number", (r, c))
            placed[room[0]] = n
        object.__setattr__(self, "numbers", tuple(sorted(placed.items())))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def rooms(self) -> list[list[Cell]]:
        """The cells of each room, in reading order."""
        return region_lists(self.regions)

    def room(self, cell: Cell) -> int:
        return self.regions[cell[0]][cell[1]]


# -- the rules ---------------------------------------------------------------------------
class HeyawakeEncoding(Encoding):
    """``self.shading``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        s.no_adjacent()  # no two shaded cells touch
        s.connected(shaded=False, lazy=not options.complete)  # the white cells, one area
        runs.across_rooms(s, inst.room, borders=2)  # no white line through three rooms
        direct = options.clues == "direct"
        for cell, n in inst.numbers:  # a number counts its room's shaded cells
            when = None if direct else self.selectors.setdefault((cell, n), f.var("number", *cell))
            counts.exactly(f, [s.var[c] for c in inst.rooms[inst.room(cell)]], n, when=when)

    def cuts(self, model) -> list[list[int]]:
        return self.shading.cuts(model)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(self.shading.shaded_cells(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> HeyawakeEncoding:
    return HeyawakeEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    board_graph = nx.grid_2d_graph(inst.rows, inst.cols)
    problems += [f"the shaded cells {Grid.name(a)} and {Grid.name(b)} touch"
                 for a, b in sorted(board_graph.subgraph(shaded).edges)]
    white = board_graph.subgraph(set(g.cells) - set(shaded))
    if white.number_of_nodes() and not nx.is_connected(white):
        problems.append("the white cells are not connected")
    for cell, n in inst.numbers:
        got = sum(c in shaded for c in inst.rooms[inst.room(cell)])
        if got != n:
            problems.append(f"the {n} at {Grid.name(cell)} has {got} shaded cells in its room")
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


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number or `.`", numbers=(0, MAX_SIDE * MAX_SIDE),
                 why="a room has no fewer shaded cells")
SHADED = Tokens(expect="`x` (shaded) or `.`", values={"x": True})
#: `size C x R`, a `grid` block of room numbers (anywhere in the room), a
#: `regions` block, an optional `solution`; janko: `ROWS COLS`, the numbers, the rooms.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS, "regions": REGIONS},
    build=lambda rows, cols, grid, regions: Instance(rows, cols, regions, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers)),
                        inst.regions),
    solution=Answer(SHADED, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko((NUMBERS, REGIONS), trailing=True),
)


# -- output ------------------------------------------------------------------------------------
def solution_json(inst: Instance, shaded) -> list[list[int]]:
    """The shaded cells [r, c], 0-based, in row order."""
    return [list(c) for c in sorted(shaded)]


def cells(inst: Instance, shaded) -> dict[str, bool]:
    return {Grid.name(c): c in shaded for c in inst.grid.cells}


def picture(inst: Instance, solution=None) -> Board:
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=[Label(c, str(n)) for c, n in inst.numbers],
                 edges=region_borders(inst.rows, inst.cols, inst.room))


# -- puzz.link: pzprjs `heyawake`, the room borders and a number per room ---------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    regions, numbers = b.value
    firsts = [room[0] for room in region_lists(regions)]
    return Instance(b.rows, b.cols, regions,
                    tuple((firsts[i], n) for i, n in enumerate(numbers) if n is not None))


def _to_puzzlink(inst: Instance) -> PzBoard:
    at = dict(inst.numbers)
    return PzBoard(inst.cols, inst.rows,
                   (inst.regions, tuple(at.get(room[0]) for room in inst.rooms)))


PUZZLINK = Codec(names=("heyawake",), body=RoomNumbers(Number16(question=False, what="room number")),
                 build=_from_puzzlink, split=_to_puzzlink)

GENRE = Genre(
    name=NAME, aliases=("Heyawake",),
    summary="shade cells, never two side by side, the white cells connected; a number counts"
            " its room's shaded cells; no white line runs through three rooms",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0])),
)
