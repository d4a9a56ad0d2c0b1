"""Yajilin: shade cells so that the other cells form one loop; arrows count shaded cells.

Rules (janko): shade some cells; shaded cells never touch orthogonally.
Clue cells (a number and a direction, or a grey cell without either;
janko's texts write a black cell without clue `@`, read as a grey one) are
neither shaded nor on the loop; the number says how many shaded cells lie
in that direction, up to the edge of the board. Every other unshaded cell
lies on one closed loop through cell centres, moving orthogonally, never
crossing or branching.

Encoding (encodings/yajilin.md): ``shaded`` per free cell, the loop a
:class:`satlink.rules.loops.CellLoop` over the free cells whose "on" literal
is "not shaded", no two shaded neighbours, and each arrow an exact count
over the free cells of its ray; the one-cycle rule lazily or, with
``Options.complete``, eagerly.

A solution is a :class:`Solution`: the shaded cells and the loop's edges.
The arrows, their tokens and their puz.link cells are the kit's
(:mod:`._arrows`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..contract import Options
from ..errors import InputError
from ..formats.cellgrid import CellError, Janko, Layout, board, given
from ..formats.pzprjs import Codec
from ..formats.pzprjs_arrows import ArrowNumber16
from ..formats.pzprjs_parts import Cells
from ..formula import Formula
from ..rules.grid import Cell, Grid, check_board
from ..render import Board, Shade
from ..rules import counts
from ..genre import Design, Genre, GrownLayout
from ._shaded_loop import ANSWER, ShadedLoopEncoding, Solution, cells, marks, solution_json
from ._shaded_loop import problems as shaded_loop_problems
from ._arrows import (ARROWS, GREY, WORDS, Arrow, from_puzzlink, marks as arrow_marks,
                              pointed, problem as arrow_problem, to_puzzlink)

NAME = "yajilin"
MAX_SIDE = 200


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its clue cells, sorted by cell."""

    rows: int
    cols: int
    arrows: tuple[Arrow, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (a.cell for a in self.arrows), "clue")
        for a in self.arrows:
            problem = arrow_problem(self.grid, a)
            if problem:
                raise InputError(problem)
        object.__setattr__(self, "arrows", tuple(sorted(self.arrows, key=lambda a: a.cell)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def free(self) -> list[Cell]:
        """The cells that are no clue: each is shaded or on the loop."""
        clue = {a.cell for a in self.arrows}
        return [c for c in self.grid.cells if c not in clue]


# -- the rules -------------------------------------------------------------------------
class YajilinEncoding(ShadedLoopEncoding):
    """The shading and loop of :mod:`._shaded_loop` over the free cells, the
    arrow counts (behind their selectors in selector mode)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options, inst.free)
        g = inst.grid
        for arrow in clues(inst):
            counts.exactly(f, [self.shading.lit(c) for c in g.ray(arrow.cell, arrow.direction)
                               if c in self.shading.var], arrow.count,
                           when=self.guard(arrow, "arrow", arrow.cell))
        self.finish(options.complete)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> YajilinEncoding:
    return YajilinEncoding(inst, f, options)


def clues(inst: Instance) -> list[Arrow]:
    """The arrows that show a count. They are structure too: in selector mode
    a selector switches the count only, and the cell stays a clue cell
    (neither shaded nor on the loop) whether selected or not."""
    return [a for a in inst.arrows if a.count is not None]



# -- design (satlink.design): generate draws a layout; arrows are structure, not REMOVABLE --
#: Arrows a random layout places, per cell of the board (25 on 10 x 10).
ARROW_DENSITY = 0.25


def _goal(inst: Instance, params: dict) -> int:
    return max(1, round(params.get("density", ARROW_DENSITY) * inst.rows * inst.cols))


def _grow(inst: Instance, drawn: Solution, rng: random.Random, params: dict) -> Instance | None:
    """The board with arrows on some cells ``drawn`` shades (a shaded cell
    turned clue cell leaves that solution a solution), up to the goal;
    None when no shaded cell sees two cells along a ray. Each arrow points
    along one of its longest rays (at least 70% of the longest, and two
    cells), so its count can say something."""
    g = inst.grid
    spots = [c for c in sorted(drawn.shaded) if any(len(g.ray(c, d)) >= 2 for d in "nesw")]
    if not spots:
        return None
    arrows = {a.cell: a for a in inst.arrows}
    for cell in rng.sample(spots, min(_goal(inst, params) - len(arrows), len(spots))):
        far = max(2, 0.7 * max(len(g.ray(cell, d)) for d in "nesw"))
        arrows[cell] = Arrow(cell, rng.choice([d for d in "nesw" if len(g.ray(cell, d)) >= far]),
                             None)
    return Instance(inst.rows, inst.cols, tuple(arrows.values()))


#: A random board of ``rows`` x ``cols`` with arrows whose counts are
#: not shown (``?e``: no count rule, so any shading fits them; with_clues
#: sets them), ``params["density"]`` of the cells (default
#: :data:`ARROW_DENSITY`). Built in rounds so that a loop fits: the solver
#: draws a solution of the board so far and :func:`_grow` turns some of its
#: shaded cells into arrows, until the number is reached or a solution
#: shades no cell (:func:`satlink.design.genre_hooks.grown_layout`).
LAYOUT = GrownLayout(
    NAME, start=lambda rows, cols, params: Instance(rows, cols, ()), grow=_grow,
    full=lambda inst, params: len(inst.arrows) >= _goal(inst, params),
    refusal=lambda inst: f"no Yajilin loop fits a board of {inst.cols} x {inst.rows}")


def clues_of(inst: Instance, solution: Solution) -> list[Arrow]:
    """Every arrow with the count it shows in ``solution``."""
    g = inst.grid
    return [Arrow(a.cell, a.direction,
                  pointed(g, a, solution.shaded))
            for a in inst.arrows if a.direction is not None]


def with_clues(inst: Instance, clues) -> Instance:
    """``inst`` showing exactly these counts: each named arrow (same cell and
    direction) shows its count, every other arrow none (``?e``); the clue
    cells stay as they are. A clue that is no arrow of the board is an
    InputError."""
    shown = {a.cell: a for a in clues}
    for a in shown.values():
        if not any(b.cell == a.cell and b.direction == a.direction for b in inst.arrows):
            raise InputError(f"{Grid.name(a.cell)} holds no arrow pointing {a.direction}")
    return Instance(inst.rows, inst.cols, tuple(
        shown.get(a.cell, a._replace(count=None)) if a.direction is not None else a
        for a in inst.arrows))


def clue_name(clue: Arrow) -> str:
    """`r3c4`, 1-based."""
    return Grid.name(clue.cell)


# -- checking, independent of the encoding ----------------------------------------------
def verify(inst: Instance, sol: Solution) -> list[str]:
    """Broken rules of a shading and a loop (empty when solved)."""
    g = inst.grid
    problems = shaded_loop_problems(g, inst.free, sol)
    for a in inst.arrows:
        if a.count is not None:
            n = pointed(g, a, sol.shaded)
            if n != a.count:
                problems.append(f"the arrow at {Grid.name(a.cell)} shows {a.count} but"
                                f" {n} shaded cells lie {WORDS[a.direction]} of it")
    return problems


# -- .pzl and grid text (satlink/formats/cellgrid.py) ----------------------------------------
#: A cell of the `grid` block: a clue `2e` (value (direction, count)),
#: `?` a grey cell, `.` empty.
CLUES = replace(ARROWS, values={GREY: (None, None)}, expect="a number and a direction (`2e`,"
                " `0n`, `?s`), `?` (a grey cell) or `.` (empty)")
#: janko writes a grey cell `x`, a black cell without clue `@` (neither
#: shaded nor on the loop: a grey cell) and an empty one `-`.
JANKO_CLUES = replace(CLUES, values={"x": (None, None)}, aliases={"@": (None, None)},
                      empty=("-", "."), expect="a number and a direction (`2e`, `0n`, `?s`),"
                      " `x` (a grey cell), `@` (a black cell) or `-` (empty)")


def _build(rows: int, cols: int, grid) -> Instance:
    g, arrows = Grid(rows, cols), []
    for cell, (direction, count) in given(grid):
        arrow = Arrow(cell, direction, count)
        problem = arrow_problem(g, arrow)
        if problem:
            raise CellError(problem, cell)
        arrows.append(arrow)
    return Instance(rows, cols, tuple(arrows))


#: `size C x R`, a `grid` of clues, an optional `solution` block; janko: `ROWS
#: COLS`, clues with `x` and `-`, the published solution as the `solution` block.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CLUES}, build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, {
        a.cell: (a.direction, a.count) for a in inst.arrows})),
    solution=ANSWER,
    janko=Janko(JANKO_CLUES),
)


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution: Solution | None = None) -> Board:
    """Clue cells grey with their arrows, shaded cells black, the loop."""
    shades = [Shade(a.cell, "gray") for a in inst.arrows]
    shaded, lines = marks(solution)
    return Board(inst.rows, inst.cols, shades=shades + shaded, arrows=arrow_marks(inst.arrows),
                 lines=lines)


# -- puzz.link ---------------------------------------------------------------------------
#: pzprjs `yajilin` (alias `yajirin`); the display flag `b` is read and dropped.
PUZZLINK = Codec(names=("yajilin", "yajirin"), body=Cells(ArrowNumber16()),
                 build=lambda b: Instance(b.rows, b.cols, tuple(from_puzzlink(b))),
                 split=lambda inst: to_puzzlink(inst.rows, inst.cols, inst.arrows), ignore="b")


GENRE = Genre(
    name=NAME, aliases=("yajirin",),
    summary="shade cells, never adjacent, so the rest form one loop; arrows count shaded cells",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name,
                  removable=False, layout=LAYOUT),
)
