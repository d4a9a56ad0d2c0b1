"""Akari (Light Up, Bijutsukan): lamps light their row and column.

Rules (janko.at): place lamps in white cells. A lamp lights its row and
column up to a black cell or the edge of the board. Every white cell is
lit; no lamp lights another. A number on a black cell says how many lamps
touch it orthogonally.

Encoding (encodings/akari.md): a lamp variable per white cell; the black
cells are the walls of a :class:`satlink.rules.sight.Sight`; at most one
lamp per segment and every white cell seen by a lamp (or holding one)
(:meth:`~satlink.rules.sight.Sight.at_most_one`,
:meth:`~satlink.rules.sight.Sight.cover`), and each number a count of
the lamps around it, behind its selector in selector mode. All clauses: no
lazy rule.

A solution is the frozenset of lamp cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import Board as PzBoard, Codec
from ..formats.pzprjs_cells import Dict
from ..formats.pzprjs_numbers import QUESTION, FourCell
from ..formats.pzprjs_parts import Cells
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CellSetAnswer
from ..render import Board, Circle, Label, Shade
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.sight import Sight

NAME = "akari"
MAX_SIDE = 200
#: A black cell without a number (its value in :attr:`Instance.walls`).
BLACK = "x"
LAMP = "o"


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its black cells, each with a number
    0-4 or :data:`BLACK` (none), sorted by cell."""

    rows: int
    cols: int
    walls: tuple[tuple[Cell, int | str], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.walls), "black cell")
        for cell, n in self.walls:
            if n != BLACK and not (isinstance(n, int) and 0 <= n <= 4):
                raise CellError(f"{n!r} at {Grid.name(cell)} is not a number 0-4: a black"
                                " cell has four neighbours", cell)
        object.__setattr__(self, "walls", tuple(sorted(self.walls)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def white(self) -> list[Cell]:
        black = dict(self.walls)
        return [c for c in self.grid.cells if c not in black]

    @property
    def numbers(self) -> list[tuple[Cell, int]]:
        return [(c, n) for c, n in self.walls if n != BLACK]


# -- the rules ---------------------------------------------------------------------------
class AkariEncoding(Encoding):
    """``self.lamp``: a variable per white cell; the sight lines over the
    black cells (``self.sight``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.sight = Sight(f, inst.grid, walls=[c for c, _ in inst.walls])
        self.lamp = {c: f.var("lamp", *c) for c in self.sight.cells}
        f.declare_answer(self.lamp.values())
        self.sight.at_most_one(self.lamp)  # no lamp lights another
        self.sight.cover(self.lamp)  # every white cell is lit
        for cell, n in inst.numbers:  # lamps around a number
            when = self.when((cell, n), "number", *cell)
            near = [self.lamp[x] for x in inst.grid.neighbours(cell) if x in self.lamp]
            counts.exactly(f, near, n, when=when)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, x in self.lamp.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> AkariEncoding:
    return AkariEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    """The numbers (a black cell stays black without its number)."""
    return inst.numbers


# -- checking, from the rules ------------------------------------------------------------
def lit_from(inst: Instance, lamp: Cell, black) -> list[Cell]:
    """The white cells a lamp lights, itself excluded: along its row and
    column up to a black cell (``black``) or the edge."""
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = lamp[0] + dr, lamp[1] + dc
        while 0 <= r < inst.rows and 0 <= c < inst.cols and (r, c) not in black:
            out.append((r, c))
            r, c = r + dr, c + dc
    return out


def verify(inst: Instance, lamps) -> list[str]:
    """Broken rules of a set of lamp cells (empty when solved)."""
    g, black = inst.grid, dict(inst.walls)
    problems = [f"a lamp at {Grid.name(c)} is not on a white cell of the board"
                for c in sorted(lamps) if c in black or not g.inside(c)]
    if problems:
        return problems
    lit = set(lamps)
    for lamp in sorted(lamps):
        seen = lit_from(inst, lamp, black)
        lit.update(seen)
        problems += [f"the lamps at {Grid.name(lamp)} and {Grid.name(o)} light each other"
                     for o in seen if o in lamps and lamp < o]
    problems += [f"{Grid.name(c)} is not lit" for c in g.cells if c not in black and c not in lit]
    for cell, n in inst.numbers:
        near = sum(x in lamps for x in g.neighbours(cell))
        if near != n:
            problems.append(f"the {n} at {Grid.name(cell)} touches {near} lamps")
    return problems


# -- design: a number can go (its cell stays black) ------------------------------------------
def clues_of(inst: Instance, lamps) -> list[tuple[Cell, int]]:
    """Every black cell with the number of lamps touching it."""
    return [(c, sum(x in lamps for x in inst.grid.neighbours(c))) for c, _ in inst.walls]


def with_clues(inst: Instance, numbers) -> Instance:
    """``inst``'s black cells, numbered as ``numbers`` says, the others plain."""
    given_ = dict(numbers)
    return Instance(inst.rows, inst.cols, tuple((c, given_.get(c, BLACK)) for c, _ in inst.walls))


def layout(width: int, height: int, rng: random.Random, params: dict) -> Instance:
    """Black cells at random (one cell in five, symmetric under a half
    turn as janko's boards are), none numbered: ``generate`` numbers them
    from a random solution."""
    black = set()
    for r, c in Grid(height, width).cells:
        if (r, c) <= (height - 1 - r, width - 1 - c) and rng.random() < 0.2:
            black |= {(r, c), (height - 1 - r, width - 1 - c)}
    return Instance(height, width, tuple((c, BLACK) for c in black))


# -- text: `.pzl` and janko grid text ---------------------------------------------------------
#: A cell of the `grid` block: `x` black, `0`-`4` a numbered black cell,
#: `.` white (janko: `-`).
CELLS = Tokens(what="a cell", expect="`x` (black), a number 0-4 (numbered black) or `.` (white)",
               values={"x": BLACK}, numbers=(0, 4), why="a black cell has four neighbours")
#: The `solution` block: `o` a lamp; black cells written as in the grid.
LAMPS = Tokens(expect="`o` (a lamp), `.` (white), `x` or a number (black)",
               values={LAMP: LAMP, "x": BLACK}, numbers=(0, 4))


def _solution_grid(inst: Instance, lamps):
    return board(inst.rows, inst.cols, {**dict(inst.walls), **dict.fromkeys(lamps, LAMP)})


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CELLS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.walls))),
    solution=Answer(LAMPS, read=lambda grid: frozenset(c for c, v in given(grid) if v == LAMP),
                    write=_solution_grid),
    janko=Janko(CELLS),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Black cells (their numbers in white), lamps as black circles."""
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c, _ in inst.walls],
                 labels=[Label(c, str(n)) for c, n in inst.numbers],
                 circles=[Circle(c, "black") for c in sorted(solution or ())])


# -- puzz.link: pzprjs `lightup` (URL name `akari`), 4Cell: `.` a black cell without number --
PUZZLINK = Codec(
    names=("akari", "lightup", "bijutsukan"), body=Cells(Dict(FourCell(), {QUESTION: BLACK})),
    build=lambda b: Instance(b.rows, b.cols, tuple(given(b.value))),
    split=lambda inst: PzBoard(inst.cols, inst.rows,
                               board(inst.rows, inst.cols, dict(inst.walls))))

GENRE = Genre(
    name=NAME, aliases=("Akari", "lightup", "light-up", "bijutsukan"),
    summary="place lamps: each lights its row and column up to a black cell; every white cell"
            " lit, no lamp lights another, numbers count the lamps beside them",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CellSetAnswer(over=lambda inst: inst.white), picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  layout=layout),
)
