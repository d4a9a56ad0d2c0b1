"""Stitches: sew every pair of neighbouring regions together with one stitch.

Rules (janko.at "Stitches"): a stitch joins two orthogonally adjacent cells
of different regions across their border (a hole in each). Every two
regions that share a border are joined by exactly one stitch; a cell holds
at most one hole. A number beside a row (below a column) tells how many
holes that row (column) holds.

Encoding (encodings/stitches.md): a variable per border between two
regions' cells (a possible stitch); "exactly one" per pair of neighbouring
regions; "at most one" of a cell's stitches; a cell's hole is the OR of its
stitches, and a tally counts the holes of its line (pysat cardinality),
behind its selector in selector mode. No lazy rule.

A solution is the frozenset of stitches, each a pair of cells ``(a, b)``,
``a < b``, 0-based.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from ..contract import Encoding, Options
from ..errors import InputError
from ..formats.cellgrid import (REGIONS, Answer, CellError, Janko, Keyword, Layout, Tokens,
                                region_grid)
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Line
from ..render.board import region_borders
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ._tallies import clues, counted, lines, with_clues
from .tent import TALLY, clue_name

NAME = "stitches"
MAX_SIDE = 100
#: The janko solution letters: where the cell's stitch goes.
STEP = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board: ``regions[r][c]`` the cell's region
    (numbered in reading order; a region must be connected), and the hole
    tallies of the rows and columns (None: not shown)."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    row_tallies: tuple[int | None, ...]
    col_tallies: tuple[int | None, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "cell")
        object.__setattr__(self, "regions", region_grid(self.regions))
        object.__setattr__(self, "row_tallies", tuple(self.row_tallies))
        object.__setattr__(self, "col_tallies", tuple(self.col_tallies))
        for cell in self.grid.cells:
            if self.regions[cell[0]][cell[1]] is None:
                raise CellError(f"{Grid.name(cell)} lies in no region: a Stitches board has no"
                                " black cells", cell, "regions")
        for block, tallies, n, most in (("rows", self.row_tallies, self.rows, self.cols),
                                        ("cols", self.col_tallies, self.cols, self.rows)):
            if len(tallies) != n:
                raise InputError(f"{len(tallies)} {block[:-1]} tallies for {n} {block}")
            for i, t in enumerate(tallies):
                if t is not None and not 0 <= t <= most:
                    raise CellError(f"tally {t} of {block[:-1]} {i + 1} is above {most},"
                                    f" the cells of a {block[:-1]}", (0, i), block)

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def region(self, cell: Cell) -> int:
        return self.regions[cell[0]][cell[1]]

    @cached_property
    def borders(self) -> dict[tuple[int, int], list[tuple[Cell, Cell]]]:
        """(region, region) -> the pairs of adjacent cells across their border."""
        out: dict[tuple[int, int], list] = defaultdict(list)
        for a in self.grid.cells:
            for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])):
                if self.grid.inside(b) and self.region(a) != self.region(b):
                    out[tuple(sorted((self.region(a), self.region(b))))].append((a, b))
        return dict(out)


# -- the rules ---------------------------------------------------------------------------
class StitchesEncoding(Encoding):
    """``self.stitch``: a variable per pair of cells across a region border."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.stitch = {p: f.var("stitch", *p[0], *p[1])
                       for pairs in inst.borders.values() for p in pairs}
        for pairs in inst.borders.values():  # one stitch between two neighbouring regions
            counts.exactly(f, [self.stitch[p] for p in pairs], 1)
        mine: dict[Cell, list[int]] = defaultdict(list)
        for (a, b), x in self.stitch.items():
            mine[a].append(x)
            mine[b].append(x)
        hole = {}
        for c in inst.grid.cells:  # a cell holds at most one hole
            counts.at_most(f, mine[c], 1)
            hole[c] = f.var("hole", *c)
            f.equiv_or(hole[c], mine[c])
        for kind, i, t, line in lines(inst):
            if t is None:
                continue
            when = self.when((kind, i, t), kind, i)
            counts.exactly(f, [hole[c] for c in line], t, when=when)
        f.declare_answer(list(self.stitch.values()))

    def decode(self, model) -> frozenset:
        return frozenset(p for p, x in self.stitch.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> StitchesEncoding:
    return StitchesEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, stitches) -> list[str]:
    """Broken rules of a set of stitches (empty when solved)."""
    g = inst.grid
    problems = [f"the stitch {Grid.name(a)}-{Grid.name(b)} does not join two neighbouring"
                " cells of different regions" for a, b in sorted(stitches)
                if not (g.inside(a) and g.inside(b) and b in g.neighbours(a))
                or inst.region(a) == inst.region(b)]
    stitches = {p for p in stitches if p[0] in g.neighbours(p[1])}
    held: dict[Cell, int] = defaultdict(int)
    for a, b in stitches:
        held[a] += 1
        held[b] += 1
    problems += [f"{Grid.name(c)} holds {n} holes" for c, n in sorted(held.items()) if n > 1]
    joins: dict[tuple, int] = defaultdict(int)
    for a, b in stitches:
        if g.inside(a) and g.inside(b):
            joins[tuple(sorted((inst.region(a), inst.region(b))))] += 1
    for pair, cells in inst.borders.items():
        if joins[pair] != 1:
            problems.append(f"the regions at {Grid.name(cells[0][0])} and {Grid.name(cells[0][1])}"
                            f" are joined by {joins[pair]} stitches, not 1")
    for kind, i, t, line in lines(inst):
        n = sum(c in held for c in line)
        if t is not None and n != t:
            problems.append(f"{kind} {i + 1} has {n} holes, its tally is {t}")
    return problems


# -- design: a tally can go and the solution stays a solution -------------------------------
def clues_of(inst: Instance, stitches) -> list[tuple]:
    return counted(inst, {c for p in stitches for c in p})


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
#: A solution cell: `n`, `s`, `w`, `e` (where its stitch goes) or `.`.
SEWN = Tokens(expect="`n`, `s`, `w`, `e` (where the cell's stitch goes) or `.`",
              values={k: k for k in STEP})


def _read(grid) -> frozenset:
    return frozenset(tuple(sorted(((r, c), (r + STEP[v][0], c + STEP[v][1]))))
                     for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None)


def _write(inst: Instance, stitches):
    out = [[None] * inst.cols for _ in range(inst.rows)]
    for a, b in stitches:
        for x, y in ((a, b), (b, a)):
            out[x[0]][x[1]] = next(k for k, d in STEP.items()
                                   if (x[0] + d[0], x[1] + d[1]) == y)
    return tuple(map(tuple, out))


#: `size C x R`, the `rows` and `cols` tallies, a `regions` block; janko:
#: `ROWS COLS`, the column tallies, the row tallies, the regions.
FORMAT = Layout(
    NAME, MAX_SIDE, {"regions": REGIONS},
    keywords={"rows": Keyword(TALLY, count="rows"), "cols": Keyword(TALLY, count="cols")},
    build=lambda r, c, regions, rows, cols: Instance(r, c, regions, rows, cols),
    split=lambda inst: (inst.rows, inst.cols, inst.regions,
                        {"rows": inst.row_tallies, "cols": inst.col_tallies}),
    solution=Answer(SEWN, read=_read, write=_write),
    janko=Janko(REGIONS, lines=("cols", "rows")),
)


# -- output ------------------------------------------------------------------------------------
def solution_json(inst: Instance, stitches) -> list[list[list[int]]]:
    """The stitches [[r, c], [r, c]], 0-based, sorted."""
    return [[list(a), list(b)] for a, b in sorted(stitches)]


def cells(inst: Instance, stitches) -> dict[str, str]:
    """Cell name -> where its stitch goes (`n`, `s`, `w`, `e`) or `.`."""
    grid = _write(inst, stitches)
    return {Grid.name((r, c)): grid[r][c] or "." for r, c in inst.grid.cells}


def picture(inst: Instance, solution=None) -> Board:
    """The region borders, the row tallies at the right and the column
    tallies below; the stitches as short lines between cell centres."""
    labels = [Label((r, inst.cols), "?" if t is None else str(t), given=True)
              for r, t in enumerate(inst.row_tallies)]
    labels += [Label((inst.rows, c), "?" if t is None else str(t), given=True)
               for c, t in enumerate(inst.col_tallies)]
    return Board(inst.rows, inst.cols, labels=labels,
                 lines=[Line((a, b)) for a, b in sorted(solution or ())],
                 edges=region_borders(inst.rows, inst.cols, inst.region))


GENRE = Genre(
    name=NAME, aliases=("Stitches",),
    summary="join every two neighbouring regions by one stitch across their border; a cell"
            " holds one hole at most; row and column tallies count the holes",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
