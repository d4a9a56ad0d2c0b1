"""Bosanowa: a number in every cell of the board; each is the sum of its
differences to its neighbours.

Rules (janko.at "Bosanowa", puz.link "bosanowa", whose check
``checkSubsNumber`` is this): the board is some of the cells of a grid.
Write a positive whole number into every board cell so that each number
equals the sum of the absolute differences between it and the numbers of
its orthogonal neighbours on the board. Some numbers are given.

No rule bounds the numbers: satlink searches 1..:data:`MAX_VALUE`, and its
verdicts are about fillings within that limit (encodings/bosanowa.md says
why; a given above it is an input error).

Encoding (encodings/bosanowa.md, :mod:`satlink.rules.difference_sums`):
bounds that every solution obeys, carried from the givens and narrowed by
bounds reasoning (direct clues only), then each number in binary within
its bounds and each the sum of its differences. All clauses: no lazy rule.

A solution is the grid of numbers, None off the board, a tuple of row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, given
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_cells import Packed
from ..formats.pzprjs_numbers import Number16
from ..formats.pzprjs_parts import Cells, Seq
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import GridAnswer
from ..render import Board, Label, Shade
from ..rules import bits, difference_sums
from ..rules.grid import Cell, Grid, check_board
from ._givens import clue_name, clues, decoded, with_clues

NAME = "bosanowa"
MAX_SIDE = 40
#: The largest number searched (8 bits): above every published answer (24),
#: and the largest given a puz.link URL writes in two hex digits.
MAX_VALUE = 255
WIDTH = MAX_VALUE.bit_length()
HOLE = "hole"


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` grid: ``givens[r][c]`` is :data:`HOLE` off the
    board, a given number 1..MAX_VALUE, or None (a board cell to fill)."""

    rows: int
    cols: int
    givens: tuple[tuple, ...]
    #: the largest number searched, 2**k - 1 (the readers keep MAX_VALUE; tests go lower)
    limit: int = MAX_VALUE

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "cell")
        if self.limit not in {(1 << k) - 1 for k in range(1, WIDTH + 1)}:
            raise ValueError(f"limit {self.limit} is not 2**k - 1 in 1..{MAX_VALUE}")
        for cell, v in given(self.givens):
            if v != HOLE and not (isinstance(v, int) and 1 <= v <= self.limit):
                raise CellError(f"number {v} at {Grid.name(cell)} is outside 1..{self.limit}"
                                " (satlink's limit for Bosanowa)", cell)

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def board(self) -> list[Cell]:
        return [c for c in self.grid.cells if self.givens[c[0]][c[1]] != HOLE]

    def neighbours(self) -> list[tuple[Cell, Cell]]:
        """Each pair of orthogonally adjacent board cells once."""
        board = self.board
        on = set(board)
        return [(a, b) for a in board for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])) if b in on]


def number_clues(inst: Instance) -> list[tuple[int, int, int]]:
    return [(r, c, v) for r, c, v in clues(inst) if v != HOLE]


# -- the rules ---------------------------------------------------------------------------
class BosanowaEncoding(Encoding):
    """``self.value``: the bits of each board cell's number."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"  # else no given may narrow a number
        givens = {(r, c): v for r, c, v in number_clues(inst)} if direct else {}
        board, pairs = inst.board, inst.neighbours()
        bound = difference_sums.bounds(board, pairs, givens, inst.limit)
        if direct:
            bound = difference_sums.narrow(pairs, bound, options.setting("narrow", 30_000))
        self.value = difference_sums.encode(f, pairs, bound)
        true = bits.true(f)  # a number the bounds fix is constant: no answer variable
        f.declare_answer([x for v in self.value.values() for x in v if x not in (true, -true)])
        for r, c, v in [] if direct else number_clues(inst):
            value = self.value[(r, c)]
            when = self.when((r, c, v), "given", r, c)
            bits.equal(f, value, bits.constant(f, v, len(value)), when=[when])

    def decode(self, model):
        got = {c: sum(1 << i for i, x in enumerate(v) if model.value(x))
               for c, v in self.value.items()}
        return decoded(self.instance, got.get)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> BosanowaEncoding:
    return BosanowaEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.cols} x {inst.rows}"]
    board = inst.board
    on = set(board)
    problems = [f"{Grid.name(c)} is off the board but holds {sol[c[0]][c[1]]}"
                for c in inst.grid.cells if c not in on and sol[c[0]][c[1]] is not None]
    problems += [f"{Grid.name(c)} holds {sol[c[0]][c[1]]!r}, not a positive number"
                 for c in board if not (isinstance(sol[c[0]][c[1]], int)
                                        and sol[c[0]][c[1]] >= 1)]
    if problems:
        return problems
    problems += [f"{Grid.name((r, c))} is {sol[r][c]}, the given is {v}"
                 for r, c, v in number_clues(inst) if sol[r][c] != v]
    for r, c in board:
        near = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
        total = sum(abs(sol[r][c] - sol[x][y]) for x, y in near if (x, y) in on)
        if total != sol[r][c]:
            problems.append(f"{Grid.name((r, c))} holds {sol[r][c]}, but its differences to"
                            f" its neighbours add up to {total}")
    return problems


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
NUMBERS = dict(what="a number", numbers=(1, MAX_VALUE), why="satlink's limit for Bosanowa")
#: `.pzl`: `x` off the board, `.` a cell to fill, or its given number.
GRID = Tokens(expect="a number, `.` or `x` (off the board)", empty=(".",),
              values={"x": HOLE}, **NUMBERS)
#: janko: `.` off the board, `-` a cell to fill.
JANKO = Tokens(expect="a number, `-` or `.` (off the board)", empty=("-",),
               values={".": HOLE}, **NUMBERS)
FILLED = Tokens(expect="a number, or `.` off the board", empty=(".", "-"), **NUMBERS)
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": GRID},
    build=lambda rows, cols, grid: Instance(rows, cols, grid),
    split=lambda inst: (inst.rows, inst.cols, inst.givens),
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko(JANKO, solution=FILLED),
)


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Holes blacked out, the given numbers, and the solved ones."""
    holes = [Shade(c, "void") for c in inst.grid.cells if inst.givens[c[0]][c[1]] == HOLE]
    labels = [Label((r, c), str(v)) for r, c, v in number_clues(inst)]
    if solution is not None:
        labels += [Label(c, str(solution[c[0]][c[1]]), given=False) for c in inst.board
                   if inst.givens[c[0]][c[1]] is None]
    return Board(inst.rows, inst.cols, shades=holes, labels=labels)


# -- design: a given can go; the holes are the board -----------------------------------------
def board_clues_of(inst: Instance, sol) -> list[tuple[int, int, int]]:
    return [(r, c, sol[r][c]) for r, c in inst.board]


def board_with_clues(inst: Instance, numbers) -> Instance:
    holes = [(r, c, HOLE) for (r, c), v in given(inst.givens) if v == HOLE]
    return with_clues(inst, [*holes, *numbers])


# -- puzz.link: pzprjs `bosanowa`, a bit per cell (1: off the board), then number16 ------------
def _from_puzzlink(b: PzBoard) -> Instance:
    holes, numbers = b.value
    grid = [[HOLE if holes[r][c] else numbers[r][c] for c in range(b.cols)]
            for r in range(b.rows)]
    return Instance(b.rows, b.cols, tuple(map(tuple, grid)))


def _to_puzzlink(inst: Instance) -> PzBoard:
    holes = tuple(tuple(int(v == HOLE) for v in row) for row in inst.givens)
    numbers = tuple(tuple(None if v == HOLE else v for v in row) for row in inst.givens)
    return PzBoard(inst.rows, inst.cols, (holes, numbers))


PUZZLINK = Codec(names=("bosanowa", "bossanova"),
                 body=Seq(Cells(Packed(2, 5)),
                          Cells(Number16(low=1, high=MAX_VALUE, question=False))),
                 build=_from_puzzlink, split=_to_puzzlink)

GENRE = Genre(
    name=NAME, aliases=("Bosanowa", "bossanova"),
    summary="a positive number in every board cell, each the sum of its differences to its"
            " orthogonal neighbours",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=number_clues,
    answer=GridAnswer(skip_empty=True),  # the holes hold None: cells names the board cells
    picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=board_clues_of, with_clues=board_with_clues, clue_name=clue_name),
)
