"""Hidoku (Hidato): number the cells 1..N along a path of king moves.

Rules (janko.at "Hidoku"): write the numbers 1 to N (the number of cells)
into the board, each once, so that each number and the next stand on
cells that touch, orthogonally or diagonally; some numbers are given.

Encoding (encodings/numbered_path.md, "Hidoku"): a
:class:`satlink.rules.numbers.Numbers` over the cells with
:func:`satlink.rules.numbered_path.numbered_path` under king moves; in
direct mode the givens prune the domains (:func:`~satlink.rules.numbered_path.reach`).
Given numbers are the removable clues.

A solution is the rows of numbers, a tuple of tuples.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..errors import InputError
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Label
from ..rules.grid import Cell, Grid, check_board
from ..rules.numbered_path import chebyshev, numbered_path, reach
from ..rules.numbers import Numbers

NAME = "hidoku"
MAX_SIDE = 30


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its given numbers (cell -> number), sorted."""

    rows: int
    cols: int
    givens: tuple[tuple[Cell, int], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.givens), "number")
        object.__setattr__(self, "givens", tuple(sorted(self.givens)))
        problem = _givens_problem(self.rows * self.cols, self.givens)
        if problem:
            raise InputError(problem[0])

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def size(self) -> int:
        return self.rows * self.cols


def _givens_problem(size: int, givens) -> tuple[str, Cell] | None:
    """(message, cell) of the first number out of 1..size or given twice."""
    seen: dict[int, Cell] = {}
    for cell, v in givens:
        if not 1 <= v <= size:
            return f"the number {v} is not 1..{size}", cell
        if v in seen:
            return f"the number {v} stands at {Grid.name(seen[v])} already", cell
        seen[v] = cell
    return None


def _build(rows: int, cols: int, grid) -> Instance:
    problem = _givens_problem(rows * cols, list(given(grid)))
    if problem:
        raise CellError(*problem)
    return Instance(rows, cols, tuple(given(grid)))


def kings(grid: Grid, cell: Cell) -> list[Cell]:
    """The up to eight cells that touch ``cell``."""
    r, c = cell
    return [(r + a, c + b) for a in (-1, 0, 1) for b in (-1, 0, 1)
            if (a or b) and 0 <= r + a < grid.rows and 0 <= c + b < grid.cols]


class HidokuEncoding(Encoding):
    """The numbers (``self.numbers``) numbered along a king path, the givens."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g, direct = inst.grid, options.clues == "direct"
        domains = reach(g.cells, inst.size, dict(inst.givens) if direct else {}, chebyshev)
        self.numbers = n = Numbers(f, g.cells, range(1, inst.size + 1), domains)
        numbered_path(f, n, lambda c: kings(g, c))
        for cell, v in inst.givens:
            n.given(cell, v, self.when((cell, v), "given", *cell))
        f.declare_answer(n.answer(), one_hot=True)

    def decode(self, model):
        n, g = self.numbers, self.instance.grid
        return tuple(tuple(n.value(model, (r, c)) for c in range(g.cols)) for r in range(g.rows))


def clues(inst: Instance) -> list:
    return list(inst.givens)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of rows of numbers (empty when solved)."""
    at = {v: (r, c) for r, row in enumerate(sol) for c, v in enumerate(row)}
    problems = []
    if sorted(v for row in sol for v in row if v is not None) != list(range(1, inst.size + 1)):
        problems.append(f"the cells do not hold 1..{inst.size} once each")
    for cell, v in inst.givens:
        if sol[cell[0]][cell[1]] != v:
            problems.append(f"the given {v} at {Grid.name(cell)} is changed")
    for v in range(1, inst.size):
        if v in at and v + 1 in at and chebyshev(at[v], at[v + 1]) != 1:
            problems.append(f"{v} at {Grid.name(at[v])} and {v + 1} at"
                            f" {Grid.name(at[v + 1])} do not touch")
    return problems


# -- design: given numbers can go -------------------------------------------------------------
def clues_of(inst: Instance, sol) -> list:
    return [(c, sol[c[0]][c[1]]) for c in inst.grid.cells]


def with_clues(inst: Instance, chosen) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(chosen))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ())


# -- text ----------------------------------------------------------------------------------------
NUMBER = Tokens(what="a number", expect="a number or `.`", numbers=(1, MAX_SIDE * MAX_SIDE),
                why="the numbers run 1..N, N the cells of the board")


#: `size C x R`, a `grid` of given numbers (`.`, janko `-`, empty), an
#: optional `solution` with every number; janko: `ROWS COLS`, the grid.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBER},
    build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.givens))),
    solution=Answer(NUMBER, read=lambda grid: tuple(tuple(row) for row in grid),
                    write=lambda inst, sol: sol),
    janko=Janko(NUMBER),
)


def picture(inst: Instance, solution=None) -> Board:
    """The given numbers; the others when solved."""
    shown = dict(inst.givens)
    if solution:
        shown = {(r, c): v for r, row in enumerate(solution) for c, v in enumerate(row)}
    return Board(inst.rows, inst.cols, labels=[Label(c, str(v)) for c, v in sorted(shown.items())])


GENRE = Genre(
    name=NAME, aliases=("Hidoku", "Hidato"),
    summary="number the cells 1..N so that consecutive numbers touch, diagonally too",
    instance=Instance, text=FORMAT, encode=HidokuEncoding, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
