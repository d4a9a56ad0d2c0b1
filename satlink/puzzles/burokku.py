"""Burokku: divide the grid into regions of one size; no region holds a
symbol twice.

Rules (janko.at; the published solutions settle the reading): divide the
grid along the grid lines into regions of ``region`` cells each. No region
holds two equal symbols (letters or digits). Where every cell holds a
symbol, a region holds as many cells as there are symbols, so each region
holds each symbol once; janko's boards with blank cells are square, with
regions of a side's length. Given borders (janko's `[lines]` block, `.pzl`'s
`borders` line) are region borders. The janko grid text does not write the
size: satlink reads it as the number of symbols when every cell holds one,
else as the number of columns; `.pzl` writes it (`region N`).

janko's second variant (its own Burokku script: "label + label + 2 ==
size" fixes no line, labels counted from 0) adds: two side-by-side cells
whose symbols add up to N (A or a = 1, B = 2, ...; a digit its value; N
the side) lie in one region. `.pzl` states it with `join N`; janko's grid
text does not say which variant a board is (its records 046-191 are
variant two), so it is read as the first.

Encoding (encodings/chosen_regions.md, "Burokku", where the proofs and
figures are): regions chosen from a menu of candidates
(:func:`satlink.rules.chosen_regions.choose_regions`: each of ``region``
cells, connected by bounded reach from its anchor, the size checked on
models by lazy cuts, :class:`satlink.rules.size_cuts.SizeCuts`, or counted
in complete mode); per candidate and
symbol at most one cell of it (at least one when the symbol is written once
per region); the labels are the answer and the walls are read from them; a
given border is "no label on both sides", a join pair "the same label on
both" (behind both symbols' selectors).

A solution is the frozenset of walls; texts write it as region numbers.
"""
from __future__ import annotations

import string
from dataclasses import dataclass

from ..contract import Encoding, Options
from ..errors import InputError
from ..formats import given_borders
from ..formats.cellgrid import CellError, Janko, Keyword, Tokens, board, given
from ..formats.given_borders import GivenBorders
from ..formula import Formula
from ..genre import Genre
from ..render import Board, Label
from ..rules.chosen_regions import Candidate, choose_regions
from ..rules.grid import Cell, Edge, Grid, check_board
from ..rules.label_rules import apart, by_label, once_per_label, together
from ..rules.regions import Regions
from ..rules.size_cuts import SizeCuts
from ._divisions import DIVISION, cells, regions_of, solution_json

NAME = "burokku"
MAX_SIDE = 30
SYMBOLS_TEXT = string.ascii_letters + string.digits[1:]

Walls = frozenset[Edge]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board, its symbols (cell -> letter or digit),
    sorted, the size of every region and the given borders (edges between
    adjacent cells, sorted)."""

    rows: int
    cols: int
    symbols: tuple[tuple[Cell, str], ...]
    region: int
    borders: tuple[Edge, ...] = ()
    join: int | None = None

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.symbols), "symbol")
        for cell, s in self.symbols:
            if len(s) != 1 or s not in SYMBOLS_TEXT:
                raise CellError(f"{s!r} at {Grid.name(cell)} is not a letter or digit 1-9", cell)
        if not 1 <= self.region <= self.rows * self.cols:
            raise InputError(f"a region size of {self.region} does not fit the"
                             f" {self.cols} x {self.rows} board")
        edges = set(self.grid.cell_edges()) if self.borders else ()
        for e in self.borders:
            if e not in edges:
                raise InputError(f"the border {Grid.name(e[0])}-{Grid.name(e[1])} does not part"
                                 " two cells of the board")
        object.__setattr__(self, "symbols", tuple(sorted(self.symbols)))
        object.__setattr__(self, "borders", tuple(sorted(set(self.borders))))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def joined(self) -> list[Edge]:
        """The side-by-side cells whose symbols add up to ``join``."""
        if self.join is None:
            return []
        value = {c: _value(s) for c, s in self.symbols}
        return [(a, b) for a, b in self.grid.cell_edges()
                if a in value and b in value and value[a] + value[b] == self.join]


def _value(symbol: str) -> int:
    """A symbol's number for `join`: A or a = 1, B = 2, ...; a digit its value."""
    return int(symbol) if symbol.isdigit() else ord(symbol.upper()) - ord("A") + 1


# -- the rules ---------------------------------------------------------------------------
class BurokkuEncoding(Encoding):
    """The regions by their anchors (``first``), the labels and the walls
    read from them (``regions``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g, size = inst.grid, inst.region
        self.regions = Regions(f, g, walls=False)  # the labels are the answer
        if (inst.rows * inst.cols) % size:
            f.add([])  # the cells do not split into regions of that size
        direct = options.clues == "direct"
        cells_of: dict[str, list[Cell]] = {}
        for c, s in inst.symbols:
            cells_of.setdefault(s, []).append(c)
        count = inst.rows * inst.cols // size  # of regions
        every = sorted(s for s, cs in cells_of.items() if len(cs) == count)
        if direct and every:  # each region holds one cell of symbol `key`: its anchor
            key = every[0]
            menu = {p: Candidate((p,), size, size) for p in cells_of[key]}
            rest = set(g.cells).difference(menu)  # one set, shared by every candidate
            allowed = {p: rest for p in menu}
        else:  # each region by its first cell in reading order
            cells = g.cells  # in reading order
            menu = {p: Candidate((p,), size, size) for p in cells}
            allowed = {p: frozenset(cells[i:]) for i, p in enumerate(cells)}
        # a symbol in every cell, each once per region: the symbols fix each region's size
        full = len(every) == len(cells_of) and len(inst.symbols) == inst.rows * inst.cols
        # the sizes as cuts, unless complete (or the `sizes eager` setting, to compare)
        lazy = not options.complete and options.setting("sizes", "lazy") == "lazy"
        self.sizes = SizeCuts(f, self.regions.adj) if lazy else None
        self.first = choose_regions(self.regions, menu, allowed, tag="first",
                                    sized=not (direct and full), sizes=self.sizes)
        lab = self.regions.label  # cell -> candidate -> literal
        apart(f, lab, inst.borders)  # a given border parts two regions
        sel = {c: self.when((c, s), "symbol", *c) for c, s in inst.symbols}
        joined = inst.joined()  # janko's second variant: a join pair shares a region
        together(f, lab, joined, {(a, b): [-sel[x] for x in (a, b) if sel[x]] for a, b in joined})
        # no symbol twice in a region; one in each where written as many times as regions
        once_per_label(f, by_label(lab, menu), cells_of, every=every if direct else (),
                       guard=None if direct else sel)
        f.declare_answer(sorted({x for ks in lab.values() for x in ks.values()}),
                         one_hot=True)  # a label per cell

    def cuts(self, model) -> list[list[int]]:
        return [] if self.sizes is None else self.sizes.cuts(model)

    def decode(self, model) -> Walls:
        return frozenset(self.regions.walls(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> BurokkuEncoding:
    return BurokkuEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, str]]:
    return list(inst.symbols)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls."""
    parts, where, problems = regions_of(inst.grid, walls)
    symbol = dict(inst.symbols)
    for part in parts:
        first = Grid.name(min(part))
        if len(part) != inst.region:
            problems.append(f"the region of {first} has {len(part)} cells, not {inst.region}")
        held = [symbol[c] for c in part if c in symbol]
        for s in sorted({s for s in held if held.count(s) > 1}):
            problems.append(f"the region of {first} holds {s} {held.count(s)} times")
    problems += [f"the given border {Grid.name(a)}-{Grid.name(b)} lies inside a region"
                 for a, b in inst.borders if where[a] == where[b]]
    problems += [f"{Grid.name(a)} and {Grid.name(b)} add up to {inst.join} but lie in"
                 " different regions" for a, b in inst.joined() if where[a] != where[b]]
    return problems


# -- design: none. A symbol constrains only together with an equal symbol
# in the same region, while the design tools' brute-force check
# (tests/design/test_design_brute.py) reads each clue alone (a solution
# obeys a clue set exactly when it obeys each clue), so Burokku declares
# no design hooks.


# -- text: `.pzl` and janko grid text -------------------------------------------------------
SYMBOLS = Tokens(what="a symbol", expect="a letter, a digit 1-9 or `.`",
                 values={s: s for s in SYMBOLS_TEXT}, fold=False)
SIZE = Tokens(what="a region size", expect="a region size (1 or more)",
              numbers=(1, MAX_SIDE * MAX_SIDE))
JOIN = Tokens(what="a sum", expect="the sum that joins two cells (2 or more)",
              numbers=(2, 2 * 26))


def _build(rows: int, cols: int, grid, region=None, borders=(), join=None) -> Instance:
    symbols = tuple(given(grid))
    if region is None:  # janko: every cell lettered -> one of each symbol, else a side
        region = len({s for _, s in symbols}) if len(symbols) == rows * cols else cols
    given_borders.check(borders, rows, cols)
    return Instance(rows, cols, symbols, region, tuple(borders), join)


class _Layout(GivenBorders):
    def to_grid_text(self, inst) -> str:
        if inst.join is not None:
            raise ValueError("janko grid text has no form for `join` (the second variant)")
        return super().to_grid_text(inst)


#: `size C x R`, `region N`, optional `borders` and `join` lines, a `grid` of symbols,
#: an optional `solution` grid of region numbers; janko: `ROWS COLS`, the
#: symbols and `-`, an optional `[lines]` block.
FORMAT = _Layout(
    NAME, MAX_SIDE, {"grid": SYMBOLS}, build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.symbols)),
                        {"region": inst.region, "borders": inst.borders, "join": inst.join}),
    solution=DIVISION,
    janko=Janko(SYMBOLS),
    keywords={"region": Keyword(SIZE, default=None, always=True),
              "borders": given_borders.KEYWORD,
              "join": Keyword(JOIN, default=None)},
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution: Walls | None = None) -> Board:
    """The symbols and the given borders; solved, the regions' borders."""
    labels = [Label(c, s) for c, s in inst.symbols]
    edges = given_borders.drawn(sorted(set(inst.borders) | set(solution or ())))
    return Board(inst.rows, inst.cols, labels=labels, edges=edges)


GENRE = Genre(
    name=NAME, aliases=("Burokku",),
    summary="divide into regions of one size; no region holds a symbol twice",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
)
