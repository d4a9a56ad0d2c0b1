"""Linesweeper: one loop; each number counts the loop's cells around it.

Rules (janko.at "Linesweeper"): draw one closed loop through cell centres,
moving orthogonally, never crossing or branching; it need not visit every
cell. It never enters a numbered cell; a number says how many of the up to
eight cells around it (orthogonal and diagonal) the loop passes through.

Encoding (encodings/linesweeper.md): a :class:`satlink.rules.loops.CellLoop`
and, per number, its cell off the loop and an exact count over the
on-literals of the cells around it (:func:`satlink.rules.counts.count_around`).
Direct mode leaves the numbered cells out of the loop; in selector mode the
loop covers every cell and each number's two rules sit behind its selector
(a number removed leaves an ordinary cell, as :func:`with_clues` builds).

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..errors import InputError
from ..formats.cellgrid import LOOP_SOLUTION, CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_LOOP
from ..render import Board, Label
from ..rules import counts, subset_counts
from ..rules.grid import Cell, Grid, check_board, exits
from ..rules.count_settle import settle
from ..rules.loops import CellLoop, cell_keys
from ..rules.loop_checks import loop_problems
from ._loop_genre import LoopEncoding, loop_lines

NAME = "linesweeper"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbers ``(cell, n)``, sorted."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int], ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        for cell, n in self.numbers:
            problem = number_problem(self.grid, cell, n)
            if problem:
                raise InputError(problem)
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def free(self) -> list[Cell]:
        numbered = {c for c, _ in self.numbers}
        return [c for c in self.grid.cells if c not in numbered]


def number_problem(g: Grid, cell: Cell, n: int) -> str | None:
    """Why a number cannot be (None when it can): above the cells around it."""
    r, c = cell  # the cells around, counted by ranges (numbers are checked twice)
    k = (min(r + 2, g.rows) - max(r - 1, 0)) * (min(c + 2, g.cols) - max(c - 1, 0)) - 1
    return (f"the number {n} at {Grid.name(cell)} is above the {k} cells around it"
            if n > k else None)


def around(rows: int, cols: int, cell: Cell) -> list[Cell]:
    """``Grid.around`` (the up to eight cells touching ``cell``, in its order) by
    ranges: no test per cell, no Grid (a board reads and encodes it per number)."""
    r, c = cell
    cs = range(max(c - 1, 0), min(c + 2, cols))
    return [(i, j) for i in range(max(r - 1, 0), min(r + 2, rows)) for j in cs
            if i != r or j != c]


class LinesweeperEncoding(LoopEncoding):
    """The loop (``self.loop``) and each number's rules."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        g, rows, cols = inst.grid, inst.rows, inst.cols
        if direct:  # what the numbers fix first (encodings/linesweeper.md, "Settled cells")
            free = inst.free
            keep = set(free)
            seen = [([c for c in around(rows, cols, cell) if c in keep], n)
                    for cell, n in inst.numbers]
            fixed = settle(seen)
            if fixed is not None:
                cells = [c for c in free if fixed.get(c) is not False]
                # the open cells a count reads get their on-literal now, numbered at once
                counted = list(dict.fromkeys(c for nbrs, _ in seen for c in nbrs
                                             if c not in fixed))
                self.loop = loop = CellLoop(g, f, cells, must=[c for c in cells if c in fixed],
                                            lean=True, on=dict(zip(counted, f.vars(
                                                cell_keys("loop", "on", counted)))))
                on = loop.on
                for nbrs, k in seen:  # over the cells left open (settle checked the rest)
                    left = [on[c] for c in nbrs if c not in fixed]
                    if left:
                        subset_counts.exactly_any(f, left, k - sum(1 for c in nbrs if fixed.get(c)))
                self.finish(options.complete)
                return
        self.loop = loop = CellLoop(g, f, inst.free if direct else None)
        on = loop.on
        for cell, n in inst.numbers:
            when = self.when((cell, n), "number", *cell)
            if not direct:
                f.add([-on[cell], -when])
            counts.exactly(f, [on[c] for c in around(rows, cols, cell) if c in on], n, when=when)
        self.finish(options.complete)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.numbers)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    problems = loop_problems(inst.grid, sol, inst.free)
    for cell, n in inst.numbers:
        k = sum(1 for c in inst.grid.around(cell) if exits(sol, c))
        if k != n:
            problems.append(f"the number {n} at {Grid.name(cell)} sees the loop in {k} cells")
    return problems


# -- design: a number can go (its cell stays off the loop, which is allowed) ---------------
def clues_of(inst: Instance, sol) -> list[tuple[Cell, int]]:
    """Every cell off the loop, numbered with the loop's cells around it."""
    return [(c, sum(1 for d in inst.grid.around(c) if exits(sol, d)))
            for c in inst.grid.cells if not exits(sol, c)]


def with_clues(inst: Instance, shown) -> Instance:
    return Instance(inst.rows, inst.cols, tuple((tuple(c), n) for c, n in shown))


def blank(rows: int, cols: int, params: dict) -> Instance:
    """The board without numbers (any loop solves it); a loop needs 2 x 2 cells."""
    if cols < 2 or rows < 2:
        raise InputError(f"a loop needs at least 2 x 2 cells, not {cols} x {rows}")
    return Instance(rows, cols)


# -- text ---------------------------------------------------------------------------------
#: A cell of the `grid` block: a number 0-8, `.` (janko `-`) empty.
NUMBERS = Tokens(what="a number", expect="a number 0-8 or `.` (empty)", numbers=(0, 8),
                 why="a cell has eight cells around it")


def _build(rows: int, cols: int, grid) -> Instance:
    for cell, n in given(grid):
        problem = number_problem(Grid(rows, cols), cell, n)
        if problem:
            raise CellError(problem, cell)
    return Instance(rows, cols, tuple(given(grid)))


#: `size C x R`, a `grid` of numbers, an optional `solution` of loop cells;
#: janko: `ROWS COLS`, the numbers (`-` empty), the published loop.
FORMAT = Layout(NAME, MAX_SIDE, {"grid": NUMBERS}, build=_build,
                split=lambda inst: (inst.rows, inst.cols,
                                    board(inst.rows, inst.cols, dict(inst.numbers))),
                solution=LOOP_SOLUTION, janko=Janko(NUMBERS))


def picture(inst: Instance, solution=None) -> Board:
    """The numbers, the loop when solved."""
    return Board(inst.rows, inst.cols, labels=[Label(c, str(n)) for c, n in inst.numbers],
                 lines=loop_lines(solution))


GENRE = Genre(
    name=NAME, aliases=("Linesweeper",),
    summary="one loop, never on a number; each number counts the loop's cells around it",
    instance=Instance, text=FORMAT, encode=LinesweeperEncoding, verify=verify, clues=clues,
    picture=picture, answer=CELL_LOOP,
    design=Design(clues_of=clues_of, with_clues=with_clues,
                  clue_name=lambda clue: Grid.name(clue[0]), blank=blank),
)
