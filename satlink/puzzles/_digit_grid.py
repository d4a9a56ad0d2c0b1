"""A grid of digits 1..n that a Sudoku-family genre fills over a
:class:`satlink.rules.latin.Latin` (Sudoku, Jigsaw, Killer, Even-Odd,
Consecutive, Margin, Skyscraper Sudoku, the Gattai boards): the encoding's
selectors and decoding, the givens as design clues, the rules checked on
a solution, the solution's outputs and the digits of its picture.

A solution is a tuple of row tuples; the givens a grid of the same shape
(None, or Sudoku's 0, where blank).

>>> givens_of(((None, 2), (0, None)))
[(0, 1, 2)]
>>> with_givens(2, 2, [(1, 0, 2)]), clue_name((1, 0, 2))
(((None, None), (2, None)), 'r2c1')
>>> square_problems(((1, 2), (2, 2)), 2, ((1, None), (None, None)),
...                 [("column 2", [(0, 1), (1, 1)])])
['column 2 holds 2 twice']
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import contract
from ..formats.cellgrid import YES_NO, Answer, CellError, Janko, Keyword, Layout, Tokens, given
from ..render import Label
from ..rules.latin import Latin, broken_units
from ._latin_board import fits, values


class LatinEncoding(contract.Encoding):
    """An encoding whose digits are ``self.square`` (a Latin), its cells
    numbered from ``origin`` (Sudoku's 1: the variables read `cell(r,c,d)`
    as users name cells, r1c1); a given ``(r, c, v)`` (0-based) is a design
    clue whose selector is its cell's variable for v (selector mode)."""

    origin = 0

    def fill(self, f, cells, units, n: int, givens, options, **more) -> Latin:
        """``self.square``: digits 1..n over ``cells`` (numbered from
        ``origin``) and ``units``, the givens ((r, c, v), 0-based) decided,
        every cell every digit in selector mode; ``more``: Latin's options."""
        o, self.size = self.origin, n
        self.square = Latin(f, cells, units, range(1, n + 1),
                            {(r + o, c + o): v for r, c, v in givens},
                            selectors=options.clues == "selectors", **more)
        return self.square

    def selector(self, clue) -> int:
        """A given's selector: its cell variable (selector mode)."""
        r, c, v = clue
        x = self.square.selector((r + self.origin, c + self.origin), v)
        if x is None:
            raise KeyError(f"no selector for clue {clue!r}")
        return x

    def decode(self, model) -> tuple[tuple[int, ...], ...]:
        """The n x n grid (n: as :meth:`fill` was given) of digits (0 where a model gives a cell
        none, which verify reports)."""
        n, o, square = self.size, self.origin, self.square
        return tuple(tuple(square.value(model, (r + o, c + o)) or 0 for c in range(n))
                     for r in range(n))


def givens_of(givens) -> list[tuple[int, int, int]]:
    """The givens as (row, column, digit), 0-based cells, in reading order."""
    return [(r, c, v) for (r, c), v in given(givens) if v]


def each_digit(inst, sol) -> list[tuple[int, int, int]]:
    """Every given the board could show that ``sol`` obeys: each cell's digit."""
    return [(r, c, v) for r, row in enumerate(sol) for c, v in enumerate(row)]


def with_givens(rows: int, cols: int, chosen, blank=None) -> tuple[tuple, ...]:
    """The grid of givens showing exactly ``chosen`` ((r, c, v) triples)."""
    grid = [[blank] * cols for _ in range(rows)]
    for r, c, v in chosen:
        grid[r][c] = v
    return tuple(map(tuple, grid))


def clue_name(clue) -> str:
    """`r3c4`, 1-based."""
    return f"r{clue[0] + 1}c{clue[1] + 1}"


def square_problems(sol, n: int, givens, units) -> list[str]:
    """The grid's size, then its givens, then every named unit of
    ``units`` ((name, cells)) holding each digit of 1..n once."""
    if not fits(sol, n):
        return [f"the grid is not {n} x {n}"]
    problems = [f"r{r + 1}c{c + 1} is {sol[r][c]}, the given is {v}"
                for (r, c), v in given(givens) if v and sol[r][c] != v]
    return problems + broken_units(values(sol), units, range(1, n + 1))


def answer(tokens, largest: Callable[[Any], int] | None = None) -> Answer:
    """The `solution` block and janko's published solution: the grid of
    digits; with ``largest`` (the instance's greatest digit) a digit above
    it is an error at its cell (a 9 in a 6 x 6 Sudoku is no digit of it)."""
    if largest is None:
        return Answer(tokens, read=lambda grid: grid, write=lambda inst, sol: sol)

    def read(grid, inst):
        top = None if inst is None else largest(inst)
        for r, row in enumerate(grid if top is not None else ()):
            for c, v in enumerate(row):
                if v is not None and v > top:
                    raise CellError(f"{v} is no digit of this {top} x {top} grid (1 to {top})",
                                    (r, c))
        return grid
    return Answer(tokens, read=read, write=lambda inst, sol: sol, with_instance=True)


#: `diagonals yes`: janko's diagonal variant, both main diagonals hold every
#: digit once (its grid text does not say so: grid text reads `no`).
DIAGONALS = Keyword(YES_NO, default=False)


def names(noun: str) -> Tokens:
    """The names of a block of regions (`region`, `cage`): letters or digits."""
    return Tokens(what=f"a {noun} name", expect=f"a {noun} name (letters or digits)", empty=(),
                  parse=lambda t: t if t.isalnum() else None, show=str)


def regions_layout(name: str, max_side: int, cells: Tokens, field: str, block: str,
                   solution: Tokens, make) -> Layout:
    """`size N`, the `diagonals` line, a `grid` of ``cells`` (the instance's
    ``field``) and a ``block`` of region names (its field of that name,
    regions numbered 1..); janko: `N N`, the grid, the region numbers; the
    solution's digits read with ``solution``. ``make(n, grid, regions,
    diagonals=...)`` builds the instance."""
    return Layout(
        name, max_side, {"grid": cells, block: names(block[:-1])},
        build=lambda rows, cols, grid, regions, diagonals: make(
            rows, grid, regions, diagonals=diagonals),
        split=lambda inst: (inst.size, inst.size, getattr(inst, field), tuple(
            tuple(str(v) for v in row) for row in getattr(inst, block)),
            {"diagonals": inst.diagonals}),
        keywords={"diagonals": DIAGONALS}, solution=answer(solution, lambda inst: inst.size),
        janko=Janko((cells, names(block[:-1])), solution=solution), square=True)




def digit_labels(givens, solution, where=None) -> list[Label]:
    """The givens as clues and, when solved, the other digits as answers,
    over the cells ``where`` (all by default)."""
    labels = []
    for r, c in where or [(r, c) for r, row in enumerate(givens) for c in range(len(row))]:
        g = givens[r][c]
        v = g or (solution[r][c] if solution is not None else None)
        if v:
            labels.append(Label((r, c), str(v), given=bool(g)))
    return labels
