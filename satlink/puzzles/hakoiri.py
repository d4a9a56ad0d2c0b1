"""Hakoiri (Hakoiri-masashi, "boxed in"): a circle, a triangle and a square
in every region.

Rules (janko.at "Hakoiri"; puzz.link "hakoiri"): place symbols into some
cells so that every region holds exactly one circle, one triangle and one
square. Two equal symbols never touch, not even diagonally. All symbols
form one orthogonally connected group. Given symbols stay. Janko boards may
black out cells (`@`): they lie in no region and stay empty.

Encoding (encodings/hakoiri.md): a variable per cell and symbol, at most
one a cell; "exactly one" per region and symbol; equal symbols apart
(:func:`~satlink.rules.apart_values.apart_values`: a binary clause per
touching pair of two regions and symbol; a pair inside a region is held by
its "at most one"); a cell's "filled" literal is the OR of its symbols (its
one symbol's variable where it has one; none where it has none), and the
filled cells are connected (:class:`~satlink.rules.vertex_cuts.ConnectedCells`:
lazy separation cuts, or complete). Givens fix
their symbol, behind their selector in selector mode; given directly they
first take their symbol from their region's other cells and the cells
around them (:func:`~satlink.rules.given_exclusions.left_to_cells`: no
variable is made for it there), and
the region's count over the one variable left is the given's unit clause.

A solution is a tuple of rows: 1 (circle), 2 (triangle), 3 (square) or None.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..contract import Encoding, Options
from ..formats.cellgrid import REGIONS, Answer, CellError, Janko, Layout, Tokens, given, region_grid
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_numbers import QUESTION, Number10
from ..formats.pzprjs_parts import Cells, Regions, Seq
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Shade
from ..render.board import region_borders
from ..rules.apart_values import apart_values, touching_pairs
from ..rules.given_exclusions import left_to_cells
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_pieces import region_lists
from ..rules.region_shapes import is_connected
from ..rules.vertex_cuts import ConnectedCells
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "hakoiri"
MAX_SIDE = 100
SYMBOLS = {1: "circle", 2: "triangle", 3: "square"}


@dataclass(frozen=True)
class Instance:
    """``givens[r][c]``: 1-3 (a given symbol) or None; ``regions[r][c]`` the
    cell's region, numbered 0, 1, ... in reading order (None: a black cell;
    a region must be connected)."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...]
    regions: tuple[tuple[int | None, ...], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "cell")
        object.__setattr__(self, "regions", region_grid(self.regions))
        object.__setattr__(self, "givens", tuple(map(tuple, self.givens)))
        for (r, c), v in given(self.givens):
            if v not in SYMBOLS:
                raise CellError(f"{v!r} at {Grid.name((r, c))} is not a symbol", (r, c), "grid")
            if self.regions[r][c] is None:
                raise CellError(f"the symbol at {Grid.name((r, c))} lies on a black cell",
                                (r, c), "grid")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def region_cells(self) -> list[list[Cell]]:
        return region_lists(self.regions)


#: The symbols a bit mask holds (bit k - 1: symbol k).
_HELD = [tuple(k for k in SYMBOLS if m >> (k - 1) & 1) for m in range(8)]


# -- the rules ---------------------------------------------------------------------------
class HakoiriEncoding(Encoding):
    """``self.sym[cell][k]``: the cell holds symbol k; ``self.filled[cell]``: the
    literal "it holds a symbol" of each cell that may hold one."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        rows, cols, regions = inst.rows, inst.cols, inst.regions
        cells = [(r, c) for r in range(rows) for c in range(cols) if regions[r][c] is not None]
        direct = options.clues == "direct"
        givens = clues(inst)
        held = [_HELD[m] for m in left_to_cells(rows, cols, regions, inst.region_cells,
                                                givens)] if direct and givens \
            else [_HELD[0 if x is None else 7] for row in regions for x in row]
        keys = [("symbol", r, c, k) for r, c in cells for k in held[r * cols + c]]
        every = f.vars(keys)
        ids = iter(every)
        self.sym = sym = {(r, c): {k: next(ids) for k in held[r * cols + c]} for r, c in cells}
        # "filled" per cell that may hold a symbol: its one symbol's variable,
        # or a variable that is the OR of its two or three (encodings/hakoiri.md)
        many = [c for c in cells if len(sym[c]) > 1]
        made = dict(zip(many, f.vars([("filled", *c) for c in many])))
        self.filled = filled = {}
        for c in cells:  # at most one symbol a cell; filled <-> one of them
            xs = list(sym[c].values())
            if len(xs) > 1:
                filled[c] = y = made[c]
                f.at_most_one(xs)
                f.equiv_or(y, xs)
            elif xs:
                filled[c] = xs[0]
        for region in inst.region_cells:  # one circle, one triangle, one square
            per: tuple[list[int], ...] = ([], [], [])
            for c in region:
                for k, x in sym[c].items():
                    per[k - 1].append(x)
            for lits in per:  # (no k left: the empty clause)
                f.exactly_one(lits)
        # equal symbols never touch: the pairs of two regions (two cells of one
        # region already hold its "at most one k" clauses; encodings/hakoiri.md)
        apart_values(f, sym, same=regions)
        # the symbols form one group: the filled cells connected (a cell that
        # holds no symbol is never filled and stays out); a given cell is
        # filled in every solution (direct: its region's count is its unit),
        # so its area needs no witness (stronger cuts)
        required = [(r, c) for r, c, _ in givens if (r, c) in filled] if direct else []
        self.connected = ConnectedCells(inst.grid, filled, required)
        if options.complete:
            self.connected.encode_complete(f, tag="filled.conn")
        if not direct:  # the given's selector is the cell's variable for its symbol
            # (direct: a given's region count over its one variable, or over
            # none where two givens clash, is already its unit clause)
            for r, c, k in givens:
                self.selectors[(r, c, k)] = sym[(r, c)][k]
        f.declare_answer(every)

    def cuts(self, model) -> list[list[int]]:
        return [] if self.options.complete else self.connected.cuts(model)

    def decode(self, model):
        inst = self.instance
        value = {c: next((k for k, x in ks.items() if model.value(x)), None)
                 for c, ks in self.sym.items()}
        return tuple(tuple(value.get((r, c)) for c in range(inst.cols)) for r in range(inst.rows))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> HakoiriEncoding:
    return HakoiriEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a grid of symbols (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.cols} x {inst.rows}"]
    at = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row) if v is not None}
    problems = [f"{Grid.name(c)} holds {v!r}, not a symbol" for c, v in at.items()
                if v not in SYMBOLS]
    problems += [f"{Grid.name(c)} holds a symbol but lies in no region" for c in at
                 if inst.regions[c[0]][c[1]] is None]
    problems += [f"{Grid.name(c)} is given a {SYMBOLS[k]} but holds {at.get(c)}"
                 for c, k in given(inst.givens) if at.get(c) != k]
    for region in inst.region_cells:
        held = sorted(at[c] for c in region if c in at)
        if held != sorted(SYMBOLS):
            problems.append(f"the region at {Grid.name(region[0])} holds {held}, not one"
                            " circle, one triangle and one square")
    # equal symbols touching, then the symbols' orthogonal groups (with
    # networkx's graph this check took 0.33 ms of a 2.5 ms verdict)
    problems += [f"{Grid.name(a)} and {Grid.name(b)} touch and both hold a {SYMBOLS.get(at[a])}"
                 for a, b in touching_pairs(sorted(at)) if at[a] == at[b]]
    if not is_connected(at):
        problems.append("the symbols are not one orthogonally connected group")
    return problems


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
_GLYPHS = {"c": 1, "t": 2, "s": 3}
GIVEN = Tokens(what="a symbol", expect="`c` (circle), `t` (triangle), `s` (square) or `.`",
               values=_GLYPHS, aliases={"o": 1, "1": 1, "2": 2, "3": 3})

#: `size C x R`, a `grid` of given symbols, a `regions` block (a name per
#: cell, `@` a black cell), an optional `solution` of symbols; janko: `ROWS
#: COLS`, the givens, the regions.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": GIVEN, "regions": REGIONS},
    build=lambda rows, cols, grid, regions: Instance(rows, cols, grid, regions),
    split=lambda inst: (inst.rows, inst.cols, inst.givens, inst.regions),
    solution=Answer(GIVEN, read=lambda grid: tuple(map(tuple, grid)),
                    write=lambda inst, sol: sol),
    janko=Janko((GIVEN, REGIONS)),
)


# -- output ------------------------------------------------------------------------------------
def solution_json(inst: Instance, sol) -> list[list[str]]:
    """Rows of `c`, `t`, `s` or `.`."""
    return [[{1: "c", 2: "t", 3: "s"}.get(v, ".") for v in row] for row in sol]


def cells(inst: Instance, sol) -> dict[str, str]:
    return {Grid.name((r, c)): SYMBOLS.get(v, "empty")
            for r, row in enumerate(sol) for c, v in enumerate(row)}


def picture(inst: Instance, solution=None) -> Board:
    """The region borders, black cells blacked out; the symbols (given ones
    bold) as ○ △ □."""
    shapes = {1: "○", 2: "△", 3: "□"}
    black = [Shade(c, "void") for c in inst.grid.cells if inst.regions[c[0]][c[1]] is None]
    labels = []
    for r, c in inst.grid.cells:
        g = inst.givens[r][c]
        v = g or (solution[r][c] if solution is not None else None)
        if v:
            labels.append(Label((r, c), shapes[v], given=bool(g)))
    return Board(inst.rows, inst.cols, shades=black, labels=labels,
                 edges=region_borders(inst.rows, inst.cols, lambda c: inst.regions[c[0]][c[1]]))


# -- puzz.link ---------------------------------------------------------------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    regions, givens = b.value
    for r, row in enumerate(givens):
        for c, v in enumerate(row):
            if v is not None and v not in SYMBOLS:
                raise b.where(f"{'?' if v == QUESTION else v} at {Grid.name((r, c))} is not a"
                              " symbol 1-3", r, c)
    return Instance(b.rows, b.cols, givens, regions)


#: pzprjs `hakoiri`: the region borders, then a digit per cell (1 circle,
#: 2 triangle, 3 square; `decodeNumber10`).
PUZZLINK = Codec(names=("hakoiri",), body=Seq(Regions(), Cells(Number10(high=3, what="symbol"))),
                 build=_from_puzzlink,
                 split=lambda inst: PzBoard(inst.rows, inst.cols, (inst.regions, inst.givens)))


GENRE = Genre(
    name=NAME, aliases=("Hakoiri", "hakoiri-masashi"),
    summary="a circle, a triangle and a square in each region; equal symbols never touch,"
            " all symbols orthogonally connected",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
