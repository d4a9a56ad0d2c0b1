"""Canal View: the shaded cells connected, no 2x2 shaded; numbers count the shaded cells they see.

Rules (janko.at Canal View, puz.link `canal`): shade some cells. The
shaded cells (the canal) are orthogonally connected, and no 2x2 block is
all shaded. Numbers are never shaded; a number says how many shaded cells
are seen from it in the four directions, up to the first white cell or the
edge. A `?` is a number not shown: its cell stays white.

Encoding (encodings/canalview.md): a :class:`satlink.rules.shading.Shading`;
:meth:`~satlink.rules.shading.Shading.no_square`; the shaded cells
:meth:`~satlink.rules.shading.Shading.connected` (lazy separation cuts, or
complete); the shaded cells' sight lines (:class:`satlink.rules.sight.Sight`,
a line passing shaded cells): each number a count, its cell white, both
behind its selector in selector mode.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..contract import Options
from ..formats.cellgrid import Tokens
from ..formats.pzprjs_numbers import QUESTION
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Label, Shade
from ..rules import counts
from ..rules.grid import Cell, Grid
from ..rules.seen import seen_from
from ..rules.shading import Shading
from ..rules.sight import Sight
from ._shading_genre import ShadingEncoding
from ._numbered_cells import checked, codec, layout

NAME = "canalview"
MAX_SIDE = 100
#: A number not shown (its cell white, no count).
HIDDEN = QUESTION


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbers (cell -> 0 .. rows + cols
    - 2, or :data:`HIDDEN`), sorted by cell."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int | str], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbers", checked(
            self, self.numbers, MAX_SIDE, "number", self.rows + self.cols - 2,
            "a cell sees at most the rest of its row and column", HIDDEN))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


def seen(inst: Instance, shaded, cell: Cell) -> int:
    """The shaded cells seen from ``cell`` (not itself)."""
    return len(seen_from(inst.grid, cell, (), within=shaded))


# -- the rules ---------------------------------------------------------------------------
class CanalViewEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        # a number given directly is white: its cell gets no variable, and it
        # ends every line of sight as a wall does (the runs stop short of it);
        # behind selectors a number may go and its cell be shaded
        direct = options.clues == "direct"
        walls = {c for c, _ in inst.numbers} if direct else set()
        self.shading = s = Shading(f, inst.grid, [c for c in inst.grid.cells if c not in walls])
        f.declare_answer(s.var.values())
        s.no_square()  # no 2x2 block all shaded
        s.connected(lazy=not options.complete)  # the canal, one area
        canal = Sight(f, inst.grid, passes=s.var, walls=walls, tag="shaded.sight")
        for cell, n in inst.numbers:
            when = self.when((cell, n), "number", *cell)
            if not direct:
                with counts.guarded(f, when):
                    f.add([s.lit(cell, shaded=False)])  # a number is white
            if n != HIDDEN:  # it sees n shaded cells
                canal.count(cell, n, when=when)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> CanalViewEncoding:
    return CanalViewEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int | str]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    for cell, n in inst.numbers:
        if cell in shaded:
            problems.append(f"the number at {Grid.name(cell)} is shaded")
        elif n != HIDDEN and seen(inst, shaded, cell) != n:
            problems.append(f"the {n} at {Grid.name(cell)} sees {seen(inst, shaded, cell)}"
                            " shaded cells")
    canal = nx.grid_2d_graph(inst.rows, inst.cols).subgraph(shaded)
    if canal.number_of_nodes() and not nx.is_connected(canal):
        problems.append("the shaded cells are not connected")
    problems += [f"the 2x2 block at {Grid.name(sq[0])} is all shaded"
                 for sq in g.squares() if set(sq) <= set(shaded)]
    return problems


# -- design: a number can go (its cell then may be shaded) ---------------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple[Cell, int]]:
    return [(c, seen(inst, shaded, c)) for c in inst.grid.cells if c not in shaded]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ())


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number, `?` (a number not shown) or `.`",
                 values={"?": HIDDEN}, numbers=(0, 2 * MAX_SIDE - 2),
                 why="a cell sees at most the rest of its row and column")
FORMAT = layout(NAME, MAX_SIDE, Instance, "numbers", NUMBERS)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=[Label(c, str(n)) for c, n in inst.numbers])


# -- puzz.link: pzprjs `canal`, Number16 (`.`: a number not shown) ----------------------------
PUZZLINK = codec("canal", Instance, "numbers")

GENRE = Genre(
    name=NAME, aliases=("CanalView", "canal", "canal-view"),
    summary="shade cells: the shaded cells connected, no 2x2 block shaded; a number is white"
            " and counts the shaded cells it sees along its row and column",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
