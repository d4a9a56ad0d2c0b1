"""Shingoki: one loop through every circle, straight through white ones,
turning on black ones; a number adds up the two straight stretches.

Rules (janko.at "Shingoki"): draw one closed loop through cell centres,
moving orthogonally, never crossing or branching, through every circle
(not necessarily through every cell). It goes straight through a white
circle and turns on a black one. A number in a circle is the sum of the
lengths (in steps) of the two straight stretches leaving it, each to its
next turn. Balance Loop's board (circles with optional numbers), other rules.

Encoding (encodings/segments.md, Shingoki): :class:`satlink.rules.loops.CellLoop`
with every circle a ``must`` cell whose piece is known (``turns``: straight
on white, turning on black) and, with a number,
:func:`satlink.rules.arm_windows.pair_sum` on the two straight pairs (white) or
:func:`satlink.rules.arm_windows.turn_sum` (black), clauses over the edges alone,
the arms no longer than the circles allow (:func:`longest_arms`; the order form of
:mod:`satlink.rules.segments` where that is smaller); numbers (behind their
selectors in selector mode) are the design clues, the circles structure.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import LOOP_SOLUTION, Janko, Layout, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_LOOP
from ..rules import arm_windows, segments
from ..rules.grid import STEPS, Cell, Grid, exits
from ..rules.loops import STRAIGHT, CellLoop
from ..rules.loop_checks import loop_problems
from . import balanceloop
from ._loop_genre import LoopEncoding
from .balanceloop import BLACK, CIRCLES, WHITE, Mark

NAME = "shingoki"


@dataclass(frozen=True)
class Instance(balanceloop.Instance):
    """A board and its circles (as Balance Loop's)."""


class ShingokiEncoding(LoopEncoding):
    """The loop (``self.loop``) through every circle and each circle's clauses."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        # every circle a must-cell whose piece is known: turning on black, straight on white
        # (a loop through a circle is no empty loop: no clause of every edge for that)
        self.loop = loop = CellLoop(inst.grid, f, must=[m.cell for m in inst.circles], lean=True,
                                    turns={m.cell: m.colour == BLACK for m in inst.circles},
                                    nonempty=not inst.circles)
        rays = arm_windows.Rays(loop)
        longest = longest_arms(inst.grid, inst.circles)
        out, direct = f.clauses, options.clues == "direct"
        for m in inst.circles:
            if m.number is not None:
                rule = number_rule(loop, rays, m, longest[m.cell])
                if direct:
                    out += rule
                else:  # (counts.guarded, written out)
                    when = self.when(m, "number", *m.cell)
                    out += [[-when, *c] for c in rule]
        self.finish(options.complete)


def number_rule(loop: CellLoop, rays: arm_windows.Rays, m: Mark, L: list[int]
                ) -> list[list[int]]:
    """The clauses of circle ``m``'s number, its arms no longer than
    ``L`` (toward n, e, s, w): the window form (:mod:`satlink.rules.arm_windows`) or, where
    that would be larger (a number past 8 with long arms), the order form."""
    n, cell = m.number, m.cell
    white = m.colour == WHITE
    if n > arm_windows.WINDOWS_UP_TO and (
            arm_windows.pair_size(L[0], L[2], n) + arm_windows.pair_size(L[1], L[3], n)
            if white else arm_windows.turn_size(L, n)) > arm_windows.chain_size(L, n):
        arms, most = segments.Arms(loop), dict(zip("nesw", L))
        if not white:
            return list(segments.turn_sum_is(arms, cell, n, most))
        x, y = loop.through(cell, "n"), loop.through(cell, "e")
        return [*segments.opposite_sum_is(arms, cell, n, "n", "s", [-x], most),
                *segments.opposite_sum_is(arms, cell, n, "e", "w", [-y], most)]
    R, N = rays.both(cell, [x if x < n else n for x in L])
    if not white:
        return arm_windows.turn_sum(R, L, n, N)
    # (n <-> s, e <-> w: "not n" guards the vertical pair)
    rule = arm_windows.pair_sum(R[0], L[0], R[2], L[2], n, [N[0][0]], N[0], N[2]) if R[0] else []
    if R[1]:
        rule += arm_windows.pair_sum(R[1], L[1], R[3], L[3], n, [N[1][0]], N[1], N[3])
    return rule


def longest_arms(grid: Grid, circles) -> dict[Cell, list[int]]:
    """Per circle, the longest the loop's straight arm from it toward n, e,
    s, w can be by the circles alone (:func:`arm_lengths`' largest, 0 for none):
    it ends at the latest on the first black circle, and never on a white
    one. By one pass over the circles of each row and column each way, not
    a walk per circle and direction (this runs for every board)."""
    out: dict[Cell, list[int]] = {}
    rows: dict[int, list] = {}
    cols: dict[int, list] = {}
    for m in sorted(circles):  # (an Instance's are sorted already: a pass in C)
        cell = m.cell
        out[cell] = [0, 0, 0, 0]
        rows.setdefault(cell[0], []).append((cell[1], m.colour, cell))
        cols.setdefault(cell[1], []).append((cell[0], m.colour, cell))
    # a line's circles as (place along it, colour, cell), in order
    for lines, size, ahead, back in ((rows, grid.cols, 1, 3), (cols, grid.rows, 2, 0)):
        for spots in lines.values():
            # the farthest cell each way that is no white circle: where an arm
            # with no black circle ahead may end at the latest
            white = {j for j, colour, _ in spots if colour == WHITE}
            far = size - 1
            while far in white:
                far -= 1
            for j, colour, cell in reversed(spots):  # toward larger j
                out[cell][ahead] = far - j if far > j else 0
                if colour == BLACK:
                    far = j
            far = 0
            while far in white:
                far += 1
            for j, colour, cell in spots:  # toward smaller j
                out[cell][back] = j - far if j > far else 0
                if colour == BLACK:
                    far = j
    return out


def arm_lengths(grid: Grid, colour, cell: Cell, d: str) -> set[int]:
    """The lengths the loop's straight arm from ``cell`` toward ``d`` can
    have, by the circles alone: it ends on the board, not on a white
    circle (the loop goes straight through those), and at the latest on
    the first black circle (the loop turns there)."""
    (dr, dc), (r, c) = STEPS[d], cell
    out, k, rows, cols, get = set(), 0, grid.rows, grid.cols, colour.get
    while True:
        r, c, k = r + dr, c + dc, k + 1
        if not (0 <= r < rows and 0 <= c < cols):
            return out
        kind = get((r, c))
        if kind != WHITE:
            out.add(k)
        if kind == BLACK:
            return out


def circle_problem(sol, m: Mark) -> str | None:
    """Why the loop breaks the rule of circle ``m`` (None when it obeys it)."""
    here, name = exits(sol, m.cell), Grid.name(m.cell)
    if not here:
        return f"the loop does not pass the circle at {name}"
    if (here in STRAIGHT) != (m.colour == WHITE):
        how = "turns on the white" if m.colour == WHITE else "goes straight through the black"
        return f"the loop {how} circle at {name}"
    a, b = (segments.arm(sol, m.cell, d) for d in here)
    if m.number is not None and a + b != m.number:
        return f"the circle at {name} shows {m.number} but the loop runs {a} + {b}"
    return None


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    problems = loop_problems(inst.grid, sol)
    return problems or [why for m in inst.circles if (why := circle_problem(sol, m))]


def with_clues(inst: Instance, numbers) -> Instance:
    shown = {tuple(m[0]): m[2] for m in numbers}
    return Instance(inst.rows, inst.cols, tuple(m._replace(number=shown.get(m.cell))
                                                for m in inst.circles))


#: `size C x R`, a `grid` of circles (`w4`, `b`, `.`), an optional `solution`
#: of loop cells; janko: `ROWS COLS`, the circles (`b4`, `w2`, `-`), the loop.
FORMAT = Layout(
    NAME, balanceloop.MAX_SIDE, {"grid": CIRCLES},
    # (the marks made once: through balanceloop._build, the board was checked twice)
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(Mark(cell, *v)
                                                              for cell, v in given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, {
        m.cell: (m.colour, m.number) for m in inst.circles})),
    solution=LOOP_SOLUTION, janko=Janko(CIRCLES),
)


GENRE = Genre(
    name=NAME, aliases=("Shingoki",),
    summary="one loop through every circle, straight through white, turning on black;"
            " numbers add up the two straight stretches",
    instance=Instance, text=FORMAT, encode=ShingokiEncoding, verify=verify,
    clues=lambda inst: [m for m in inst.circles if m.number is not None],
    picture=balanceloop.picture, answer=CELL_LOOP,
    design=Design(clues_of=balanceloop.clues_of, with_clues=with_clues,
                  clue_name=lambda m: Grid.name(m[0])),
)
