"""Different Neighbors (Verschiedene Nachbarn): number the regions 1..4 so
that touching regions differ.

Rules (janko.at "Different Neighbors"): write one of the numbers 1 to 4
into every region (janko shows it once per region). Two regions that
touch, orthogonally or diagonally (at a corner), hold different numbers.
A given number is its region's number.

Encoding (encodings/diffneighbors.md): a :class:`satlink.rules.numbers.
Numbers` value 1..4 per region, a binary clause per number for each pair
of touching regions, each given fixing its region's value (direct mode:
its domain narrowed to that value; selector mode: a unit behind its
selector). Everything is local: no lazy form.

A solution is the grid of every cell's region number, row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..contract import Encoding, Options
from ..formats.cellgrid import (Answer, CellError, Janko, Layout, Tokens, given, region_grid)
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Label
from ..render.board import region_borders
from ..rules import rooms
from ..rules.grid import Grid, check_board
from ..rules.numbers import Numbers
from ._digit_rooms import REGIONS
from ._givens import clue_name, clues, with_clues

NAME = "diffneighbors"
MAX_SIDE = 100
COLOURS = (1, 2, 3, 4)


@dataclass(frozen=True)
class Instance:
    """``givens[r][c]`` (1..4 or None) and ``regions[r][c]`` (0, 1, ...)."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...]
    regions: tuple[tuple[int, ...], ...]

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def room_cells(self) -> list[list[tuple[int, int]]]:
        return rooms.rooms_of(self.regions)

    def touching(self) -> set[tuple[int, int]]:
        """The pairs (i, j), i < j, of regions with cells that touch, corners included."""
        reg, rows, cols = self.regions, self.rows, self.cols
        out = set()
        for r in range(rows):
            for c in range(cols):
                i = reg[r][c]
                for rb, cb in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
                    if rb < rows and 0 <= cb < cols and (j := reg[rb][cb]) != i:
                        out.add((i, j) if i < j else (j, i))
        return out


def make(rows: int, cols: int, givens, regions) -> Instance:
    check_board(rows, cols, MAX_SIDE, (), "cell")
    return Instance(rows, cols, tuple(map(tuple, givens)), region_grid(regions))


class DiffNeighborsEncoding(Encoding):
    """``self.numbers``: a number 1..4 per region."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        domains: dict[int, list[int]] = {}  # direct: a given region holds its number only
        for r, c, v in (clues(inst) if direct else ()):
            i = inst.regions[r][c]
            domains[i] = [u for u in domains.get(i, COLOURS) if u == v]
        self.numbers = d = Numbers(f, range(len(inst.room_cells)), COLOURS, domains, tag="region")
        f.declare_answer(d.answer(), one_hot=True)
        var = d.var
        for i, j in sorted(inst.touching()):  # touching regions differ
            vj = var[j]
            f.extend([-x, -vj[v]] for v, x in var[i].items() if v in vj)
        for r, c, v in (() if direct else clues(inst)):
            d.given(inst.regions[r][c], v, self.when((r, c, v), "given", r, c))

    def decode(self, model):
        inst = self.instance
        return tuple(tuple(self.numbers.value(model, inst.regions[r][c]) for c in range(inst.cols))
                     for r in range(inst.rows))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> DiffNeighborsEncoding:
    return DiffNeighborsEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a grid of region numbers (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.cols} x {inst.rows}"]
    at = {c: sol[c[0]][c[1]] for c in inst.grid.cells}
    problems = [f"{Grid.name(c)} holds {v!r}, not 1..4" for c, v in at.items() if v not in COLOURS]
    problems += [f"{Grid.name(c)} is {at[c]}, the given is {v}"
                 for c, v in given(inst.givens) if at[c] != v]
    for room in inst.room_cells:
        if len({at[c] for c in room}) > 1:
            problems.append(f"the region at {Grid.name(room[0])} holds {sorted({at[c] for c in room}, key=str)}")
    problems += [f"{Grid.name(a)} and {Grid.name(b)} touch across a region border and both hold {at[a]}"
                 for a in at for b in ((a[0], a[1] + 1), (a[0] + 1, a[1] - 1), (a[0] + 1, a[1]),
                                       (a[0] + 1, a[1] + 1))
                 if b in at and not _same(inst, a, b) and at[a] == at[b]]
    return problems


def _same(inst: Instance, a, b) -> bool:
    return inst.regions[a[0]][a[1]] == inst.regions[b[0]][b[1]]


# -- text: `.pzl` (every cell's number in the solution) and janko grid text ------------------------
NUMBER = Tokens(what="a number", expect="1-4 or `.`", numbers=(1, 4), why="four numbers are used")
FILLED = Tokens(what="a number", expect="1-4", empty=(), numbers=(1, 4), why=NUMBER.why)


def _published(values, inst: Instance):
    """janko's solution: the number in one cell (or more) of each region."""
    number: dict[int, int] = {}
    for (r, c), v in given(values):
        if number.setdefault(inst.regions[r][c], v) != v:
            raise CellError(f"{Grid.name((r, c))} holds {v}, its region holds"
                            f" {number[inst.regions[r][c]]}", (r, c))
    for room in inst.room_cells:
        if inst.regions[room[0][0]][room[0][1]] not in number:
            raise CellError(f"the region at {Grid.name(room[0])} has no number", room[0])
    return tuple(tuple(number[inst.regions[r][c]] for c in range(inst.cols))
                 for r in range(inst.rows))


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBER, "regions": REGIONS}, build=make,
    split=lambda inst: (inst.rows, inst.cols, inst.givens,
                        tuple(tuple(str(v) for v in row) for row in inst.regions)),
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko((NUMBER, REGIONS), solution=NUMBER, read=_published))


def picture(inst: Instance, solution=None) -> Board:
    """The regions' borders, the givens, and each region's number in its cells."""
    labels = []
    for r, c in inst.grid.cells:
        g = inst.givens[r][c]
        v = g if g is not None else (solution[r][c] if solution is not None else None)
        if v is not None:
            labels.append(Label((r, c), str(v), given=g is not None))
    return Board(inst.rows, inst.cols, labels=labels,
                 edges=region_borders(inst.rows, inst.cols,
                                      lambda cell: inst.regions[cell[0]][cell[1]]))


def clues_of(inst: Instance, sol) -> list[tuple[int, int, int]]:
    """Every given the board could show: one per region, at its first cell."""
    return [(r, c, sol[r][c]) for r, c in (room[0] for room in inst.room_cells)]


GENRE = Genre(
    name=NAME, aliases=("DiffNeighbors", "different-neighbors", "verschiedene-nachbarn"),
    summary="give every region a number 1-4; regions that touch, even at a corner, differ",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
