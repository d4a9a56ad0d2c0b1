"""Putteria: one number in each region, the region's size.

Rules (janko.at "Putteria"; puz.link "putteria"): write a number into one
cell of every region: the number of cells of that region. Two numbers
never sit in orthogonally adjacent cells, and a row or a column never holds
the same number twice. A crossed cell (`x`) holds no number; a given number
stays.

Encoding (encodings/putteria.md): a variable per cell, "a number here";
exactly one per region; a binary clause per pair of adjacent cells; per
row (column) and size, at most one numbered cell among the cells of
regions of that size; crosses and given numbers as units, behind their
selectors in selector mode. No lazy rule.

A solution is the frozenset of numbered cells (each number is its region's size).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from ..contract import Encoding, Options
from ..formats.cellgrid import REGIONS, Answer, CellError, Janko, Layout, Tokens, given, region_grid
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_numbers import QUESTION, Number16
from ..formats.pzprjs_parts import Cells, Regions, Seq
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Mark
from ..render.board import region_borders
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_pieces import region_lists
from ._givens import clue_name, clues, with_clues

NAME = "putteria"
MAX_SIDE = 100
CROSS = "x"


@dataclass(frozen=True)
class Instance:
    """``regions[r][c]`` the cell's region (numbered in reading order, each
    connected); ``givens[r][c]`` a given number (its region's size), ``x``
    (a crossed cell) or None."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    givens: tuple[tuple[int | str | None, ...], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "cell")
        object.__setattr__(self, "regions", region_grid(self.regions))
        object.__setattr__(self, "givens", tuple(map(tuple, self.givens)))
        for cell in self.grid.cells:
            if self.regions[cell[0]][cell[1]] is None:
                raise CellError(f"{Grid.name(cell)} lies in no region: a Putteria board has no"
                                " black cells", cell, "regions")
        for cell, v in given(self.givens):
            if v != CROSS and v != self.size(cell):
                raise CellError(f"the number {v} at {Grid.name(cell)} is not its region's size,"
                                f" {self.size(cell)}", cell, "grid")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def region_cells(self) -> list[list[Cell]]:
        return region_lists(self.regions)

    def size(self, cell: Cell) -> int:
        return len(self.region_cells[self.regions[cell[0]][cell[1]]])

    def lines(self) -> list[list[Cell]]:
        return self.grid.rows_of_cells() + self.grid.cols_of_cells()


# -- the rules ---------------------------------------------------------------------------
class PutteriaEncoding(Encoding):
    """``self.number[cell]``: the cell holds its region's size."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        x = self.number = {c: f.var("number", *c) for c in inst.grid.cells}
        for region in inst.region_cells:  # one number in each region
            counts.exactly(f, [x[c] for c in region], 1)
        for a in inst.grid.cells:  # numbers never side by side
            f.extend([-x[a], -x[b]] for b in inst.grid.neighbours(a) if a < b)
        for line in inst.lines():  # a number at most once in a row or column
            same: dict[int, list[int]] = defaultdict(list)
            for c in line:
                same[inst.size(c)].append(x[c])
            for lits in same.values():
                counts.at_most(f, lits, 1)
        for r, c, v in clues(inst):  # a cross stays empty, a given number stays
            when = self.when((r, c, v), "given", r, c)
            with counts.guarded(f, when):
                f.add([-x[(r, c)] if v == CROSS else x[(r, c)]])
        f.declare_answer(list(x.values()))

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, v in self.number.items() if model.value(v))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> PutteriaEncoding:
    return PutteriaEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, numbered) -> list[str]:
    """Broken rules of a set of numbered cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(numbered) if not g.inside(c)]
    numbered = {c for c in numbered if g.inside(c)}
    for region in inst.region_cells:
        n = sum(c in numbered for c in region)
        if n != 1:
            problems.append(f"the region at {Grid.name(region[0])} holds {n} numbers, not 1")
    problems += [f"the numbers at {Grid.name(a)} and {Grid.name(b)} are side by side"
                 for a in sorted(numbered) for b in g.neighbours(a) if a < b and b in numbered]
    for line in inst.lines():
        sizes = sorted(inst.size(c) for c in line if c in numbered)
        problems += [f"the line through {Grid.name(line[0])} holds {k} twice"
                     for k in sorted(set(sizes)) if sizes.count(k) > 1]
    for cell, v in given(inst.givens):
        if (v == CROSS) == (cell in numbered):
            problems.append(f"{Grid.name(cell)} is given {v} but "
                            + ("holds a number" if v == CROSS else "holds none"))
    return problems


# -- design: crosses and given numbers can go --------------------------------------------------
def clues_of(inst: Instance, numbered) -> list[tuple]:
    """Every clue the board could show that ``numbered`` obeys: a number on
    each numbered cell, a cross on every other."""
    return [(r, c, inst.size((r, c)) if (r, c) in numbered else CROSS) for r, c in inst.grid.cells]


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
GIVEN = Tokens(what="a number or a cross", expect="a number, `x` (a crossed cell) or `.`",
               values={CROSS: CROSS}, numbers=(1, MAX_SIDE * MAX_SIDE), why="no region is larger")
#: A solution cell: a number (its region's size) or `.`.
NUMBER = Tokens(what="a number", expect="a number or `.`", numbers=(1, MAX_SIDE * MAX_SIDE),
                aliases={CROSS: None})


def _write(inst: Instance, numbered):
    return tuple(tuple(inst.size((r, c)) if (r, c) in numbered else None
                       for c in range(inst.cols)) for r in range(inst.rows))


#: `size C x R`, a `grid` of givens, a `regions` block; janko: `ROWS COLS`,
#: the givens (`-` blank, `x` crossed), the regions.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": GIVEN, "regions": REGIONS},
    build=lambda rows, cols, grid, regions: Instance(rows, cols, regions, grid),
    split=lambda inst: (inst.rows, inst.cols, inst.givens, inst.regions),
    solution=Answer(NUMBER, read=lambda grid: frozenset(c for c, _ in given(grid)), write=_write),
    janko=Janko((GIVEN, REGIONS), solution=NUMBER),
)


# -- output ------------------------------------------------------------------------------------
def solution_json(inst: Instance, numbered) -> list[list[int]]:
    """The numbered cells [r, c, number], 0-based, in row order."""
    return [[r, c, inst.size((r, c))] for r, c in sorted(numbered)]


def cells(inst: Instance, numbered) -> dict[str, int | None]:
    return {Grid.name(c): inst.size(c) if c in numbered else None for c in inst.grid.cells}


def picture(inst: Instance, solution=None) -> Board:
    """The region borders, crosses, given numbers, and the solved numbers."""
    shown = dict(given(inst.givens))
    labels = [Label(c, str(v), given=True) for c, v in shown.items() if v != CROSS]
    labels += [Label(c, str(inst.size(c))) for c in sorted(solution or ()) if c not in shown]
    return Board(inst.rows, inst.cols, labels=labels,
                 marks=[Mark(c, "cross") for c, v in shown.items() if v == CROSS],
                 edges=region_borders(inst.rows, inst.cols, lambda c: inst.regions[c[0]][c[1]]))


# -- puzz.link ---------------------------------------------------------------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    regions, numbers = b.value
    givens = tuple(tuple(CROSS if v == QUESTION else v for v in row) for row in numbers)
    try:
        return Instance(b.rows, b.cols, regions, givens)
    except CellError as exc:
        raise b.where(exc.message, *exc.cell) from None


def _to_puzzlink(inst: Instance) -> PzBoard:
    return PzBoard(inst.rows, inst.cols, (inst.regions, tuple(
        tuple(QUESTION if v == CROSS else v for v in row) for row in inst.givens)))


#: pzprjs `putteria` (hanare.js): the region borders, then a number16 per
#: cell (`.`: a crossed cell, qnum -2).
PUZZLINK = Codec(names=("putteria",), body=Seq(Regions(), Cells(Number16(low=1))),
                 build=_from_puzzlink, split=_to_puzzlink)


GENRE = Genre(
    name=NAME, aliases=("Putteria",),
    summary="one number in each region, its size; numbers never side by side; no number twice"
            " in a row or column",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
