"""Unavoidable sets of one full Sudoku grid, found by a SAT solver, and the
least number of clues a region needs (its *degree*).

A set U of cells is *unavoidable* for the full grid T when another valid
grid T' differs from T only inside U: a puzzle with no given in U is solved
by T' too, so every unique puzzle with solution T has a given in U.

:class:`GridSolver` holds one Sudoku CNF (PySAT, one variable per cell and
digit) with T blocked ("differs from T somewhere"), and answers with
assumptions that fix cells to T's digits:

- ``other(fixed)``: a grid other than T that agrees with T on ``fixed``;
  its difference from T is unavoidable;
- ``shrink(diff)``: a minimal unavoidable set inside an unavoidable one;
- ``sets(region, limit)``: *every* minimal unavoidable set inside
  ``region`` of at most ``limit`` cells. Each grid found is asked to differ
  somewhere in every set known so far (one clause per set, behind an
  activation literal), so it has a new difference set, which is shrunk and
  recorded; when no such grid is left, every minimal unavoidable set of the
  region within the limit is known (encodings/sudoku-minimum.md).
- ``degree(region)``: the fewest clues inside ``region`` that make T unique
  once every cell outside it is given: the minimum hitting set of the
  region's complete family. Every unique puzzle has at least that many
  clues in the region (adding givens outside keeps it unique).

Cells are indices ``r * n + c``; sets are bit masks.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from pysat.card import ITotalizer
from pysat.examples.rc2 import RC2
from pysat.formula import WCNF
from pysat.solvers import Solver

from ..rules.bitmask import set_bits as cells_of

Digits = Sequence[Sequence[int]]  # a filled grid, rows of digits
SOLVER = "minisat22"


class GridSolver:
    """One incremental Sudoku solver for the full grid ``grid`` (digits
    1..n, boxes ``box_w`` x ``box_h``), with the grid itself excluded."""

    def __init__(self, grid: Digits, box_w: int, box_h: int, solver: str = SOLVER):
        n = len(grid)
        self.n, self.grid = n, [list(row) for row in grid]
        self.digit = [grid[i // n][i % n] for i in range(n * n)]
        self.top = n * n * n
        clauses = []
        units = []
        for r in range(n):
            for c in range(n):
                units.append([self.var(r * n + c, d) for d in range(1, n + 1)])
        for d in range(1, n + 1):
            for i in range(n):
                units.append([self.var(i * n + c, d) for c in range(n)])
                units.append([self.var(r * n + i, d) for r in range(n)])
                br, bc = i // (n // box_w) * box_h, i % (n // box_w) * box_w
                units.append([self.var((br + a) * n + bc + b, d)
                              for a in range(box_h) for b in range(box_w)])
        for group in units:  # exactly one (pairwise: n <= 16 keeps it small)
            clauses.append(group)
            clauses.extend([-a, -b] for k, a in enumerate(group) for b in group[k + 1:])
        clauses.append([-self.same(i) for i in range(n * n)])  # not T itself
        self.solver = Solver(name=solver, bootstrap_with=clauses)
        self.calls = 0

    def var(self, cell: int, digit: int) -> int:
        return cell * self.n + digit

    def same(self, cell: int) -> int:
        """The literal "this cell holds T's digit"."""
        return self.var(cell, self.digit[cell])

    def new_var(self) -> int:
        self.top += 1
        return self.top

    def close(self) -> None:
        self.solver.delete()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def other(self, fixed: Iterable[int], extra: Sequence[int] = ()) -> int | None:
        """The difference mask of a grid other than T agreeing with T on
        ``fixed`` (and obeying the assumption literals ``extra``), or None."""
        self.calls += 1
        if not self.solver.solve(assumptions=[self.same(i) for i in fixed] + list(extra)):
            return None
        model = self.solver.get_model()
        diff = 0
        for i in range(self.n * self.n):
            if model[self.same(i) - 1] < 0:
                diff |= 1 << i
        return diff

    def shrink(self, diff: int) -> int:
        """A minimal unavoidable set inside the unavoidable set ``diff``."""
        full = (1 << self.n * self.n) - 1
        needed = 0
        rest = diff
        while rest:
            low = rest & -rest
            rest ^= low
            found = self.other(cells_of(full & ~(diff & ~low)))
            if found is None:
                needed |= low
            else:  # a smaller difference set inside diff without this cell
                diff = found
                rest &= diff
        return diff

    def sets(self, region: int | None = None, limit: int | None = None,
             known: Iterable[int] = ()) -> list[int]:
        """Every minimal unavoidable set inside ``region`` (a mask; default
        the whole grid) of at most ``limit`` cells, smallest first.
        ``known``: unavoidable sets already proved (minimal or not), which
        spare the solver finding them again."""
        nn = self.n * self.n
        region = (1 << nn) - 1 if region is None else region
        fixed = cells_of(((1 << nn) - 1) & ~region)
        act = self.new_var()
        extra = [act]
        tot = None
        if limit is not None:
            inside = cells_of(region)
            tot = ITotalizer(lits=[-self.same(i) for i in inside], ubound=limit + 1,
                             top_id=self.top)
            self.top = tot.top_id
            for cl in tot.cnf.clauses:
                self.solver.add_clause(cl)
            if limit < len(inside):
                extra.append(-tot.rhs[limit])
        found: list[int] = []

        def block(mask: int) -> None:  # later grids differ somewhere else too
            self.solver.add_clause([-act] + [self.same(i) for i in cells_of(mask)])

        for m in known:
            if m & ~region == 0:
                block(m)
        while True:
            diff = self.other(fixed, extra)
            if diff is None:
                break
            diff = self.shrink(diff)
            found.append(diff)
            block(diff)
        self.solver.add_clause([-act])  # retire this enumeration's clauses
        if tot is not None:
            tot.delete()
        family = sorted(set(found) | {m for m in known if m & ~region == 0},
                        key=lambda m: (m.bit_count(), m))
        kept: list[int] = []
        for m in family:
            if (limit is None or m.bit_count() <= limit) and not any(k & m == k for k in kept):
                kept.append(m)
        return kept


def min_hitting_set(family: Iterable[int]) -> int:
    """The mask of a minimum hitting set of ``family`` (exact, RC2)."""
    family = list(family)
    if not family:
        return 0
    wcnf = WCNF()
    used = set()
    for m in family:
        cl = [i + 1 for i in cells_of(m)]
        used.update(cl)
        wcnf.append(cl)
    for v in sorted(used):
        wcnf.append([-v], weight=1)
    with RC2(wcnf) as rc2:
        model = rc2.compute()
    return sum(1 << (v - 1) for v in model if v > 0)


def degree(gs: GridSolver, region: int) -> tuple[int, list[int]]:
    """The fewest clues inside ``region`` that fix T once every cell outside
    is given, and the region's complete family of minimal unavoidable sets."""
    family = gs.sets(region)
    return min_hitting_set(family).bit_count(), family
