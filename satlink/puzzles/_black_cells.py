"""A board of black cells, each plain or numbered 0-4, where a number counts
what the solution puts into the four cells beside it (Akari's lamps,
Shakashaka's triangles).

What such genres share beyond their own rule: the Instance
(:class:`BlackCells`, which a genre's ``Instance`` subclasses, setting
``MAX_SIDE``), the numbers' rule as clauses (:func:`count_beside`) and as a
check (:func:`number_problems`), their design hooks (a number can go, its
cell stays black: :func:`clues`, :func:`clues_of`, :func:`with_clues`), the `grid` cells
of the text (:data:`CELLS`, :func:`build`, :func:`split`), the puzz.link
codec (pzprjs 4Cell, `.` a black cell without a number: :func:`codec`) and
the picture's black cells and numbers (:func:`walls_picture`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..contract import Encoding
from ..formats.cellgrid import CellError, Tokens, board, given
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_cells import Dict
from ..formats.pzprjs_numbers import QUESTION, FourCell
from ..formats.pzprjs_parts import Cells
from ..render import Label, Shade
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board

#: A black cell without a number (its value in :attr:`BlackCells.walls`).
BLACK = "x"


@dataclass(frozen=True)
class BlackCells:
    """A ``rows`` x ``cols`` board and its black cells, each with a number
    0-4 or :data:`BLACK` (none), sorted by cell; validated when built
    (errors name the cell)."""

    rows: int
    cols: int
    walls: tuple[tuple[Cell, int | str], ...]
    MAX_SIDE: ClassVar[int] = 100

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, self.MAX_SIDE, (c for c, _ in self.walls), "black cell")
        for cell, n in self.walls:
            if n != BLACK and not (isinstance(n, int) and 0 <= n <= 4):
                raise CellError(f"{n!r} at {Grid.name(cell)} is not a number 0-4: a black"
                                " cell has four neighbours", cell)
        object.__setattr__(self, "walls", tuple(sorted(self.walls)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def numbers(self) -> list[tuple[Cell, int]]:
        """The numbered black cells and their numbers, by cell."""
        return [(c, n) for c, n in self.walls if n != BLACK]

    @property
    def white(self) -> list[Cell]:
        """The white cells, in row order."""
        black = dict(self.walls)
        return [c for c in self.grid.cells if c not in black]


# -- the numbers' rule ------------------------------------------------------------------------
def count_beside(enc: Encoding, inst: BlackCells, lits: dict[Cell, int]) -> None:
    """Each number is the count of the true literals of ``lits`` (one per
    white cell) in the cells beside it, behind its selector
    (``number(r, c)``) in selector mode."""
    for cell, n in inst.numbers:
        when = enc.when((cell, n), "number", *cell)
        near = [lits[x] for x in inst.grid.neighbours(cell) if x in lits]
        counts.exactly(enc.formula, near, n, when=when)


def beside(inst: BlackCells, held, cell: Cell) -> int:
    """How many of the cells beside ``cell`` are in ``held``."""
    return sum(x in held for x in inst.grid.neighbours(cell))


def number_problems(inst: BlackCells, held, what: str) -> list[str]:
    """The numbers that do not count the cells of ``held`` (the cells that
    hold ``what``: lamps, triangles) beside them."""
    return [f"the {n} at {Grid.name(cell)} touches {near} {what}"
            for cell, n in inst.numbers if (near := beside(inst, held, cell)) != n]


# -- design: a number can go (its cell stays black) --------------------------------------------
def clues(inst: BlackCells) -> list[tuple[Cell, int]]:
    """The numbers (a black cell stays black without its number)."""
    return inst.numbers


def clues_of(inst: BlackCells, held) -> list[tuple[Cell, int]]:
    """Every black cell with the number of cells of ``held`` beside it."""
    return [(c, beside(inst, held, c)) for c, _ in inst.walls]


def with_clues(inst: BlackCells, numbers) -> BlackCells:
    """``inst``'s black cells, numbered as ``numbers`` says, the others plain."""
    given_ = dict(numbers)
    return type(inst)(inst.rows, inst.cols, tuple((c, given_.get(c, BLACK)) for c, _ in inst.walls))


# -- text and puzz.link --------------------------------------------------------------------------
#: A cell of the `grid` block: `x` black, `0`-`4` a numbered black cell,
#: `.` white (janko: `-`).
CELLS = Tokens(what="a cell", expect="`x` (black), a number 0-4 (numbered black) or `.` (white)",
               values={"x": BLACK}, numbers=(0, 4), why="a black cell has four neighbours")


def build(cls: type[BlackCells]):
    """The `grid` block's reader: (rows, cols, grid) -> a ``cls``."""
    return lambda rows, cols, grid: cls(rows, cols, tuple(given(grid)))


def split(inst: BlackCells) -> tuple[int, int, list[list]]:
    """(rows, cols, the `grid` block's values) of ``inst``."""
    return inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.walls))


def codec(names: tuple[str, ...], cls: type[BlackCells]) -> Codec:
    """The puzz.link codec: pzprjs 4Cell, `.` a black cell without a number."""
    return Codec(names=names, body=Cells(Dict(FourCell(), {QUESTION: BLACK})),
                 build=lambda b: cls(b.rows, b.cols, tuple(given(b.value))),
                 split=lambda inst: PzBoard(inst.rows, inst.cols, split(inst)[2]))


def walls_picture(inst: BlackCells) -> dict:
    """The picture's black cells (shaded) and numbers, as ``Board`` keywords."""
    return {"shades": [Shade(c) for c, _ in inst.walls],
            "labels": [Label(c, str(n)) for c, n in inst.numbers]}
