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

import networkx as nx

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Shade
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.shading import Shading

NAME = "kuroshuto"
MAX_SIDE = 60


def targets(grid: Grid, cell: Cell, n: int) -> list[Cell]:
    """The cells exactly ``n`` steps from ``cell`` in a straight line, on the board."""
    r, c = cell
    return [x for x in ((r - n, c), (r + n, c), (r, c - n), (r, c + n)) if grid.inside(x)]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its ``numbers``: sorted (cell, n)
    pairs, n >= 1 with a cell n steps away on the board."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int], ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        for cell, n in self.numbers:
            if not isinstance(n, int) or n < 1 or not targets(self.grid, cell, n):
                raise CellError(f"number {n} at {Grid.name(cell)} has no cell {n} steps away"
                                " on the board", cell)
        object.__setattr__(self, "numbers", tuple(sorted(dict(self.numbers).items())))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class KuroshutoEncoding(Encoding):
    """``self.shading``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        s.no_adjacent()  # no two shaded cells touch
        s.connected(shaded=False, lazy=not options.complete)  # the white cells, one area
        for cell, n in inst.numbers:  # white, and one shaded cell n steps away
            when = None if options.clues == "direct" else self.selectors.setdefault(
                (cell, n), f.var("number", *cell))
            f.add([-s.var[cell]] if when is None else [-when, -s.var[cell]])
            counts.exactly(f, [s.var[x] for x in targets(inst.grid, cell, n)], 1, when=when)

    def cuts(self, model) -> list[list[int]]:
        return self.shading.cuts(model)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(self.shading.shaded_cells(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> KuroshutoEncoding:
    return KuroshutoEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    graph = nx.grid_2d_graph(inst.rows, inst.cols)
    problems += [f"the shaded cells {Grid.name(a)} and {Grid.name(b)} touch"
                 for a, b in sorted(graph.subgraph(shaded).edges)]
    white = graph.subgraph(set(g.cells) - set(shaded))
    if white.number_of_nodes() and not nx.is_connected(white):
        problems.append("the white cells are not connected")
    for (r, c), n in inst.numbers:
        if (r, c) in shaded:
            problems.append(f"the number at {Grid.name((r, c))} is shaded")
        line = [x for x in ((r - n, c), (r + n, c), (r, c - n), (r, c + n)) if x in graph]
        got = sum(x in shaded for x in line)
        if got != 1:
            problems.append(f"the {n} at {Grid.name((r, c))} sees {got} shaded cells {n} away")
    return problems


# -- design: a number can go and the shading stays a solution -------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple[Cell, int]]:
    """A number for each white cell that can show one: its shortest distance
    with exactly one shaded cell that far away."""
    out = []
    for cell in inst.grid.cells:
        fits = [n for n in range(1, max(inst.rows, inst.cols)) if cell not in shaded
                and sum(x in shaded for x in targets(inst.grid, cell, n)) == 1]
        out += [(cell, fits[0])] if fits else []
    return out


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers))


def blank(width: int, height: int, params: dict) -> Instance:
    return Instance(height, width)


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number or `.`", numbers=(1, MAX_SIDE - 1),
                 why="a distance on the board")
SHADED = Tokens(expect="`x` (shaded) or `.`", values={"x": True})
#: `size C x R`, a `grid` block of numbers, an optional `solution`; janko: `ROWS COLS`, the numbers.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=Answer(SHADED, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko(NUMBERS, solution=SHADED),
)


# -- output ------------------------------------------------------------------------------------
def solution_json(inst: Instance, shaded) -> list[list[int]]:
    """The shaded cells [r, c], 0-based, in row order."""
    return [list(c) for c in sorted(shaded)]


def cells(inst: Instance, shaded) -> dict[str, bool]:
    return {Grid.name(c): c in shaded for c in inst.grid.cells}


def picture(inst: Instance, solution=None) -> Board:
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=[Label(c, str(n)) for c, n in inst.numbers])


GENRE = Genre(
    name=NAME, aliases=("Kuroshuto",),
    summary="shade cells, never two side by side, the white cells connected; a number is"
            " white and exactly one of the cells that many steps away in a straight line is"
            " shaded",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)
