"""Weighted sums of cells: the digits under the true cells of a line add up
to a tally (Pills, Digital Battleship).

:func:`sum_is` states sum(weight(c) * lit(c)) = n over some cells, as a
pseudo-Boolean equality (``pysat.pb.PBEnc``, its default encoding), behind
a guard literal (a clue's selector) when given. Cells of weight 0 drop out;
with none left the sum is 0, so n > 0 is the empty clause (guarded).

>>> from satlink.formula import Formula
>>> f = Formula(); x = {c: f.var("x", *c) for c in [(0, 0), (0, 1), (0, 2)]}
>>> sum_is(f, x, {(0, 0): 2, (0, 1): 0, (0, 2): 3}, list(x), 5)
>>> from pysat.solvers import Solver
>>> with Solver(bootstrap_with=f.clauses) as s:      # 2 + 3: the first and the last
...     s.solve(assumptions=[-1]), s.solve(assumptions=[1, 3])
(False, True)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from pysat.pb import PBEnc

from ..formula import Formula
from .counts import guarded
from .grid import Cell


def sum_is(f: Formula, lits: Mapping[Cell, int], weight: Mapping[Cell, int],
           cells: Iterable[Cell], n: int, when: int | None = None) -> None:
    """The weights of the true ``cells`` add up to ``n`` (unless ``when`` is false)."""
    cells = [c for c in cells if weight[c]]
    with guarded(f, when):
        if not cells:
            if n:
                f.add([])
            return
        f.extend(PBEnc.equals([lits[c] for c in cells], [weight[c] for c in cells], n,
                              vpool=f.pool).clauses)
