"""Nurikabe: white islands grown from numbers in a connected sea.

Rules (janko.at, puzz.link): shade some cells. The white cells form
islands (orthogonally connected groups); each island holds exactly one
number, which is never shaded and says how many cells the island has
(`?`: a number not shown, any size). The shaded cells (the sea) are
orthogonally connected, and no 2x2 block is all shaded.

Encoding (encodings/nurikabe.md): a :class:`satlink.rules.shading.Shading`
with :meth:`~satlink.rules.shading.Shading.areas` grown from the numbers
(white areas: labels, sizes and distances from the number as clauses, the
islands' connectivity by lazy cuts), one sea (:func:`satlink.rules.sea.one_sea`:
lazy walled-in cuts over the cells, and when the numbers fix the sea's
size, pockets and a sea area smaller than that cut on its own) and no
shaded 2x2. In complete mode both global rules are encoded eagerly.
The numbers are structure, not removable clues: without its number an
island breaks the rules (no design hooks, as Shikaku).

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_numbers import QUESTION, Number16
from ..formats.pzprjs_parts import Cells
from ..formula import Formula
from ..genre import Genre
from ..render import Board, Label, Shade
from ..rules.clue_areas import area_problems
from ..rules.grid import Cell, Grid, check_board
from ..rules.shading import Shading
from ..rules.sea import one_sea

NAME = "nurikabe"
MAX_SIDE = 200
#: A number not shown: an island of any size.
HIDDEN = QUESTION


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbers (cell -> 1 .. rows * cols,
    or :data:`HIDDEN`), sorted by cell."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int | str], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        most = self.rows * self.cols
        for cell, n in self.numbers:
            if n != HIDDEN and not (isinstance(n, int) and 1 <= n <= most):
                raise CellError(f"number {n} at {Grid.name(cell)} is outside 1..{most}: an"
                                " island lies on the board", cell)
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class NurikabeEncoding(Encoding):
    """``self.shading``: a variable per cell, its islands, sea and squares."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        lazy = not options.complete
        s.areas({c: None if n == HIDDEN else n for c, n in inst.numbers},
                shaded=False, lazy=lazy, distances=True)  # islands, one number each
        numbers = [c for c, _ in inst.numbers]  # white: their blocks and pockets hold
        s.no_square(shaded=True, settled=numbers)  # no pool
        sea = None if any(n == HIDDEN for _, n in inst.numbers) else (
            inst.rows * inst.cols - sum(n for _, n in inst.numbers))
        one_sea(s, sea, lazy, settled=numbers)  # one sea, of the cells the numbers leave

    def cuts(self, model) -> list[list[int]]:
        return self.shading.cuts(model)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(self.shading.shaded_cells(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> NurikabeEncoding:
    return NurikabeEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    numbers = dict(inst.numbers)
    problems = area_problems(g, set(g.cells) - set(shaded), numbers, any_size=HIDDEN)
    problems += [f"the number at {Grid.name(c)} is shaded" for c in numbers if c in shaded]
    sea = nx.grid_2d_graph(inst.rows, inst.cols).subgraph(shaded)
    if sea.number_of_nodes() and not nx.is_connected(sea):
        problems.append("the shaded cells are not connected")
    problems += [f"the 2x2 block at {Grid.name(sq[0])} is all shaded"
                 for sq in g.squares() if all(c in shaded for c in sq)]
    return problems


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number, `?` (a number not shown) or `.`",
                 values={"?": HIDDEN}, numbers=(1, MAX_SIDE * MAX_SIDE),
                 why="an island has at least one cell")
SHADED = Tokens(expect="`x` (shaded) or `.`", values={"x": True})
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=Answer(SHADED, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko(NUMBERS, trailing=True),  # some published solutions end in janko's move list
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, shaded) -> list[list[int]]:
    """The shaded cells [r, c], 0-based, in row order."""
    return [list(c) for c in sorted(shaded)]


def cells(inst: Instance, shaded) -> dict[str, bool]:
    return {Grid.name(c): c in shaded for c in inst.grid.cells}


def picture(inst: Instance, solution=None) -> Board:
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=[Label(c, str(n)) for c, n in inst.numbers])


# -- puzz.link: pzprjs `nurikabe`, Number16 (`.`: a number not shown) ----------------------------
PUZZLINK = Codec(
    names=("nurikabe",), body=Cells(Number16(low=1, what="island number")),
    build=lambda b: Instance(b.rows, b.cols, tuple(given(b.value))),
    split=lambda inst: PzBoard(inst.rows, inst.cols,
                               board(inst.rows, inst.cols, dict(inst.numbers))))

GENRE = Genre(
    name=NAME, aliases=("Nurikabe",),
    summary="shade cells into one connected sea without 2x2 pools; every white island holds"
            " one number, its size",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
)
