"""Kuroshuto: shade cells, never two side by side, the white cells connected; a number
sees exactly one shaded cell at its distance.

Rules (janko.at "Kuroshuto"): shade some cells. No two shaded cells are
orthogonally adjacent; the white cells are orthogonally connected; a
numbered cell stays white, and of the (up to four) cells exactly n cells
away from it in a straight line (up, down, left, right), exactly one is
shaded.

Encoding (encodings/kuroshuto.md): a :class:`satlink.rules.shading.Shading`;
:meth:`~satlink.rules.shading.Shading.no_adjacent`; the white cells
:meth:`~satlink.rules.shading.Shading.connected` (lazy separation cuts, or
complete); per number its cell white and exactly one of its targets shaded
(:func:`satlink.rules.counts.exactly`), behind its selector in selector mode.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Label, Shade
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.shading import Shading
from ._shading_genre import ShadingEncoding
from ._apart_connected import apart_and_connected
from ._shaded_text import SHADED

NAME = "kuroshuto"
MAX_SIDE = 60


def targets(grid: Grid, cell: Cell, n: int) -> list[Cell]:
    """The cells exactly ``n`` steps from ``cell`` in a straight line, on the board."""
    r, c = cell
    return [x for x in ((r - n, c), (r + n, c), (r, c - n), (r, c + n)) if grid.inside(x)]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its ``numbers``: sorted distinct (cell, n)
    pairs, n >= 1 with a cell n steps away on the board.

    A board shows one number a cell (the readers refuse two); the design
    tools' clue space may put several distances on one cell (each is its own
    rule), since a white cell can obey several: see :func:`clues_of`."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int], ...] = ()

    def __post_init__(self) -> None:
        numbers = tuple(sorted(set(self.numbers)))
        check_board(self.rows, self.cols, MAX_SIDE, dict(numbers), "number")
        for cell, n in numbers:
            if not isinstance(n, int) or n < 1 or not targets(self.grid, cell, n):
                raise CellError(f"number {n} at {Grid.name(cell)} has no cell {n} steps away"
                                " on the board", cell)
        object.__setattr__(self, "numbers", numbers)

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class KuroshutoEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        s.no_adjacent()  # no two shaded cells touch
        s.connected(shaded=False, lazy=not options.complete)  # the white cells, one area
        for cell, n in inst.numbers:  # white, and one shaded cell n steps away
            when = self.when((cell, n), "number", *cell, n)
            f.add([-s.var[cell]] if when is None else [-when, -s.var[cell]])
            counts.exactly(f, [s.var[x] for x in targets(inst.grid, cell, n)], 1, when=when)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> KuroshutoEncoding:
    return KuroshutoEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    problems = apart_and_connected(inst.grid, shaded)
    if problems and "off the board" in problems[0]:
        return problems
    for cell, n in inst.numbers:
        if cell in shaded:
            problems.append(f"the number at {Grid.name(cell)} is shaded")
        got = sum(x in shaded for x in targets(inst.grid, cell, n))
        if got != 1:
            problems.append(f"the {n} at {Grid.name(cell)} sees {got} shaded cells {n} away")
    return problems


# -- design: a number can go and the shading stays a solution -------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple[Cell, int]]:
    """Every number the solution obeys: on a numbered cell its numbers that
    hold, on any other white cell each distance n with exactly one shaded
    cell n steps away (a cell may obey several: the design tools need
    exactly the clues a solution obeys, so none is left out)."""
    g, shown = inst.grid, {}
    for cell, n in inst.numbers:
        shown.setdefault(cell, []).append(n)
    return [(cell, n) for cell in g.cells if cell not in shaded
            for n in shown.get(cell, range(1, max(inst.rows, inst.cols)))
            if sum(x in shaded for x in targets(g, cell, n)) == 1]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers))


def shown(inst: Instance) -> dict[Cell, int]:
    """The number on each cell; a board with two on a cell cannot be written."""
    out: dict[Cell, int] = {}
    for cell, n in inst.numbers:
        if cell in out:
            raise CellError(f"{Grid.name(cell)} holds the numbers {out[cell]} and {n}; a board"
                            " shows one number a cell", cell)
        out[cell] = n
    return out


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number or `.`", numbers=(1, MAX_SIDE - 1),
                 why="a distance on the board")
#: `size C x R`, a `grid` block of numbers, an optional `solution`; janko: `ROWS COLS`, the numbers.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, shown(inst))),
    solution=Answer(SHADED, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko(NUMBERS, solution=SHADED),
)


# -- output: the shaded cells as Heyawake gives them (solution_json, cells) ------------------
def picture(inst: Instance, solution=None) -> Board:
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=[Label(c, "/".join(str(n) for d, n in inst.numbers if d == c))
                         for c in dict(inst.numbers)])


GENRE = Genre(
    name=NAME, aliases=("Kuroshuto",),
    summary="shade cells, never two side by side, the white cells connected; a number is"
            " white and exactly one of the cells that many steps away in a straight line is"
            " shaded",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture,
    # no ``blank``: a random solution's minimal clue set may need two numbers on
    # one cell, which no board shows, so `generate` does not apply (minimize
    # and analyze choose among a board's own numbers)
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0])),
)
