"""Number Snake (Zahlenschlange): a line from the 1 in the top-left corner to
the highest number in the bottom-right corner that passes through exactly
one cell of every number.

Rules (janko.at "Zahlenschlange"; no rule page was found, the reading is
the dev slice's: its 14 published solutions all run corner to corner, see
``encodings/cell_path.md``, "Number Snake"): every cell holds a number; the
top-left cell holds 1, the bottom-right cell the highest number N, and the
numbers 1 to N all stand on the board, most of them twice. Draw one line
through cell centres, moving orthogonally, never branching or crossing,
from the top-left to the bottom-right cell, that passes through exactly one
cell of each number from 1 to N (in any order).

Encoding: a :class:`satlink.rules.cell_path.CellPath` between the corners,
and for every number exactly one of its cells on the path. The numbers are
the board: no design hooks.

A solution is the frozenset of line edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..errors import InputError
from ..formats.cellgrid import CellError, Janko, Layout, Tokens, given
from ..formula import Formula
from ..genre import Genre
from ..render import Board, Label, Line
from ..rules import counts
from ..rules.cell_path import CellPath, path_order, path_problems
from ..rules.grid import Cell, Grid, check_board
from ..formats.exits import exits_answer, exits_cells, exits_tokens

NAME = "numbersnake"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A board with a number in every cell (``numbers[r][c]``)."""

    rows: int
    cols: int
    numbers: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "number")
        if len(self.numbers) != self.rows or any(len(r) != self.cols for r in self.numbers) \
                or any(v is None for row in self.numbers for v in row):
            raise InputError(f"every one of the {self.rows} x {self.cols} cells needs a number")
        missing = sorted(set(range(1, self.top + 1)) - {v for row in self.numbers for v in row})
        if self.top < 2 or missing:
            raise InputError(f"the numbers 1 to the highest ({self.top}) must all stand on the"
                             f" board; {(missing or [2])[0]} does not")
        (r, c), (r2, c2) = self.ends
        if self.numbers[r][c] != 1 or self.numbers[r2][c2] != self.top:
            raise InputError(f"the snake runs from the 1 in the top-left corner to the highest"
                             f" number ({self.top}) in the bottom-right corner; the corners hold"
                             f" {self.numbers[r][c]} and {self.numbers[r2][c2]}")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def top(self) -> int:
        return max(v for row in self.numbers for v in row)

    @property
    def ends(self) -> tuple[Cell, Cell]:
        """The snake's head and tail: the top-left and bottom-right cells."""
        return (0, 0), (self.rows - 1, self.cols - 1)

    def cells_of(self, v: int) -> list[Cell]:
        return [(r, c) for r, row in enumerate(self.numbers) for c, x in enumerate(row) if x == v]


class NumberSnakeEncoding(Encoding):
    """The line (``self.path``) and one cell of every number on it."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.path = p = CellPath(inst.grid, f, inst.ends)
        for v in range(1, inst.top + 1):
            counts.exactly(f, [p.on[c] for c in inst.cells_of(v)], 1)
        if options.complete:
            p.encode_complete()
        f.declare_answer(list(p.edges.values()))

    def cuts(self, model) -> list[list[int]]:
        return self.path.cuts(model)

    def decode(self, model):
        return self.path.decode(model)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of line edges (empty when solved)."""
    problems = path_problems(inst.grid, sol, inst.ends)
    on = {c for e in sol for c in e} | set(inst.ends)
    for v in range(1, inst.top + 1):
        k = sum(c in on for c in inst.cells_of(v))
        if k != 1:
            problems.append(f"the line passes {k} cells of the number {v}, not one")
    return problems


NUMBER = Tokens(what="a number", expect="a number", numbers=(1, MAX_SIDE * MAX_SIDE),
                empty=(), why="the snake's numbers run from 1 up to the board's cells")
LINES = exits_tokens("a line piece", "the line's exits (`s`, `ns`, `se`, ...) or `.`",
                     sizes=(1, 2))


def _build(rows: int, cols: int, grid) -> Instance:
    top = max(v for row in grid for v in row)
    for (r, c), want in (((0, 0), 1), ((rows - 1, cols - 1), top)):
        if grid[r][c] != want:
            raise CellError(f"the snake runs from the 1 in the top-left corner to the highest"
                            f" number ({top}) in the bottom-right corner, not {grid[r][c]}",
                            (r, c))
    return Instance(rows, cols, tuple(tuple(row) for row in grid))


#: `size C x R`, a `grid` with a number in every cell, an optional
#: `solution` of line pieces; janko: `ROWS COLS`, the numbers, the line.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBER}, build=_build,
    split=lambda inst: (inst.rows, inst.cols, inst.numbers),
    solution=exits_answer(LINES, "line"),
    janko=Janko(NUMBER),
)


def solution_json(inst: Instance, sol) -> list[list[int]]:
    """The line's cells [r, c] from the 1 to the highest number, 0-based."""
    return [list(c) for c in path_order(sol, inst.ends[0])]


def picture(inst: Instance, solution=None) -> Board:
    """The numbers, the line when solved."""
    lines = [Line(tuple(path_order(solution, inst.ends[0])))] if solution else []
    return Board(inst.rows, inst.cols, lines=lines,
                 labels=[Label(c, str(v)) for c, v in given(inst.numbers)])


GENRE = Genre(
    name=NAME, aliases=("NumberSnake", "Zahlenschlange", "number-snake"),
    summary="a line from the top-left 1 to the bottom-right highest number through exactly one"
            " cell of every number",
    instance=Instance, text=FORMAT, encode=NumberSnakeEncoding, verify=verify,
    solution_json=solution_json, cells=exits_cells, picture=picture,
)
