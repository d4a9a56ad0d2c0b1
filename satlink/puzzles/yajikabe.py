"""Yajikabe: the shaded cells connected, no 2x2 shaded; arrows count the shaded cells they point at.

Rules (janko.at Yajikabe): shade some cells. The shaded cells are
orthogonally connected, and no 2x2 block is all shaded. A clue cell (a
number and an arrow) stays white; the number says how many shaded cells
lie in the arrow's direction, up to the edge of the board. A `?` count is
not shown.

Encoding (encodings/yajikabe.md): a :class:`satlink.rules.shading.Shading`;
:meth:`~satlink.rules.shading.Shading.no_square`; the shaded cells
:meth:`~satlink.rules.shading.Shading.connected` (lazy separation cuts, or
complete); each clue cell white, each count ``exactly`` over its ray,
behind its selector in selector mode. The clue cells are the board; their
counts are the removable clues (as Yajilin's).

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..contract import Options
from ..formats.cellgrid import CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Arrow as ArrowMark, Board, Shade
from ..rules import counts
from ..rules.grid import Grid, check_board
from ..rules.shading import Shading
from ._shaded_text import SHADED_CELLS
from ._shading_genre import ShadingEncoding
from ._arrows import WORDS, Arrow, parse as _clue, show as _clue_text

NAME = "yajikabe"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its clue cells (:class:`~._arrows.Arrow`:
    a direction and a count, None when not shown), sorted by cell."""

    rows: int
    cols: int
    arrows: tuple[Arrow, ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (a.cell for a in self.arrows), "clue")
        for a in self.arrows:
            if a.direction not in WORDS:
                raise CellError(f"the clue at {Grid.name(a.cell)} has no direction", a.cell)
            most = len(self.grid.ray(a.cell, a.direction))
            if a.count is not None and a.count > most:
                raise CellError(f"the clue at {Grid.name(a.cell)} counts {a.count} shaded cells,"
                                f" but only {most} cells lie {WORDS[a.direction]} of it", a.cell)
        object.__setattr__(self, "arrows", tuple(sorted(self.arrows)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


def pointed(inst: Instance, shaded, a: Arrow) -> int:
    """The shaded cells in the direction of ``a``."""
    return sum(c in shaded for c in inst.grid.ray(a.cell, a.direction))


# -- the rules ---------------------------------------------------------------------------
class YajikabeEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        s.no_square()  # no 2x2 block all shaded
        s.connected(lazy=not options.complete)  # the shaded cells, one area
        for a in inst.arrows:
            f.add([s.lit(a.cell, shaded=False)])  # a clue cell is white
            if a.count is not None:  # it counts the shaded cells it points at
                when = self.when(a, "arrow", *a.cell)
                counts.exactly(f, [s.var[c] for c in inst.grid.ray(a.cell, a.direction)],
                               a.count, when=when)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> YajikabeEncoding:
    return YajikabeEncoding(inst, f, options)


def clues(inst: Instance) -> list[Arrow]:
    return [a for a in inst.arrows if a.count is not None]


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    for a in inst.arrows:
        if a.cell in shaded:
            problems.append(f"the clue at {Grid.name(a.cell)} is shaded")
        elif a.count is not None and pointed(inst, shaded, a) != a.count:
            problems.append(f"the arrow at {Grid.name(a.cell)} shows {a.count} but"
                            f" {pointed(inst, shaded, a)} shaded cells lie {WORDS[a.direction]}")
    dark = nx.grid_2d_graph(inst.rows, inst.cols).subgraph(shaded)
    if dark.number_of_nodes() and not nx.is_connected(dark):
        problems.append("the shaded cells are not connected")
    problems += [f"the 2x2 block at {Grid.name(sq[0])} is all shaded"
                 for sq in g.squares() if set(sq) <= set(shaded)]
    return problems


# -- design: a count can go (its arrow stays, showing `?`) -----------------------------------------
def clues_of(inst: Instance, shaded) -> list[Arrow]:
    return [a._replace(count=pointed(inst, shaded, a)) for a in inst.arrows]


def with_clues(inst: Instance, shown) -> Instance:
    counted = {a.cell: a for a in shown}
    return Instance(inst.rows, inst.cols,
                    tuple(counted.get(a.cell, a._replace(count=None)) for a in inst.arrows))


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
CLUES = Tokens(what="a clue", expect="a number and a direction (`2e`, `0n`, `?s`) or `.`",
               parse=_clue, show=_clue_text)
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CLUES},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(
        Arrow(cell, d, n) for cell, (d, n) in given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, {
        a.cell: (a.direction, a.count) for a in inst.arrows})),
    solution=SHADED_CELLS,
    janko=Janko(CLUES, trailing=True),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 arrows=[ArrowMark(a.cell, a.direction, "?" if a.count is None else str(a.count))
                         for a in inst.arrows])


GENRE = Genre(
    name=NAME, aliases=("Yajikabe",),
    summary="shade cells: the shaded cells connected, no 2x2 block shaded; an arrow's number"
            " counts the shaded cells in its direction, its cell white",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda a: Grid.name(a.cell)),
)
