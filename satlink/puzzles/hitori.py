"""Hitori: shade repeated numbers away; the shaded cells apart, the white cells connected.

Rules (janko.at, puzz.link): every cell holds a number (puzz.link also
allows empty cells). Shade some cells so that no number appears twice
among the white cells of a row or of a column; no two shaded cells are
orthogonally adjacent; the white cells are orthogonally connected.

Encoding (encodings/hitori.md): a :class:`satlink.rules.shading.Shading`;
the cells the numbers decide (:func:`decided`) as unit clauses, the
clauses they satisfy left out; per row and column and repeated number, at most one of its cells white;
:meth:`~satlink.rules.shading.Shading.no_adjacent`; implied clauses
(:func:`satlink.rules.walled.enclosures`); the white cells
connected: lazy cuts over the cell variables
(:func:`~satlink.rules.walled.walled_in_cuts`), or complete
(:meth:`~satlink.rules.shading.Shading.connected`).

The numbers are the board itself, not removable clues (no design hooks,
as Nurikabe and Shikaku). A solution is the frozenset of shaded cells
``(r, c)`` (0-based).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import networkx as nx

from ..contract import Options
from ..formats.cellgrid import Janko, Layout, Tokens, board, given
from ..formats.pzprjs import Codec
from ..formats.pzprjs_numbers import Base36
from ..formats.pzprjs_parts import Cells
from ..formats.pzprjs import PzBoard
from ..formula import Formula
from ..genre import Genre
from ..genre_answers import CELL_SET
from ..render import Board, Label, Shade, to_text
from ..rules.grid import Cell, Grid, check_board
from ..rules.shading import Shading
from ..rules.walled import enclosures, walled_in_cuts
from ._shaded_text import SHADED_CELLS
from ._shading_genre import ShadingEncoding

NAME = "hitori"
MAX_SIDE = 100
MAX_NUMBER = 1295  # puzz.link's largest


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbers (cell -> 0..1295; a cell
    missing from them is empty), sorted by cell."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def repeats(self) -> list[list[Cell]]:
        """Per row and column, the cells of each number it holds twice or more."""
        # the numbers as rows (None: empty) read across, then down; each
        # line's numbers in their first cell's order
        grid = [[None] * self.cols for _ in range(self.rows)]
        for (r, c), n in self.numbers:
            grid[r][c] = n
        out = []
        for r, row in enumerate(grid):
            same: dict[int, list[Cell]] = {}
            for c, n in enumerate(row):
                if n is not None:
                    same.setdefault(n, []).append((r, c))
            out += [cells for cells in same.values() if len(cells) > 1]
        for c in range(self.cols):
            same = {}
            for r, row in enumerate(grid):
                if row[c] is not None:
                    same.setdefault(row[c], []).append((r, c))
            out += [cells for cells in same.values() if len(cells) > 1]
        return out


def decided(inst: Instance, repeats: list[list[Cell]]) -> tuple[set[Cell], set[Cell]]:
    """The cells the numbers decide, (shaded, white) (encodings/hitori.md,
    "Decided by the numbers"): where a line holds a number in two adjacent
    cells, its other cells of that number are shaded; a cell between two
    equal numbers of its line is white, and so is every neighbour of a
    shaded one. ``repeats``: :meth:`Instance.repeats`.

    >>> decided(Instance(1, 4, (((0, 0), 1), ((0, 1), 1), ((0, 3), 1))),
    ...         [[(0, 0), (0, 1), (0, 3)]])
    ({(0, 3)}, {(0, 2)})
    """
    shaded, white = set(), set()
    for cells in repeats:  # one number's cells in a line, in the line's order
        for (r, c), (r2, c2) in zip(cells, cells[1:]):
            gap = r2 - r + c2 - c
            if gap == 1:  # one of the two is shaded and one white: the rest shaded
                shaded.update(x for x in cells if x != (r, c) and x != (r2, c2))
            elif gap == 2:  # one of the two is shaded: the cell between touches it
                white.add(((r + r2) // 2, (c + c2) // 2))
    neighbours = inst.grid.neighbours
    white.update(n for c in shaded for n in neighbours(c))
    return shaded, white


# -- the rules ---------------------------------------------------------------------------
class HitoriEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        var, repeats = s.var, inst.repeats()
        shaded, white = decided(inst, repeats)  # as unit clauses; the clauses they satisfy left out
        f.clauses += [[var[c]] for c in sorted(shaded)] + [[-var[c]] for c in sorted(white)]
        for cells in repeats:  # a number at most once white in a line
            f.at_most_one([-var[c] for c in cells if c not in shaded])
        s.no_adjacent(settled=white)  # no two shaded cells touch (decided pairs hold)
        f.clauses += enclosures(s, white)  # implied: no white cell or pair walled in
        if options.complete:  # the white cells, one area
            s.connected(shaded=False, lazy=False)

    def cuts(self, model) -> list[list[int]]:
        return walled_in_cuts(self.shading, model) if not self.options.complete else []


def encode(inst: Instance, f: Formula, options: Options = Options()) -> HitoriEncoding:
    return HitoriEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    at = dict(inst.numbers)
    for line in g.rows_of_cells() + g.cols_of_cells():
        white = [c for c in line if c in at and c not in shaded]
        if len({at[c] for c in white}) == len(white):  # no number twice: no pair to name
            continue
        for a, b in itertools.combinations(white, 2):
            if at[a] == at[b]:
                problems.append(f"the {at[a]} at {Grid.name(a)} and at {Grid.name(b)} are"
                                " both white")
    shaded = set(shaded)
    problems += [f"the shaded cells {Grid.name(a)} and {Grid.name(b)} touch"
                 for a in sorted(shaded) for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
                 if b in shaded]
    white_graph = nx.Graph()
    white_graph.add_nodes_from(c for c in g.cells if c not in shaded)
    white_graph.add_edges_from((a, b) for a in white_graph for b in ((a[0], a[1] + 1),
                               (a[0] + 1, a[1])) if b in white_graph)
    if white_graph.number_of_nodes() and not nx.is_connected(white_graph):
        problems.append("the white cells are not connected")
    return problems


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number or `.` (an empty cell)",
                 numbers=(0, MAX_NUMBER), why="puzz.link writes numbers up to 1295")
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=SHADED_CELLS,
    janko=Janko(NUMBERS, trailing=True),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The numbers; when solved, the shaded cells black (the SVG writes
    their numbers light on them, as puzz.link does)."""
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=[Label(c, str(n)) for c, n in inst.numbers])


def draw_text(inst: Instance, solution=None) -> str:
    """The terminal writes no number on a shaded cell: a shaded cell shows
    its shading, the white cells their numbers."""
    board = picture(inst, solution)
    shaded = set(solution or ())
    return to_text(Board(inst.rows, inst.cols, shades=board.shades,
                         labels=[lab for lab in board.labels if lab.cell not in shaded]))


# -- puzz.link: pzprjs `hitori`, a base-36 number per cell ----------------------------------------
PUZZLINK = Codec(
    names=("hitori",), body=Cells(Base36(what="number")),
    build=lambda b: Instance(b.rows, b.cols, tuple(given(b.value))),
    split=lambda inst: PzBoard(inst.rows, inst.cols,
                               board(inst.rows, inst.cols, dict(inst.numbers))))

GENRE = Genre(
    name=NAME, aliases=("Hitori",),
    summary="shade cells so that no number repeats among the white cells of a row or column;"
            " shaded cells never touch, the white cells are connected",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    answer=CELL_SET, picture=picture, draw_text=draw_text,
    puzzlink=PUZZLINK,
)
