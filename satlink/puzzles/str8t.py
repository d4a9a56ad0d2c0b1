"""Str8ts (Straights): digits in the white cells, every compartment a straight.

Rules (janko.at "Straights"): write a digit 1..n into every white cell of
the n x n grid so that no digit appears twice in a row or a column; a digit
in a black cell counts for its row and column too (no white cell there
holds it). A compartment is a maximal run of white cells in a row or a
column, between black cells or the edge; the digits of every compartment
form a straight, consecutive numbers in any order (4 2 3, not 4 2 5).

Encoding (encodings/str8t.md): :class:`satlink.rules.latin.Latin` over the
white cells, the white cells of each row and column its units, each cell's
digits without those of the black cells in its lines, and per compartment
the straights rule (:mod:`satlink.rules.straights`: a narrowing filter,
then a start variable per straight). The black cells and their digits are
the board; the white givens are the removable clues.

A solution is the grid of digits, 0 in the black cells.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from .. import contract
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Label, Shade
from ..rules import straights
from ..rules.latin import Latin
from . import sudoku

NAME = "str8t"
MAX_SIDE = 25


class Black(NamedTuple):
    """A black cell and its digit (None: none)."""

    digit: int | None


@dataclass(frozen=True)
class Instance:
    """``cells[r][c]``: None (white), a digit (a white given) or :class:`Black`."""

    size: int
    cells: tuple[tuple[int | Black | None, ...], ...]

    def __post_init__(self) -> None:
        for (r, c), v in given(self.cells):
            d = v.digit if isinstance(v, Black) else v
            if d is not None and not 1 <= d <= self.size:
                raise CellError(f"digit {d} at row {r + 1}, column {c + 1} is outside"
                                f" 1..{self.size}", (r, c))

    def white(self) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self.cells) for c, v in enumerate(row)
                if not isinstance(v, Black)]

    def lines(self) -> list[tuple[str, list[tuple[int, int]]]]:
        n = self.size
        return [(f"row {r + 1}", [(r, c) for c in range(n)]) for r in range(n)] + \
            [(f"column {c + 1}", [(r, c) for r in range(n)]) for c in range(n)]

    def compartments(self) -> list[list[tuple[int, int]]]:
        """The maximal runs of white cells of every row, then every column."""
        out = []
        for _, cells in self.lines():
            run: list = []
            for cell in cells + [None]:
                if cell is not None and not isinstance(self.cells[cell[0]][cell[1]], Black):
                    run.append(cell)
                elif run:
                    out.append(run)
                    run = []
        return out

    def black_digits(self, cells) -> set[int]:
        return {v.digit for v in (self.cells[r][c] for r, c in cells)
                if isinstance(v, Black) and v.digit is not None}


def clues(inst: Instance) -> list[tuple[int, int, int]]:
    """The white givens, as (row, column, digit)."""
    return [(r, c, v) for (r, c), v in given(inst.cells) if not isinstance(v, Black)]


# -- the rules ---------------------------------------------------------------------------
class Str8tEncoding(contract.Encoding):
    """:attr:`square` (a :class:`Latin` over the white cells) and the
    straights' start variables."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        n, direct = inst.size, options.clues == "direct"
        comps = inst.compartments()
        domains = {}
        for _, cells in inst.lines():
            banned = inst.black_digits(cells)
            for c in cells:
                domains.setdefault(c, set(range(1, n + 1))).difference_update(banned)
        white = set(inst.white())
        units = [[c for c in cells if c in white] for _, cells in inst.lines()]
        self.square = Latin(f, inst.white(), units, range(1, n + 1),
                            {(r, c): v for r, c, v in clues(inst)}, domains=domains,
                            filters=[(cs, straights.narrow(n)) for cs in comps],
                            selectors=not direct)
        sq = self.square
        for k, comp in enumerate(comps):
            straights.straight(f, [{sq.fixed[c]: True} if c in sq.fixed else sq.numbers.var[c]
                                   for c in comp], n, k)

    def selector(self, clue) -> int:
        r, c, v = clue
        x = self.square.selector((r, c), v)
        if x is None:  # a digit a black cell's digit rules out: the given never holds
            x = self.selectors.setdefault(clue, self.formula.var("given", r, c, v))
            self.formula.add([-x])
        return x

    def decode(self, model):
        n, white = self.instance.size, set(self.instance.white())
        return tuple(tuple(self.square.value(model, (r, c)) or 0 if (r, c) in white else 0
                           for c in range(n)) for r in range(n))


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return Str8tEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid (0 in black cells), from the rules."""
    n = inst.size
    if len(sol) != n or any(len(row) != n for row in sol):
        return [f"the grid is not {n} x {n}"]
    white = set(inst.white())
    problems = [f"r{r + 1}c{c + 1} holds {sol[r][c]}, not a digit 1..{n}" for r, c in sorted(white)
                if not 1 <= sol[r][c] <= n]
    problems += [f"r{r + 1}c{c + 1} is {sol[r][c]}, the given is {v}" for r, c, v in clues(inst)
                 if sol[r][c] != v]
    for name, cells in inst.lines():
        digits = [sol[r][c] for r, c in cells if (r, c) in white]
        twice = sorted({d for d in digits if digits.count(d) > 1})
        taken = sorted(inst.black_digits(cells) & set(digits))
        problems += [f"{name} holds {d} twice" for d in twice]
        problems += [f"{name} holds {d}, a black cell's digit there" for d in taken]
    for comp in inst.compartments():
        digits = sorted(sol[r][c] for r, c in comp)
        if not straights.is_straight(digits):
            (r, c) = comp[0]
            problems.append(f"the compartment from r{r + 1}c{c + 1} holds"
                            f" {' '.join(map(str, digits))}, not a straight")
    return problems


# -- design: a white given can go ------------------------------------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[int, int, int]]:
    return [(r, c, sol[r][c]) for r, c in inst.white()]


def with_clues(inst: Instance, givens) -> Instance:
    cells = [[v if isinstance(v, Black) else None for v in row] for row in inst.cells]
    for r, c, v in givens:
        cells[r][c] = v
    return replace(inst, cells=tuple(map(tuple, cells)))


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
def _black(text: str) -> Black | None:
    """`5x`: a black cell with the digit 5."""
    return Black(int(text[:-1])) if text[-1:] == "x" and text[:-1].isdigit() else None


#: `.` (janko `-`) white, a digit a white given, `x` black, `5x` black with 5.
CELLS = Tokens(what="a cell", expect="a digit, `x` (black), `5x` (black with 5) or `.`",
               values={"x": Black(None)}, numbers=(1, MAX_SIDE), parse=_black,
               show=lambda b: f"{b.digit}x")
#: The solution: a digit per white cell; `.` (janko `-`, or its digit) in a black cell.
FILLED = Tokens(what="a digit", expect="a digit or `.` (black)", empty=(),
                values={".": 0}, aliases={"-": 0}, numbers=(1, MAX_SIDE))


def _read(grid, inst: Instance):
    """The digits; a black cell reads 0 (janko writes a black cell's own digit there)."""
    out = []
    for r, row in enumerate(grid):
        out.append([])
        for c, v in enumerate(row):
            cell = inst.cells[r][c]
            if isinstance(cell, Black) and v not in (0, cell.digit):
                raise CellError(f"r{r + 1}c{c + 1} is black: expected `.`", (r, c))
            if not isinstance(cell, Black) and v == 0:
                raise CellError(f"r{r + 1}c{c + 1} is white: expected a digit", (r, c))
            out[-1].append(0 if isinstance(cell, Black) else v)
    return tuple(map(tuple, out))


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CELLS}, build=lambda rows, cols, grid: Instance(rows, grid),
    split=lambda inst: (inst.size, inst.size, inst.cells),
    solution=Answer(FILLED, read=_read, write=lambda inst, sol: sol, with_instance=True),
    janko=Janko(CELLS), square=True)


# -- output ----------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Black cells black with their digits, givens and solved digits in the white ones."""
    shades, labels = [], []
    for r, row in enumerate(inst.cells):
        for c, v in enumerate(row):
            if isinstance(v, Black):
                shades.append(Shade((r, c), "black"))
                if v.digit is not None:
                    labels.append(Label((r, c), str(v.digit)))
            elif v is not None or solution is not None:
                labels.append(Label((r, c), str(v or solution[r][c]), given=v is not None))
    return Board(inst.size, inst.size, shades=shades, labels=labels)


GENRE = Genre(
    name=NAME, aliases=("Str8t", "str8ts", "straights"),
    summary="digits in the white cells, none twice in a row or column (black cells' digits"
            " count); every run of white cells a straight",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID,
    picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=sudoku.clue_name),
)
