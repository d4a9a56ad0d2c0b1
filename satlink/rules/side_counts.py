"""A number in a cell that counts the cell's sides on a lattice loop
(Slitherlink's numbers 0-4): exactly k of four sides, written without
auxiliaries; what that says of the two sides at each corner (for the
loop's degree clauses it subsumes, :class:`LatticeLoop`'s ``said``); and
the promise it gives the loop's cut finder. Proofs:
``encodings/slitherlink.md``.

>>> from satlink.formula import Formula
>>> f = Formula()
>>> exactly_small(f, [1, 2, 3, 4], 3); f.clauses
[[-1, -2, -3, -4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]]
>>> [touch_needed(k) for k in range(5)]
[0, 3, 2, 1, 1]
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING

from ..formula import Formula
from .grid import Cell

if TYPE_CHECKING:  # the loop is the caller's: Creek counts without one
    from .lattice_loop import LatticeLoop

#: What a number says of the two sides of its cell at each corner (its
#: clauses from :func:`exactly_small`: 0 and 4 units, 1 "not both" of every
#: two sides, 3 "one of" every two; 2 says nothing of two sides alone):
#: :data:`satlink.rules.lattice_loop.STATEMENTS`.
SAID = {0: "neither", 1: "not both", 3: "one of", 4: "both"}


def exactly_small(f: Formula, lits: list[int], k: int) -> None:
    """Exactly k of a few literals, without auxiliaries: every (k+1)-subset has a
    false one and every (n-k+1)-subset a true one. The literals are
    positions: one listed twice counts twice (Mejilink's side between two
    cells of a tile; a clause holds it once); k outside 0..n is the empty
    clause. Written out for speed: over a few literals (a cell's four
    sides) pysat's totalizer costs more to build and load than these
    clauses (encodings/mejilink.md)."""
    n = len(lits)
    if not 0 <= k <= n:
        f.add([])
        return
    out = f.clauses
    out.extend(list(dict.fromkeys(-x for x in pick)) for pick in combinations(lits, k + 1))
    out.extend(list(dict.fromkeys(pick)) for pick in combinations(lits, n - k + 1))


def touch_needed(v) -> int:
    """A loop with number v in a cell passes through every point set holding
    this many of the cell's four corners (0: no such promise; None, 0 or a
    value outside 1-4). k sides touch at least k + 1 corners (all four for
    k >= 3), so with m corners in the set, m + k + 1 > 4 leaves a touched
    corner inside it."""
    if v is None or not 1 <= v <= 4:
        return 0
    return 4 - v if v < 4 else 1


def count_sides(f: Formula, loop: LatticeLoop, numbers: Iterable[tuple[Cell, int]]) -> None:
    """Every number's count of its cell's sides (:func:`exactly_small` over
    ``loop.sides``) and promise (:func:`touch_needed`), unguarded, in the
    order of ``numbers`` ((cell, 0-4)). By hand for speed (the numbers'
    clauses are a third of a Slitherlink formula, and a call per number to
    the two was a third of its encode): the sides by arithmetic when the
    loop numbered them at once, each count's clauses written out (the same
    clauses in the same order, a test compares them), the promises of one
    point (numbers 3 and 4) in one call."""
    out, w, first = f.clauses, loop.grid.cols + 1, loop.first
    each: list[int] = []
    for (r, c), v in numbers:
        t, b, lf, rt = loop.side_vars(r, c) if first is not None else loop.sides((r, c))
        if v == 0:
            out += ([-t], [-b], [-lf], [-rt])
        elif v == 1:
            out += ([-t, -b], [-t, -lf], [-t, -rt], [-b, -lf], [-b, -rt], [-lf, -rt],
                    [t, b, lf, rt])
        elif v == 2:
            out += ([-t, -b, -lf], [-t, -b, -rt], [-t, -lf, -rt], [-b, -lf, -rt],
                    [t, b, lf], [t, b, rt], [t, lf, rt], [b, lf, rt])
        elif v == 3:
            out += ([-t, -b, -lf, -rt], [t, b], [t, lf], [t, rt], [b, lf], [b, rt], [lf, rt])
        else:
            out += ([t], [b], [lf], [rt])
        p = r * w + c  # the cell's corners: points p, p + 1, p + w, p + w + 1
        if v >= 3:
            each += (p, p + 1, p + w, p + w + 1)
        elif v:
            loop.promise_points((p, p + 1, p + w, p + w + 1), 4 - v)
    loop.promise_each(each)
