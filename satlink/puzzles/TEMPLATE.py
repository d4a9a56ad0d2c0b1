"""TEMPLATE: the shortest complete genre. Copy it to ``satlink/puzzles/<name>.py``.

A teaching genre ("template"): shade some cells; a number is never shaded
and counts the shaded cells among its four orthogonal neighbours. The
registry skips this file; ``tests/test_genre.py`` (every mode against brute
force) and ``tests/test_template_genre.py`` (the contract test's checks)
keep it complete. What else a new genre brings (its ``encodings/`` page,
tests, instances) and may declare: README, "Adding a genre".

>>> from satlink import engine
>>> from satlink.lang import parse_text
>>> inst = GENRE.from_document(parse_text(
...     "puzzle template\\nsize 3 x 2\\ngrid\\n  . 3 .\\n  2 . 2\\n", "t.pzl"))
>>> result = engine.solve(GENRE, inst)
>>> result.verdict, sorted(result.solutions[0])
('unique', [(0, 0), (0, 2), (1, 1)])
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Label, Shade
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.shading import Shading
from ._shaded_text import SHADED_CELLS
from ._shading_genre import ShadingEncoding

NAME = "template"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbers (cell -> count), sorted;
    validated when built (errors name the cell)."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules: written with satlink/rules/, all state in the Encoding, knobs from options ---
class TemplateEncoding(ShadingEncoding):
    """One shading variable per cell (``ShadingEncoding``: ``decode`` and
    ``cuts`` are the shading's); each number's count behind its selector."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = Shading(f, inst.grid)
        for cell, k in inst.numbers:
            when = self.when((cell, k), "number", *cell)
            with counts.guarded(f, when):
                f.add([-self.shading.lit(cell)])  # a number is never shaded
            around = [self.shading.lit(n) for n in inst.grid.neighbours(cell)]
            counts.exactly(f, around, k, when=when)
        f.declare_answer([self.shading.lit(c) for c in inst.grid.cells])


def encode(inst: Instance, f: Formula, options: Options = Options()) -> TemplateEncoding:
    return TemplateEncoding(inst, f, options)


def clues(inst: Instance) -> list:
    return list(inst.numbers)


# -- checking, from the rules (never from the encoding) ----------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    problems = []
    for cell, k in inst.numbers:
        if cell in shaded:
            problems.append(f"the number at {Grid.name(cell)} is shaded")
        seen = sum(n in shaded for n in inst.grid.neighbours(cell))
        if seen != k:
            problems.append(f"the {k} at {Grid.name(cell)} has {seen} shaded neighbours")
    return problems


# -- design: a number can go and the shading stays a solution ------------------------------
def clues_of(inst: Instance, shaded) -> list:
    return [(c, sum(n in shaded for n in inst.grid.neighbours(c)))
            for c in inst.grid.cells if c not in shaded]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ())


# -- text: `.pzl` and janko grid text, declared once -----------------------------------------
NUMBERS = Tokens(what="a number", expect="0-4 or `.`", numbers=(0, 4), why="a cell has four sides")
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=SHADED_CELLS,
    janko=Janko(NUMBERS),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    return Board(inst.rows, inst.cols,
                 shades=[Shade(c, "black") for c in sorted(solution or ())],
                 labels=[Label(c, str(k)) for c, k in inst.numbers])


GENRE = Genre(
    name=NAME, aliases=(), summary="shade cells; a number counts its shaded neighbours",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture,  # the answer's shape gives `--json` and named cells
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
