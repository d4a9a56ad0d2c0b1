"""Minesweeper: hide mines so that every number counts the mines around it.

Rules (janko.at, puzz.link `mines`): place mines in some cells. A cell
with a number holds no mine; the number says how many of its eight
neighbours (orthogonal and diagonal) hold a mine. janko's boards give the
total number of mines as well (`mines N`); puz.link's do not (a `?` there
is a number cell whose number is not shown).

Encoding (encodings/minesweeper.md): with direct clues the numbers first
fix what they decide (:mod:`satlink.rules.count_narrowing`: a number's
cell no mine, each number's count over its neighbours, alone and in
pairs), and the cells left open get a variable each and their numbers'
counts. In selector mode a variable per cell; each number is a plain
cardinality over its up to eight neighbours, and its own cell free of
mines, both behind its selector (declared once per number). The total,
when given, one cardinality over the open cells, added lazily: only when
a candidate has another number of mines.

A solution is the frozenset of mine cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Keyword, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_numbers import QUESTION, Number16
from ..formats.pzprjs_parts import Cells
from ..formats.pzprjs_stream import Unfit
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Circle, Label, Shade
from ..rules import count_narrowing, counts
from ..rules.grid import Cell, Grid, check_board

NAME = "minesweeper"
MAX_SIDE = 100
MINE = "x"


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board, its number cells (a number 0-8 or
    :data:`QUESTION`), sorted, and the total of mines (None: not given)."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int | str], ...]
    mines: int | None = None

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        g = Grid(self.rows, self.cols)
        for cell, n in self.numbers:
            if n != QUESTION and not 0 <= n <= len(g.around(cell)):
                raise CellError(f"{n} at {Grid.name(cell)} is out of range: the cell has"
                                f" {len(g.around(cell))} neighbours", cell)
        free = self.rows * self.cols - len(self.numbers)
        if self.mines is not None and self.mines > free:
            raise CellError(f"{self.mines} mines do not fit in the {free} cells without a"
                            " number", (0, 0), "mines")
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class MinesweeperEncoding(Encoding):
    """``self.mine``: a variable per cell (per cell not decided before
    encoding in direct mode), ``self.fixed`` the mines decided before."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g = inst.grid
        self.fixed: frozenset[Cell] = frozenset()
        total = inst.mines
        if options.clues == "direct":
            self.fixed, self.mine = decided(inst, f)
            total = None if total is None else total - len(self.fixed)
        else:
            self.mine = {c: f.var("mine", *c) for c in g.cells}
            for cell, n in inst.numbers:
                when = self.when((cell, n), "number", *cell)
                with counts.guarded(f, when):
                    f.add([-self.mine[cell]])  # a number is no mine
                if n != QUESTION:
                    counts.exactly(f, [self.mine[x] for x in g.around(cell)], n, when=when)
        f.declare_answer(self.mine.values())
        #: the cells the total counts (every cell not decided) and their mines
        self.counted, self.total = list(self.mine.values()), total
        self.total_added = total is None
        if options.complete and not self.total_added:
            self._add_total()

    def _add_total(self) -> None:
        if 0 <= self.total <= len(self.counted):
            counts.exactly(self.formula, self.counted, self.total, encoding="kmtotalizer")
        else:  # the decided mines are more than the total, or too few for it
            self.formula.add([])
        self.total_added = True

    def cuts(self, model) -> list[list[int]]:
        """The total, lazily: a candidate with another number of mines gets
        the total's clauses added to the formula (once) and is blocked."""
        if self.total_added or len(model.true_vars(self.counted)) == self.total:
            return []
        self._add_total()
        return [[-x if model.value(x) else x for x in self.counted]]

    def decode(self, model) -> frozenset[Cell]:
        return self.fixed.union(c for c, x in self.mine.items() if model.value(x))


def decided(inst: Instance, f: Formula) -> tuple[frozenset[Cell], dict[Cell, int]]:
    """The mines decided before encoding and the open cells' variables: a
    number's cell is no mine (a clue of one cell needing none), each shown
    number needs its count among its neighbours; the numbers fix what they
    decide, alone and with the numbers right of and below them
    (:mod:`satlink.rules.count_narrowing`), then count their open cells,
    by refused subsets or by the neighbourhood's columns."""
    rows, cols, g = inst.rows, inst.cols, inst.grid
    shown = [(cell, n) for cell, n in inst.numbers if n != QUESTION]
    groups = [[r * cols + c] for (r, c), _ in inst.numbers]  # no mine under a number
    groups += [[r * cols + c for r, c in g.around(cell)] for cell, _ in shown]
    needs = [0] * len(inst.numbers) + [n for _, n in shown]
    first = len(inst.numbers)

    def later():  # the shown numbers right of and below each (pairs farther apart cost more)
        at = {cell: first + i for i, (cell, _) in enumerate(shown)}
        return [[]] * first + [[at[q] for q in ((r, c + 1), (r + 1, c)) if q in at]
                               for (r, c), _ in shown]

    n = count_narrowing.narrow(rows * cols, groups, needs, later)
    state = n.state
    lit, mine = count_narrowing.open_variables(f, "mine", rows, cols, state)
    column = count_narrowing.block_columns(lit, state, rows, cols)

    columns: dict[int, list[int]] = {}  # the columns' unary counts, shared by the numbers
    sums: dict = {}  # the sums' clause templates by (column sizes, need), this board's
    if any(n.need[:first]):  # a number's own cell fixed a mine by its neighbours' numbers
        f.add([])
    for ((r, c), _), cells, k, m in zip(shown, groups[first:], n.need[first:], n.open[first:]):
        if m or k:  # open cells to count, or a contradiction
            count_narrowing.count_open(f, [lit[p] for p in cells if not state[p]], k,
                                       range(r * cols + max(c - 1, 0), r * cols + min(c + 2, cols)),
                                       column, columns, sums)
    return frozenset(divmod(p, cols) for p in n.shaded()), mine


def encode(inst: Instance, f: Formula, options: Options = Options()) -> MinesweeperEncoding:
    return MinesweeperEncoding(inst, f, options)


def clues(inst: Instance) -> list:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, mines) -> list[str]:
    g = inst.grid
    problems = [f"a mine at {Grid.name(c)} is off the board" for c in sorted(mines)
                if not g.inside(c)]
    for cell, n in inst.numbers:
        if cell in mines:
            problems.append(f"the number at {Grid.name(cell)} hides a mine")
        near = sum(x in mines for x in g.around(cell))
        if n != QUESTION and near != n:
            problems.append(f"the {n} at {Grid.name(cell)} has {near} mines around it")
    if inst.mines is not None and len(mines) != inst.mines:
        problems.append(f"{len(mines)} mines, not {inst.mines}")
    return problems


# -- design: a number can go (its cell becomes a cell like any other) ---------------------------
def clues_of(inst: Instance, mines) -> list:
    return [(c, sum(x in mines for x in inst.grid.around(c)))
            for c in inst.grid.cells if c not in mines]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers), inst.mines)


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, (), params.get("mines"))


# -- text: `.pzl` (`mines N` optional) and janko grid text (`ROWS COLS MINES`) -----------------
NUMBERS = Tokens(what="a number", expect="0-8, `?` (a number not shown) or `.`",
                 values={"?": QUESTION}, numbers=(0, 8), why="a cell has eight neighbours")
TOTAL = Tokens(what="a number of mines", expect="a number of mines", numbers=(0, 10000))
MINES = Tokens(expect="`x` (a mine), `.` or a number", values={MINE: MINE}, numbers=(0, 8),
               aliases={"?": None})
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS}, keywords={"mines": Keyword(TOTAL, default=None)},
    build=lambda rows, cols, grid, mines: Instance(rows, cols, tuple(given(grid)), mines),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers)),
                        {"mines": inst.mines}),
    solution=Answer(MINES, read=lambda grid: frozenset(c for c, v in given(grid) if v == MINE),
                    write=lambda inst, sol: board(inst.rows, inst.cols, {
                        **{c: n for c, n in inst.numbers if n != QUESTION},
                        **dict.fromkeys(sol, MINE)})),
    janko=Janko(NUMBERS, header=("mines",)),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, mines) -> list[list[int]]:
    """The mine cells [r, c], 0-based, in row order."""
    return [list(c) for c in sorted(mines)]


def cells(inst: Instance, mines) -> dict[str, bool]:
    numbered = dict(inst.numbers)
    return {Grid.name(c): c in mines for c in inst.grid.cells if c not in numbered}


def picture(inst: Instance, solution=None) -> Board:
    """Numbers on grey, mines as black circles, the total in a note."""
    return Board(inst.rows, inst.cols, shades=[Shade(c, "gray") for c, _ in inst.numbers],
                 labels=[Label(c, str(n)) for c, n in inst.numbers],
                 circles=[Circle(c, "black") for c in sorted(solution or ())],
                 notes=[f"{inst.mines} mines"] if inst.mines is not None else [])


# -- puzz.link: pzprjs `mines` (Number16; `.` a number not shown) ------------------------------
def _to_puzzlink(inst: Instance) -> PzBoard:
    if inst.mines is not None:
        raise Unfit("puzz.link's mines gives no total of mines")
    return PzBoard(inst.rows, inst.cols, FORMAT.split(inst)[2])


PUZZLINK = Codec(
    names=("mines",), body=Cells(Number16()),
    build=lambda b: Instance(b.rows, b.cols, tuple(given(b.value))), split=_to_puzzlink)

GENRE = Genre(
    name=NAME, aliases=("Minesweeper", "mines"),
    summary="place mines: a number is no mine and counts the mines among its eight neighbours"
            " (janko: the total is given)",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
