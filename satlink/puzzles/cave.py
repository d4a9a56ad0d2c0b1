"""Cave: one white cave; every shaded area reaches the edge; numbers count what they see.

Rules (janko.at Höhle, puzz.link `cave`): shade some cells. The white
cells (the cave) are orthogonally connected; every shaded cell is
orthogonally connected, through shaded cells, to the edge of the board (no
shaded area is enclosed by the cave). Numbers are white and say how many
white cells are seen from them in the four directions, itself included, up
to a shaded cell or the edge. A `?` is a number not shown: its cell is
white.

Encoding (encodings/cave.md): a :class:`satlink.rules.shading.Shading`
over the board with a ring of cells around it, the ring shaded: the white
cells connected and the shaded cells (ring included) connected, lazy
separation cuts or complete; the sight lines
(:class:`satlink.rules.sight.Sight`) on the board itself, each number a
count behind its selector in selector mode.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based); janko's
published solutions mark the cave (`x`), not the shading.
"""
from __future__ import annotations

import networkx as nx

from ..contract import Encoding, Options
from ..formats.cellgrid import Janko, given
from ..formats.pzprjs_numbers import Number16
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..rules import counts
from ..rules.grid import Cell, Grid
from ..rules.shading import Shading
from ..rules.sight import Sight
from ..rules.sight_narrowing import Narrowed, narrow_cells
from ._seen_board import (HIDDEN, NUMBERS, Instance, blank, clues_of, codec, layout, picture, seen,
                          with_clues)
from ._shaded_text import SHADED

NAME = "cave"


def ringed(cell: Cell) -> Cell:
    """A board cell's place on the board with its ring (one row and column more each side)."""
    return cell[0] + 1, cell[1] + 1


# -- the rules ---------------------------------------------------------------------------
class CaveEncoding(Encoding):
    """``self.shading``: a variable per cell of the board and its ring."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        big = Grid(inst.rows + 2, inst.cols + 2)
        self.shading = s = Shading(f, big)
        f.declare_answer([s.var[ringed(c)] for c in inst.grid.cells])
        for r, c in big.cells:  # the ring: the outside of the board, shaded
            if r in (0, inst.rows + 1) or c in (0, inst.cols + 1):
                f.add([s.lit((r, c))])
        lazy = not options.complete
        s.connected(shaded=False, lazy=lazy)  # one cave
        s.connected(shaded=True, lazy=lazy)  # every shaded area joins the ring: reaches the edge
        # numbers given directly decide cells and bound runs (white cells
        # are passed with no variable, shaded ones end every ray); else none
        known = narrowed(inst) if options.clues == "direct" else None
        if known is None and options.clues == "direct":
            f.add([])  # the numbers contradict each other
            return
        white = Sight(f, inst.grid, passes=lambda c: s.lit(ringed(c), shaded=False),
                      tag="white.sight", clear=known.open if known else (),
                      walls=known.closed if known else ())
        if known:  # (the fixed cells in the order of the cells; the numbers among the white)
            cols = inst.cols
            f.extend([[s.lit(ringed(divmod(x, cols)), shaded=False)] for x in known.open_items])
            f.extend([[s.lit(ringed(divmod(x, cols)), shaded=True)] for x in known.closed_items])
            for cell, n, bounds in known.unsettled:  # a settled number needs no count
                white.count(cell, n + 1, itself=True, most={d: h for d, (_, h) in bounds.items()})
            return
        for cell, n in inst.numbers:
            when = self.when((cell, n), "number", *cell)
            with counts.guarded(f, when):
                f.add([s.lit(ringed(cell), shaded=False)])  # a number is in the cave
            if n != HIDDEN:  # it sees n white cells, itself included
                white.count(cell, n, itself=True, when=when)

    def cuts(self, model) -> list[list[int]]:
        return self.shading.cuts(model)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset((r - 1, c - 1) for r, c in self.shading.shaded_cells(model)
                         if 0 < r <= self.instance.rows and 0 < c <= self.instance.cols)


def narrowed(inst: Instance) -> Narrowed | None:
    """What the numbers decide (:mod:`satlink.rules.sight_narrowing`):
    the numbers white; no rule on shaded neighbours (they may touch)."""
    return narrow_cells(inst.rows, inst.cols,
                        [(c, n - 1) for c, n in inst.numbers if n != HIDDEN],
                        opened=[c for c, _ in inst.numbers])


def encode(inst: Instance, f: Formula, options: Options = Options()) -> CaveEncoding:
    return CaveEncoding(inst, f, options)


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
            problems.append(f"the {n} at {Grid.name(cell)} sees {seen(inst, shaded, cell)} cells")
    cells = nx.grid_2d_graph(inst.rows, inst.cols)
    white = cells.subgraph(set(g.cells) - set(shaded))
    if white.number_of_nodes() and not nx.is_connected(white):
        problems.append("the white cells are not connected")
    for area in nx.connected_components(cells.subgraph(shaded)):
        if not any(r in (0, inst.rows - 1) or c in (0, inst.cols - 1) for r, c in area):
            problems.append(f"the shaded cells at {Grid.name(min(area))} do not reach the edge")
    return problems


# -- design: a number can go (its cell then may be shaded) ---------------------------------------
# -- text: `.pzl` and janko grid text ------------------------------------------------------------
FORMAT = layout(NAME, Janko(NUMBERS, solution=SHADED, trailing=True,  # janko marks the cave
                             read=lambda grid, inst: frozenset(inst.grid.cells)
                             - {c for c, _ in given(grid)}))


# -- output --------------------------------------------------------------------------------
# -- puzz.link: pzprjs `cave`, Number16 (`.`: a number not shown) ---------------------------
PUZZLINK = codec("cave", Number16(low=1))

GENRE = Genre(
    name=NAME, aliases=("Cave",),
    summary="shade cells: the white cells form one cave, every shaded area reaches the edge;"
            " a number counts the white cells it sees along its row and column, itself included",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
