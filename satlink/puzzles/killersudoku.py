"""Killer Sudoku: a Sudoku whose dashed cages sum to their clue.

Rules (janko): write a digit 1..n into every cell of the n x n grid so that
every row, column and box holds each digit exactly once; the digits of each
cage add up to the number written in it, and no digit repeats within a
cage. A variant adds the two main diagonals (``diagonals=True``).

Encoding (encodings/killersudoku.md): :class:`satlink.rules.latin.Latin`
over the rows, columns, boxes and cages, each cage's total a distinct sum
(:func:`satlink.rules.sums.sum_is`, the table of its digit sets); the digit
sets narrow the cells before encoding (:func:`satlink.rules.sums.cage_filters`).

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import CellError, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Label, Shade
from ..render.board import region_borders
from ..rules import sums
from ..rules.latin import Latin, connected, diagonals, grid_units, named_regions
from ._digit_grid import clue_name, regions_layout, square_problems
from ._latin_board import digits
from .sudoku import default_box

NAME = "killersudoku"
MAX_SIDE = 36


@dataclass(frozen=True)
class Instance:
    """An n x n grid with boxes of ``box`` = (width, height), ``cages[r][c]``
    (cages numbered 1.. in reading order of their first cells) and
    ``totals[r][c]``: a cage's total in one of its cells, else None."""

    size: int
    box: tuple[int, int]
    totals: tuple[tuple[int | None, ...], ...]
    cages: tuple[tuple[int, ...], ...]
    diagonals: bool = False

    def grid_units(self) -> list[tuple[str, list]]:
        """Rows, columns, boxes (and diagonals), named."""
        n = self.size
        units = grid_units(n, n, box=self.box)
        names = ([f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
                 + [f"box {b + 1}" for b in range(n)])
        out = list(zip(names, units))
        if self.diagonals:
            out += list(zip(("the main diagonal", "the anti-diagonal"), diagonals(n)))
        return out

    def cage_list(self) -> list[tuple[list, int | None]]:
        """Every cage's cells and total (None without one)."""
        out = []
        for cells in named_regions(self.cages).values():
            totals = [self.totals[r][c] for r, c in cells if self.totals[r][c] is not None]
            out.append((cells, totals[0] if totals else None))
        return out


def make(size: int, totals, cages, box: tuple[int, int] | None = None,
         diagonals: bool = False) -> Instance:
    """Build and validate: cages connected, at most n cells and one total
    each (:class:`CellError` at the cell)."""
    box = box or default_box(size)
    names = named_regions(cages)
    number = {name: k for k, name in enumerate(names, 1)}
    for name, cells in names.items():
        if not connected(cells):
            raise CellError(f"cage `{name}` is not connected", cells[0], "cages")
        if len(cells) > size:
            raise CellError(f"cage `{name}` has {len(cells)} cells, more than the {size}"
                            " digits", cells[0], "cages")
        clued = [cell for cell in cells if totals[cell[0]][cell[1]] is not None]
        if len(clued) > 1:
            raise CellError(f"cage `{name}` has two totals", clued[1], "grid")
    return Instance(size, box, tuple(map(tuple, totals)),
                    tuple(tuple(number[v] for v in row) for row in cages), diagonals)


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple[int, int, int]]:
    """The cage totals, as (row, column, total) of the cell that shows it."""
    return [(r, c, v) for (r, c), v in given(inst.totals)]


class KillerEncoding(contract.Encoding):
    """:attr:`square` (a :class:`Latin` over the grid's units and the cages)
    and each cage's total as a distinct sum over its open cells."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        n, digits = inst.size, range(1, inst.size + 1)
        direct = options.clues == "direct"
        units = [u for _, u in inst.grid_units()]
        cages = inst.cage_list()
        summed = [(cells, total) for cells, total in cages if total is not None]
        self.square = sq = Latin(f, [(r, c) for r in range(n) for c in range(n)],
                                 units + [cells for cells, _ in cages], digits,
                                 filters=sums.cage_filters(summed, units, digits) if direct else (),
                                 selectors=not direct)
        for cells, total in summed:
            when = self._when(cells, total)
            open_cells = [c for c in cells if c not in sq.fixed]
            if open_cells:
                rest = total - sum(sq.fixed[c] for c in cells if c in sq.fixed)
                sums.sum_is(sq.numbers, open_cells, rest, when=when, distinct=True)

    def _when(self, cells, total) -> int | None:
        r, c = next(cell for cell in cells if self.instance.totals[cell[0]][cell[1]] is not None)
        return self.when((r, c, total), "total", r, c)

    def decode(self, model):
        return digits(self.square, model, self.instance.size)


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return KillerEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    cages = inst.cage_list()
    problems = square_problems(sol, inst.size, (), inst.grid_units() + [
        (f"the cage at r{cells[0][0] + 1}c{cells[0][1] + 1}", cells) for cells, _ in cages])
    if problems and problems[0].startswith("the grid is not"):
        return problems
    for cells, total in cages:
        got = sum(sol[r][c] for r, c in cells)
        if total is not None and got != total:
            problems.append(f"the cage at r{cells[0][0] + 1}c{cells[0][1] + 1} adds up to"
                            f" {got}, not {total}")
    return problems


# -- design (satlink.design: minimize, generate, analyze) ---------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[int, int, int]]:
    """Every total the board could show that ``sol`` obeys: each cage's sum,
    in its first cell."""
    return [(cells[0][0], cells[0][1], sum(sol[r][c] for r, c in cells))
            for cells, _ in inst.cage_list()]


def with_clues(inst: Instance, totals) -> Instance:
    at = {(r, c): v for r, c, v in totals}
    return replace(inst, totals=board(inst.size, inst.size, at))


def total_name(clue) -> str:
    return f"the total of {clue_name(clue)}"


# -- .pzl and grid text --------------------------------------------------------------------
TOTALS = Tokens(what="a cage total", expect="a total or `.`", numbers=(1, MAX_SIDE ** 2))
FILLED = Tokens(what="a digit", expect="a digit", empty=(), numbers=(1, MAX_SIDE))
#: `size N`, a `grid` of totals (each in one cell of its cage) and a `cages`
#: block of cage names; janko: `N N`, the totals (`-` none), the cage numbers.
FORMAT = regions_layout(NAME, MAX_SIDE, TOTALS, "totals", "cages", FILLED, make)
check_header = FORMAT.check_header
from_document = FORMAT.from_document
expected_solution = FORMAT.expected_solution
to_pzl = FORMAT.to_pzl
from_grid_text = FORMAT.from_grid_text
solution_from_grid_text = FORMAT.solution_from_grid_text


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The cages' borders, every other box shaded grey (the board has one
    kind of border), the cages' totals, or the solved digits."""
    n, (bw, bh) = inst.size, inst.box
    grey = [Shade((r, c), "gray") for r in range(n) for c in range(n)
            if (r // bh + c // bw) % 2]
    if solution is None:
        labels = [Label(cell, str(v)) for cell, v in given(inst.totals)]
    else:
        labels = [Label((r, c), str(solution[r][c]), given=False)
                  for r in range(n) for c in range(n)]
    return Board(n, n, shades=grey, labels=labels,
                 edges=region_borders(n, n, lambda cell: inst.cages[cell[0]][cell[1]]))

GENRE = Genre(
    name=NAME, aliases=("KillerSudoku", "killer", "killer-sudoku", "sumdoku"),
    summary="Sudoku whose cages sum to their clue, no digit repeated in a cage",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=total_name),
)
