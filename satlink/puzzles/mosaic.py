"""Mosaic (Mosaik, Fill-a-Pix): a number counts the shaded cells of its 3 x 3 block.

Rules (janko.at "Mosaik"): shade some cells. A number says how many of the
up to nine cells of the 3 x 3 block centred on it (the number's own cell
and the cells touching it, diagonally too) are shaded; a numbered cell may
itself be shaded.

Encoding: a variable per cell (shaded); in selector mode each number an
exact count over its block (:func:`satlink.rules.counts.exactly`) behind
its selector; with direct clues the cells the numbers decide alone are unit
clauses and each number counts its open cells by the subsets it refuses
(:func:`decided`). All clauses: no lazy rule (encodings/mosaic.md).

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Shade
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board

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
            size = len(block(self.grid, cell))
            if k > size:
                raise CellError(f"number {k} at {Grid.name(cell)} is above {size}: its 3 x 3"
                                f" block holds {size} cells of the board", cell)
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class MosaicEncoding(Encoding):
    """``self.shaded``: a variable per cell; a count per number."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shaded = shaded = {c: f.var("shaded", *c) for c in inst.grid.cells}
        f.declare_answer(shaded.values())
        if options.clues == "direct":
            decided(inst, shaded, f)
            return
        for cell, k in inst.numbers:
            when = self.selectors.setdefault((cell, k), f.var("number", *cell))
            counts.exactly(f, [shaded[c] for c in block(inst.grid, cell)], k, when=when)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, x in self.shaded.items() if model.value(x))


def decided(inst: Instance, shaded: dict, f: Formula) -> None:
    """The numbers as direct clauses, without what the numbers decide alone:
    a number whose open cells must all be shaded (or all unshaded) fixes
    them, repeated until nothing changes; the fixed cells are unit clauses
    and every other number counts its open cells only, each subset that
    would break it refused (a block has at most nine cells)."""
    blocks = [(block(inst.grid, cell), k) for cell, k in inst.numbers]
    around: dict[Cell, list[int]] = {}
    for i, (cells, _) in enumerate(blocks):
        for c in cells:
            around.setdefault(c, []).append(i)
    open_ = [len(cells) for cells, _ in blocks]
    need = [k for _, k in blocks]
    fixed: dict[Cell, bool] = {}
    todo = list(range(len(blocks)))
    while todo:
        i = todo.pop()
        if open_[i] and need[i] in (0, open_[i]):
            on = need[i] > 0
            for c in blocks[i][0]:
                if c not in fixed:
                    fixed[c] = on
                    for j in around[c]:
                        open_[j] -= 1
                        need[j] -= on
                        todo.append(j)
    add = f.clauses.append
    for c, on in fixed.items():
        add([shaded[c] if on else -shaded[c]])
    for (cells, _), k in zip(blocks, need):
        lits = [shaded[c] for c in cells if c not in fixed]
        if not 0 <= k <= len(lits):
            add([])
        elif 0 < k < len(lits):  # at most k, at least k
            f.clauses.extend(map(list, itertools.combinations([-x for x in lits], k + 1)))
            f.clauses.extend(map(list, itertools.combinations(lits, len(lits) - k + 1)))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> MosaicEncoding:
    return MosaicEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    for (r, c), k in inst.numbers:
        seen = sum((r + dr, c + dc) in shaded for dr in (-1, 0, 1) for dc in (-1, 0, 1))
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


def blank(width: int, height: int, params: dict) -> Instance:
    return Instance(height, width, ())


# -- text: `.pzl` and janko grid text ---------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="0-9 or `.`", numbers=(0, 9),
                 why="a 3 x 3 block holds nine cells")
SHADED = Tokens(expect="`x` (shaded) or `.`", values={"x": True})
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=Answer(SHADED, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko(NUMBERS),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, shaded) -> list[list[int]]:
    """The shaded cells [r, c], 0-based, in row order."""
    return [list(c) for c in sorted(shaded)]


def cells(inst: Instance, shaded) -> dict[str, bool]:
    return {Grid.name(c): c in shaded for c in inst.grid.cells}


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
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
