"""Jigsaw Sudoku: a Sudoku whose boxes are irregular regions.

Rules (janko, "Chaos-Sudoku"): write a digit 1..n into every cell of the
n x n grid so that every row, every column and every outlined region (n
regions of n cells) holds each digit exactly once. A variant adds the two
main diagonals (``diagonals=True``).

Encoding (encodings/jigsawsudoku.md): :class:`satlink.rules.latin.Latin`
over the rows, columns and regions; the givens and what singles follow from
them are worked out before encoding.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import CellError, Tokens, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board
from ..render.board import region_borders
from ..rules.latin import connected, diagonals, grid_units, named_regions
from ._digit_grid import (LatinEncoding, clue_name, digit_labels, each_digit,
                          givens_of, regions_layout, square_problems,
                          with_givens)

NAME = "jigsawsudoku"
MAX_SIDE = 64


@dataclass(frozen=True)
class Instance:
    """An n x n grid: ``givens[r][c]`` (None when blank) and ``regions[r][c]``
    (regions numbered 1.. in reading order of their first cells)."""

    size: int
    givens: tuple[tuple[int | None, ...], ...]
    regions: tuple[tuple[int, ...], ...]
    diagonals: bool = False

    def units(self) -> list[tuple[str, list]]:
        """Every unit with its name: rows, columns, regions (diagonals)."""
        n = self.size
        plain = grid_units(n, n)
        names = [f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
        regions = named_regions(self.regions)
        out = list(zip(names, plain)) + [(f"region {k}", cells) for k, cells in regions.items()]
        if self.diagonals:
            out += list(zip(("the main diagonal", "the anti-diagonal"), diagonals(n)))
        return out


def make(size: int, givens, regions, diagonals: bool = False) -> Instance:
    """Build and validate (a digit out of range, regions not of n connected
    cells: :class:`CellError` at the cell)."""
    for (r, c), v in given(givens):
        if not 1 <= v <= size:
            raise CellError(f"digit {v} at row {r + 1}, column {c + 1} is outside 1..{size}",
                            (r, c), "grid")
    names = named_regions(regions)
    number = {name: k for k, name in enumerate(names, 1)}
    for name, cells in names.items():
        if len(cells) != size:
            raise CellError(f"region `{name}` has {len(cells)} cells, a {size} x {size} board"
                            f" needs {size} in each", cells[0], "regions")
        if not connected(cells):
            raise CellError(f"region `{name}` is not connected", cells[0], "regions")
    return Instance(size, tuple(map(tuple, givens)),
                    tuple(tuple(number[v] for v in row) for row in regions), diagonals)


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple[int, int, int]]:
    """The givens, as (row, column, digit), 0-based cells."""
    return givens_of(inst.givens)


class JigsawEncoding(LatinEncoding):
    """:attr:`square` (a :class:`Latin`) over every unit of the board."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        n = inst.size
        cells = [(r, c) for r in range(n) for c in range(n)]
        self.fill(f, cells, [u for _, u in inst.units()], n, clues(inst), options)


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return JigsawEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    return square_problems(sol, inst.size, inst.givens, inst.units())


# -- design (satlink.design: minimize, generate, analyze) ---------------------------------
def with_clues(inst: Instance, givens) -> Instance:
    return replace(inst, givens=with_givens(inst.size, inst.size, givens))


# -- .pzl and grid text --------------------------------------------------------------------
DIGITS = Tokens(what="a digit", expect="a digit or `.`", numbers=(1, MAX_SIDE),
                why=f"boards have at most {MAX_SIDE} digits")
FILLED = Tokens(what="a digit", expect="a digit", empty=(), numbers=(1, MAX_SIDE))
#: `size N`, a `grid` of givens and a `regions` block of region names;
#: janko: `N N`, the givens (`-` blank), then the region numbers.
FORMAT = regions_layout(NAME, MAX_SIDE, DIGITS, "givens", "regions", FILLED, make)
check_header = FORMAT.check_header
from_document = FORMAT.from_document
expected_solution = FORMAT.expected_solution
to_pzl = FORMAT.to_pzl
from_grid_text = FORMAT.from_grid_text
solution_from_grid_text = FORMAT.solution_from_grid_text


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The regions' borders, the givens, and the solved digits."""
    n = inst.size
    labels = digit_labels(inst.givens, solution)
    return Board(n, n, edges=region_borders(n, n, lambda cell: inst.regions[cell[0]][cell[1]]),
                 labels=labels)


GENRE = Genre(
    name=NAME, aliases=("JigsawSudoku", "jigsaw", "jigsaw-sudoku", "chaos-sudoku",
             "irregular-sudoku"),
    summary="n x n Latin square whose boxes are n irregular regions",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=each_digit, with_clues=with_clues, clue_name=clue_name),
)
