"""Shirokuro: join every white circle to a black one by a straight line.

Rules (janko.at "Shirokuro", puzz.link `wblink`): join the circles in
pairs, each white circle with one black circle, by straight horizontal or
vertical lines through cell centres. A line passes through empty cells
only (never over another circle), and lines never cross.

Encoding: a line can only join a circle to the first circle it meets in a
direction, when their colours differ: one variable per such pair. Each
circle has exactly one of its pairs; each empty cell lies on at most one
chosen pair's line. Plain clauses, no lazy part (encodings/shirokuro.md).
The circles are the board: no design hooks.

A solution is the frozenset of unit line pieces ``((r1, c1), (r2, c2))``,
0-based, as Pipeline's.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_cells import Circles, Dict
from ..formats.pzprjs_parts import Cells
from ..formula import Formula
from ..genre import Genre
from ..render import Board, Circle, Line
from ..rules import counts
from ..rules.grid import Cell, Edge, Grid, between, check_board, edge, exits
from ..formats.exits import exits_answer, exits_cells, exits_tokens

NAME = "shirokuro"
MAX_SIDE = 100
WHITE, BLACK = "w", "b"


@dataclass(frozen=True)
class Instance:
    """A board and its circles: (cell, :data:`WHITE` or :data:`BLACK`), sorted."""

    rows: int
    cols: int
    circles: tuple[tuple[Cell, str], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.circles), "circle")
        object.__setattr__(self, "circles", tuple(sorted(self.circles)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


def pairs(inst: Instance) -> list[tuple[Cell, Cell]]:
    """Each white circle with the first circle above, right of, below and
    left of it, when that one is black (the circles' neighbours along their
    row and column, from the circles sorted by row and by column)."""
    kind = dict(inst.circles)
    rows: dict[int, list[Cell]] = {}
    cols: dict[int, list[Cell]] = {}
    for cell, _ in inst.circles:  # sorted: each row's circles by column
        rows.setdefault(cell[0], []).append(cell)
    for cell in sorted(kind, key=lambda c: (c[1], c[0])):
        cols.setdefault(cell[1], []).append(cell)
    near: dict[Cell, list[Cell | None]] = {c: [None] * 4 for c in kind}  # n, e, s, w
    for line, ahead, back in ((rows, 1, 3), (cols, 2, 0)):
        for cells in line.values():
            for a, b in zip(cells, cells[1:]):
                near[a][ahead] = b
                near[b][back] = a
    return [(cell, x) for cell, k in inst.circles if k == WHITE
            for x in near[cell] if x is not None and kind[x] == BLACK]


def line(a: Cell, b: Cell) -> list[Edge]:
    """The unit pieces of the straight line from ``a`` to ``b``."""
    a, b = sorted((a, b))
    cells = [a, *between(a, b), b]
    return [edge(x, y) for x, y in zip(cells, cells[1:])]


class ShirokuroEncoding(Encoding):
    """A variable per possible pair (``self.pair``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        # the clauses rules.counts.exactly / at_most would add, written out by
        # hand for speed (a call there per circle and per crossed cell was
        # half of the encoding); formulas identical (benchmarks/formulas.py)
        ps = pairs(inst)
        self.pair = dict(zip(ps, f.vars([("pair", *a, *b) for a, b in ps])))
        at: dict[Cell, list[int]] = {}
        over: dict[Cell, list[int]] = {}
        for (a, b), x in self.pair.items():
            at.setdefault(a, []).append(x)
            at.setdefault(b, []).append(x)
            for c in between(*sorted((a, b))):
                over.setdefault(c, []).append(x)
        clauses = f.clauses
        for cell, _ in inst.circles:  # each circle joined once
            xs = at.get(cell, [])
            clauses.append(xs)  # [] when it has no partner: no solution
            if len(xs) > 1:
                clauses.extend([[-x, -y] for x, y in itertools.combinations(xs, 2)])
        for xs in over.values():  # no crossing: two lines at most over a cell, one each way
            if len(xs) == 2:
                clauses.append([-xs[0], -xs[1]])
            elif len(xs) > 2:
                counts.at_most(f, xs, 1)
        f.declare_answer(list(self.pair.values()))

    def decode(self, model) -> frozenset[Edge]:
        chosen = model.true_vars(list(self.pair.values()))
        of = {x: p for p, x in self.pair.items()}
        return frozenset(e for x in chosen for e in line(*of[x]))


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of line pieces (empty when solved)."""
    kind, g, sol = dict(inst.circles), inst.grid, frozenset(sol)
    problems = [f"the line piece {e} is not between two cells" for e in sol
                if not g.is_cell_edge(e)]
    if problems:
        return problems
    for cell in g.cells:
        d = exits(sol, cell)
        if cell in kind:
            if len(d) != 1:
                problems.append(f"the circle at {Grid.name(cell)} has {len(d)} lines, not 1")
                continue
            x = g.step(cell, d)
            while x not in kind and exits(sol, x) in ("ns", "ew"):
                x = g.step(x, d)
            if x not in kind:
                problems.append(f"the line from {Grid.name(cell)} ends at no circle")
            elif kind[x] == kind[cell]:
                problems.append(f"the line from {Grid.name(cell)} joins two circles of"
                                f" one colour")
        elif d not in ("", "ns", "ew"):
            problems.append(f"the lines at {Grid.name(cell)} bend, branch or cross ({d})")
    return problems


# -- text: `.pzl`, janko grid text, puzz.link ------------------------------------------------------
CIRCLES = Tokens(what="a circle", expect="`w` (white), `b` (black) or `.`",
                 values={WHITE: WHITE, BLACK: BLACK})
#: A cell of the `solution`: a circle's one exit (`n`, `e`, `s`, `w`), `ns`
#: or `ew` across an empty cell, `.` (janko `-`) none.
LINES = exits_tokens("a line piece", "a line's exits (`e`, `ns`, `ew`, ...) or `.`", sizes=(1, 2))

#: `size C x R`, a `grid` of circles, an optional `solution` of line pieces;
#: janko: `ROWS COLS`, the circles, the published lines.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CIRCLES},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.circles))),
    solution=exits_answer(LINES, "line"),
    janko=Janko(CIRCLES),
)

#: pzprjs `wblink` (Shirokuro-link): the circles three cells a character
#: (1 white, 2 black).
PUZZLINK = Codec(
    names=("wblink",), body=Cells(Dict(Circles(), {0: None, 1: WHITE, 2: BLACK})),
    build=lambda b: Instance(b.rows, b.cols, tuple(given(b.value))),
    split=lambda inst: PzBoard(inst.rows, inst.cols, FORMAT.split(inst)[2]))


def solution_json(inst: Instance, sol) -> list[list[list[int]]]:
    """The joined pairs [[r, c] white, [r, c] black], 0-based, in order of the white."""
    kind = dict(inst.circles)
    out = []
    for cell, k in inst.circles:
        d = exits(sol, cell)
        if k == WHITE and len(d) == 1:
            x = inst.grid.step(cell, d)
            while x not in kind:
                x = inst.grid.step(x, d)
            out.append([list(cell), list(x)])
    return out


def picture(inst: Instance, solution=None) -> Board:
    """White and black circles, the lines when solved."""
    lines = [Line(tuple(p)) for p in sorted(solution or ())]
    return Board(inst.rows, inst.cols, lines=lines,
                 circles=[Circle(c, "white" if k == WHITE else "black") for c, k in inst.circles])


GENRE = Genre(
    name=NAME, aliases=("Shirokuro", "wblink", "shirokuro-link"),
    summary="join each white circle to one black circle by a straight line over empty cells;"
            " lines never cross",
    instance=Instance, text=FORMAT, encode=ShirokuroEncoding, verify=verify, picture=picture,
    puzzlink=PUZZLINK, solution_json=solution_json, cells=exits_cells,
)
