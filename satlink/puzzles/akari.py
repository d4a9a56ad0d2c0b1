"""Akari (Light Up, Bijutsukan): lamps light their row and column.

Rules (janko.at): place lamps in white cells. A lamp lights its row and
column up to a black cell or the edge of the board. Every white cell is
lit; no lamp lights another. A number on a black cell says how many lamps
touch it orthogonally.

Encoding (encodings/akari.md): a lamp variable per white cell; the black
cells are the walls of a :class:`satlink.rules.sight.Sight`; at most one
lamp per segment and every white cell seen by a lamp (or holding one)
(:meth:`~satlink.rules.sight.Sight.at_most_one`,
:meth:`~satlink.rules.sight.Sight.cover`), and each number a count of
the lamps around it, behind its selector in selector mode
(:func:`satlink.puzzles._black_cells.count_beside`, the board Shakashaka
shares). All clauses: no lazy rule.

A solution is the frozenset of lamp cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

import random

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CellSetAnswer
from ..render import Board, Circle
from ..rules.grid import Cell, Grid
from ..rules.seen import seen_from
from ..rules.sight import Sight
from . import _black_cells as black_cells
from ._black_cells import BLACK, CELLS, BlackCells, clues, clues_of, with_clues

NAME = "akari"
MAX_SIDE = 200
LAMP = "o"


class Instance(BlackCells):
    """A ``rows`` x ``cols`` board and its black cells, each with a number
    0-4 or :data:`BLACK` (none, ``"x"``), sorted by cell."""

    MAX_SIDE = MAX_SIDE


# -- the rules ---------------------------------------------------------------------------
class AkariEncoding(Encoding):
    """``self.lamp``: a variable per white cell; the sight lines over the
    black cells (``self.sight``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.sight = Sight(f, inst.grid, walls=[c for c, _ in inst.walls])
        self.lamp = {c: f.var("lamp", *c) for c in self.sight.cells}
        f.declare_answer(self.lamp.values())
        self.sight.at_most_one(self.lamp)  # no lamp lights another
        self.sight.cover(self.lamp)  # every white cell is lit
        black_cells.count_beside(self, inst, self.lamp)  # lamps around a number

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, x in self.lamp.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> AkariEncoding:
    return AkariEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, lamps) -> list[str]:
    """Broken rules of a set of lamp cells (empty when solved)."""
    g, black = inst.grid, dict(inst.walls)
    problems = [f"a lamp at {Grid.name(c)} is not on a white cell of the board"
                for c in sorted(lamps) if c in black or not g.inside(c)]
    if problems:
        return problems
    lit = set(lamps)
    for lamp in sorted(lamps):
        seen = seen_from(g, lamp, black)
        lit.update(seen)
        problems += [f"the lamps at {Grid.name(lamp)} and {Grid.name(o)} light each other"
                     for o in seen if o in lamps and lamp < o]
    problems += [f"{Grid.name(c)} is not lit" for c in g.cells if c not in black and c not in lit]
    return problems + black_cells.number_problems(inst, lamps, "lamps")


# -- design: a number can go (its cell stays black; :mod:`._black_cells`) ----------------
def layout(rows: int, cols: int, rng: random.Random, params: dict) -> Instance:
    """Black cells at random (one cell in five, symmetric under a half
    turn as janko's boards are), none numbered: ``generate`` numbers them
    from a random solution."""
    black = set()
    for r, c in Grid(rows, cols).cells:
        if (r, c) <= (rows - 1 - r, cols - 1 - c) and rng.random() < 0.2:
            black |= {(r, c), (rows - 1 - r, cols - 1 - c)}
    return Instance(rows, cols, tuple((c, BLACK) for c in black))


# -- text: `.pzl` and janko grid text (the `grid` block: :data:`._black_cells.CELLS`) --------
#: The `solution` block: `o` a lamp; black cells written as in the grid.
LAMPS = Tokens(expect="`o` (a lamp), `.` (white), `x` or a number (black)",
               values={LAMP: LAMP, "x": BLACK}, numbers=(0, 4))


def _solution_grid(inst: Instance, lamps):
    return board(inst.rows, inst.cols, {**dict(inst.walls), **dict.fromkeys(lamps, LAMP)})


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CELLS},
    build=black_cells.build(Instance), split=black_cells.split,
    solution=Answer(LAMPS, read=lambda grid: frozenset(c for c, v in given(grid) if v == LAMP),
                    write=_solution_grid),
    janko=Janko(CELLS),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Black cells (their numbers in white), lamps as black circles."""
    return Board(inst.rows, inst.cols, **black_cells.walls_picture(inst),
                 circles=[Circle(c, "black") for c in sorted(solution or ())])


# -- puzz.link: pzprjs `lightup` (URL name `akari`), 4Cell: `.` a black cell without number --
PUZZLINK = black_cells.codec(("akari", "lightup", "bijutsukan"), Instance)

GENRE = Genre(
    name=NAME, aliases=("Akari", "lightup", "light-up", "bijutsukan"),
    summary="place lamps: each lights its row and column up to a black cell; every white cell"
            " lit, no lamp lights another, numbers count the lamps beside them",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CellSetAnswer(over=lambda inst: inst.white), picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  layout=layout),
)
