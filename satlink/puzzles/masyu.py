"""Masyu: one loop through cell centres passes every pearl.

Rules: draw one closed loop through the centres of cells, moving
orthogonally, never crossing or branching; it passes through every pearl.
On a white pearl it goes straight, and turns in at least one of the two
cells before and after the pearl. On a black pearl it turns, and goes
straight through both cells before and after the pearl.

Encoding (encodings/masyu.md): :class:`satlink.rules.loops.CellLoop` on the
whole board (``lean``: degree clauses over the edges, an on-variable only
where a pearl's rule asks; a pearl posed directly is a must-cell), each pearl's rule as a few clauses over its ``through``,
``straight`` and ``turn`` literals (:func:`satlink.rules.pearls.pearl_rules`),
the one-cycle rule lazily or, with ``Options.complete``, eagerly.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))`` between
adjacent cells, in increasing order (0-based cells).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..errors import InputError
from ..formats.cellgrid import LOOP_SOLUTION, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_cells import Circles, Dict
from ..formats.pzprjs_parts import Cells
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_LOOP
from ..render import Board, Circle
from ..rules import counts
from ..rules.grid import Grid, check_board
from ..rules.loops import CellLoop
from ..rules.loop_checks import loop_problems
from ..rules.pearls import BLACK, WHITE, Pearl, beside_pearl, pearl_of, pearl_problem, pearl_rules, pieces
from ._loop_genre import LoopEncoding, loop_lines
from ._posed_clues import posed

NAME = "masyu"
MAX_SIDE = 200
#: Boards of at most this many cells are solved in batches of one shape (:func:`batch_shape`).
BATCH_CELLS = 100
# Pearl colours WHITE and BLACK and Pearl(cell, colour) come from rules.pearls;
# :data:`PEARLS` says how the texts spell them.


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its pearls, sorted by cell."""

    rows: int
    cols: int
    pearls: tuple[Pearl, ...]

    def __post_init__(self) -> None:
        for p in self.pearls:
            if p.colour not in (WHITE, BLACK):
                raise InputError(f"pearl colour {p.colour!r} is neither `w` nor `b`")
        check_board(self.rows, self.cols, MAX_SIDE, (p.cell for p in self.pearls), "pearl")
        object.__setattr__(self, "pearls", tuple(sorted(self.pearls)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules -------------------------------------------------------------------------
class MasyuEncoding(LoopEncoding):
    """The loop (``self.loop``) and each pearl's clauses, behind its selector
    in selector mode."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        # direct: each pearl's piece is known (white straight, black
        # turning), its clauses instead of degree, on and piece literal
        # (encodings/masyu.md, "Known pieces")
        known = pieces(inst.pearls) if direct and inst.pearls else None
        self.loop = CellLoop(inst.grid, f, must=[p.cell for p in inst.pearls] if direct else (),
                              lean=True, turns=known)
        if known:  # beside_pearl's clauses are fresh lists: added without a copy
            out, loop = f.clauses, self.loop
            for pearl in inst.pearls:
                out += beside_pearl(loop, pearl)
        else:
            for pearl in inst.pearls:
                self._guarded_rule(pearl)
        self.finish(options.complete)

    def _guarded_rule(self, pearl: Pearl) -> int | None:
        """One pearl's clauses, behind its selector in selector mode (made
        here; the literals' definitions unguarded); the selector."""
        f = self.formula
        rule = list(pearl_rules(self.loop, pearl))
        sel = self.when(pearl, "pearl", *pearl.cell, pearl.colour)
        with counts.guarded(f, sel):
            f.extend(rule)
        return sel

    def assumptions(self, pearls) -> list[int]:
        """Exactly ``pearls`` posed, any pearl in any cell of the board
        (:func:`satlink.puzzles._posed_clues.posed`: a batch poses every
        board of the shape on this encoding)."""
        if self.options.clues == "direct":
            return super().assumptions(pearls)
        inside = self.loop.grid.inside
        return posed(self, pearls, lambda p: inside(p.cell) and p.colour in (WHITE, BLACK),
                     lambda p: self._guarded_rule(Pearl(*p)))


def batch_shape(inst: Instance) -> tuple[int, int] | None:
    """Boards up to :data:`BATCH_CELLS` cells (10 x 10) share a solver per
    size in a collection (benchmarks/shape13_batch.py, CPU: janko's 10 x 10
    boards of the dev slice 1.08 times faster); a larger one is solved on
    its own. Since a board solved alone states each pearl's piece
    (``CellLoop(turns=...)``, which the selector mode cannot: its pearls are
    assumptions) its formula is a third smaller, and the 10 x 18 boards
    batched ran 0.92 times the speed (1.1-1.3 before); larger ones lose
    more: their lazy cuts, blind to the pearls in selector mode, cost more
    than the encoding saves (one 15 x 15 board of the dev slice ten times
    more)."""
    return (inst.rows, inst.cols) if inst.rows * inst.cols <= BATCH_CELLS else None


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    problems = loop_problems(inst.grid, sol, required=[p.cell for p in inst.pearls])
    return problems or [why for p in inst.pearls if (why := pearl_problem(inst.grid, sol, p))]


# -- design: a pearl can go and the loop stays a solution ----------------------------------
def clues_of(inst: Instance, sol) -> list[Pearl]:
    """Every pearl the board could show that the loop ``sol`` obeys (at most
    one per cell: the loop goes straight there or turns)."""
    return [pearl for c in inst.grid.cells if (pearl := pearl_of(inst.grid, sol, c))]


def blank(rows: int, cols: int, params: dict) -> Instance:
    """A board of ``rows`` x ``cols`` cells without pearls: any single
    loop solves it. A loop needs two rows and two columns (InputError)."""
    if cols < 2 or rows < 2:
        raise InputError(f"a loop needs at least 2 x 2 cells, not {cols} x {rows}")
    return Instance(rows, cols, ())


# -- text: `.pzl`, janko grid text, puzz.link --------------------------------------------------
#: A cell of the `grid` block (and of janko's grid text, which also writes 1 and 2).
PEARLS = Tokens(what="a pearl", expect="`w` (white), `b` (black) or `.` (empty)",
                values={"w": WHITE, "b": BLACK},
                aliases={"1": WHITE, "2": BLACK, "o": WHITE, "○": WHITE, "●": BLACK})


def _build(rows: int, cols: int, grid) -> Instance:
    return Instance(rows, cols, tuple(Pearl(cell, colour) for cell, colour in given(grid)))


#: `size C x R`, a `grid` of pearls, an optional `solution` block of loop
#: cells (`se`, `ns`, ... or `.`); janko: `ROWS COLS`, pearls and `-`, the
#: published solution as the loop's directions per cell or `-`.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": PEARLS}, build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.pearls))),
    solution=LOOP_SOLUTION, janko=Janko(PEARLS),
)

#: pzprjs `mashu` (aliases `masyu`, `pearl`): one base-27 character per three cells.
PUZZLINK = Codec(names=("mashu", "masyu", "pearl"),
                 body=Cells(Dict(Circles(), {0: None, 1: WHITE, 2: BLACK})),
                 build=lambda b: _build(b.rows, b.cols, b.value),
                 split=lambda inst: PzBoard(inst.rows, inst.cols, FORMAT.split(inst)[2]))


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The pearls, and the loop through cell centres when solved."""
    pearls = [Circle(p.cell, "white" if p.colour == WHITE else "black") for p in inst.pearls]
    return Board(inst.rows, inst.cols, circles=pearls, lines=loop_lines(solution))


GENRE = Genre(
    name=NAME, aliases=("mashu", "pearl"),
    summary="one loop through cell centres: straight on white pearls, turning on black ones",
    instance=Instance, text=FORMAT, encode=MasyuEncoding, verify=verify,
    clues=lambda inst: list(inst.pearls), picture=picture, puzzlink=PUZZLINK,
    answer=CELL_LOOP,
    batch_shape=batch_shape,
    design=Design(clues_of=clues_of, clue_name=lambda pearl: Grid.name(pearl.cell), blank=blank,
                  with_clues=lambda inst, pearls: Instance(inst.rows, inst.cols,
                                                           tuple(Pearl(*p) for p in pearls))),
)
