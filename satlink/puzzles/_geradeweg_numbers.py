"""Geradeweg's numbers as clauses: the window form of each number
(:mod:`satlink.rules.arm_windows`) or the order form where that is smaller,
and in direct mode what the givens decide first: each arm's reach (short of
the first differing number along it, with a span clause per pair) and the
pieces that reach leaves no choice of (``encodings/segments.md``,
Geradeweg)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import arm_windows, segments
from ..rules.grid import Cell
from ..rules.loops import CellLoop

if TYPE_CHECKING:  # (the genre imports this module)
    from .geradeweg import Instance

#: A number cell with no length given (a 0 reads the same).
UNKNOWN = "?"


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
    m = n + 1
    if turning:
        return arm_windows.turn_each(rays(cell, (m, m, m, m)), L, n, True)
    R, N = rays.both(cell, (m, m, m, m))
    rule = [] if turning is not None else arm_windows.turn_each(R, L, n)
    if R[0] and R[2]:
        rule += arm_windows.pair_sum(R[0], L[0], R[2], L[2], n, [N[0][0]], N[0], N[2])
    if R[1] and R[3]:
        rule += arm_windows.pair_sum(R[1], L[1], R[3], L[3], n, [N[1][0]], N[1], N[3])
    return rule
