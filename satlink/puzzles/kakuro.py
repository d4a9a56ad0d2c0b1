"""Kakuro: digits 1-9 in the white cells; each run sums to its clue.

Rules (janko): write a digit 1..9 into every white cell. A run is a row or
column block of white cells between black cells or the edge; the number in
the black cell before a run (above it for a column, left of it for a row)
is the sum of its digits, and no digit appears twice in a run.

Encoding (encodings/kakuro.md): the kit rule
:class:`satlink.rules.kakuro_runs.RunSums`: a :class:`satlink.rules.latin.Latin`
over the white cells with the runs as its units (all different), each clued
run a distinct sum (:func:`satlink.rules.sums.sum_is`, the table of its digit
sets); the digit sets narrow the cells before encoding. The runs, their
checks and the verifier come from the same module.

A solution is a grid: the digit of each white cell, None elsewhere.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import Codec
from ..formats.pzprjs_kakuro import KakuroCells
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import GridAnswer
from ..render import Board, Label, Shade
from ..rules.grid import Grid
from ..rules.kakuro_runs import STEP, Run, RunSums, clued_runs, run_fault, run_problems, run_totals
from ._runs_board import BLACK, CELLS, JANKO, Clue, from_puzzlink, label, to_puzzlink

NAME = "kakuro"
MAX_SIDE = 200
DIGITS = range(1, 10)


@dataclass(frozen=True)
class Instance:
    """``cells[r][c]``: None for a white cell, a :class:`Clue` for a black one."""

    rows: int
    cols: int
    cells: tuple[tuple[Clue | None, ...], ...]

    def white(self) -> list[tuple[int, int]]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)
                if self.cells[r][c] is None]

    def runs(self) -> list[Run]:
        """Every run (:func:`satlink.rules.kakuro_runs.clued_runs`), runs of
        one cell included; the cell before a run at the edge is off the board."""
        return clued_runs(Grid(self.rows, self.cols), set(self.white()),
                          lambda cell, d: getattr(self.cells[cell[0]][cell[1]], d, None))


def make(rows: int, cols: int, cells) -> Instance:
    """Build and validate: every total has a run of 1 to 9 white cells after
    it (:class:`CellError` at the clue)."""
    inst = Instance(rows, cols, tuple(map(tuple, cells)))
    white = set(inst.white())
    for cell, clue in given(inst.cells):
        for d in STEP:
            total = getattr(clue, d)
            why = None if total is None else run_fault(Grid(rows, cols), white, cell, d, total)
            if why is not None:
                raise CellError(why, cell)
    return inst


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple[int, int, str, int]]:
    """The totals, as (row, column, ``down`` or ``right``, total)."""
    return [(r, c, d, getattr(clue, d)) for (r, c), clue in given(inst.cells)
            for d in STEP if getattr(clue, d) is not None]


class KakuroEncoding(contract.Encoding):
    """:attr:`sums`, the kit rule :class:`~satlink.rules.kakuro_runs.RunSums`
    over every run (:attr:`square` its Latin square of digits)."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        self.sums = RunSums(f, inst.white(), inst.runs(), DIGITS,
                            None if options.clues == "direct" else self.selectors)
        self.square = self.sums.square

    def decode(self, model):
        inst = self.instance
        return board(inst.rows, inst.cols, {c: self.square.value(model, c) or 0
                                            for c in inst.white()})


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return KakuroEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.rows} x {inst.cols}"]
    problems = [f"r{r + 1}c{c + 1} is a black cell but holds {sol[r][c]}"
                for (r, c), _ in given(inst.cells) if sol[r][c] is not None]
    return problems + run_problems({c: sol[c[0]][c[1]] for c in inst.white()}, inst.runs(),
                                   DIGITS)


# -- design (satlink.design: minimize, generate, analyze) ---------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[int, int, str, int]]:
    """Every total the board could show that ``sol`` obeys: each run's sum."""
    return run_totals(inst.runs(), lambda x: sol[x[0]][x[1]])


def with_clues(inst: Instance, totals) -> Instance:
    at = {}
    for r, c, d, v in totals:
        at.setdefault((r, c), {})[d] = v
    cells = [[None if v is None else BLACK for v in row] for row in inst.cells]
    for (r, c), ds in at.items():
        cells[r][c] = Clue(ds.get("down"), ds.get("right"))
    return replace(inst, cells=tuple(map(tuple, cells)))


def clue_name(clue) -> str:
    return f"the {clue[2]} total of r{clue[0] + 1}c{clue[1] + 1}"


# -- .pzl and grid text --------------------------------------------------------------------
#: A solution cell: a digit, or `.`/`-` on black cells.
FILLED = Tokens(what="a digit", expect="a digit 1-9 or `.` on a black cell", numbers=(1, 9))

FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CELLS},
    build=make,
    split=lambda inst: (inst.rows, inst.cols, inst.cells),
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko(JANKO, solution=FILLED),
)
check_header = FORMAT.check_header
from_document = FORMAT.from_document
expected_solution = FORMAT.expected_solution
to_pzl = FORMAT.to_pzl
from_grid_text = FORMAT.from_grid_text
solution_from_grid_text = FORMAT.solution_from_grid_text


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Black cells with their totals (`down\\right`), the solved digits."""
    shades = [Shade(cell, "black") for cell, _ in given(inst.cells)]
    labels = [Label(cell, label(k)) for cell, k in given(inst.cells) if k != BLACK]
    if solution is not None:
        labels += [Label(c, str(solution[c[0]][c[1]]), given=False) for c in inst.white()]
    return Board(inst.rows, inst.cols, shades=shades, labels=labels)


# -- puzz.link (satlink/puzzles/_runs_board.py) ----------------------------------------------
#: pzprjs `kakuro`: the board without the row and column of totals above
#: and left of it, which pzprjs keeps outside.
PUZZLINK = Codec(names=("kakuro",), body=KakuroCells(),
                 build=lambda b: from_puzzlink(b, make), split=to_puzzlink)


GENRE = Genre(
    name=NAME, aliases=("Kakuro", "cross-sums"),
    summary="digits 1-9 in white cells; each run sums to its clue, no digit twice in a run",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=GridAnswer(skip_empty=True), picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
