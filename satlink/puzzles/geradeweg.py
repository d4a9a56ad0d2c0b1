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
on the whole board with every clue cell a ``must`` cell, and per number the clauses of
:func:`satlink.rules.segments.opposite_sum_is` on the straight pairs and :func:`~satlink.rules.segments.turn_each_is` on the
turning ones (:func:`~satlink.rules.segments.equal` for `?` and 0) (behind its selector in selector mode); the one-cycle rule
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
from ._loop_genre import LoopEncoding, loop_lines

NAME = "geradeweg"
MAX_SIDE = 100
UNKNOWN = "?"


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


def clue_reach(inst: Instance, direct: bool
               ) -> tuple[dict[Cell, list[int]], list[tuple[Cell, int, int]]]:
    """Per number, the longest its arms toward n, e, s, w can be, and the
    clauses that make it so. The board's edge, and, when the numbers are
    all given (``direct``), short of the first number along the arm (within
    reach: n + 1 steps) that differs from it: a straight stretch holding
    both would be as long as each says (straight through a number, its
    stretch is the number; turning, the arm is). A number passed on the
    way equals it; a `?` or 0 says nothing. Each such bound is a span
    ``(cell, direction index, t)``: the ``t`` edges from ``cell`` toward
    the other number are not all on (a clause true in every solution,
    written once a pair, so that the bound holds in every model too)."""
    rows, cols = inst.rows, inst.cols
    numeric = [(cell, n) for cell, n in inst.numbers if n not in (UNKNOWN, 0)]
    reach = {cell: [cell[0], cols - 1 - cell[1], rows - 1 - cell[0], cell[1]]
             for cell, _ in numeric}
    if not direct:
        return reach, []
    by_row: dict[int, list] = {}
    by_col: dict[int, list] = {}
    for cell, n in numeric:  # (sorted by cell: each line in order)
        by_row.setdefault(cell[0], []).append((cell[1], cell, n))
        by_col.setdefault(cell[1], []).append((cell[0], cell, n))
    spans = set()
    for lines, ahead, back in ((by_row, 1, 3), (by_col, 2, 0)):
        for spots in lines.values():
            k = len(spots)
            for i, (p, cell, n) in enumerate(spots):
                j = i + 1  # ahead: the next numbers in order, within n + 1 steps
                while j < k and spots[j][0] - p <= n + 1:
                    if spots[j][2] != n:
                        reach[cell][ahead] = spots[j][0] - p - 1
                        spans.add((cell, ahead, spots[j][0] - p))
                        break
                    j += 1
                j = i - 1  # back
                while j >= 0 and p - spots[j][0] <= n + 1:
                    if spots[j][2] != n:
                        reach[cell][back] = p - spots[j][0] - 1
                        spans.add((spots[j][1], ahead, p - spots[j][0]))
                        break
                    j -= 1
    return reach, sorted(spans)


def known_pieces(inst: Instance, reach: dict[Cell, list[int]]) -> dict[Cell, bool]:
    """The numbers whose piece the arms' reach decides: cell -> True where
    the loop can only turn there (no straight pair of arms reaches n: a 1,
    or a number near the board's edge or other numbers), False where it can
    only go straight (no turning pair of arms both reaching n). Going
    straight needs two arms of at least 1 adding up to n (so n >= 2)."""
    out = {}
    for cell, n in inst.numbers:
        L = reach.get(cell)
        if L is None:
            continue
        turn = (L[0] >= n or L[2] >= n) and (L[1] >= n or L[3] >= n)
        straight = n > 1 and any(L[a] and L[a + 2] and L[a] + L[a + 2] >= n for a in (0, 1))
        if turn != straight:
            out[cell] = turn
    return out


def piece(R: list[list[int]], turning: bool) -> list[list[int]]:
    """Clauses that, beside "two of its exits" (a must-cell's degree rule),
    say the loop turns at the cell (``turning``: not both of n, s; not both
    of e, w) or goes straight (n <-> s), over its exits ``R`` (n, e, s, w;
    each a list of one literal or none, off the board)."""
    (n, e, s, w) = R
    if turning:
        return [[-a[0], -b[0]] for a, b in ((n, s), (e, w)) if a and b]
    if n and s:
        return [[-n[0], s[0]], [-s[0], n[0]]]
    return [[-x[0]] for x in (n, s) if x]


def number_rule(loop: CellLoop, arms: segments.Arms, rays: arm_windows.Rays, cell: Cell,
                n: int, L: list[int], turning: bool | None = None) -> list[list[int]]:
    """The clauses of the number ``n`` at ``cell``, its arms no longer than
    ``L`` (toward n, e, s, w): going straight, the two arms add up to ``n``,
    each pair guarded by "not a" alone (a turn by a makes arm a = n, which
    satisfies its clauses); turning, both are ``n``. ``turning``: the
    cell's piece where the loop states it (True: it turns there, so only
    the turns' clauses, each without "not the opposite way"; False: it goes
    straight, only the pairs'). The window form
    (:mod:`satlink.rules.arm_windows`) or, where that would be larger (a
    number past 8 with long arms), the order form."""
    if n > arm_windows.WINDOWS_UP_TO and (
            arm_windows.pair_size(L[0], L[2], n) + arm_windows.pair_size(L[1], L[3], n)
            + 4 * n > arm_windows.chain_size(L, n) + 4 * n + 8):
        through = loop.through
        return [*segments.opposite_sum_is(arms, cell, n, "n", "s", [-through(cell, "n")]),
                *segments.opposite_sum_is(arms, cell, n, "e", "w", [-through(cell, "e")]),
                *segments.turn_each_is(arms, cell, n)]
    most = (n + 1, n + 1, n + 1, n + 1)
    R = rays(cell, most)
    if turning:
        return arm_windows.turn_each(R, L, n, True)
    rule = [] if turning is not None else arm_windows.turn_each(R, L, n)
    N = rays.negated(cell, (n, n, n, n))
    if R[0] and R[2]:
        rule += arm_windows.pair_sum(R[0], L[0], R[2], L[2], n, [N[0][0]], N[0], N[2])
    if R[1] and R[3]:
        rule += arm_windows.pair_sum(R[1], L[1], R[3], L[3], n, [N[1][0]], N[1], N[3])
    return rule


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
