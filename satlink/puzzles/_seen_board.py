"""The board Kuromasu and Cave share: numbers on a grid, each counting the
white cells it sees along its row and column, itself included; a solution
is the frozenset of shaded cells. What differs between the genres (their
rules, janko's way of writing the answer, puz.link's name) stays in each.
Nurimisaki reads and writes its board here too. Each genre declares its
answer (``CELL_SET``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..formats.cellgrid import CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_cells import CellCode
from ..formats.pzprjs_numbers import QUESTION
from ..formats.pzprjs_parts import Cells
from ..render import Board, Label, Shade
from ..rules.grid import Cell, Grid, check_board
from ..rules.seen import seen_from
from ._shaded_text import SHADED_CELLS

MAX_SIDE = 200
#: A number not shown (its cell white, no count).
HIDDEN = QUESTION


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbers (cell -> 1 .. rows + cols
    - 1, or :data:`HIDDEN`), sorted by cell."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int | str], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        most = self.rows + self.cols - 1
        for cell, n in self.numbers:
            if n != HIDDEN and not (isinstance(n, int) and 1 <= n <= most):
                raise CellError(f"number {n} at {Grid.name(cell)} is outside 1..{most}: a cell"
                                f" sees at most its row and column", cell)
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)



def seen(inst: Instance, shaded, cell: Cell) -> int:
    """The white cells seen from ``cell``, itself included."""
    return 1 + len(seen_from(inst.grid, cell, shaded))


def seen_counts(inst: Instance, shaded) -> dict[Cell, int]:
    """What every white cell sees, itself included (:func:`seen` of each):
    the length of its white run along its row plus that along its column,
    less one. One pass over the board, for ``verify``, which checks every
    number of every candidate (a ray walked per number costs several times
    more)."""
    out: dict[Cell, int] = {}
    for length, line in ((inst.cols, [[(r, c) for c in range(inst.cols)] for r in range(inst.rows)]),
                         (inst.rows, [[(r, c) for r in range(inst.rows)] for c in range(inst.cols)])):
        for cells in line:
            run: list[Cell] = []
            for cell in cells + [None]:
                if cell is not None and cell not in shaded:
                    run.append(cell)
                    continue
                for x in run:
                    out[x] = out.get(x, -1) + len(run)
                run = []
    return out


def clues_of(inst: Instance, shaded) -> list[tuple[Cell, int]]:
    """Every white cell with the number of white cells it sees."""
    counts = seen_counts(inst, shaded)
    return [(c, counts[c]) for c in inst.grid.cells if c not in shaded]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ())



# -- text: `.pzl` and janko grid text ------------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number, `?` (a number not shown) or `.`",
                 values={"?": HIDDEN}, numbers=(1, 2 * MAX_SIDE - 1),
                 why="a cell sees at most its row and column")


def layout(name: str, janko: Janko) -> Layout:
    """`size`, a `grid` of numbers, a `solution` of shaded cells (`x`)."""
    return Layout(
        name, MAX_SIDE, {"grid": NUMBERS},
        build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
        split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
        solution=SHADED_CELLS,
        janko=janko,
    )


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=[Label(c, str(n)) for c, n in inst.numbers])



def codec(name: str, code: CellCode) -> Codec:
    """pzprjs's ``name``: one ``code`` token per cell (`.`: a number not shown)."""
    return Codec(names=(name,), body=Cells(code),
                 build=lambda b: Instance(b.rows, b.cols, tuple(given(b.value))),
                 split=lambda inst: PzBoard(inst.rows, inst.cols,
                                            board(inst.rows, inst.cols, dict(inst.numbers))))
