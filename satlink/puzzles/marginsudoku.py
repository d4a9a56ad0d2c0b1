"""Margin Sudoku (Randsummen-Sudoku): a Sudoku with sums at its margins.

Rules (janko.at "Randsummen-Sudoku"): write a digit 1..n into every cell of
the n x n grid so that every row, every column and every box holds each
digit exactly once. A number outside the grid is the sum of the digits of
the outer box next to it in that row or column: the first box-height cells
of a column seen from above or below, the first box-width cells of a row
seen from the left or right (the three cells next to it on a 9 x 9 board).

Encoding (encodings/marginsudoku.md): the Sudoku's
:class:`satlink.rules.latin.Latin` with each margin sum a distinct sum
(:func:`satlink.rules.sums.sum_is`, the table of its digit sets) over its
cells, the digit sets narrowing the cells first
(:func:`satlink.rules.sums.cage_filters`), as Killer Sudoku's cages. The
givens and the sums are the removable clues, each behind its selector in
selector mode.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import CellError, Tokens
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Label
from ..rules import sums
from ..rules.edge_views import SIDES, line
from . import _edge_board as E, sudoku
from ._digit_grid import LatinEncoding

NAME = "marginsudoku"


@dataclass(frozen=True)
class Instance:
    """The Sudoku (givens, boxes) and the sums on each side (None: none)."""

    sudoku: sudoku.Instance
    top: tuple
    bottom: tuple
    left: tuple
    right: tuple

    def __post_init__(self) -> None:
        for s in SIDES:
            for i, v in enumerate(self.side(s)):
                if v is not None and not 1 <= v <= self.size * (self.size + 1) // 2:
                    raise CellError(f"sum {v} on the {s} of line {i + 1} is not a sum of"
                                    f" different digits 1..{self.size}", (0, i), s)

    @property
    def size(self) -> int:
        return self.sudoku.size

    def side(self, s: str) -> tuple:
        return getattr(self, s)

    def margin(self, s: str, i: int) -> list[tuple[int, int]]:
        """The cells a sum on side ``s`` of line ``i`` adds: the outer box's."""
        depth = self.sudoku.box_h if s in ("top", "bottom") else self.sudoku.box_w
        return line(self.size, self.size, s, i)[:depth]

    def sums(self) -> list[tuple[str, int, int]]:
        return [(s, i, v) for s in SIDES for i, v in enumerate(self.side(s)) if v is not None]


def clues(inst: Instance) -> list[tuple]:
    """The givens (r, c, digit) and the sums (side, line, total)."""
    return sudoku.clues(inst.sudoku) + inst.sums()


class MarginEncoding(LatinEncoding):
    """:attr:`square` (the Sudoku's :class:`Latin`, cells numbered from 1)
    and each sum over its open cells."""

    origin = 1

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        s, direct = inst.sudoku, options.clues == "direct"
        shape = sudoku._shape(s.size, s.box_w, s.box_h)  # cells numbered from 1
        at = {(r, c): (r + 1, c + 1) for r in range(s.size) for c in range(s.size)}
        cages = [([at[c] for c in inst.margin(side, i)], v) for side, i, v in inst.sums()]
        filters = sums.cage_filters(cages, shape.units, range(1, s.size + 1)) if direct else ()
        sq = self.fill(f, shape.cells, shape, s.size, sudoku.clues(s), options, filters=filters)
        for (side, i, v), (cells, total) in zip(inst.sums(), cages):
            when = self.when((side, i, v), "sum", side, i)
            open_cells = [c for c in cells if c not in sq.fixed]
            rest = total - sum(sq.fixed[c] for c in cells if c in sq.fixed)
            if open_cells:
                sums.sum_is(sq.numbers, open_cells, rest, when=when, distinct=True)
            elif rest:
                f.add([-when] if when else [])

    def selector(self, clue) -> int:
        """A sum's selector, or a given's (its cell variable)."""
        if isinstance(clue[0], str):
            return contract.Encoding.selector(self, clue)
        return super().selector(clue)


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return MarginEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid: the Sudoku's, then the sums."""
    problems = sudoku.verify(inst.sudoku, sol)
    if problems and problems[0].startswith("the grid is not"):
        return problems
    for side, i, v in inst.sums():
        got = sum(sol[r][c] for r, c in inst.margin(side, i))
        if got != v:
            problems.append(f"the sum {v} on the {side} of line {i + 1} adds up to {got}")
    return problems


# -- design: a given or a sum can go ---------------------------------------------------------
def clues_of(inst: Instance, sol) -> list[tuple]:
    return sudoku.clues_of(inst.sudoku, sol) + [
        (s, i, sum(sol[r][c] for r, c in inst.margin(s, i)))
        for s in SIDES for i in range(inst.size)]


def with_clues(inst: Instance, chosen) -> Instance:
    sides = {s: [None] * inst.size for s in SIDES}
    for s, i, v in (c for c in chosen if isinstance(c[0], str)):
        sides[s][i] = v
    givens = [c for c in chosen if not isinstance(c[0], str)]
    return Instance(sudoku.with_clues(inst.sudoku, givens), **{s: tuple(v)
                                                                for s, v in sides.items()})


def blank(rows: int, cols: int, params: dict) -> Instance:
    empty = (None,) * cols
    return Instance(sudoku.blank(rows, cols, params), empty, empty, empty, empty)


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
SUMS = Tokens(what="a sum", expect="a number or `.` (no sum)",
              numbers=(1, sudoku.MAX_SIZE * (sudoku.MAX_SIZE + 1) // 2))
FORMAT = E.sides_layout(
    NAME, sudoku.MAX_SIZE, sudoku.DIGITS, SUMS, sudoku.FILLED,
    build=lambda n, grid, sides: Instance(sudoku.make(n, grid), **sides),
    split_givens=lambda inst: tuple(tuple(v or None for v in row) for row in inst.sudoku.givens))


def picture(inst: Instance, solution=None):
    """The Sudoku's picture with the sums outside."""
    n = inst.size
    at = {"top": lambda i: (-1, i), "bottom": lambda i: (n, i),
          "left": lambda i: (i, -1), "right": lambda i: (i, n)}
    board = sudoku.picture(inst.sudoku, solution)
    return replace(board, labels=board.labels + tuple(Label(at[s](i), str(v))
                                                      for s, i, v in inst.sums()))


GENRE = Genre(
    name=NAME, aliases=("MarginSudoku", "randsummen", "margin-sudoku", "randsummen-sudoku"),
    summary="n x n Sudoku whose numbers outside are the sums of the outer box's cells next to"
            " them in that row or column",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID,
    picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=E.clue_name, blank=blank),
)
