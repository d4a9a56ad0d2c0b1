"""Castle Wall: one loop avoids the clue cells; white ones lie inside it, black ones outside.

Rules (janko.at "Castle Wall", puzz.link `castle`): draw one closed loop
through cell centres, moving orthogonally, never crossing or branching,
that does not enter the clue cells (other cells may stay empty). A white
clue cell lies inside the loop, a black one outside, a grey one either. A
number with an arrow says how many loop segments (steps between two
cells) lie in that direction from the clue, along its row or column.

Encoding (encodings/inside.md, Castle Wall): :class:`satlink.rules.loops.CellLoop`
over the cells that are no clue, each count an exact count of the loop
edges along its ray, each colour the parity literal of
:class:`satlink.rules.inside.Inside` (counts and colours behind their
selectors in selector mode); the one-cycle rule lazily or, with
``Options.complete``, eagerly. The edges the faces decide
(:meth:`satlink.rules.loop_faces.Faces.decided`) and, with direct clues, those
of counts of none or of every step (:mod:`satlink.rules.ray_counts`) are
settled by the degree rule before the loop is written (``CellLoop(fixed=)``;
"Castle Wall: settled edges"): dev median 1,158 -> 686 clauses.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import NamedTuple

from ..contract import Options
from ..formats.cellgrid import LOOP_SOLUTION, CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import Codec
from ..formats.pzprjs_arrows import ShadedArrows
from ..formats.pzprjs_parts import Cells
from ..formats.pzprjs import PzBoard
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_LOOP
from ..numerals import natural
from ..render import Board, Circle, Shade
from ..rules import counts, ray_counts
from ..rules.grid import Cell, Grid, check_board, ray_steps
from ..rules.grid_masks import east_pairs, mask_of, south_pairs
from ..rules.inside import Inside, inside_cells
from ..rules.loop_faces import Faces
from ..rules.loops import CellLoop
from ..rules.loop_checks import loop_problems
from ._arrows import (from_puzzlink as arrows_from, marks as arrow_marks, problem as arrow_problem,
                      show as arrow_token, to_puzzlink as arrows_to)
from ._loop_genre import LoopEncoding, loop_lines

NAME = "castlewall"
MAX_SIDE = 100
GREY, WHITE, BLACK = "g", "o", "x"
#: A clue token: `[count][direction][colour]`, e.g. `2wx`, `?e`, `o`.
TOKEN = re.compile(r"(\d+|\?)?([nesw])?([ox])?")


class Clue(NamedTuple):
    """A clue cell: its ``shade`` (GREY, WHITE inside, BLACK outside), and
    an arrow ``direction`` with its ``count`` (None: not shown)."""

    cell: Cell
    shade: str = GREY
    direction: str | None = None
    count: int | None = None


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its clue cells, sorted."""

    rows: int
    cols: int
    clues: tuple[Clue, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (k.cell for k in self.clues), "clue")
        g = self.grid
        for k in self.clues:  # (a clue has an arrow's cell, direction and count)
            why = arrow_problem(g, k, "loop steps")
            if why:
                raise CellError(why, k.cell)
        object.__setattr__(self, "clues", tuple(sorted(self.clues)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def free(self) -> list[Cell]:
        clue = {k.cell for k in self.clues}
        return [c for c in self.grid.cells if c not in clue]


def clue_facts(inst: Instance) -> list[tuple]:
    """The removable facts: ("count", cell, n) and ("shade", cell, shade)."""
    return ([("count", k.cell, k.count) for k in inst.clues if k.count is not None]
            + [("shade", k.cell, k.shade) for k in inst.clues if k.shade != GREY])


class CastleWallEncoding(LoopEncoding):
    """The loop (``self.loop``) over the free cells, each count and colour
    behind its selector in selector mode."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g, rows, cols = inst.grid, inst.rows, inst.cols
        # direct clues: the colours are put into the faces (a clue cell is never
        # on the loop), not stated by a unit clause each
        direct = options.clues == "direct"
        faces = Faces(rows, cols)
        faces.off_cells(k.cell for k in inst.clues)
        if direct:
            faces.given({k.cell: k.shade == WHITE for k in inst.clues if k.shade != GREY})
        # the edges the board decides, settled with the degree rule before the
        # loop's clauses are written (encodings/inside.md, Castle Wall)
        free = inst.free
        board = mask_of(r * cols + c for r, c in free)
        h, v = east_pairs(board, rows, cols), south_pairs(board, cols)
        fixed = faces.decided(h, v)
        rays = {k.cell: ray_counts.ray(rows, cols, k.cell, k.direction, h, v)
                for k in inst.clues if k.count is not None}
        if direct:
            fixed = ray_counts.settled(fixed, [(rays[k.cell], k.count) for k in inst.clues
                                               if k.count is not None])
        self.loop = loop = CellLoop(g, f, free, lean=True, fixed=fixed)
        inside = Inside(loop, faces=faces)
        true = -loop.never
        for fact in clue_facts(inst):
            kind, cell, value = fact
            when = self.when(fact, kind, *cell)
            if kind == "count":
                ray_counts.exactly(f, loop, rays[cell], value, when)
            else:
                x = inside.of(cell) if value == WHITE else -inside.of(cell)
                if x != true:  # (true when the faces hold the colour)
                    with counts.guarded(f, when):
                        f.add([x])
        self.finish(options.complete)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    g = inst.grid
    problems = loop_problems(g, sol, inst.free)
    if problems:
        return problems
    inside = inside_cells(g, sol)
    for k in inst.clues:
        if k.shade != GREY and (k.cell in inside) != (k.shade == WHITE):
            problems.append(f"the {'white' if k.shade == WHITE else 'black'} clue at"
                            f" {Grid.name(k.cell)} lies {'out' if k.shade == WHITE else 'in'}side"
                            " the loop")
        if k.count is not None:
            n = _steps(g, sol, k)
            if n != k.count:
                problems.append(f"the clue at {Grid.name(k.cell)} shows {k.count} but {n}"
                                " loop steps lie in its direction")
    return problems


def _steps(g: Grid, sol, k: Clue) -> int:
    """The loop steps in the direction of clue ``k``'s arrow."""
    return sum(e in sol for e in ray_steps(g, k.cell, k.direction))


# -- design: counts and colours can go, the clue cells stay ------------------------------------
def clues_of(inst: Instance, sol) -> list[tuple]:
    inside = inside_cells(inst.grid, sol)
    return clue_facts(Instance(inst.rows, inst.cols, tuple(
        k._replace(shade=WHITE if k.cell in inside else BLACK,
                   count=None if k.direction is None else _steps(inst.grid, sol, k))
        for k in inst.clues)))


def with_clues(inst: Instance, facts) -> Instance:
    shown = {(kind, tuple(cell)): value for kind, cell, value in facts}
    return Instance(inst.rows, inst.cols, tuple(
        k._replace(shade=shown.get(("shade", k.cell), GREY), count=shown.get(("count", k.cell)))
        for k in inst.clues))


# -- text: `.pzl`, janko grid text, puzz.link ------------------------------------------------------
def _parse(text: str):
    m = TOKEN.fullmatch(text)
    if m is None or not text or (m[1] is not None and m[2] is None):
        return None
    count = None if m[1] in (None, "?") else natural(m[1])
    return (m[3] or GREY, m[2], count)


def _show(value) -> str:
    shade, direction, count = value
    if direction is None:
        return shade
    return arrow_token((direction, count)) + ("" if shade == GREY else shade)


CLUES = Tokens(what="a clue", expect="a count, an arrow and a colour (`2wx`, `1so`, `?e`), `o`"
               " (white), `x` (black), `g` (grey) or `.`", values={GREY: (GREY, None, None)},
               parse=_parse, show=_show)


def _build(rows: int, cols: int, grid) -> Instance:
    return Instance(rows, cols, tuple(Clue(cell, *v) for cell, v in given(grid)))


#: `size C x R`, a `grid` of clue cells, an optional `solution`; janko: `ROWS
#: COLS`, the clues (`1wx`, `x`, `o`, `-`), the published loop.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CLUES}, build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, {
        k.cell: (k.shade, k.direction, k.count) for k in inst.clues})),
    solution=LOOP_SOLUTION, janko=Janko(CLUES),
)

_SHADES = (GREY, WHITE, BLACK)


def _from_puzzlink(b: PzBoard) -> Instance:
    """Each clue cell's shade, and its arrow read as every arrow clue's."""
    shades = [[v and _SHADES[v[0]] for v in row] for row in b.value]
    arrows = replace(b, value=[[v and v[1] for v in row] for row in b.value])
    return Instance(b.rows, b.cols, tuple(Clue(a.cell, shades[a.cell[0]][a.cell[1]], a.direction,
                                               a.count)
                                          for a in arrows_from(arrows, "loop steps")))


def _to_puzzlink(inst: Instance) -> PzBoard:
    b = arrows_to(inst.rows, inst.cols, inst.clues)
    shade = {k.cell: _SHADES.index(k.shade) for k in inst.clues}
    return replace(b, value=tuple(tuple(v and (shade[(r, c)], v) for c, v in enumerate(row))
                                  for r, row in enumerate(b.value)))


#: pzprjs `castle`: per clue cell its shade, its arrow and number.
PUZZLINK = Codec(names=("castle",), body=Cells(ShadedArrows()), build=_from_puzzlink,
                 split=_to_puzzlink)


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Clue cells grey or black with their arrows and counts (white ones
    plain, a white circle where there is no arrow); the loop."""
    tone = {GREY: "gray", WHITE: "white", BLACK: "black"}
    shades = [Shade(k.cell, tone[k.shade]) for k in inst.clues if k.shade != WHITE]
    arrows = arrow_marks(inst.clues)  # (a clue has an arrow's cell, direction and count)
    white = [Circle(k.cell, "white") for k in inst.clues if k.shade == WHITE and not k.direction]
    loop = loop_lines(solution)
    return Board(inst.rows, inst.cols, shades=shades, arrows=arrows, circles=white, lines=loop)


GENRE = Genre(
    name=NAME, aliases=("castle", "CastleWall"),
    summary="one loop avoids the clue cells, white ones inside and black ones outside;"
            " arrows count its steps",
    instance=Instance, text=FORMAT, encode=CastleWallEncoding, verify=verify,
    clues=clue_facts, picture=picture, puzzlink=PUZZLINK,
    answer=CELL_LOOP,
    design=Design(clues_of=clues_of, with_clues=with_clues,
                  clue_name=lambda fact: f"{fact[0]} {Grid.name(fact[1])}"),
)
