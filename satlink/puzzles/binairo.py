"""Binairo (Takuzu, Binero): two symbols, balanced lines, no three alike.

Rules (janko.at "Binairo"): write 1 (a white circle) or 2 (a black circle)
into every cell so that every row and every column holds as many 1s as
2s, and no three equal symbols stand side by side in a row or a column.
janko's boards do not ask rows (or columns) to differ: 60 of the 76
published dev solutions repeat a row or a column, so satlink does not
either.

Encoding (encodings/balanced.md): :class:`satlink.rules.balanced.Balanced`
with two symbols: ``balance`` and ``no_three`` on every row and column.

A solution is the grid of symbols (1 or 2), a tuple of row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import contract
from ..errors import InputError
from ..formats.cellgrid import Answer, Janko, Layout, Tokens, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Circle
from ..rules.balanced import Balanced, three_alike, unbalanced
from ..rules.grid import Grid, check_board
from ._givens import clue_name, clues, clues_of, decoded, filled, with_clues

NAME = "binairo"
MAX_SIDE = 100
FILL = {1: "white", 2: "black"}


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board (both even), ``givens[r][c]`` 1, 2 or None."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "cell")
        if self.rows % 2 or self.cols % 2:
            raise InputError(f"a binairo board has an even number of rows and of columns,"
                             f" not {self.cols} x {self.rows}")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def lines(self) -> list[tuple[str, list]]:
        g = self.grid
        return ([(f"row {r + 1}", row) for r, row in enumerate(g.rows_of_cells())]
                + [(f"column {c + 1}", col) for c, col in enumerate(g.cols_of_cells())])


class BinairoEncoding(contract.Encoding):
    """:attr:`symbols` (:class:`Balanced`, two symbols) over the board."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        selectors = options.clues == "selectors"
        self.symbols = Balanced(f, inst.grid.cells, 2, {(r, c): v for r, c, v in clues(inst)},
                                selectors=selectors)
        if selectors:
            self.selectors = {cl: self.symbols.selector(cl[:2], cl[2]) for cl in clues(inst)}
        lines = [line for _, line in inst.lines()]
        self.symbols.balance(lines)
        self.symbols.no_three(lines)

    def assumptions(self, clues) -> list[int]:
        """The givens' cell literals (a batch assumes them for every puzzle)."""
        return [self.symbols.selector((r, c), v) for r, c, v in clues]

    def decode(self, model):
        return decoded(self.instance, lambda cell: self.symbols.value(model, cell))


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return BinairoEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    problems, values = filled(inst, sol, (1, 2))
    if not values:
        return problems
    return problems + unbalanced(values, inst.lines(), 2) + three_alike(
        values, inst.lines(), Grid.name)


# -- design: a given can go and the grid stays a solution ----------------------------------
def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ((None,) * cols,) * rows)


# -- text ----------------------------------------------------------------------------------
SYMBOLS = Tokens(what="a symbol", expect="1 (white), 2 (black) or `.`", numbers=(1, 2),
                 why="Binairo has two symbols")
FILLED = Tokens(what="a symbol", expect="1 (white) or 2 (black)", empty=(), numbers=(1, 2))
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": SYMBOLS},
    build=lambda rows, cols, grid: Instance(rows, cols, grid),
    split=lambda inst: (inst.rows, inst.cols, inst.givens),
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko(SYMBOLS, solution=FILLED),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """A white or black circle per given, and per solved cell."""
    shown = {c: v for c, v in given(inst.givens)}
    if solution is not None:
        shown.update(((r, c), v) for r, row in enumerate(solution) for c, v in enumerate(row))
    return Board(inst.rows, inst.cols, circles=[Circle(c, FILL[v]) for c, v in sorted(shown.items())
                                                if v in FILL])


GENRE = Genre(
    name=NAME, aliases=("Binairo", "takuzu", "binero", "binary-puzzle"),
    summary="1s and 2s: every row and column half of each, never three alike in a line",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank),
    batch_shape=lambda inst: (inst.rows, inst.cols),
)
