"""Mosaic (Mosaik, Fill-a-Pix): a number counts the shaded cells of its 3 x 3 block.

Rules (janko.at "Mosaik"): shade some cells. A number says how many of the
up to nine cells of the 3 x 3 block centred on it (the number's own cell
and the cells touching it, diagonally too) are shaded; a numbered cell may
itself be shaded.

Encoding: in selector mode a variable per cell (shaded) and each number an
exact count over its block (:func:`satlink.rules.counts.exactly`) behind
its selector; with direct clues the cells the numbers decide, alone and
two side by side, are fixed first and only the open cells are counted
(:func:`decided`). All clauses: no lazy rule (encodings/mosaic.md).

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Label, Shade
from ..rules import count_narrowing, counts
from ..rules.grid import Cell, Grid, check_board
from ._shaded_text import SHADED_CELLS

NAME = "mosaic"
MAX_SIDE = 200


def block(grid: Grid, cell: Cell) -> list[Cell]:
    """The 3 x 3 block a number in ``cell`` counts: the cell and those touching it."""
    r, c = cell
    return [(y, x) for y in range(max(r - 1, 0), min(r + 2, grid.rows))
            for x in range(max(c - 1, 0), min(c + 2, grid.cols))]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbers (cell -> 0..9), sorted;
    validated when built (a number above its block's size names its cell)."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        for cell, k in self.numbers:
            r, c = cell
            size = (min(r + 2, self.rows) - max(r - 1, 0)) * (min(c + 2, self.cols) - max(c - 1, 0))
            if k > size:
                raise CellError(f"number {k} at {Grid.name(cell)} is above {size}: its 3 x 3"
                                f" block holds {size} cells of the board", cell)
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class MosaicEncoding(Encoding):
    """``self.shaded``: a variable per cell not decided before encoding
    (every cell in selector mode), ``self.fixed`` the shaded cells decided
    before; a count per number."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.fixed: frozenset[Cell] = frozenset()
        if options.clues == "direct":
            self.fixed, self.shaded = decided(inst, f)
        else:
            self.shaded = shaded = {c: f.var("shaded", *c) for c in inst.grid.cells}
            for cell, k in inst.numbers:
                when = self.selectors.setdefault((cell, k), f.var("number", *cell))
                counts.exactly(f, [shaded[c] for c in block(inst.grid, cell)], k, when=when)
        f.declare_answer(self.shaded.values())
        self._cell_of = {x: c for c, x in self.shaded.items()}

    def decode(self, model) -> frozenset[Cell]:
        return self.fixed.union(map(self._cell_of.__getitem__, model.true_answer()))


def decided(inst: Instance, f: Formula) -> tuple[frozenset[Cell], dict[Cell, int]]:
    """The fixed shaded cells and the open cells' variables: the numbers
    fix what they decide, alone and with the number right of or below them
    (:mod:`satlink.rules.count_narrowing`), then count their open cells,
    by refused subsets or by the block's columns."""
    rows, cols = inst.rows, inst.cols
    blocks = []
    for (r, c), _ in inst.numbers:  # a block as cell indices r * cols + c
        xs = range(max(c - 1, 0), min(c + 2, cols))
        blocks.append([y * cols + x for y in range(max(r - 1, 0), min(r + 2, rows)) for x in xs])

    def later():  # the numbers right of and below each (pairs farther apart cost more)
        at = {cell: i for i, (cell, _) in enumerate(inst.numbers)}
        return [[at[q] for q in ((r, c + 1), (r + 1, c)) if q in at] for (r, c), _ in inst.numbers]

    n = count_narrowing.narrow(rows * cols, blocks, [k for _, k in inst.numbers], later)
    state = n.state
    lit, shaded = count_narrowing.open_variables(f, "shaded", rows, cols, state)
    column = count_narrowing.block_columns(lit, state, rows, cols)

    columns: dict[int, list[int]] = {}  # the columns' unary counts, shared by the blocks
    sums: dict = {}  # the sums' clause templates by (column sizes, need), this board's
    for ((r, c), _), cells, k, m in zip(inst.numbers, blocks, n.need, n.open):
        if m or k:  # open cells to count, or a contradiction
            count_narrowing.count_open(f, [lit[p] for p in cells if not state[p]], k,
                                       range(r * cols + max(c - 1, 0), r * cols + min(c + 2, cols)),
                                       column, columns, sums)
    return frozenset(divmod(p, cols) for p in n.shaded()), shaded


def encode(inst: Instance, f: Formula, options: Options = Options()) -> MosaicEncoding:
    return MosaicEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    # the board with a border of unshaded cells: a block is three slices of three
    on = [[0] * (inst.cols + 2) for _ in range(inst.rows + 2)]
    for r, c in shaded:
        if g.inside((r, c)):
            on[r + 1][c + 1] = 1
    for (r, c), k in inst.numbers:
        seen = sum(on[r][c:c + 3]) + sum(on[r + 1][c:c + 3]) + sum(on[r + 2][c:c + 3])
        if seen != k:
            problems.append(f"the {k} at {Grid.name((r, c))} has {seen} shaded cells in its"
                            " 3 x 3 block")
    return problems


# -- design: a number can go and the shading stays a solution ------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple[Cell, int]]:
    """Every cell with the count of its block."""
    return [(c, sum(x in shaded for x in block(inst.grid, c))) for c in inst.grid.cells]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ())


# -- text: `.pzl` and janko grid text ---------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="0-9 or `.`", numbers=(0, 9),
                 why="a 3 x 3 block holds nine cells")
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=SHADED_CELLS,
    janko=Janko(NUMBERS),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The numbers over the shading (the SVG writes a number light on a
    shaded cell)."""
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=[Label(c, str(k)) for c, k in inst.numbers])


GENRE = Genre(
    name=NAME, aliases=("Mosaic", "mosaik", "fill-a-pix"),
    summary="shade cells; a number counts the shaded cells of the 3 x 3 block around it,"
            " itself included",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
