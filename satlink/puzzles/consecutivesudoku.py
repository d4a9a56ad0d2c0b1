"""Consecutive Sudoku: a Latin square with a bar between every two
neighbours whose digits are consecutive.

Rules (janko, "Konsekutiv"): write a digit 1..n into every cell of the
n x n grid so that every row and every column holds each digit exactly
once; two orthogonal neighbours have consecutive digits (differ by 1)
exactly where a bar lies between them. There are no boxes: the published
solution of every dev board (6 x 6, 8 x 8 and 9 x 9 among them) breaks
Sudoku boxes, and all are unique without them.

Encoding (encodings/consecutivesudoku.md): :class:`satlink.rules.latin.Latin`
over the rows and columns, with one narrowing filter per pair of
neighbours (a bar: each cell keeps the digits next to one of the other's;
no bar: a decided digit's neighbours leave the other cell), then clauses
between the pairs that stay open.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import CellError, Janko, Layout, Tokens, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board
from ..render.board import Edge
from ..rules.latin import grid_units
from ._digit_grid import (LatinEncoding, answer, clue_name, digit_labels, each_digit,
                          givens_of, square_problems, with_givens)

NAME = "consecutivesudoku"
MAX_SIDE = 16
RIGHT, DOWN, LEFT, UP = 1, 2, 4, 8  # janko's bits: a bar on that side of the cell


@dataclass(frozen=True)
class Instance:
    """``givens[r][c]`` (None when blank) and ``bars``, the pairs of
    neighbouring cells ((r, c), (r, c + 1)) or ((r, c), (r + 1, c)) with a
    bar between them."""

    size: int
    givens: tuple[tuple[int | None, ...], ...]
    bars: frozenset

    def units(self) -> list[tuple[str, list]]:
        """The rows and the columns, named."""
        n = self.size
        names = [f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
        return list(zip(names, grid_units(n, n)))

    def pairs(self):
        """Every pair of orthogonal neighbours, each once."""
        n = self.size
        for r in range(n):
            for c in range(n):
                if c + 1 < n:
                    yield (r, c), (r, c + 1)
                if r + 1 < n:
                    yield (r, c), (r + 1, c)


def make(size: int, givens, sides) -> Instance:
    """From the givens and janko's bar numbers per cell (the sum of RIGHT,
    DOWN, LEFT, UP for the bars around it): both cells of a pair must agree."""
    for (r, c), v in given(givens):
        if not 1 <= v <= size:
            raise CellError(f"digit {v} at row {r + 1}, column {c + 1} is outside 1..{size}",
                            (r, c), "grid")
    bars = set()
    for r in range(size):
        for c in range(size):
            s = sides[r][c] or 0
            if s & LEFT and c == 0 or s & UP and r == 0 or s & RIGHT and c == size - 1 \
                    or s & DOWN and r == size - 1:
                raise CellError(f"bar number {s} at row {r + 1}, column {c + 1} puts a bar on"
                                " the board's edge", (r, c), "bars")
            for bit, back, (dr, dc) in ((RIGHT, LEFT, (0, 1)), (DOWN, UP, (1, 0))):
                r2, c2 = r + dr, c + dc
                if r2 < size and c2 < size:
                    here, there = bool(s & bit), bool((sides[r2][c2] or 0) & back)
                    if here != there:
                        raise CellError(f"the bar between r{r + 1}c{c + 1} and r{r2 + 1}c{c2 + 1}"
                                        " is drawn on one side only", (r, c), "bars")
                    if here:
                        bars.add(((r, c), (r2, c2)))
    return Instance(size, tuple(map(tuple, givens)), frozenset(bars))


def clues(inst: Instance) -> list[tuple[int, int, int]]:
    """The givens, as (row, column, digit), 0-based cells."""
    return givens_of(inst.givens)


def _near(m: int) -> int:
    """The digits next to those of mask ``m`` (bit v for digit v)."""
    return (m << 1) | (m >> 1)


def _bar(masks: list[int]) -> list[int]:
    a, b = masks
    return [a & _near(b), b & _near(a)]


def _no_bar(masks: list[int]) -> list[int]:
    a, b = masks
    return [a & ~_near(b) if b & (b - 1) == 0 else a, b & ~_near(a) if a & (a - 1) == 0 else b]


class ConsecutiveEncoding(LatinEncoding):
    """:attr:`square` (a :class:`Latin`) with the pair filters, and clauses
    for the pairs left open (all of them in selector mode)."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        n = inst.size
        cells = [(r, c) for r in range(n) for c in range(n)]
        filters = [((a, b), _bar if (a, b) in inst.bars else _no_bar) for a, b in inst.pairs()]
        sq = self.fill(f, cells, grid_units(n, n), n, clues(inst), options, filters=filters)
        var = sq.numbers.var
        for a, b in inst.pairs():
            if a not in var or b not in var:
                continue  # a decided cell: the filter has narrowed the other to fit
            bar = (a, b) in inst.bars
            for x, y in ((a, b), (b, a)):
                for v, lit in var[x].items():
                    near = [var[y][w] for w in (v - 1, v + 1) if w in var[y]]
                    if bar:
                        f.add([-lit, *near])
                    elif x == a:
                        for other in near:
                            f.add([-lit, -other])


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return ConsecutiveEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    problems = square_problems(sol, inst.size, inst.givens, inst.units())
    if problems and problems[0].startswith("the grid is not"):
        return problems
    values = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row)}
    for a, b in inst.pairs():
        consecutive = abs(values[a] - values[b]) == 1
        if consecutive != ((a, b) in inst.bars):
            where = f"r{a[0] + 1}c{a[1] + 1} and r{b[0] + 1}c{b[1] + 1}"
            problems.append(f"{where} hold {values[a]} and {values[b]}"
                            + (" across no bar" if consecutive else " across a bar"))
    return problems


# -- design (satlink.design: minimize, analyze) ----------------------------------------------
def with_clues(inst: Instance, givens) -> Instance:
    return replace(inst, givens=with_givens(inst.size, inst.size, givens))


# -- text and output -------------------------------------------------------------------------
DIGITS = Tokens(what="a digit", expect="a digit or `.`", numbers=(1, MAX_SIDE))
SIDES = Tokens(what="a bar number", expect="a bar number 0-15 (1 right, 2 down, 4 left, 8 up)",
               empty=(), numbers=(0, 15))
FILLED = Tokens(what="a digit", expect="a digit", empty=(), numbers=(1, MAX_SIDE))


def _sides(inst: Instance):
    n = inst.size
    out = [[0] * n for _ in range(n)]
    for (r, c), (r2, c2) in inst.bars:
        out[r][c] |= RIGHT if r2 == r else DOWN
        out[r2][c2] |= LEFT if r2 == r else UP
    return tuple(map(tuple, out))


#: `size N`, a `grid` of givens and a `bars` block (each cell's bars, janko's
#: sum of 1 right, 2 down, 4 left, 8 up); janko: `N N`, the givens, the bars.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": DIGITS, "bars": SIDES},
    build=lambda rows, cols, grid, bars: make(rows, grid, bars),
    split=lambda inst: (inst.size, inst.size, inst.givens, _sides(inst)),
    solution=answer(FILLED, lambda inst: inst.size),
    janko=Janko((DIGITS, SIDES), solution=FILLED), square=True)


def _side(a, b) -> Edge:
    """The cell side between neighbours a and b, as a lattice edge."""
    c, (r2, c2) = a[1], b
    return Edge((r2, c2), (r2, c2 + 1)) if c2 == c else Edge((r2, c2), (r2 + 1, c2))


def picture(inst: Instance, solution=None) -> Board:
    """A bar as a heavy line on the side it crosses, the givens and the
    solved digits."""
    n = inst.size
    return Board(n, n, edges=[_side(a, b) for a, b in sorted(inst.bars)],
                 labels=digit_labels(inst.givens, solution))


GENRE = Genre(
    name=NAME, aliases=("ConsecutiveSudoku", "consecutive", "konsekutiv"),
    summary="n x n Latin square with a bar exactly between neighbours of consecutive digits",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=each_digit, with_clues=with_clues, clue_name=clue_name),
)
