"""Creek: numbers on the lattice points count the shaded cells around them; the white cells connected.

Rules (janko.at Creek, puz.link `creek`): shade some cells. A number on a
lattice point (a corner of cells) says how many of the (up to four) cells
around it are shaded. The white cells are orthogonally connected.

Encoding (encodings/creek.md): a :class:`satlink.rules.shading.Shading`;
each number a count over the cells at its point (``exactly`` as plain
clauses over at most four literals), behind its selector in selector mode;
the white cells :meth:`~satlink.rules.shading.Shading.connected` (lazy
separation cuts, or complete).

A solution is the frozenset of shaded cells ``(r, c)`` (0-based). Points
are ``(r, c)`` with ``0 <= r <= rows`` and ``0 <= c <= cols`` (the top left
corner of cell (r, c)).
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..contract import Options
from ..formats.cellgrid import CellError, Janko, Tokens, board, given
from ..formats.lattice import PointLayout
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_numbers import FourCell
from ..formats.pzprjs_region2 import Crosses
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Circle, Mark, Shade
from ..rules import counts
from ..rules.side_counts import exactly_small
from ..rules.grid import Cell, Grid, cells_at, check_board
from ..rules.shading import Shading
from ._shaded_text import SHADED_CELLS
from ._shading_genre import ShadingEncoding

NAME = "creek"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbered points, sorted."""

    rows: int
    cols: int
    points: tuple[tuple[Cell, int], ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "number")
        check_board(self.rows + 1, self.cols + 1, MAX_SIDE + 1, (p for p, _ in self.points),
                    "numbered point")
        for p, n in self.points:
            most = len(cells_at(self.rows, self.cols, p))
            if not 0 <= n <= most:
                raise CellError(f"{n} at point {Grid.name(p)} is out of range: that point"
                                f" touches {most} cells", p)
        object.__setattr__(self, "points", tuple(sorted(self.points)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class CreekEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        for point, n in inst.points:  # a number counts the shaded cells at its point
            when = self.when((point, n), "number", *point)
            with counts.guarded(f, when):
                exactly_small(f, [s.var[c] for c in cells_at(inst.rows, inst.cols, point)], n)
        s.connected(shaded=False, lazy=not options.complete)  # the white cells, one area


def encode(inst: Instance, f: Formula, options: Options = Options()) -> CreekEncoding:
    return CreekEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.points)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    for point, n in inst.points:
        got = sum(c in shaded for c in cells_at(inst.rows, inst.cols, point))
        if got != n:
            problems.append(f"the {n} at point {Grid.name(point)} touches {got} shaded cells")
    white = nx.grid_2d_graph(inst.rows, inst.cols).subgraph(set(g.cells) - set(shaded))
    if white.number_of_nodes() and not nx.is_connected(white):
        problems.append("the white cells are not connected")
    return problems


# -- design: a number can go and the shading stays a solution -------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple[Cell, int]]:
    return [((r, c), sum(x in shaded for x in cells_at(inst.rows, inst.cols, (r, c))))
            for r in range(inst.rows + 1) for c in range(inst.cols + 1)]


def with_clues(inst: Instance, points) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(points))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ())


# -- text: `.pzl` (a `points` block of rows + 1 lines) and janko grid text ------------------------
POINTS = Tokens(what="a number", expect="0-4 or `.`", numbers=(0, 4),
                why="a point touches four cells")
FORMAT = PointLayout(
    NAME, MAX_SIDE, {"points": POINTS},
    build=lambda rows, cols, points: Instance(rows, cols, tuple(given(points))),
    split=lambda inst: (inst.rows, inst.cols,
                        board(inst.rows + 1, inst.cols + 1, dict(inst.points))),
    solution=SHADED_CELLS,
    janko=Janko(POINTS, trailing=True),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """On a board of half steps: point (r, c) at (2r, 2c), its number in a
    circle (a dot without one); cell (r, c) at (2r + 1, 2c + 1), shaded
    with its four sides when solved."""
    shades = sorted({(2 * r + 1 + dr, 2 * c + 1 + dc) for r, c in solution or ()
                     for dr, dc in ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0))})
    numbered = dict(inst.points)
    dots = [Mark((2 * r, 2 * c), "dot") for r in range(inst.rows + 1)
            for c in range(inst.cols + 1) if (r, c) not in numbered]
    return Board(2 * inst.rows + 1, 2 * inst.cols + 1, grid="none", marks=dots,
                 shades=[Shade(x) for x in shades],
                 circles=[Circle((2 * r, 2 * c), "white", str(n)) for (r, c), n in inst.points])


# -- puzz.link: pzprjs `creek` (4Cross: the numbers of the points) --------------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    for r, row in enumerate(b.value):
        for c, v in enumerate(row):
            if v is not None and not isinstance(v, int):
                raise b.where(f"point r{r + 1}c{c + 1} holds `?`: Creek numbers are known", r, c)
    return Instance(b.rows, b.cols, tuple(given(b.value)))


PUZZLINK = Codec(names=("creek",), body=Crosses(FourCell()), build=_from_puzzlink,
                 split=lambda inst: PzBoard(inst.rows, inst.cols, FORMAT.split(inst)[2]))

GENRE = Genre(
    name=NAME, aliases=("Creek",),
    summary="shade cells: a number on a lattice point counts the shaded cells around it;"
            " the white cells are connected",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
