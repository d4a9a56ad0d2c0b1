"""What exact counts over cells fix before encoding, as unit propagation
would (Koburin, Regional Yajilin, Linesweeper with direct clues;
``encodings/yajilin.md``, "Settled cells", and ``encodings/linesweeper.md``).

Each count is (cells, k): exactly k of those cells are marked (shaded, on
the loop). :func:`settle` fixes, to a fixpoint: a count with no mark left
to place (k less the cells fixed marked is 0) has its open cells unmarked;
one that needs every open cell has them all marked; and, with ``apart``, a
marked cell's ``apart(cell)`` are unmarked (no two shaded cells touch).
Each step follows from the counts (and that rule), so every solution
agrees with what is fixed.

>>> settle([([(0, 1)], 0), ([(0, 3), (0, 1)], 1)])
{(0, 1): False, (0, 3): True}
>>> settle([([(0, 1), (0, 2)], 2)], apart=lambda c: [(c[0], c[1] + 1)]) is None
True
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .grid import Cell


def settle(counts: Iterable[tuple[Sequence[Cell], int]],
           apart: Callable[[Cell], Iterable[Cell]] | None = None) -> dict[Cell, bool] | None:
    """Cell -> marked for every cell the deductions above fix; None when
    they fix nothing or contradict each other (a count below 0 or above its
    open cells, a cell fixed both ways): the caller then encodes every clause,
    and the solver finds no solution itself where there is a contradiction."""
    fixed: dict[Cell, bool] = {}
    due = list(counts)
    while due:
        later = []
        for cells, k in due:
            if fixed:
                now = list(map(fixed.get, cells))
                left = [c for c, v in zip(cells, now) if v is None]
                need = k - now.count(True)
            else:
                left, need = cells, k
            if need < 0 or need > len(left):
                return None
            if 0 < need < len(left):
                later.append((cells, k))
                continue
            for c in left:
                fixed[c] = need > 0
            if need and apart is not None:
                for c in left:
                    for n in apart(c):
                        if fixed.setdefault(n, False):
                            return None  # two marked cells kept apart
        if len(later) == len(due):
            break
        due = later
    return fixed or None
