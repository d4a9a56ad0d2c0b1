"""Koburin: shade cells, never adjacent, so that the rest form one loop;
numbers count the shaded cells around them.

Rules (janko.at "Koburin", puzz.link `koburin`): shade some cells; shaded
cells never touch orthogonally. Numbered cells (and cells with a number
not shown, `?`) are neither shaded nor on the loop; a number says how many
of the (up to four) orthogonal neighbours of its cell are shaded. Every
other unshaded cell lies on one closed loop through cell centres, moving
orthogonally, never crossing or branching. A Yajilin relative: the shading
and the loop are :mod:`._shaded_loop`'s, the clue is a count around.

Encoding (encodings/yajilin.md, "Koburin"): :class:`._shaded_loop.ShadedLoopEncoding`
over the cells without a number, and each number an exact count over the
shading literals of its neighbours. A number hidden (design) leaves a
clue cell, so a solution stays a solution.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..contract import Options
from ..errors import InputError
from ..formats.cellgrid import CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs_numbers import QUESTION
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_numbers import FourCell
from ..formats.pzprjs_parts import Cells
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Shade
from ..rules.grid import Cell, Grid, check_board
from ._shaded_loop import ANSWER, ShadedLoopEncoding, Solution, cells, marks, solution_json
from ._shaded_loop import problems as shaded_loop_problems

NAME = "koburin"
MAX_SIDE = 100
#: A numbered cell whose number is not shown (as pzprjs's `.`).
HIDDEN = QUESTION


class Clue(NamedTuple):
    """A numbered cell: ``count`` shaded neighbours, None when not shown."""

    cell: Cell
    count: int | None


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbered cells, sorted by cell."""

    rows: int
    cols: int
    clues: tuple[Clue, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (k.cell for k in self.clues), "number")
        g = self.grid
        for k in self.clues:
            problem = clue_problem(g, k)
            if problem:
                raise InputError(problem)
        object.__setattr__(self, "clues", tuple(sorted(self.clues)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def free(self) -> list[Cell]:
        """The cells without a number: each is shaded or on the loop."""
        numbered = {k.cell for k in self.clues}
        return [c for c in self.grid.cells if c not in numbered]


def clue_problem(g: Grid, k: Clue) -> str | None:
    """Why a number cannot be (None when it can): more than its cell's neighbours."""
    if k.count is None:
        return None
    r, c = k.cell  # its neighbours counted (each number is checked where read and again)
    n = (r > 0) + (r + 1 < g.rows) + (c > 0) + (c + 1 < g.cols)
    if not 0 <= k.count <= n:
        return f"the number {k.count} at {Grid.name(k.cell)} is above its {n} neighbours"
    return None


# -- the rules -------------------------------------------------------------------------
class KoburinEncoding(ShadedLoopEncoding):
    """The shading and the loop over the free cells, each number a count of
    its shaded neighbours (behind its selector in selector mode)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        g, free = inst.grid, inst.free
        keep = set(free)
        around = [(k, [c for c in g.neighbours(k.cell) if c in keep]) for k in clues(inst)]
        # direct clues settle cells first (encodings/yajilin.md, "Settled cells")
        super().__init__(inst, f, options, free, [(nbrs, k.count) for k, nbrs in around]
                         if options.clues == "direct" else ())
        for k, nbrs in around:
            self.count(nbrs, k.count, self.guard(k, "number", k.cell))
        self.finish(options.complete)


def clues(inst: Instance) -> list[Clue]:
    """The numbers shown (the cells stay numbered cells whatever is selected)."""
    return [k for k in inst.clues if k.count is not None]


def shaded_around(inst: Instance, sol: Solution, cell: Cell) -> int:
    return sum(1 for c in inst.grid.neighbours(cell) if c in sol.shaded)


def verify(inst: Instance, sol: Solution) -> list[str]:
    """Broken rules of a shading and a loop (empty when solved)."""
    problems = shaded_loop_problems(inst.grid, inst.free, sol)
    for k in clues(inst):
        n = shaded_around(inst, sol, k.cell)
        if n != k.count:
            problems.append(f"the number {k.count} at {Grid.name(k.cell)} has {n} shaded"
                            " neighbours")
    return problems


# -- design: a number hidden leaves its cell a numbered cell ---------------------------------
def clues_of(inst: Instance, sol: Solution) -> list[Clue]:
    return [Clue(k.cell, shaded_around(inst, sol, k.cell)) for k in inst.clues]


def with_clues(inst: Instance, shown) -> Instance:
    """``inst`` showing exactly these numbers, the other numbered cells `?`."""
    counts_ = {tuple(k.cell): k.count for k in shown}
    return Instance(inst.rows, inst.cols, tuple(Clue(k.cell, counts_.get(k.cell))
                                                for k in inst.clues))


# -- .pzl, grid text, puzz.link --------------------------------------------------------------
#: A cell of the `grid` block: a number 0-4, `?` (a number not shown), `.` (janko `-`) empty.
NUMBERS = Tokens(what="a number", expect="a number 0-4, `?` (not shown) or `.` (empty)",
                 values={HIDDEN: HIDDEN}, numbers=(0, 4), why="a cell has four neighbours")


def _build(rows: int, cols: int, grid) -> Instance:
    out, g = [], Grid(rows, cols)
    for cell, v in given(grid):
        k = Clue(cell, None if v == HIDDEN else v)
        problem = clue_problem(g, k)
        if problem:
            raise CellError(problem, cell)
        out.append(k)
    return Instance(rows, cols, tuple(out))


def _grid(inst: Instance):
    return board(inst.rows, inst.cols, {k.cell: HIDDEN if k.count is None else k.count
                                        for k in inst.clues})


#: `size C x R`, a `grid` of numbers, an optional `solution` (`x` shaded, the
#: loop's directions, `.` on a numbered cell); janko: `ROWS COLS`, `-` empty.
FORMAT = Layout(NAME, MAX_SIDE, {"grid": NUMBERS}, build=_build,
                split=lambda inst: (inst.rows, inst.cols, _grid(inst)),
                solution=ANSWER, janko=Janko(NUMBERS))


def _from_puzzlink(b: PzBoard) -> Instance:
    try:
        return _build(b.rows, b.cols, b.value)
    except CellError as exc:
        raise b.where(exc.message, *exc.cell) from None


#: pzprjs `koburin` (``decode4Cell``: numbers 0-4, `.` a number not shown);
#: the display flag `b` is read and dropped. The flags `o` (shaded cells
#: outside the loop) and `m` (count the eight cells around) are variants
#: satlink does not play: such URLs are refused.
PUZZLINK = Codec(names=("koburin",), body=Cells(FourCell()),
                 build=_from_puzzlink,
                 split=lambda inst: PzBoard(inst.rows, inst.cols, _grid(inst)), ignore="b")


def picture(inst: Instance, solution: Solution | None = None) -> Board:
    """Numbered cells grey with their numbers, shaded cells black, the loop."""
    shaded, lines = marks(solution)
    return Board(inst.rows, inst.cols, shades=[Shade(k.cell, "gray") for k in inst.clues] + shaded,
                 labels=[Label(k.cell, HIDDEN if k.count is None else str(k.count))
                          for k in inst.clues], lines=lines)


GENRE = Genre(
    name=NAME, aliases=("Koburin",),
    summary="shade cells, never adjacent, so the rest form one loop; numbers count shaded"
            " neighbours",
    instance=Instance, text=FORMAT, encode=KoburinEncoding, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues,
                  clue_name=lambda k: Grid.name(k.cell)),
)
