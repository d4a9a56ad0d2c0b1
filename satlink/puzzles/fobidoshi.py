"""Fobidoshi (Forbidden Four): the circles connected, never four in a line.

Rules (janko.at Fobidoshi): put circles in some cells, keeping the given
ones; cells marked `x` stay empty. All circles form one orthogonally
connected area, and no row or column has four or more circles in a line.

Encoding (encodings/fobidoshi.md): a :class:`satlink.rules.shading.Shading`
(shaded = a circle); the circles
:meth:`~satlink.rules.shading.Shading.connected` (lazy separation cuts, or
complete); :func:`satlink.rules.runs.at_most` three; each given circle or
cross a unit clause, behind its selector in selector mode.

A solution is the frozenset of circled cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import networkx as nx

from ..contract import Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Circle, Mark
from ..rules import counts, runs
from ..rules.grid import Cell, Grid, check_board
from ..rules.shading import Shading
from ._shading_genre import ShadingEncoding

NAME = "fobidoshi"
MAX_SIDE = 100
LONGEST = 3  # the longest line of circles
CIRCLE, CROSS = "o", "x"


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its givens (cell, ``o`` a circle or
    ``x`` an empty cell), sorted."""

    rows: int
    cols: int
    givens: tuple[tuple[Cell, str], ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.givens), "given")
        for cell, v in self.givens:
            if v not in (CIRCLE, CROSS):
                raise CellError(f"{v!r} at {Grid.name(cell)} is neither `o` nor `x`", cell)
        object.__setattr__(self, "givens", tuple(sorted(self.givens)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class FobidoshiEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell, true when it holds a circle."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid, tag="circle")
        f.declare_answer(s.var.values())
        for cell, v in inst.givens:  # a given circle stays, a cross stays empty
            when = self.when((cell, v), "given", *cell)
            with counts.guarded(f, when):
                f.add([s.lit(cell, shaded=v == CIRCLE)])
        s.connected(lazy=not options.complete)  # the circles, one area
        runs.at_most(s, LONGEST)  # never four in a line


def encode(inst: Instance, f: Formula, options: Options = Options()) -> FobidoshiEncoding:
    return FobidoshiEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, str]]:
    return list(inst.givens)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, circles) -> list[str]:
    """Broken rules of a set of circled cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(circles) if not g.inside(c)]
    if problems:
        return problems
    for cell, v in inst.givens:
        if (cell in circles) != (v == CIRCLE):
            problems.append(f"the given {'circle' if v == CIRCLE else 'cross'} at"
                            f" {Grid.name(cell)} is not kept")
    area = nx.grid_2d_graph(inst.rows, inst.cols).subgraph(circles)
    if area.number_of_nodes() and not nx.is_connected(area):
        problems.append("the circles are not connected")
    for line in g.rows_of_cells() + g.cols_of_cells():
        for is_circle, run in itertools.groupby(line, key=lambda c: c in circles):
            run = list(run)
            if is_circle and len(run) > LONGEST:
                problems.append(f"{len(run)} circles in a line from {Grid.name(run[0])}")
    return problems


# -- design: a given can go and the circles stay a solution -------------------------------------
def clues_of(inst: Instance, circles) -> list[tuple[Cell, str]]:
    return [(c, CIRCLE if c in circles else CROSS) for c in inst.grid.cells]


def with_clues(inst: Instance, givens) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(givens))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ())


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
GIVENS = Tokens(what="a given", expect="`o` (a circle), `x` (no circle) or `.`",
                values={CIRCLE: CIRCLE, CROSS: CROSS})
CIRCLES = Tokens(expect="`o` (a circle) or `.`", values={CIRCLE: True})
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": GIVENS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.givens))),
    solution=Answer(CIRCLES, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko(GIVENS, trailing=True),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The given circles black, placed ones white; crosses."""
    givens = dict(inst.givens)
    placed = [c for c in sorted(solution or ()) if givens.get(c) != CIRCLE]
    return Board(inst.rows, inst.cols,
                 circles=[Circle(c, "black") for c, v in inst.givens if v == CIRCLE]
                 + [Circle(c, "white") for c in placed],
                 marks=[Mark(c, "cross") for c, v in inst.givens if v == CROSS])


GENRE = Genre(
    name=NAME, aliases=("Fobidoshi", "forbidden-four"),
    summary="put circles in cells: all circles connected, never four in a line; given circles"
            " stay, crosses stay empty",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
