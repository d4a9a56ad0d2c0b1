"""Fillomino: divide the grid into regions; every number is its region's size.

Rules (janko.at): divide the grid into regions (polyominoes). A number
gives the size of its region; a region may hold no number, one number or
several equal numbers. Two regions of the same size never share an edge.
The solution writes every cell's region size.

Encoding (encodings/regions.md): :class:`satlink.rules.regions.Regions`
labelled by sizes (:func:`satlink.rules.sizes.sizes`): each cell's label
is its region's size, the walls (the answer) are where labels differ, and
every group of one size has that many cells (lazy cuts, or the complete
spanning-forest encoding). Setting ``cap`` (default
:data:`satlink.rules.sizes.CAP`): sizes above it that no clue has share one
label.

A solution is the grid of sizes, a tuple of row tuples.
"""
from __future__ import annotations

import networkx as nx

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Tokens
from ..formats.pzprjs_numbers import Number16
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Label, region_borders
from ..rules.grid import Cell, Grid
from ..rules.regions import Regions
from ..rules.sizes import CAP, sizes
from . import _divisions as D

NAME = "fillomino"

Sizes = tuple[tuple[int, ...], ...]


class Instance(D.Numbers):
    """A ``rows`` x ``cols`` board and its numbers (cell -> size), sorted."""

    def wrong(self, n, at: str) -> str | None:
        if not 1 <= n <= self.rows * self.cols:
            return f"size {n} at {at} is not 1 to {self.rows * self.cols}, the cells of the board"
        return None


# -- the rules ---------------------------------------------------------------------------
class FillominoEncoding(Encoding):
    """The walls (``regions``) and the sizes (``sizes``); a number is its
    cell's size, behind its selector in selector mode."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.regions = Regions(f, inst.grid)
        selectors = {} if options.clues == "direct" else {
            cell: self.selectors.setdefault((cell, n), f.var("number", *cell))
            for cell, n in inst.numbers}
        self.sizes = sizes(self.regions, dict(inst.numbers), selectors,
                           lazy=not options.complete, cap=options.setting("cap", CAP))
        f.declare_answer(list(self.regions.wall.values()))

    def cuts(self, model) -> list[list[int]]:
        return self.regions.cuts(model)

    def decode(self, model) -> Sizes:
        size = self.sizes.decode(model)
        return tuple(tuple(size[(r, c)] for c in range(self.instance.cols))
                     for r in range(self.instance.rows))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> FillominoEncoding:
    return FillominoEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol: Sizes) -> list[str]:
    """Broken rules of a grid of sizes: the regions are the groups of
    adjacent equal numbers (two regions of one size never touch)."""
    g = inst.grid
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the solution is not {inst.cols} x {inst.rows}"]
    size = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row)}
    problems = [f"the number at {Grid.name(cell)} is {n}, the solution says {size[cell]}"
                for cell, n in inst.numbers if size[cell] != n]
    same = nx.Graph()
    same.add_nodes_from(g.cells)
    same.add_edges_from((a, b) for a, b in g.cell_edges() if size[a] == size[b])
    for region in nx.connected_components(same):
        first = min(region)
        if len(region) != size[first]:
            problems.append(f"the region of {Grid.name(first)} has {len(region)} cells,"
                            f" its number is {size[first]}")
    return problems


# -- design: a number can go and the sizes stay a solution ----------------------------------
def clues_of(inst: Instance, sol: Sizes) -> list[tuple[Cell, int]]:
    return [((r, c), v) for r, row in enumerate(sol) for c, v in enumerate(row)]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ())


# -- text: `.pzl` and janko grid text -------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a size (1 or more) or `.`",
                 numbers=(1, D.MAX_SIDE ** 2), why="a region has at least one cell")


def _sizes(grid) -> Sizes:
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v is None:
                raise CellError(f"the solution has no size at {Grid.name((r, c))}", (r, c))
    return tuple(tuple(row) for row in grid)


#: `size C x R`, a `grid` of numbers, an optional `solution` grid of sizes;
#: janko: `ROWS COLS`, numbers and `-`, the published sizes (lines after
#: the grid ignored: one record has `unit 30` there).
FORMAT = D.layout(NAME, NUMBERS, Instance, trailing=True,
                  solution=Answer(NUMBERS, read=_sizes, write=lambda inst, sol: sol))


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution: Sizes | None = None) -> Board:
    """The numbers; solved, every size and the borders between regions."""
    given_at = dict(inst.numbers)
    labels = [Label(c, str(n)) for c, n in inst.numbers]
    borders = []
    if solution is not None:
        labels += [Label((r, c), str(v), given=False) for r, row in enumerate(solution)
                   for c, v in enumerate(row) if (r, c) not in given_at]
        borders = region_borders(inst.rows, inst.cols, lambda c: solution[c[0]][c[1]])
    return Board(inst.rows, inst.cols, labels=labels, edges=borders)


# -- puzz.link ---------------------------------------------------------------------------
#: pzprjs `fillomino`: a number16 per cell (pzprjs may append given borders,
#: which satlink does not read: an error at their first character).
PUZZLINK = D.codec("fillomino", Number16(low=1, question=False, what="size"), Instance)


GENRE = Genre(
    name=NAME, aliases=("Fillomino",),
    summary="divide into regions; a number is its region's size; equal sizes never touch",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
