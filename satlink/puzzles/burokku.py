"""Burokku: divide the grid into regions of one size; no region holds a
letter twice.

Rules (janko.at; the published solutions settle the reading): divide the
grid along the grid lines into regions of ``region`` cells each. No region
holds two equal symbols (letters or digits). Where every cell holds a
symbol, a region holds as many cells as there are symbols, so each region
holds each symbol once; janko's boards with blank cells are square, with
regions of a side's length. The janko grid text does not write the size:
satlink reads it as the number of symbols when every cell holds one, else
as the number of columns; `.pzl` writes it (`region N`).

Encoding (encodings/chosen_regions.md, "Burokku"): a candidate per cell p,
"the region whose first cell in reading order is p", on the cells from p
on; :func:`satlink.rules.chosen_regions.choose_regions` labels each cell
with one chosen candidate, every chosen region has exactly ``region`` cells
and is connected (bounded reach from p); per candidate and symbol, at most
one cell of that symbol takes it (behind the symbols' selectors). The walls
are the answer.

A solution is the frozenset of walls; texts write it as region numbers.

WORK IN PROGRESS (branch region4-wip): on the dev slice 47 of 53 readable
boards are unique and equal to the published solution; 106, 110, 115, 160,
50 and 70 have 2-5 solutions under these rules, so a rule is missing (not
shapes all different, not same shapes apart, not four regions at a point,
not 2 x 2 blocks: checked against the published and the other solutions).
Record 201 has a `[lines]` block after its grid (given borders?): an
input error here.
"""
from __future__ import annotations

import itertools
import string
from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import (Answer, CellError, Janko, Keyword, Layout, Tokens, board,
                                given)
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, region_borders
from ..rules.chosen_regions import Candidate, choose_regions
from ..rules.grid import Cell, Edge, Grid, check_board
from ..rules.region_shapes import numbering, walls_between
from ..rules.regions import Regions
from ._divisions import regions_of
from .nawabari import _labels, cells, solution_json
from .shikaku import REGIONS

NAME = "burokku"
MAX_SIDE = 30
SYMBOLS_TEXT = string.ascii_letters + string.digits[1:]

Walls = frozenset[Edge]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board, its symbols (cell -> letter or digit),
    sorted, and the size of every region."""

    rows: int
    cols: int
    symbols: tuple[tuple[Cell, str], ...]
    region: int

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.symbols), "symbol")
        for cell, s in self.symbols:
            if len(s) != 1 or s not in SYMBOLS_TEXT:
                raise CellError(f"{s!r} at {Grid.name(cell)} is not a letter or digit 1-9", cell)
        if not 1 <= self.region <= self.rows * self.cols:
            raise ValueError(f"a region size of {self.region} does not fit the board")
        object.__setattr__(self, "symbols", tuple(sorted(self.symbols)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class BurokkuEncoding(Encoding):
    """The regions by their first cells (``first``) and the walls (``regions``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g, size = inst.grid, inst.region
        self.regions = Regions(f, g)
        if (inst.rows * inst.cols) % size:
            f.add([])  # the cells do not split into regions of that size
        menu = {p: Candidate((p,), size, size) for p in g.cells}
        later = {p: [c for c in g.cells if c >= p] for p in g.cells}
        self.first = choose_regions(self.regions, menu, later, tag="first")
        direct = options.clues == "direct"
        sel = {c: None if direct else self.selectors.setdefault((c, s), f.var("symbol", *c))
               for c, s in inst.symbols}
        for p in g.cells:
            label = {c: lab[p] for c, lab in self.regions.label.items() if p in lab}
            for _, group in itertools.groupby(sorted(inst.symbols, key=lambda cs: cs[1]),
                                              key=lambda cs: cs[1]):
                here = [c for c, _ in group if c in label]
                for a, b in itertools.combinations(here, 2):  # no symbol twice in a region
                    f.add([-label[a], -label[b], *(-sel[x] for x in (a, b) if sel[x])])
        f.declare_answer(list(self.regions.wall.values()))

    def decode(self, model) -> Walls:
        return frozenset(self.regions.walls(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> BurokkuEncoding:
    return BurokkuEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, str]]:
    return list(inst.symbols)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls."""
    parts, _, problems = regions_of(inst.grid, walls)
    symbol = dict(inst.symbols)
    for part in parts:
        first = Grid.name(min(part))
        if len(part) != inst.region:
            problems.append(f"the region of {first} has {len(part)} cells, not {inst.region}")
        held = [symbol[c] for c in part if c in symbol]
        for s in sorted({s for s in held if held.count(s) > 1}):
            problems.append(f"the region of {first} holds {s} {held.count(s)} times")
    return problems


# -- design: a symbol can go and the division stays a solution ---------------------------
def clues_of(inst: Instance, walls: Walls) -> list[tuple[Cell, str]]:
    """Each cell lettered by its rank in its region (A, B, ...)."""
    out = []
    for part in inst.grid.regions(walls):
        out += [(c, SYMBOLS_TEXT[26 + i]) for i, c in enumerate(sorted(part))]
    return out


def with_clues(inst: Instance, symbols) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(symbols), inst.region)


def blank(width: int, height: int, params: dict) -> Instance:
    return Instance(height, width, (), int(params.get("region", width)))


# -- text: `.pzl` and janko grid text -------------------------------------------------------
SYMBOLS = Tokens(what="a symbol", expect="a letter, a digit 1-9 or `.`",
                 values={s: s for s in SYMBOLS_TEXT}, fold=False)
SIZE = Tokens(what="a region size", expect="a region size (1 or more)",
              numbers=(1, MAX_SIDE * MAX_SIDE))


def _build(rows: int, cols: int, grid, region=None) -> Instance:
    symbols = tuple(given(grid))
    if region is None:  # janko: every cell lettered -> one of each symbol, else a side
        region = len({s for _, s in symbols}) if len(symbols) == rows * cols else cols
    return Instance(rows, cols, symbols, region)


#: `size C x R`, `region N`, a `grid` of symbols, an optional `solution`
#: grid of region numbers; janko: `ROWS COLS`, the symbols and `-`.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": SYMBOLS}, build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.symbols)),
                        {"region": inst.region}),
    solution=Answer(REGIONS, read=lambda grid: walls_between(
        Grid(len(grid), len(grid[0])), dict(given(grid))), write=_labels),
    janko=Janko(SYMBOLS),
    keywords={"region": Keyword(SIZE, default=None, always=True)},
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution: Walls | None = None) -> Board:
    """The symbols; solved, the regions' borders."""
    labels = [Label(c, s) for c, s in inst.symbols]
    borders = []
    if solution is not None:
        region = numbering(inst.grid, solution)
        borders = region_borders(inst.rows, inst.cols, region.__getitem__)
    return Board(inst.rows, inst.cols, labels=labels, edges=borders)


GENRE = Genre(
    name=NAME, aliases=("Burokku",),
    summary="divide into regions of one size; no region holds a letter twice",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
