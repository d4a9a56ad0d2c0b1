"""Simple Loop: one loop through every cell that is not black.

Rules (janko.at "Rundreise", puzz.link `simpleloop`): draw one closed loop
through cell centres, moving orthogonally, never crossing or branching,
that passes through every white cell and through no black one.

Encoding: :class:`satlink.rules.loops.CellLoop` over the white cells, each
of them a ``must`` cell (``lean``: every white cell has exactly two loop
edges, no on-variables, and the cuts lose their cell witnesses); the one-cycle rule lazily or, with
``Options.complete``, eagerly. The black cells are the board's structure:
no design hooks.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import LOOP_SOLUTION, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_cells import Dict, Packed
from ..formats.pzprjs_parts import Cells, Skippable
from ..formula import Formula
from ..genre import Genre
from ..genre_answers import CELL_LOOP
from ..render import Board, Shade
from ..rules.grid import Cell, Grid, check_board
from ..rules.loops import CellLoop
from ..rules.loop_checks import loop_problems
from ._loop_genre import LoopEncoding, loop_lines

NAME = "simpleloop"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its black cells, sorted."""

    rows: int
    cols: int
    black: tuple[Cell, ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, self.black, "black cell")
        object.__setattr__(self, "black", tuple(sorted(self.black)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def white(self) -> list[Cell]:
        black = set(self.black)
        return [c for c in self.grid.cells if c not in black]


class SimpleLoopEncoding(LoopEncoding):
    """The loop (``self.loop``) through every white cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.loop = CellLoop(inst.grid, f, inst.white, must=inst.white, lean=True)
        self.finish(options.complete)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    return loop_problems(inst.grid, sol, inst.white, inst.white)


#: A cell of the `grid` block: `x` black, `.` (janko `-`) white.
BLACK = Tokens(expect="`x` (black) or `.` (white)", values={"x": True}, aliases={"@": True})

#: `size C x R`, a `grid` of black cells, an optional `solution` of loop
#: cells; janko: `ROWS COLS`, the cells (`x`, `-`), the published loop.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": BLACK},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(c for c, _ in given(grid))),
    split=lambda inst: (inst.rows, inst.cols,
                        board(inst.rows, inst.cols, dict.fromkeys(inst.black, True))),
    solution=LOOP_SOLUTION, janko=Janko(BLACK),
)

#: pzprjs `simpleloop`: a bit per cell (black), five cells a character (left
#: out when no cell is black).
PUZZLINK = Codec(
    names=("simpleloop",), body=Skippable(Cells(Dict(Packed(2, 5), {0: None, 1: True}))),
    build=lambda b: Instance(b.rows, b.cols, tuple(c for c, _ in given(b.value))),
    split=lambda inst: PzBoard(inst.rows, inst.cols, FORMAT.split(inst)[2]))


def picture(inst: Instance, solution=None) -> Board:
    """The black cells, the loop when solved."""
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in inst.black],
                 lines=loop_lines(solution))


GENRE = Genre(
    name=NAME, aliases=("SimpleLoop", "rundreise"),
    summary="one loop through every white cell",
    instance=Instance, text=FORMAT, encode=SimpleLoopEncoding, verify=verify, picture=picture,
    puzzlink=PUZZLINK, answer=CELL_LOOP,
)
