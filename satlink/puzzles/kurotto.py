"""Kurotto: a circle's number is the total size of the shaded areas next to it.

Rules (janko.at Kurotto, puz.link `kurotto`): shade some cells. Circles
are never shaded. The number in a circle is the total number of cells of
the shaded areas (orthogonally connected groups of shaded cells) that
touch the circle orthogonally. A circle without a number is a cell that
stays white. Janko's boards also need every shaded area to touch a
numbered circle (puz.link does not say so, but a puzzle unique without it
has no other area: one could be erased; janko's 224 is ambiguous without it).

Encoding (encodings/kurotto.md): a :class:`satlink.rules.shading.Shading`;
each circle a unit clause (white) and its number a
:func:`satlink.rules.flood.count_flood` (the shaded cells reached from the
circle through shaded cells, exactly n) and a shaded cell reached by some
number, both as layers of reach in complete mode; lazily (the default),
cuts against a wrong flood or an area touching no number
(:func:`~satlink.rules.flood.flood_cuts`,
:func:`~satlink.rules.flood.touch_cuts`) beside implied clauses. The circles are the board, not
removable clues: erasing a number may leave an area touching none.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..contract import Options
from ..formats.cellgrid import Tokens
from ..formats.pzprjs_numbers import QUESTION
from ..formula import Formula
from ..genre import Genre, no_clues
from ..genre_answers import CELL_SET
from ..render import Board, Circle, Shade
from ..rules import flood
from ..rules.grid import Cell, Grid
from ..rules.shading import Shading
from ._shading_genre import ShadingEncoding
from ._numbered_cells import checked, codec, layout

NAME = "kurotto"
MAX_SIDE = 100
#: A circle without a number.
EMPTY = QUESTION


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its circles (cell -> number, or
    :data:`EMPTY`), sorted by cell."""

    rows: int
    cols: int
    circles: tuple[tuple[Cell, int | str], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "circles", checked(
            self, self.circles, MAX_SIDE, "circle", self.rows * self.cols - len(self.circles),
            "the board has no more cells to shade", EMPTY))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


def touching(inst: Instance, shaded, cell: Cell) -> int:
    """The cells of the shaded areas next to ``cell``."""
    dark = nx.grid_2d_graph(inst.rows, inst.cols).subgraph(set(shaded) | {cell})
    return len(nx.node_connected_component(dark, cell)) - 1


# -- the rules ---------------------------------------------------------------------------
class KurottoEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        numbered = [(c, n) for c, n in inst.circles if n != EMPTY]
        for cell, _ in inst.circles:
            f.add([s.lit(cell, shaded=False)])  # a circle is white
        self.lazy = not options.complete
        reached: dict[Cell, list[int]] = {c: [] for c in inst.grid.cells}
        for cell, n in numbered:  # the shaded areas next to a number hold n cells
            if self.lazy:
                flood.flood_implied(s, cell, n)
                for c in s.reach(cell, n):
                    reached[c].append(0)  # near enough to be reached
            else:
                for c, x in flood.count_flood(s, cell, n).items():
                    reached[c].append(x)
        for c, xs in reached.items():  # every shaded area touches a number
            if not xs or not self.lazy:
                f.add([s.lit(c, shaded=False), *xs])
        self.numbered = numbered

    def cuts(self, model) -> list[list[int]]:
        if not self.lazy:
            return []
        s = self.shading
        out = [cut for cell, n in self.numbered for cut in flood.flood_cuts(s, model, cell, n)]
        return out or flood.touch_cuts(s, model, [c for c, _ in self.numbered])


def encode(inst: Instance, f: Formula, options: Options = Options()) -> KurottoEncoding:
    return KurottoEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    for cell, n in inst.circles:
        if cell in shaded:
            problems.append(f"the circle at {Grid.name(cell)} is shaded")
        elif n != EMPTY and touching(inst, shaded, cell) != n:
            problems.append(f"the {n} at {Grid.name(cell)} touches"
                            f" {touching(inst, shaded, cell)} shaded cells")
    numbered = {c for c, n in inst.circles if n != EMPTY}
    dark = nx.grid_2d_graph(inst.rows, inst.cols).subgraph(shaded)
    for area in nx.connected_components(dark):
        if not any(n in numbered for c in area for n in inst.grid.neighbours(c)):
            problems.append(f"the shaded area at {Grid.name(min(area))} touches no number")
    return problems


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
NUMBERS = Tokens(what="a circle", expect="a number, `o` (a circle without a number) or `.`",
                 values={"o": EMPTY}, aliases={"?": EMPTY}, numbers=(0, MAX_SIDE * MAX_SIDE),
                 why="the board has no more cells")
FORMAT = layout(NAME, MAX_SIDE, Instance, "circles", NUMBERS)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 circles=[Circle(c, "white", "" if n == EMPTY else str(n))
                          for c, n in inst.circles])


# -- puzz.link: pzprjs `kurotto`, Number16 (`.`: a circle without a number) -----------------------
PUZZLINK = codec("kurotto", Instance, "circles", "circle number")

GENRE = Genre(
    name=NAME, aliases=("Kurotto",),
    summary="shade cells, never a circle: a circle's number is the total size of the shaded"
            " areas touching it; every shaded area touches a number",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=no_clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
)
