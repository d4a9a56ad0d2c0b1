"""Grand Tour: one loop along the grid lines through every lattice point; some of its sides are given.

Rules (janko.at "Grand Tour"): draw one closed loop along the sides of
cells, never crossing or branching, that passes through every lattice
point (corner of cells). Some sides of the loop are given.

Encoding (encodings/cell_loops.md, Grand Tour): a
:class:`satlink.rules.lattice_loop.LatticeLoop` with at least one loop edge
at every point (so exactly two), each given side a unit clause (behind its
selector in selector mode); every point is promised to the cut finder, so
its cuts carry no witnesses. The one-cycle rule lazily or, with
``Options.complete``, eagerly.

A clue cell of the texts is a number 1-15 adding up the given sides of the
cell: 8 top, 4 left, 2 bottom, 1 right (janko's and puzzlekit's way); the
instance holds the set of given sides. A solution is the frozenset of loop
edges, each a pair of lattice points ``((r1, c1), (r2, c2))`` in
increasing order; janko's published solution shades the cells inside.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Edge as Stroke
from ..rules import counts
from ..rules.grid import Cell, Edge, Grid, edge_key
from ..rules.lattice_loop import LatticeLoop
from ..rules.loop_checks import loop_problems
from ._dot_grid import (BITS, LOOP, MAX_SIDE, EdgeLoopEncoding, cells, checked_edges, sides_of,
                        solution_json)

NAME = "grandtour"


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its given loop sides, sorted."""

    rows: int
    cols: int
    given: tuple[Edge, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "given", checked_edges(self.rows, self.cols, self.given))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


class GrandTourEncoding(EdgeLoopEncoding):
    """The loop (``self.loop``) through every point and the given sides."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.loop = loop = LatticeLoop(inst.grid, f, complete=options.complete)
        for p in loop.nodes.cells:
            f.add(list(loop.lines(p).values()))
        loop.promise(loop.nodes.cells, 1)
        f.declare_answer(loop.ex)
        for e in inst.given:
            when = self.when(e, "given", *edge_key(e))
            with counts.guarded(f, when):
                f.add([loop.edges[e]])


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    points = Grid(inst.rows + 1, inst.cols + 1)
    problems = loop_problems(points, sol, required=points.cells,
                             name=lambda p: f"point ({p[0]}, {p[1]})")
    return problems + [f"the given side {a}-{b} is not on the loop" for a, b in inst.given
                       if (a, b) not in sol]


# -- text: a number per cell adds up its given sides ---------------------------------------------
SIDES = Tokens(what="a clue", expect="a number 1-15 (8 top, 4 left, 2 bottom, 1 right) or `.`",
               numbers=(1, 15), why="a cell has four sides (8 + 4 + 2 + 1)")


def _build(rows: int, cols: int, grid) -> Instance:
    return Instance(rows, cols, tuple(e for cell, n in given(grid)
                                      for side, e in sides_of(cell).items() if n & BITS[side]))


def _split(inst: Instance):
    """Each given side written on one cell: the cell below or right of it
    (above or left on the last row or column)."""
    numbers: dict[Cell, int] = {}
    for (a, b) in inst.given:
        if a[0] == b[0]:  # horizontal: the top of the cell below, or the bottom of the one above
            cell, bit = ((a, BITS["top"]) if a[0] < inst.rows
                         else ((a[0] - 1, a[1]), BITS["bottom"]))
        else:
            cell, bit = ((a, BITS["left"]) if a[1] < inst.cols
                         else ((a[0], a[1] - 1), BITS["right"]))
        numbers[cell] = numbers.get(cell, 0) | bit
    return inst.rows, inst.cols, board(inst.rows, inst.cols, numbers)


#: `size C x R`, a `grid` of side numbers, an optional `solution` of inside
#: cells (as Slitherlink's); janko: `ROWS COLS`, the numbers, the published
#: inside cells.
FORMAT = Layout(NAME, MAX_SIDE, {"grid": SIDES}, build=_build, split=_split,
                solution=LOOP, janko=Janko(SIDES, trailing=True))


def picture(inst: Instance, solution=None) -> Board:
    """Lattice dots, the given sides, the loop when solved."""
    lines = sorted(solution) if solution else list(inst.given)
    return Board(inst.rows, inst.cols, grid="dots", edges=[Stroke(a, b, "loop") for a, b in lines])


GENRE = Genre(
    name=NAME, aliases=("GrandTour", "grand-tour"),
    summary="one loop along the grid lines through every lattice point; some sides given",
    instance=Instance, text=FORMAT, encode=GrandTourEncoding, verify=verify,
    clues=lambda inst: list(inst.given), picture=picture,
    solution_json=solution_json, cells=cells,
    design=Design(clues_of=lambda inst, sol: sorted(sol),
                  with_clues=lambda inst, sides: Instance(
                      inst.rows, inst.cols, tuple((tuple(a), tuple(b)) for a, b in sides)),
                  clue_name=lambda e: "{}({},{})".format(*edge_key(e))),
)
