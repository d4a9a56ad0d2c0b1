"""Pipelink: one loop through every cell that may cross itself; given pieces are part of it.

Rules (janko.at "Pipelink", puz.link `pipelink`): draw one closed loop
through the centres of all cells, moving orthogonally. It never branches
or ends; it may cross itself, going straight through a cell both ways (a
crossing). Cells with a given piece (`ns`, `se`, ..., `nsew` a crossing)
hold exactly that piece; the loop never crosses itself on a circle
(pzprjs's marked cells).

Encoding (encodings/crossing_loop.md, Pipelink): a
:class:`satlink.rules.crossing_loop.CrossingLoop` with every cell a
``must`` cell, each piece's exits fixed, no crossing on a circle; pieces
and circles (behind their selectors in selector mode) are the design clues.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based
(a crossing cell has four).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import CellError, Janko, Layout, board, given
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_parts import Cells
from ..formats.pzprjs_loops2 import CIRCLE, PipeCells
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Circle, Line, Shade
from ..rules import counts
from ..rules.crossing_loop import CrossingLoop, crossing_loop_problems
from ..rules.grid import Cell, Grid, check_board, exits
from ..formats.exits import exits_answer, exits_cells, exits_tokens, off_board

NAME = "pipelink"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A board, its given pieces ``(cell, exits)`` and its circles, sorted."""

    rows: int
    cols: int
    pieces: tuple[tuple[Cell, str], ...] = ()
    circles: tuple[Cell, ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE,
                    [c for c, _ in self.pieces] + list(self.circles), "piece or circle")
        g = self.grid  # made once (the property makes a Grid on each access)
        for cell, dirs in self.pieces:
            problem = off_board(g, cell, dirs)
            if problem:
                raise CellError(problem, cell)
        object.__setattr__(self, "pieces", tuple(sorted(self.pieces)))
        object.__setattr__(self, "circles", tuple(sorted(self.circles)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


class PipelinkEncoding(Encoding):
    """The loop (``self.loop``) through every cell, the pieces and circles."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g = inst.grid
        # direct clues: the given pieces are put into the loop (their cells'
        # literals units, the clauses those decide left out)
        direct = options.clues == "direct"
        # a crossing literal on the circles only (no other rule names one)
        self.loop = loop = CrossingLoop(g, f, must=g.cells, crossings=inst.circles,
                                        fixed=dict(inst.pieces) if direct else None)
        for clue in clues(inst):
            if direct and clue[0] == "piece":
                continue
            when = self.when(clue, "clue", len(self.selectors))
            with counts.guarded(f, when):
                if clue[0] == "circle":
                    f.add([-loop.cross[clue[1]]])
                else:
                    f.extend([loop.through(clue[1], d) if d in clue[2]
                              else -loop.through(clue[1], d)] for d in "nsew")
        if options.complete:
            loop.encode_complete()
        f.declare_answer(list(loop.edges.values()))

    def cuts(self, model) -> list[list[int]]:
        return self.loop.cuts(model)

    def decode(self, model):
        return self.loop.decode(model)


def clues(inst: Instance) -> list[tuple]:
    """("piece", cell, exits) and ("circle", cell)."""
    return ([("piece", c, d) for c, d in inst.pieces]
            + [("circle", c) for c in inst.circles])


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    problems = crossing_loop_problems(inst.grid, sol, inst.grid.cells, inst.circles)
    return problems + [f"the loop runs {exits(sol, c) or 'nowhere'} at {Grid.name(c)},"
                       f" not {d}" for c, d in inst.pieces if exits(sol, c) != d]


# -- design: pieces and circles can go, the loop stays a solution ---------------------------
def clues_of(inst: Instance, sol) -> list[tuple]:
    """The piece of every cell but the board's circles, and those circles
    (a cell holds one clue)."""
    return ([("piece", c, exits(sol, c)) for c in inst.grid.cells if c not in inst.circles]
            + [("circle", c) for c in inst.circles if len(exits(sol, c)) != 4])


def with_clues(inst: Instance, chosen) -> Instance:
    return Instance(inst.rows, inst.cols, tuple((tuple(k[1]), k[2]) for k in chosen
                                                if k[0] == "piece"),
                    tuple(tuple(k[1]) for k in chosen if k[0] == "circle"))


# -- text: `.pzl`, janko grid text, puz.link ------------------------------------------------------
#: A cell of the `grid` block: a piece (`ns`, `se`, ..., `nsew` a crossing),
#: `o` a circle, `.` (janko `-`) empty.
PIECES = exits_tokens("a pipe piece", "a piece (`ns`, `se`, ..., `nsew` a crossing), `o` (a"
                      " circle) or `.`", {"o": CIRCLE}, sizes=(2, 4))
LINES = exits_tokens("a pipe piece", "a piece (`ns`, `se`, ..., `nsew` a crossing)", sizes=(2, 4))


def _build(rows: int, cols: int, grid) -> Instance:
    return Instance(rows, cols, tuple((c, v) for c, v in given(grid) if v != CIRCLE),
                    tuple(c for c, v in given(grid) if v == CIRCLE))


def _cells(inst: Instance):
    return board(inst.rows, inst.cols, {**dict(inst.pieces), **dict.fromkeys(inst.circles, CIRCLE)})


#: `size C x R`, a `grid` of pieces and circles, an optional `solution` of
#: pieces; janko: `ROWS COLS`, the pieces (`nswe`, `-`), the published loop.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": PIECES}, build=_build,
    split=lambda inst: (inst.rows, inst.cols, _cells(inst)),
    solution=exits_answer(LINES, "pipe"),
    janko=Janko(PIECES),
)

#: pzprjs `pipelink` (``decodePipelink``): pieces `a`-`g`, circles, skips.
PUZZLINK = Codec(names=("pipelink",), body=Cells(PipeCells()),
                 build=lambda b: _build(b.rows, b.cols, b.value),
                 split=lambda inst: PzBoard(inst.rows, inst.cols, _cells(inst)))


def solution_json(inst: Instance, sol) -> list[list]:
    """Each cell [r, c, exits] (0-based), in row order."""
    return [[r, c, exits(sol, (r, c))] for r, c in inst.grid.cells]


def picture(inst: Instance, solution=None) -> Board:
    """Given pieces grey, circles, the loop (an edge at a time) when solved."""
    return Board(inst.rows, inst.cols, shades=[Shade(c, "gray") for c, _ in inst.pieces],
                 circles=[Circle(c) for c in inst.circles],
                 lines=[Line(e) for e in sorted(solution or ())])


GENRE = Genre(
    name=NAME, aliases=("Pipelink",),
    summary="one loop through every cell that may cross itself straight; given pieces are"
            " part of it",
    instance=Instance, text=FORMAT, encode=PipelinkEncoding, verify=verify, clues=clues,
    solution_json=solution_json, cells=exits_cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues,
                  clue_name=lambda k: f"{k[0]} {Grid.name(k[1])}"),
)
