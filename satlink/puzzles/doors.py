"""Doors (janko.at "Türen"): close some doors so that every room stays
reachable and each number counts the rooms it sees.

Rules (janko.at "Türen"; the dev slice's published solutions settle the
reading): every cell is a room, and between two adjacent rooms is a door,
open or closed. Close some doors so that every room can be reached from
every other through open doors, and a number in a room says how many
other rooms are seen from it along its row and its column: looking one
way, the view goes on through open doors and stops at the first closed
one (or the edge). The room itself is not counted.

Encoding (encodings/doors.md): a variable per door (open);
:func:`satlink.rules.edge_sight.count_seen` per number, behind its
selector (clues given directly first narrow the board,
:func:`satlink.rules.sight_narrowing.narrow_doors`: the doors they fix
are units, each run starts and stops at its bounds, a number they settle
gets no count); all rooms connected through open doors
(:func:`satlink.rules.graph_cuts.connected_cuts` lazily, or
:func:`satlink.rules.graph_encodings.encode_connected` in complete mode).

A solution is the set of closed doors (walls), each a pair of adjacent
cells ``(a, b)`` with ``a < b``. Its text, as janko publishes it, is a
number per cell adding the cell's closed sides, the board's outline
included: 1 left, 2 bottom, 4 right, 8 top.
"""
from __future__ import annotations

from dataclasses import dataclass


from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Edge, Label
from ..rules import graph_cuts, graph_encodings
from ..rules.edge_sight import count_seen, seen
from ..rules.sight_narrowing import narrow_doors
from ..rules.grid import Cell, Grid, check_board

NAME = "doors"
MAX_SIDE = 100
#: The bit of each closed side in the published solution's numbers.
LEFT, BOTTOM, RIGHT, TOP = 1, 2, 4, 8


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbers (cell -> count), sorted."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))
        most = self.rows + self.cols - 2
        for cell, k in self.numbers:
            if k > most:
                raise CellError(f"{k} at {Grid.name(cell)}: a room sees at most {most}"
                                " others on this board", cell, "grid")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class DoorsEncoding(Encoding):
    """A door variable per pair of adjacent rooms; counts behind selectors;
    connectivity lazy or complete."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        grid = inst.grid
        edges = grid.cell_edges()  # the order of narrow_doors' door numbers
        ids = f.vars([("open", r, c, r2, c2) for (r, c), (r2, c2) in edges])
        self.door = door = dict(zip(edges, ids))
        if options.clues != "direct":
            for cell, k in inst.numbers:
                count_seen(f, grid, door, cell, k, when=self.when((cell, k), "number", *cell))
        else:
            # the numbers fix doors and bound the runs before encoding
            known = narrow_doors(inst.rows, inst.cols, inst.numbers)
            if known is None:
                f.add([])  # the numbers contradict each other
            else:
                f.clauses += [[ids[x]] for x in known.open_items]
                f.clauses += [[-ids[x]] for x in known.closed_items]
                for cell, k, bounds in known.unsettled:  # a settled number needs no count
                    count_seen(f, grid, door, cell, k, bounds=bounds, opened=known.open,
                               closed=known.closed)
        self.rooms = grid.cells
        if options.complete:
            graph_encodings.encode_connected(f, self.door, required=self.rooms)
        self.ix = graph_cuts.index(self.door, required=self.rooms)
        f.declare_answer(ids)

    def cuts(self, model) -> list[list[int]]:
        if self.options.complete:
            return []
        return graph_cuts.connected_cuts(self.door, model, required=self.rooms, ix=self.ix)

    def decode(self, model) -> frozenset:
        return frozenset(e for e, x in self.door.items() if not model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> DoorsEncoding:
    return DoorsEncoding(inst, f, options)


def clues(inst: Instance) -> list:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def open_doors(inst: Instance, walls) -> list:
    return [e for e in inst.grid.cell_edges() if e not in walls]


def verify(inst: Instance, walls) -> list[str]:
    grid = inst.grid  # (a new Grid on each access: read once)
    problems = [f"{Grid.pair_name(*e)} is not a door between two rooms of the board"
                for e in sorted(walls) if not grid.is_cell_edge(e)]
    edges = grid.cell_edges()
    opened = {e for e in edges if e not in walls}
    # the rooms joined by open doors: Grid.region_labels over the closed ones
    # (regions numbered in the order of their first cells, so regions 0 and
    # 1 start at the two smallest cells of different parts; networkx's graph
    # per answer was a third of a small board's solve)
    label, parts = grid.region_labels([e for e in edges if e not in opened])
    if parts > 1:
        second = grid.cells[label.index(1)]
        problems.append(f"the rooms fall into {parts} parts (one holds"
                        f" {Grid.name(grid.cells[0])}, another {Grid.name(second)})")
    for cell, k in inst.numbers:
        n = seen(grid, opened, cell)
        if n != k:
            problems.append(f"the {k} at {Grid.name(cell)} sees {n} rooms")
    return problems


# -- design: a number can go and the doors stay a solution ------------------------------------
def clues_of(inst: Instance, walls) -> list:
    opened = open_doors(inst, walls)
    return [(c, seen(inst.grid, opened, c)) for c in inst.grid.cells]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ())


# -- text: `.pzl` and janko grid text ---------------------------------------------------------
def masks(inst: Instance, walls) -> tuple:
    """Each cell's closed sides as janko writes them (the outline included)."""
    def mask(r, c):
        return ((LEFT if c == 0 or ((r, c - 1), (r, c)) in walls else 0)
                | (RIGHT if c == inst.cols - 1 or ((r, c), (r, c + 1)) in walls else 0)
                | (TOP if r == 0 or ((r - 1, c), (r, c)) in walls else 0)
                | (BOTTOM if r == inst.rows - 1 or ((r, c), (r + 1, c)) in walls else 0))
    return tuple(tuple(mask(r, c) for c in range(inst.cols)) for r in range(inst.rows))


def walls_of(grid) -> frozenset:
    """The closed doors of a grid of side numbers; a side that one cell
    closes and its neighbour leaves open, or an open outline, is an error
    at the cell."""
    rows, cols = len(grid), len(grid[0])
    walls = set()
    for r in range(rows):
        for c in range(cols):
            m = grid[r][c]
            for bit, other, back, outside in ((RIGHT, (r, c + 1), LEFT, c == cols - 1),
                                              (BOTTOM, (r + 1, c), TOP, r == rows - 1),
                                              (LEFT, None, 0, c == 0), (TOP, None, 0, r == 0)):
                if outside and not m & bit:
                    raise CellError(f"{m} at {Grid.name((r, c))} opens the board's outline",
                                    (r, c), "solution")
                if other is None or outside:
                    continue
                if bool(m & bit) != bool(grid[other[0]][other[1]] & back):
                    raise CellError(f"{m} at {Grid.name((r, c))} and"
                                    f" {grid[other[0]][other[1]]} at {Grid.name(other)}"
                                    " disagree on the door between them", (r, c), "solution")
                if m & bit:
                    walls.add(((r, c), other))
    return frozenset(walls)


NUMBERS = Tokens(what="a number", expect="a number or `.`", numbers=(0, 2 * MAX_SIDE - 2),
                 why="a room sees along one row and one column")
SIDES = Tokens(what="closed sides", expect="0-15 (1 left, 2 bottom, 4 right, 8 top)",
               empty=(), numbers=(0, 15))
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=Answer(SIDES, read=walls_of, write=masks),
    janko=Janko(NUMBERS),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, walls) -> list[list[int]]:
    """Each cell's closed sides as janko writes them: 1 left, 2 bottom, 4 right, 8 top."""
    return [list(row) for row in masks(inst, walls)]


def cells(inst: Instance, walls) -> dict[str, bool]:
    """Door name (`r1c1-r1c2`) -> closed."""
    return {Grid.pair_name(*e): e in walls for e in inst.grid.cell_edges()}


def picture(inst: Instance, walls=None) -> Board:
    edges = [Edge((b[0], b[1]), (a[0] + 1, a[1] + 1), "border") for a, b in sorted(walls or ())]
    return Board(inst.rows, inst.cols, edges=edges,
                 labels=[Label(c, str(k)) for c, k in inst.numbers])


GENRE = Genre(
    name=NAME, aliases=("Doors", "tueren", "türen"),
    summary="close doors between rooms: all rooms stay connected; a number counts the"
            " rooms seen along its row and column through open doors",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
