"""Trinairo: three symbols, balanced lines, grey cells unlike their neighbours.

Rules (janko.at "Trinairo"): write 1, 2 or 3 into every cell so that every
row and every column holds each of them equally often (the sides are
multiples of 3). A grey cell's symbol differs from the symbols of its
orthogonal neighbours. Three alike side by side are allowed (janko's
published solutions have them).

Encoding (encodings/balanced.md): :class:`satlink.rules.balanced.Balanced`
with three symbols, ``balance`` on every row and column, and per grey cell
and neighbour "not equal" (behind the grey cell's selector in selector
mode).

A solution is the grid of symbols, a tuple of row tuples.
"""
from __future__ import annotations

import operator
import re
from dataclasses import dataclass

from .. import contract
from ..errors import InputError
from ..formats.cellgrid import Answer, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Shade
from ..rules.balanced import Balanced, unbalanced
from ..rules.grid import Grid, check_board
from . import _givens

NAME = "trinairo"
MAX_SIDE = 99
GREY = "x"


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board (multiples of 3), ``givens[r][c]`` 1-3 or
    None, and the ``grey`` cells, sorted."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...]
    grey: tuple = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, self.grey, "grey cell")
        if self.rows % 3 or self.cols % 3:
            raise InputError(f"a trinairo board's sides are multiples of 3, not"
                             f" {self.cols} x {self.rows}")
        object.__setattr__(self, "grey", tuple(sorted(self.grey)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def lines(self) -> list[tuple[str, list]]:
        g = self.grid
        return ([(f"row {r + 1}", row) for r, row in enumerate(g.rows_of_cells())]
                + [(f"column {c + 1}", col) for c, col in enumerate(g.cols_of_cells())])


def clues(inst: Instance) -> list:
    """The givens (row, column, symbol) and the grey cells (row, column, `x`)."""
    return _givens.clues(inst) + [(r, c, GREY) for r, c in inst.grey]


class TrinairoEncoding(contract.Encoding):
    """:attr:`symbols` (:class:`Balanced`, three symbols) over the board."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        selectors = options.clues == "selectors"
        self.symbols = Balanced(f, inst.grid.cells, 3,
                                {(r, c): v for r, c, v in _givens.clues(inst)}, selectors)
        if selectors:
            self.selectors = {cl: self.symbols.selector(cl[:2], cl[2])
                              for cl in _givens.clues(inst)}
        self.symbols.balance([line for _, line in inst.lines()])
        for r, c in inst.grey:
            when = self.when((r, c, GREY), "grey", r, c)
            for n in inst.grid.neighbours((r, c)):
                self.symbols.numbers.relation((r, c), n, operator.ne, when=when)

    def decode(self, model):
        return _givens.decoded(self.instance, lambda cell: self.symbols.value(model, cell))


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return TrinairoEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    problems, values = _givens.filled(inst, sol, (1, 2, 3))
    if not values:
        return problems
    problems += [f"grey {Grid.name(c)} and its neighbour {Grid.name(n)} both hold {values[c]}"
                 for c in inst.grey for n in inst.grid.neighbours(c) if values[n] == values[c]]
    return problems + unbalanced(values, inst.lines(), 3)


# -- design: givens and grey cells can go ----------------------------------------------------
def clues_of(inst: Instance, sol) -> list:
    out = _givens.clues_of(inst, sol)
    return out + [(r, c, GREY) for r, c in inst.grid.cells
                  if all(sol[n[0]][n[1]] != sol[r][c] for n in inst.grid.neighbours((r, c)))]


def with_clues(inst: Instance, chosen) -> Instance:
    digits = _givens.with_clues(inst, [x for x in chosen if x[2] != GREY]).givens
    return Instance(inst.rows, inst.cols, digits, tuple((r, c) for r, c, v in chosen if v == GREY))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ((None,) * cols,) * rows)


# -- text: a cell is `.`, a symbol, `x` (grey) or both (`2x`) -------------------------------------
def _parse(t: str):
    m = re.fullmatch(r"([1-3])?x|x([1-3])", t)
    if m is None:
        return None
    v = m.group(1) or m.group(2)
    return (int(v) if v else None, True)


CELLS = Tokens(what="a Trinairo cell", expect="1, 2, 3, `x` (grey), a grey symbol (`2x`) or `.`",
               numbers=(1, 3), why="Trinairo has three symbols", parse=_parse,
               show=lambda v: f"{v[0] or ''}x")
FILLED = Tokens(what="a symbol", expect="1, 2 or 3", empty=(), numbers=(1, 3))


def _build(rows: int, cols: int, grid) -> Instance:
    digits = tuple(tuple(v[0] if isinstance(v, tuple) else v for v in row) for row in grid)
    return Instance(rows, cols, digits, tuple(c for c, v in given(grid) if isinstance(v, tuple)))


def _split(inst: Instance):
    cells = dict(given(inst.givens))
    cells.update({c: (cells.get(c), True) for c in inst.grey})
    return inst.rows, inst.cols, board(inst.rows, inst.cols, cells)


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CELLS}, build=_build, split=_split,
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko(CELLS, solution=FILLED),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Grey cells shaded, the givens and the solved symbols."""
    return Board(inst.rows, inst.cols, shades=[Shade(c, "gray") for c in inst.grey],
                 labels=_givens.labels(inst, solution))


GENRE = Genre(
    name=NAME, aliases=("Trinairo",),
    summary="1s, 2s and 3s: every row and column a third of each; a grey cell differs"
            " from its neighbours",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, blank=blank,
                  clue_name=lambda cl: _givens.clue_name(cl) + ("x" if cl[2] == GREY else "")),
)
