"""Gokigen Naname (Slant): a diagonal in every cell, no loop, numbers on the points.

Rules (janko.at, puzz.link): draw a diagonal, ``\\`` or ``/``, in every
cell. A number on a lattice point says how many diagonals touch that
point. The diagonals form no closed loop.

Encoding (encodings/slants.md): :class:`satlink.rules.slants.Slants`, a
variable per cell (true: ``\\``), the diagonals as a graph on the lattice
points, no loop (the four-diagonal diamond as clauses, longer loops by
lazy cycle cuts, or eagerly with ``complete``); each number is a count of
the diagonals at its point, behind its selector in selector mode.

A solution is the frozenset of cells ``(r, c)`` (0-based) holding ``\\``;
every other cell holds ``/``. Points are ``(r, c)`` with ``0 <= r <=
rows``, ``0 <= c <= cols``.
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Tokens, board, given
from ..formats.lattice import PointLayout
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_numbers import FourCell
from ..formats.pzprjs_region2 import Crosses
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Circle, Label, Mark
from ..rules import counts
from ..rules.grid import Cell, Grid, cells_at, check_board
from ..rules.slants import BACK, FORWARD, Slants, diagonal

NAME = "gokigen"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbered points, sorted."""

    rows: int
    cols: int
    points: tuple[tuple[Cell, int], ...]

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
class GokigenEncoding(Encoding):
    """``self.slants``: a diagonal per cell, no loop; numbers count at their points."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.slants = Slants(f, inst.rows, inst.cols, complete=options.complete)
        f.declare_answer(self.slants.back.values())
        for point, n in inst.points:
            when = self.when((point, n), "number", *point)
            counts.exactly(f, self.slants.at(point), n, when=when)

    def cuts(self, model) -> list[list[int]]:
        return self.slants.cuts(model)

    def decode(self, model) -> frozenset[Cell]:
        return self.slants.decode(model)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> GokigenEncoding:
    return GokigenEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.points)


# -- checking, from the rules ------------------------------------------------------------
def touching(inst: Instance, back, point: Cell) -> int:
    """How many of the diagonals around ``point`` end there."""
    return sum(point in diagonal(cell, cell in back) for cell in cells_at(inst.rows, inst.cols,
                                                                          point))


def verify(inst: Instance, back) -> list[str]:
    """Broken rules of a solution (the cells holding ``\\``)."""
    problems = [f"{Grid.name(c)} is not a cell of the board" for c in sorted(back)
                if not inst.grid.inside(c)]
    lines = nx.Graph([diagonal(c, c in back) for c in inst.grid.cells])
    for loop in nx.cycle_basis(lines)[:3]:
        problems.append("the diagonals close a loop through " + ", ".join(
            f"point {Grid.name(p)}" for p in sorted(loop)))
    for point, n in inst.points:
        got = touching(inst, back, point)
        if got != n:
            problems.append(f"the {n} at point {Grid.name(point)} touches {got} diagonals")
    return problems


# -- design: any number can go ------------------------------------------------------------------
def clues_of(inst: Instance, back) -> list[tuple[Cell, int]]:
    return [((r, c), touching(inst, back, (r, c)))
            for r in range(inst.rows + 1) for c in range(inst.cols + 1)]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ())


# -- text: `.pzl` (a `points` block of rows + 1 lines) and janko grid text ------------------------
POINTS = Tokens(what="a number", expect="0-4 or `.`", numbers=(0, 4),
                why="a point touches four cells")
SLANTS = Tokens(expect="`\\` or `/`", values={BACK: True, FORWARD: False}, empty=())


def _read(grid) -> frozenset[Cell]:
    return frozenset(c for c, v in given(grid) if v)


FORMAT = PointLayout(
    NAME, MAX_SIDE, {"points": POINTS},
    build=lambda rows, cols, points: Instance(rows, cols, tuple(given(points))),
    split=lambda inst: (inst.rows, inst.cols,
                        board(inst.rows + 1, inst.cols + 1, dict(inst.points))),
    solution=Answer(SLANTS, read=_read, write=lambda inst, back: tuple(
        tuple(c in back for c in row) for row in _cell_rows(inst))),
    janko=Janko(POINTS),
)


def _cell_rows(inst: Instance):
    return [[(r, c) for c in range(inst.cols)] for r in range(inst.rows)]


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, back) -> list[str]:
    """One string per row, a `\\` or `/` per cell."""
    return ["".join(BACK if c in back else FORWARD for c in row) for row in _cell_rows(inst)]


def cells(inst: Instance, back) -> dict[str, str]:
    return {Grid.name(c): BACK if c in back else FORWARD for c in inst.grid.cells}


def picture(inst: Instance, solution=None) -> Board:
    """On a board of half steps: point (r, c) at (2r, 2c), its number in a
    circle (a dot without one); cell (r, c) at (2r + 1, 2c + 1), its diagonal."""
    marks = [] if solution is None else [
        Label((2 * r + 1, 2 * c + 1), "╲" if (r, c) in solution else "╱", given=False)
        for r, c in inst.grid.cells]
    numbered = dict(inst.points)
    dots = [Mark((2 * r, 2 * c), "dot") for r in range(inst.rows + 1)
            for c in range(inst.cols + 1) if (r, c) not in numbered]
    return Board(2 * inst.rows + 1, 2 * inst.cols + 1, grid="none", marks=dots,
                 circles=[Circle((2 * r, 2 * c), "white", str(n)) for (r, c), n in inst.points],
                 labels=marks)


# -- puzz.link: pzprjs `gokigen` (4Cross: the numbers of the points) -----------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    for r, row in enumerate(b.value):
        for c, v in enumerate(row):
            if v is not None and not isinstance(v, int):
                raise b.where(f"point r{r + 1}c{c + 1} holds `?`: Gokigen numbers are known",
                              r, c)
    return Instance(b.rows, b.cols, tuple(given(b.value)))


PUZZLINK = Codec(
    names=("gokigen", "slant"), body=Crosses(FourCell()), build=_from_puzzlink,
    split=lambda inst: PzBoard(inst.rows, inst.cols, FORMAT.split(inst)[2]))

GENRE = Genre(
    name=NAME, aliases=("GokigenNaname", "gokigen-naname", "slant"),
    summary="a diagonal in every cell, no loop; a number on a point counts the diagonals"
            " touching it",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues,
                  clue_name=lambda c: "point " + Grid.name(c[0]), blank=blank),
)
