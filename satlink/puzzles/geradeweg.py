"""Geradeweg: one loop through every number; numbers give the length of its straight stretches.

Rules (janko.at "Geradeweg", puzz.link `geradeweg`): draw one closed loop
through cell centres, moving orthogonally, never crossing or branching,
through every numbered cell. Where the loop goes straight through a
number, the straight stretch it lies on is that many steps long (cell to
cell); where it turns on a number, both stretches leaving the cell are that
long. A `?` or a 0 (pzprjs reads both so) is a cell the loop passes with
no length given, turning there only between stretches of equal length. (puz.link's
`f` variant, a loop through every cell, is not read.)

Encoding (encodings/segments.md, Geradeweg): :class:`satlink.rules.loops.CellLoop`
on the whole board with every clue cell a ``must`` cell (direct mode), and per
number the window form (:mod:`satlink.rules.arm_windows`: ``pair_sum`` on the
straight pairs, ``turn_each`` on the turns; the order form of
:mod:`satlink.rules.segments` where that is smaller), the arms stopped short of
differing numbers and the piece stated where only one fits in direct mode
(:mod:`satlink.puzzles._geradeweg_numbers`); :func:`~satlink.rules.segments.equal` for
`?` and 0; each clue behind its selector in selector mode; the one-cycle rule
lazily or, with ``Options.complete``, eagerly.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import LOOP_SOLUTION, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import Codec
from ..formats.pzprjs_cells import Dict
from ..formats.pzprjs_numbers import QUESTION, Number16
from ..formats.pzprjs_parts import Cells
from ..formats.pzprjs import PzBoard
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_LOOP
from ..render import Board, Label
from ..rules import arm_windows, segments
from ..rules.grid import Cell, Grid, check_board, exits
from ..rules.loops import STRAIGHT, CellLoop
from ..rules.loop_checks import loop_problems
from ._geradeweg_numbers import UNKNOWN, clue_reach, known_pieces, number_rule, piece
from ._loop_genre import LoopEncoding, loop_lines

NAME = "geradeweg"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its clues (cell, length or
    :data:`UNKNOWN`), sorted."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int | str], ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


class GeradewegEncoding(LoopEncoding):
    """The loop (``self.loop``) and each number's arm clauses."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        # direct: every number a must-cell, its arms no longer than the numbers
        # around allow (spans), its piece known where only one fits
        reach, spans = clue_reach(inst, direct)
        pieces = known_pieces(inst, reach) if direct else {}
        must = [c for c, _ in inst.numbers] if direct else []
        # (a loop through a must-cell is no empty loop: no clause of every edge for that)
        self.loop = loop = CellLoop(inst.grid, f, lean=True, must=must, nonempty=not must)
        arms, rays = segments.Arms(loop), arm_windows.Rays(loop)
        # (the rules' clauses are fresh lists: added as they are, guarded by
        # hand rather than by counts.guarded, which took a tenth of the encode)
        out, on = f.clauses, loop.on
        for cell, d, t in spans:  # not one straight stretch from a number to another
            out.append(rays.negated(cell, [t] * 4)[d])
        for cell, turning in pieces.items():  # beside "two exits" (a must-cell)
            out += piece(rays(cell, (1, 1, 1, 1)), turning)
        get = pieces.get
        for cell, n in inst.numbers:
            if n in (UNKNOWN, 0):
                rule = list(segments.equal(arms, cell, True, segments.TURN_PAIRS))
            else:
                rule = number_rule(loop, arms, rays, cell, n, reach[cell], get(cell))
            if direct:  # (a must-cell)
                out += rule
            else:
                when = self.when((cell, n), "number", *cell)  # (after the arms: var order)
                out += [[-when, on[cell]], *([-when, *cl] for cl in rule)]
        self.finish(options.complete)


def number_problem(sol, cell: Cell, n) -> str | None:
    """Why the loop breaks the clue at ``cell`` (None when it obeys it)."""
    here = exits(sol, cell)
    if not here:
        return f"the loop does not pass the number at {Grid.name(cell)}"
    lengths = [segments.arm(sol, cell, d) for d in here]
    if n in (UNKNOWN, 0):
        if here not in STRAIGHT and lengths[0] != lengths[1]:
            return (f"the loop turns at {Grid.name(cell)} between stretches of {lengths[0]}"
                    f" and {lengths[1]}, not of equal length")
        return None
    if here in STRAIGHT and sum(lengths) != n:
        return f"the loop's straight stretch through {Grid.name(cell)} is {sum(lengths)} long, not {n}"
    if here not in STRAIGHT and lengths != [n, n]:
        return (f"the loop turns at {Grid.name(cell)} with stretches of {lengths[0]} and"
                f" {lengths[1]}, not {n}")
    return None


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    problems = loop_problems(inst.grid, sol)
    return problems or [why for c, n in inst.numbers if (why := number_problem(sol, c, n))]


def clues_of(inst: Instance, sol) -> list:
    """Every number the loop ``sol`` could show (where straight or turning with equal arms)."""
    out = []
    for c in inst.grid.cells:
        here = exits(sol, c)
        if here:
            lengths = [segments.arm(sol, c, d) for d in here]
            if here in STRAIGHT or lengths[0] == lengths[1]:
                out.append((c, sum(lengths) if here in STRAIGHT else lengths[0]))
    return out


#: A cell of the `grid` block: a length, `?` (passed, no length), `.`.
NUMBERS = Tokens(what="a number", expect="a length, `?` or `.`",
                 values={UNKNOWN: UNKNOWN}, numbers=(0, MAX_SIDE))


def _build(rows: int, cols: int, grid) -> Instance:
    return Instance(rows, cols, tuple(given(grid)))


#: `size C x R`, a `grid` of numbers, an optional `solution` of loop cells;
#: janko: `ROWS COLS`, the numbers, the published loop.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS}, build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=LOOP_SOLUTION, janko=Janko(NUMBERS),
)


#: pzprjs `geradeweg`: a number per cell (`.` a `?`).
PUZZLINK = Codec(names=("geradeweg",), body=Cells(Dict(Number16(), {QUESTION: UNKNOWN})),
                 build=lambda b: _build(b.rows, b.cols, b.value),
                 split=lambda inst: PzBoard(inst.rows, inst.cols, FORMAT.split(inst)[2]))


def picture(inst: Instance, solution=None) -> Board:
    """The numbers, the loop when solved."""
    return Board(inst.rows, inst.cols, labels=[Label(c, str(n)) for c, n in inst.numbers],
                 lines=loop_lines(solution))


GENRE = Genre(
    name=NAME, aliases=("Geradeweg",),
    summary="one loop through every number; a number is the length of its straight stretches",
    instance=Instance, text=FORMAT, encode=GeradewegEncoding, verify=verify,
    clues=lambda inst: list(inst.numbers), picture=picture, puzzlink=PUZZLINK,
    answer=CELL_LOOP,
    design=Design(clues_of=clues_of, clue_name=lambda n: Grid.name(n[0]),
                  with_clues=lambda inst, numbers: Instance(
                      inst.rows, inst.cols, tuple((tuple(c), n) for c, n in numbers))),
)
