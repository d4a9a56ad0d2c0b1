"""SquarO: blacken circles at the grid's corners; a number counts its cell's
black corners.

Rules (janko.at "SquarO"): a circle sits on every corner point of the grid
((R+1) x (C+1) of them). Blacken some circles so that each number tells
how many of the four circles at its cell's corners are black.

Encoding: a variable per corner point; each number "exactly n of the four
corners", behind its selector in selector mode (pysat cardinality). No lazy
rule (encodings/squareo.md).

A solution is the frozenset of black corner points ``(r, c)``, 0 <= r <= R,
0 <= c <= C. Its text (janko's form) gives each cell the sum of its black
corners: 8 top-left, 4 bottom-left, 2 bottom-right, 1 top-right.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Circle, Label
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ._givens import clue_name, clues, with_clues

NAME = "squareo"
MAX_SIDE = 100
#: A cell's corners as steps from its own (r, c) point, with their bit in the text.
CORNERS = {(0, 0): 8, (1, 0): 4, (1, 1): 2, (0, 1): 1}


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board of cells; ``givens[r][c]`` the cell's
    number 0-4 (None when blank)."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "cell")
        object.__setattr__(self, "givens", tuple(map(tuple, self.givens)))
        for cell, v in given(self.givens):
            if not 0 <= v <= 4:
                raise CellError(f"{v} at {Grid.name(cell)} is outside 0-4: a cell has four"
                                " corners", cell, "grid")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def points(self) -> list[Cell]:
        return [(r, c) for r in range(self.rows + 1) for c in range(self.cols + 1)]


def corners(cell: Cell) -> list[Cell]:
    return [(cell[0] + dr, cell[1] + dc) for dr, dc in CORNERS]


# -- the rules ---------------------------------------------------------------------------
class SquareOEncoding(Encoding):
    """``self.black``: a variable per corner point."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.black = {p: f.var("black", *p) for p in inst.points}
        for r, c, n in clues(inst):  # a number counts its cell's black corners
            when = self.when((r, c, n), "clue", r, c)
            counts.exactly(f, [self.black[p] for p in corners((r, c))], n, when=when)
        f.declare_answer(list(self.black.values()))

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(p for p, x in self.black.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> SquareOEncoding:
    return SquareOEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, black) -> list[str]:
    """Broken rules of a set of black corner points (empty when solved)."""
    inside = set(inst.points)
    problems = [f"the point {p} is not a corner of the board" for p in sorted(black)
                if p not in inside]
    for cell, n in given(inst.givens):
        k = sum(p in black for p in corners(cell))
        if k != n:
            problems.append(f"{Grid.name(cell)} has {k} black corners, its number is {n}")
    return problems


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number 0-4 or `.`", numbers=(0, 4),
                 why="a cell has four corners")
#: A solution cell: the sum of its black corners' bits (0-15).
SUMS = Tokens(what="a corner sum", expect="a number 0-15 (8 top-left, 4 bottom-left,"
              " 2 bottom-right, 1 top-right)", empty=(), numbers=(0, 15), why="four bits")


def _read(grid) -> frozenset[Cell]:
    return frozenset((r + dr, c + dc) for r, row in enumerate(grid) for c, v in enumerate(row)
                     for (dr, dc), bit in CORNERS.items() if v & bit)


def _write(inst: Instance, black) -> tuple:
    return tuple(tuple(sum(bit for (dr, dc), bit in CORNERS.items() if (r + dr, c + dc) in black)
                       for c in range(inst.cols)) for r in range(inst.rows))


#: `size C x R`, a `grid` of numbers, an optional `solution` of corner sums;
#: janko: `ROWS COLS`, the numbers (`-` blank).
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, grid),
    split=lambda inst: (inst.rows, inst.cols, inst.givens),
    solution=Answer(SUMS, read=_read, write=_write),
    janko=Janko(NUMBERS),
)


# -- output ------------------------------------------------------------------------------------
def solution_json(inst: Instance, black) -> list[list[int]]:
    """The black corner points [r, c], 0-based, in row order."""
    return [list(p) for p in sorted(black)]


def cells(inst: Instance, black) -> dict[str, bool]:
    """Corner point name (`p1.1`, 0-based) -> black."""
    return {f"p{r}.{c}": (r, c) in black for r, c in inst.points}


def picture(inst: Instance, solution=None) -> Board:
    """On a board of half steps (as Gokigen's): corner point (r, c) at
    (2r, 2c), a white circle (black when solved black); cell (r, c) at
    (2r + 1, 2c + 1), its number."""
    black = solution or frozenset()
    return Board(2 * inst.rows + 1, 2 * inst.cols + 1, grid="none",
                 circles=[Circle((2 * r, 2 * c), "black" if (r, c) in black else "white")
                          for r, c in inst.points],
                 labels=[Label((2 * r + 1, 2 * c + 1), str(n), given=True)
                         for (r, c), n in given(inst.givens)])


def design_clues_of(inst: Instance, black) -> list[tuple[int, int, int]]:
    """Every number the board could show that ``black`` obeys: each cell's count."""
    return [(r, c, sum(p in black for p in corners((r, c)))) for r, c in inst.grid.cells]


GENRE = Genre(
    name=NAME, aliases=("SquareO", "squaro"),
    summary="blacken corner circles; each number counts its cell's black corners",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=design_clues_of, with_clues=with_clues, clue_name=clue_name),
)
