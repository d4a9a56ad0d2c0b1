"""Foseruzu (janko.at "Foseruzu"; Nikoli's Four Cells / Five Cells): divide
the board into regions of k cells; a number counts its cell's borders.

Rules (janko.at "Foseruzu"; Nikoli "Four Cells" and "Five Cells"): divide
the board into regions of k cells each. A number says how many of its
cell's four sides are region borders, the board's outline included. k is
5 unless the puzzle says otherwise (`cells 4` in `.pzl`): janko states it on
the puzzle's page, and its grid text does not carry it, so grid text reads
as k = 5 (the dev slice: 58 boards of 5 cells, 4 of 4).

Encoding (encodings/foseruzu.md): a border variable per pair of adjacent
cells; per number "exactly n minus its outline sides" over its inner sides'
borders, behind its selector; eagerly, every connected set of fewer than k
cells has an open side on its rim. Lazily (:meth:`FoseruzuEncoding.cuts`):
no k + 1 joined cells, no closed region of fewer than k, no border inside a
region. Complete: an exact cover by placements of every fixed polyomino of
k cells, the borders exactly where no chosen placement holds both cells.

A solution is the set of borders between adjacent cells, each a pair of
cells ``(a, b)``, ``a < b``; its text, the regions numbered 1, 2, ... in
reading order of their first cells (as janko publishes them).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import networkx as nx

from ..contract import Encoding, Options
from ..formats.cellgrid import (Answer, CellError, Janko, Keyword, Layout, Tokens, board,
                                given)
from ..formats.pzprjs import QUESTION, Cells, Choice, Codec, Number10, Unfit
from ..formats.pzprjs import Board as PzBoard
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Edge, Label
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.shapes import free_polyominoes, orientations

NAME = "foseruzu"
MAX_SIDE = 60


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board, its numbers (cell -> count), sorted,
    and the size of every region (``cells``, 5 unless the puzzle says)."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int], ...]
    cells: int = 5

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))
        if (self.rows * self.cols) % self.cells:
            raise CellError(f"regions of {self.cells} cells cannot divide the"
                            f" {self.rows * self.cols} cells of the board", (0, 0), "cells")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def outline(self, cell: Cell) -> int:
        """How many of ``cell``'s sides lie on the board's outline."""
        r, c = cell
        return (r == 0) + (r == self.rows - 1) + (c == 0) + (c == self.cols - 1)


def placements(inst: Instance, k: int) -> dict[tuple, tuple[Cell, ...]]:
    """Every fixed polyomino of ``k`` cells at every place on the board:
    key (orientation number, top row, left column) -> its cells."""
    out = {}
    fixed = sorted({o for shape in free_polyominoes(k) for o in orientations(shape)})
    for i, shape in enumerate(fixed):
        h, w = max(r for r, _ in shape) + 1, max(c for _, c in shape) + 1
        for r in range(inst.rows - h + 1):
            for c in range(inst.cols - w + 1):
                out[(i, r, c)] = tuple((r + dr, c + dc) for dr, dc in shape)
    return out


# -- the rules ---------------------------------------------------------------------------
class FoseruzuEncoding(Encoding):
    """A border variable per pair of adjacent cells; a count per number;
    regions of k cells lazily (:meth:`cuts`), or by exact cover of
    placements in complete mode."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        grid = inst.grid
        self.border = {e: f.var("border", *e[0], *e[1]) for e in grid.cell_edges()}
        self.around: dict[Cell, list[tuple[Cell, int]]] = {cell: [] for cell in grid.cells}
        for (a, b), v in self.border.items():  # each cell's neighbours and the sides to them
            self.around[a].append((b, v))
            self.around[b].append((a, v))
        if options.complete:
            self._cover(f)
        for j in range(1, inst.cells):  # a closed set of fewer than k cells opens somewhere
            f.extend([-b for b in self._rim(set(piece))] for piece in placements(inst, j).values())
        direct = options.clues == "direct"
        for cell, n in inst.numbers:
            when = None if direct else self.selectors.setdefault(
                (cell, n), f.var("number", *cell))
            sides = [v for _, v in self.around[cell]]
            counts.exactly(f, sides, n - inst.outline(cell), when=when)
        f.declare_answer(list(self.border.values()))

    def _rim(self, part) -> list[int]:
        """The border variables of the sides between ``part`` and the rest."""
        return [v for c in part for nb, v in self.around[c] if nb not in part]

    def _cover(self, f: Formula) -> None:
        """Exact cover: each cell in one chosen placement; a border exactly
        where no chosen placement holds both cells."""
        inst, pieces = self.instance, placements(self.instance, self.instance.cells)
        x = {key: f.var("piece", *key) for key in pieces}
        covering: dict[Cell, list[int]] = {c: [] for c in inst.grid.cells}
        spanning: dict[tuple, list[int]] = {e: [] for e in self.border}
        for key, cells in pieces.items():
            held = set(cells)
            for cell in cells:
                covering[cell].append(x[key])
                for nb in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
                    if nb in held:
                        spanning[(cell, nb)].append(x[key])
        for cell in inst.grid.cells:
            f.exactly_one(covering[cell])
        for e, b in self.border.items():
            f.extend([-p, -b] for p in spanning[e])
            f.add([b, *spanning[e]])

    def cuts(self, model) -> list[list[int]]:
        """Against regions of the wrong size and borders inside a region
        (encodings/foseruzu.md proves each valid); the regions are the
        components of the open sides, found by breadth-first search."""
        if self.options.complete:
            return []
        k = self.instance.cells
        closed = set(model.true_vars(list(self.border.values())))
        out, part_of = [], {}
        for start in self.around:
            if start in part_of:
                continue
            part_of[start] = start
            order, tree = [start], []
            for cell in order:  # each tree side joins a new cell to the ones before it
                for nb, v in self.around[cell]:
                    if v not in closed and nb not in part_of:
                        part_of[nb] = start
                        order.append(nb)
                        tree.append(v)
            if len(order) > k:    # k + 1 cells joined: not all those sides stay open
                out.append(tree[:k])
            elif len(order) < k:  # closed all round: some side of it opens
                out.append([-v for v in self._rim(set(order))])
        for (a, b), v in self.border.items():
            if v in closed and part_of[a] == part_of[b]:
                out.append([-v, *self._open_path(a, b, closed)])
        return out

    def _open_path(self, a: Cell, b: Cell, closed: set[int]) -> list[int]:
        """The sides of a shortest path of open sides from ``a`` to ``b``."""
        came = {a: None}
        order = [a]
        for cell in order:
            if cell == b:
                break
            for nb, v in self.around[cell]:
                if v not in closed and nb not in came:
                    came[nb] = (cell, v)
                    order.append(nb)
        path, cell = [], b
        while came[cell] is not None:
            cell, v = came[cell]
            path.append(v)
        return path

    def decode(self, model) -> frozenset:
        return frozenset(e for e, b in self.border.items() if model.value(b))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> FoseruzuEncoding:
    return FoseruzuEncoding(inst, f, options)


def clues(inst: Instance) -> list:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def sides(inst: Instance, borders) -> Counter:
    """Per cell, how many of its sides are borders or outline."""
    out = Counter({c: inst.outline(c) for c in inst.grid.cells})
    out.update(c for e in borders if inst.grid.is_cell_edge(e) for c in e)
    return out


def verify(inst: Instance, borders) -> list[str]:
    problems = [f"{Grid.pair_name(*e)} is not a side between two cells of the board"
                for e in sorted(borders) if not inst.grid.is_cell_edge(e)]
    g = nx.Graph([e for e in inst.grid.cell_edges() if e not in borders])
    g.add_nodes_from(inst.grid.cells)
    parts = sorted(sorted(p) for p in nx.connected_components(g))
    part_of = {c: i for i, p in enumerate(parts) for c in p}
    problems += [f"the border {Grid.pair_name(a, b)} lies inside one region"
                 for a, b in sorted(borders) if inst.grid.is_cell_edge((a, b))
                 and part_of[a] == part_of[b]]
    problems += [f"the region of {Grid.name(p[0])} has {len(p)} cells, not {inst.cells}"
                 for p in parts if len(p) != inst.cells]
    closed = sides(inst, borders)
    for cell, n in inst.numbers:
        k = closed[cell]
        if k != n:
            problems.append(f"the {n} at {Grid.name(cell)} has {k} borders around it")
    return problems


# -- design: a number can go and the borders stay a solution ----------------------------------
def clues_of(inst: Instance, borders) -> list:
    closed = sides(inst, borders)
    return [(c, closed[c]) for c in inst.grid.cells]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers), inst.cells)


def blank(width: int, height: int, params: dict) -> Instance:
    return Instance(height, width, (), params.get("cells", 5))


# -- text: `.pzl` and janko grid text ---------------------------------------------------------
def labels(inst: Instance, borders) -> tuple:
    """The regions numbered 1, 2, ... in reading order of their first cells."""
    name = {}
    for i, region in enumerate(inst.grid.regions(borders), 1):
        name.update(dict.fromkeys(region, i))
    return tuple(tuple(name[(r, c)] for c in range(inst.cols)) for r in range(inst.rows))


def borders_of(grid) -> frozenset:
    """The borders of a grid of region names: between cells of different names."""
    rows, cols = len(grid), len(grid[0])
    return frozenset(((r, c), nb) for r in range(rows) for c in range(cols)
                     for nb in ((r, c + 1), (r + 1, c))
                     if nb[0] < rows and nb[1] < cols and grid[r][c] != grid[nb[0]][nb[1]])


NUMBERS = Tokens(what="a number", expect="0-4 or `.`", numbers=(0, 4), why="a cell has four sides")
REGIONS = Tokens(what="a region name", expect="a region name (letters or digits)", empty=(),
                 parse=lambda t: t if t.isalnum() else None, show=str, fold=False)
SIZES = Tokens(what="a region size", expect="a region size, 1-12", numbers=(1, 12))
#: `size C x R`, `cells K` (printed when not 5), a `grid` of numbers 0-4;
#: janko: `R C`, the grid (k = 5: its grid text does not say).
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid, cells: Instance(rows, cols, tuple(given(grid)), cells),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers)),
                        {"cells": inst.cells}),
    keywords={"cells": Keyword(SIZES, default=5)},
    solution=Answer(REGIONS, read=borders_of,
                    write=lambda inst, sol: tuple(tuple(map(str, row))
                                                  for row in labels(inst, sol))),
    janko=Janko(NUMBERS),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, borders) -> list[list[int]]:
    """Each cell's region, numbered 1, 2, ... in reading order of first cells."""
    return [list(row) for row in labels(inst, borders)]


def cells(inst: Instance, borders) -> dict[str, bool]:
    """Side name (`r1c1-r1c2`) -> border."""
    return {Grid.pair_name(*e): e in borders for e in inst.grid.cell_edges()}


def picture(inst: Instance, borders=None) -> Board:
    edges = [Edge((b[0], b[1]), (a[0] + 1, a[1] + 1), "border") for a, b in sorted(borders or ())]
    return Board(inst.rows, inst.cols, edges=edges,
                 labels=[Label(c, str(k)) for c, k in inst.numbers])


# -- puzz.link: pzprjs `fivecells` and `fourcells` (src/variety/nawabari.js) ----------------
def _puzzlink(k: int) -> Codec:
    """pzprjs's Five Cells (k = 5) or Four Cells (k = 4): numbers 0-3, `.` a
    number not shown, `a`-`z` skips; `7`, a cell cut out of the board
    (pzprjs's fill for a board that k does not divide), is an error here."""
    def build(b: PzBoard) -> Instance:
        for r, row in enumerate(b.value):
            for c, v in enumerate(row):
                if v == QUESTION:
                    raise b.where("a number not shown (`.`) is not a Foseruzu clue", r, c)
        return Instance(b.rows, b.cols, tuple(given(b.value)), k)

    def split(inst: Instance) -> PzBoard:
        if inst.cells != k:
            raise Unfit(f"regions of {inst.cells} cells, not {k}")
        return PzBoard(inst.cols, inst.rows, board(inst.rows, inst.cols, dict(inst.numbers)))
    return Codec(names=("fivecells" if k == 5 else "fourcells",),
                 body=Cells(Number10(high=3)), build=build, split=split)


PUZZLINK = Choice(_puzzlink(5), _puzzlink(4))


GENRE = Genre(
    name=NAME, aliases=("Foseruzu", "four-cells", "five-cells", "fourcells", "fivecells"),
    summary="divide the board into regions of k cells (`cells K`, default 5); a number"
            " counts its cell's sides that are borders",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
