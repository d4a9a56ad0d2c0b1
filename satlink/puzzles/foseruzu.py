"""Foseruzu (janko.at "Foseruzu"; Nikoli's Four Cells / Five Cells): divide
the board into regions of k cells; a number counts its cell's borders.

Rules (janko.at "Foseruzu"; Nikoli "Four Cells" and "Five Cells"): divide
the board into regions of k cells each. A number says how many of its
cell's four sides are region borders, the board's outline included. k is
5 unless the puzzle says otherwise (`cells 4` in `.pzl`): janko states it on
the puzzle's page, and its grid text does not carry it, so grid text reads
as k = 5 (the dev slice: 58 boards of 5 cells, 4 of 4). pzprjs cuts cells
out of a board whose cell count k does not divide (`*` in `.pzl`): they
belong to no region, and a side against one counts as outline.

Encoding (encodings/foseruzu.md): the regions of k cells are
:class:`satlink.rules.equal_regions.EqualRegions` (a border variable per
pair of adjacent cells; lazy cuts, or an exact cover of placements in
complete mode); per number "exactly n minus its outline sides" over its
inner sides' borders, behind its selector.

A solution is the set of borders between adjacent cells, each a pair of
cells ``(a, b)``, ``a < b``; its text, the regions numbered 1, 2, ... in
reading order of their first cells (as janko publishes them).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import (Answer, CellError, Janko, Keyword, Layout, Tokens, board,
                                given)
from ..formats.pzprjs_foseruzu import five_or_four_cells
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Edge, Label, Shade
from ..rules import counts
from ..rules.equal_regions import EqualRegions, equal_regions_problems
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_shapes import walls_between

NAME = "foseruzu"
MAX_SIDE = 60
#: The largest region size: the rim clauses and the complete mode enumerate
#: every polyomino of up to that many cells (2,725 fixed octominoes).
MAX_CELLS = 8


#: A cell cut out of the board (pzprjs's `7`, `*` in `.pzl`): no region holds it.
HOLE = "hole"


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board, its numbers (cell -> count), sorted, the
    size of every region (``cells``, 5 unless the puzzle says) and the cells
    cut out of the board (``holes``, sorted; pzprjs cuts a corner or two out
    of a board whose cell count k does not divide)."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int], ...]
    cells: int = 5
    holes: tuple[Cell, ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        check_board(self.rows, self.cols, MAX_SIDE, self.holes, "cut-out cell")
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))
        object.__setattr__(self, "holes", tuple(sorted(set(self.holes))))
        for cell, _ in self.numbers:
            if cell in self.holes:
                raise CellError(f"the number at {Grid.name(cell)} is on a cut-out cell", cell)
        if not (type(self.cells) is int and 1 <= self.cells <= MAX_CELLS):
            raise CellError(f"a region size of {self.cells!r} is not 1-{MAX_CELLS}", (0, 0),
                            "cells")
        n = self.rows * self.cols - len(self.holes)
        if n % self.cells:
            raise CellError(f"regions of {self.cells} cells cannot divide the"
                            f" {n} cells of the board", (0, 0), "cells")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def board_cells(self) -> list[Cell]:
        """The cells of the board, the cut-out ones left out."""
        holes = set(self.holes)
        return [c for c in self.grid.cells if c not in holes]

    @property
    def hole_sides(self) -> set:
        """The sides between a cut-out cell and another: outline, never a border."""
        holes = set(self.holes)
        return {e for e in self.grid.cell_edges() if holes.intersection(e)}

    def outline(self, cell: Cell) -> int:
        """How many of ``cell``'s sides lie on the board's outline (against
        the edge or a cut-out cell)."""
        return 4 - sum(1 for nb in self.grid.neighbours(cell) if nb not in self.holes)


# -- the rules ---------------------------------------------------------------------------
class FoseruzuEncoding(Encoding):
    """Regions of k cells (:class:`~satlink.rules.equal_regions.EqualRegions`:
    lazy cuts, or an exact cover of placements in complete mode); per number,
    its count of borders."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.regions = EqualRegions(f, inst.grid, inst.cells, options.complete,
                                    cells=inst.board_cells)
        for cell, n in inst.numbers:
            counts.exactly(f, self.regions.sides(cell), n - inst.outline(cell),
                           when=self.when((cell, n), "number", *cell))
        f.declare_answer(list(self.regions.border.values()))

    def cuts(self, model) -> list[list[int]]:
        return self.regions.cuts(model)

    def decode(self, model) -> frozenset:
        return self.regions.walls(model)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> FoseruzuEncoding:
    return FoseruzuEncoding(inst, f, options)


def clues(inst: Instance) -> list:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def sides(inst: Instance, borders) -> Counter:
    """Per cell of the board, how many of its sides are borders or outline."""
    out = Counter({c: inst.outline(c) for c in inst.board_cells})
    sides_ = set(inst.grid.cell_edges(inst.board_cells))
    out.update(c for e in borders if e in sides_ for c in e)
    return out


def verify(inst: Instance, borders) -> list[str]:
    problems = equal_regions_problems(inst.grid, inst.cells, borders, inst.board_cells)
    closed = sides(inst, borders)
    for cell, n in inst.numbers:
        k = closed[cell]
        if k != n:
            problems.append(f"the {n} at {Grid.name(cell)} has {k} borders around it")
    return problems


# -- design: a number can go and the borders stay a solution ----------------------------------
def clues_of(inst: Instance, borders) -> list:
    closed = sides(inst, borders)
    return [(c, closed[c]) for c in inst.board_cells]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers), inst.cells, inst.holes)


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, (), params.get("cells", 5))


# -- text: `.pzl` and janko grid text ---------------------------------------------------------
def labels(inst: Instance, borders) -> tuple:
    """The regions numbered 1, 2, ... in reading order of their first cells;
    0 for a cut-out cell."""
    cut = set(inst.holes)
    walls = set(borders) | inst.hole_sides
    name, count = dict.fromkeys(cut, 0), 0
    for region in inst.grid.regions(walls):
        if region[0] not in cut:
            count += 1
            name.update(dict.fromkeys(region, count))
    return tuple(tuple(name[(r, c)] for c in range(inst.cols)) for r in range(inst.rows))


def borders_of(rows) -> frozenset:
    """The borders of a grid of region names: between cells of different
    names, a cut-out cell (`*`) not in any."""
    grid = Grid(len(rows), len(rows[0]))
    label = {(r, c): v for r, row in enumerate(rows) for c, v in enumerate(row)}
    return frozenset(e for e in walls_between(grid, label) if "*" not in (label[e[0]], label[e[1]]))


def _from_grid(rows: int, cols: int, grid, cells: int = 5) -> Instance:
    holes = tuple(c for c, v in given(grid) if v == HOLE)
    return Instance(rows, cols, tuple((c, v) for c, v in given(grid) if v != HOLE), cells, holes)


def _grid(inst: Instance):
    return board(inst.rows, inst.cols, {**dict(inst.numbers), **dict.fromkeys(inst.holes, HOLE)})


NUMBERS = Tokens(what="a number", expect="0-4, `*` (a cell cut out of the board) or `.`",
                 values={"*": HOLE}, numbers=(0, 4), why="a cell has four sides")
REGIONS = Tokens(what="a region name", expect="a region name (letters or digits) or `*`",
                 empty=(), parse=lambda t: t if t.isalnum() or t == "*" else None, show=str,
                 fold=False)
SIZES = Tokens(what="a region size", expect=f"a region size, 1-{MAX_CELLS}",
               numbers=(1, MAX_CELLS))
#: `size C x R`, `cells K` (printed when not 5), a `grid` of numbers 0-4 and
#: `*` (cut out); janko: `R C`, the grid (k = 5: its grid text does not say).
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=_from_grid,
    split=lambda inst: (inst.rows, inst.cols, _grid(inst), {"cells": inst.cells}),
    keywords={"cells": Keyword(SIZES, default=5)},
    solution=Answer(REGIONS, read=borders_of,
                    write=lambda inst, sol: tuple(tuple(str(v or "*") for v in row)
                                                  for row in labels(inst, sol))),
    janko=Janko(NUMBERS),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, borders) -> list[list[int]]:
    """Each cell's region, numbered 1, 2, ... in reading order of first
    cells; 0 for a cut-out cell."""
    return [list(row) for row in labels(inst, borders)]


def cells(inst: Instance, borders) -> dict[str, bool]:
    """Side name (`r1c1-r1c2`) -> border."""
    return {Grid.pair_name(*e): e in borders for e in inst.grid.cell_edges(inst.board_cells)}


def picture(inst: Instance, borders=None) -> Board:
    """The numbers, the cut-out cells (void, outlined); solved, the borders."""
    drawn = set(borders or ()) | inst.hole_sides
    edges = [Edge((b[0], b[1]), (a[0] + 1, a[1] + 1), "border") for a, b in sorted(drawn)]
    return Board(inst.rows, inst.cols, edges=edges, shades=[Shade(c, "void") for c in inst.holes],
                 labels=[Label(c, str(k)) for c, k in inst.numbers])


#: puz.link: pzprjs `fivecells` and `fourcells` (:mod:`satlink.formats.pzprjs_foseruzu`).
PUZZLINK = five_or_four_cells(_from_grid, _grid, HOLE)


GENRE = Genre(
    name=NAME, aliases=("Foseruzu", "four-cells", "five-cells", "fourcells", "fivecells"),
    summary="divide the board into regions of k cells (`cells K`, default 5); a number"
            " counts its cell's sides that are borders",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
