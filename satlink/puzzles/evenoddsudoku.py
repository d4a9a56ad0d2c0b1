"""Even-Odd Sudoku: a Sudoku whose cells are marked even or odd.

Rules (janko, "Gerade-Ungerade-Sudoku"): write a digit 1..n into every cell
of the n x n grid so that every row, every column and every box holds each
digit exactly once; a cell marked even (janko: gray, `E`) holds an even
digit, a cell marked odd (`O`) an odd one.

Encoding (encodings/evenoddsudoku.md): the Sudoku's
:class:`satlink.rules.latin.Latin` with each marked cell's digits narrowed
to its parity before anything is worked out; the givens and what singles
follow are decided first, so only the open cells get variables. The marks
are the board (as a jigsaw's regions are), the givens its removable clues.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import Janko, Layout, Tokens
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board
from ..render.board import Circle, Shade
from . import sudoku
from ._digit_grid import LatinEncoding, answer

NAME = "evenoddsudoku"
EVEN, ODD = "even", "odd"


@dataclass(frozen=True)
class Instance:
    """The Sudoku (its givens and boxes) and ``parity[r][c]``: EVEN, ODD or
    None (unmarked)."""

    sudoku: sudoku.Instance
    parity: tuple[tuple[str | None, ...], ...]


def make(size: int, grid, box=None) -> Instance:
    """From one grid of tokens' values: a digit (a given), EVEN, ODD or None."""
    givens = [[v if isinstance(v, int) else 0 for v in row] for row in grid]
    parity = tuple(tuple(v if isinstance(v, str) else None for v in row) for row in grid)
    return Instance(sudoku.make(size, givens, box), parity)


def clues(inst: Instance) -> list[tuple[int, int, int]]:
    """The givens, as (row, column, digit), 0-based cells."""
    return sudoku.clues(inst.sudoku)


def _fits(mark: str | None, v: int) -> bool:
    return mark is None or (v % 2 == 0) == (mark == EVEN)


class EvenOddEncoding(LatinEncoding):
    """:attr:`square` (a :class:`Latin`) over the rows, columns and boxes,
    every marked cell's digits those of its parity; cells numbered from 1
    as the Sudoku's."""

    origin = 1

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        s = inst.sudoku
        n = s.size
        shape = sudoku._shape(n, s.box_w, s.box_h)
        domains = {(r + 1, c + 1): [v for v in range(1, n + 1) if _fits(mark, v)]
                   for r, row in enumerate(inst.parity) for c, mark in enumerate(row) if mark}
        self.fill(f, shape.cells, shape, n, clues(inst), options, domains=domains)


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return EvenOddEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid: the Sudoku's, then the marks."""
    problems = sudoku.verify(inst.sudoku, sol)
    if problems and problems[0].startswith("the grid is not"):
        return problems
    return problems + [f"r{r + 1}c{c + 1} is marked {mark} but holds {sol[r][c]}"
                       for r, row in enumerate(inst.parity) for c, mark in enumerate(row)
                       if not _fits(mark, sol[r][c])]


# -- design (satlink.design: minimize, analyze) ----------------------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[int, int, int]]:
    return sudoku.clues_of(inst.sudoku, sol)


def with_clues(inst: Instance, givens) -> Instance:
    return replace(inst, sudoku=sudoku.with_clues(inst.sudoku, givens))


# -- text and output -------------------------------------------------------------------------
CELLS = Tokens(what="a digit or a mark", expect="a digit, `e` (even), `o` (odd) or `.`",
               values={"e": EVEN, "o": ODD}, numbers=(1, sudoku.MAX_SIZE))
FILLED = Tokens(what="a digit", expect="a digit", empty=(), numbers=(1, sudoku.MAX_SIZE))


def _split(inst: Instance):
    s = inst.sudoku
    grid = tuple(tuple(g or mark for g, mark in zip(grow, prow))
                 for grow, prow in zip(s.givens, inst.parity))
    return s.size, s.size, grid


#: `size N` and a `grid` of givens and marks (`e`, `o`, `.`); janko: `N N`,
#: then a row of tokens each (`E`, `O`, a digit, `-`); the solution digits.
FORMAT = Layout(
    NAME, sudoku.MAX_SIZE, {"grid": CELLS}, build=lambda rows, cols, grid: make(rows, grid), split=_split,
    solution=answer(FILLED),
    janko=Janko(CELLS, solution=FILLED), square=True)


def picture(inst: Instance, solution=None) -> Board:
    """The Sudoku's picture with even cells gray and odd cells circled."""
    board = sudoku.picture(inst.sudoku, solution)
    marks = [(r, c, mark) for r, row in enumerate(inst.parity) for c, mark in enumerate(row)
             if mark]
    return replace(board, shades=tuple(Shade((r, c), "gray") for r, c, m in marks if m == EVEN),
                   circles=tuple(Circle((r, c)) for r, c, m in marks if m == ODD))


GENRE = Genre(
    name=NAME, aliases=("EvenOddSudoku", "evenodd", "even-odd-sudoku", "gerade-ungerade"),
    summary="n x n Sudoku whose marked cells hold even (gray) or odd digits",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID,
    picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=sudoku.clue_name),
)
