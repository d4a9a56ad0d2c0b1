"""Balance Loop: one loop through every circle; its two straight stretches are equal at white circles and unequal at black ones.

Rules (janko.at "Balance Loop", puzz.link `balance`): draw one closed loop
through cell centres, moving orthogonally, never crossing or branching,
through every circle. From a white circle the loop runs straight equally
far both ways (to its next turn); from a black circle it runs straight
unequally far. A number in a circle is the sum of those two lengths.

Encoding (encodings/segments.md, Balance Loop): :class:`satlink.rules.loops.CellLoop`
on the board with every circle a ``must`` cell, per circle the window form
(:mod:`satlink.rules.arm_balance`: clauses over the edges alone) of equal or
unequal arms and, with a number, of the sum (white: each arm n / 2; black:
adding up to n, unequal), which in direct mode says the colour's rule too;
the numbers (behind their selectors in selector mode) are the design clues,
the circles structure.
The one-cycle rule lazily or, with ``Options.complete``, eagerly.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from ..contract import Options
from ..formats.cellgrid import LOOP_SOLUTION, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_cells import Map
from ..formats.pzprjs_numbers import Number16
from ..formats.pzprjs_parts import Cells
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_LOOP
from ..numerals import natural
from ..render import Board, Circle
from ..rules import arm_balance, arm_windows, segments
from ..rules.grid import Cell, Grid, check_board, exits
from ..rules.loops import CellLoop
from ..rules.loop_checks import loop_problems
from ._loop_genre import LoopEncoding, loop_lines

NAME = "balanceloop"
MAX_SIDE = 100
WHITE, BLACK = "w", "b"
#: A circle token: colour and number in either order (`w4`, `4w`), or a colour.
TOKEN = re.compile(r"([wb])(\d*)|(\d+)([wb])")


class Mark(NamedTuple):
    cell: Cell
    colour: str  # WHITE or BLACK
    number: int | None = None


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its circles, sorted."""

    rows: int
    cols: int
    circles: tuple[Mark, ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (m.cell for m in self.circles), "circle")
        object.__setattr__(self, "circles", tuple(sorted(self.circles)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


class BalanceLoopEncoding(LoopEncoding):
    """The loop (``self.loop``) through every circle and each circle's arm clauses."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        must = [m.cell for m in inst.circles]
        # (a loop through a circle is no empty loop: no clause of every edge for that)
        self.loop = loop = CellLoop(inst.grid, f, must=must, lean=True, nonempty=not must)
        rays, out, direct = arm_windows.Rays(loop), f.clauses, options.clues == "direct"
        far_s, far_e = inst.rows - 1, inst.cols - 1
        for m in inst.circles:
            (r, c), n, white = m.cell, m.number, m.colour == WHITE
            L = [r, far_e - c, far_s - r, c]
            if n is None or not direct:  # (a number's clauses imply the colour's)
                R, N = rays.both(m.cell, L)
                out += arm_balance.equal_arms(R, N, L) if white else \
                    arm_balance.unequal_arms(R, N, L)
            if n is not None:
                R, N = rays.both(m.cell, [x if x < n else n for x in L])
                rule = arm_balance.balanced_sum(R, N, L, n, white)
                if direct:
                    out += rule
                else:  # (counts.guarded, written out)
                    when = self.when(m, "number", *m.cell)
                    out += [[-when, *cl] for cl in rule]
        self.finish(options.complete)


def circle_problem(sol, m: Mark) -> str | None:
    """Why the loop breaks the rule of circle ``m`` (None when it obeys it)."""
    here = exits(sol, m.cell)
    if not here:
        return f"the loop does not pass the circle at {Grid.name(m.cell)}"
    a, b = (segments.arm(sol, m.cell, d) for d in here)
    if (a == b) != (m.colour == WHITE):
        return (f"the loop runs {a} and {b} straight from the"
                f" {'white' if m.colour == WHITE else 'black'} circle at {Grid.name(m.cell)}")
    if m.number is not None and a + b != m.number:
        return f"the circle at {Grid.name(m.cell)} shows {m.number} but the loop runs {a} + {b}"
    return None


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    problems = loop_problems(inst.grid, sol)
    return problems or [why for m in inst.circles if (why := circle_problem(sol, m))]


def clues_of(inst: Instance, sol) -> list[Mark]:
    """Every circle with the sum of its arms as its number."""
    return [m._replace(number=sum(segments.arm(sol, m.cell, d) for d in exits(sol, m.cell)))
            for m in inst.circles]


def with_clues(inst: Instance, numbers) -> Instance:
    shown = {tuple(m[0]): m[2] for m in numbers}
    return Instance(inst.rows, inst.cols, tuple(m._replace(number=shown.get(m.cell))
                                                for m in inst.circles))


# -- text: `.pzl`, janko grid text, puzz.link ------------------------------------------------------
def _parse(text: str):
    m = TOKEN.fullmatch(text)
    if m is None:
        return None
    colour, digits = (m[1], m[2]) if m[1] else (m[4], m[3])
    return colour, natural(digits) if digits else None


CIRCLES = Tokens(what="a circle", expect="`w` or `b` (a white or black circle) with an optional"
                 " number (`w4`, `b5`) or `.`", parse=_parse,
                 show=lambda v: v[0] + ("" if v[1] is None else str(v[1])))


def _build(rows: int, cols: int, grid) -> Instance:
    return Instance(rows, cols, tuple(Mark(cell, *v) for cell, v in given(grid)))


#: `size C x R`, a `grid` of circles, an optional `solution` of loop cells;
#: janko: `ROWS COLS`, the circles (`w4`, `4w`, `b`, `-`), the published loop.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CIRCLES}, build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, {
        m.cell: (m.colour, m.number) for m in inst.circles})),
    solution=LOOP_SOLUTION, janko=Janko(CIRCLES),
)

#: pzprjs `balance`: a number per circle, 2n (white) or 2n + 1 (black), n = 0 none.
PUZZLINK = Codec(
    names=("balance",),
    body=Cells(Map(Number16(question=False),
                   decode=lambda v: (BLACK if v % 2 else WHITE, v // 2 or None),
                   encode=lambda v: 2 * (v[1] or 0) + (v[0] == BLACK))),
    build=lambda b: _build(b.rows, b.cols, b.value),
    split=lambda inst: PzBoard(inst.rows, inst.cols, FORMAT.split(inst)[2]))


def picture(inst: Instance, solution=None) -> Board:
    """The circles with their numbers, the loop when solved."""
    return Board(inst.rows, inst.cols, lines=loop_lines(solution), circles=[
        Circle(m.cell, "white" if m.colour == WHITE else "black",
               "" if m.number is None else str(m.number)) for m in inst.circles])


GENRE = Genre(
    name=NAME, aliases=("BalanceLoop", "balance"),
    summary="one loop through every circle: equal straight stretches from white circles,"
            " unequal from black; numbers add them up",
    instance=Instance, text=FORMAT, encode=BalanceLoopEncoding, verify=verify,
    clues=lambda inst: [m for m in inst.circles if m.number is not None], picture=picture,
    puzzlink=PUZZLINK, answer=CELL_LOOP,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda m: Grid.name(m[0])),
)
