"""Runs with totals (Kakuro, cross sums): the white cells of a grid cut by
black cells into runs along rows and columns; the black cell before a run
(left of a row run, above a column run) may give its total; each run holds
distinct digits, and a run with a total adds up to it.

:func:`clued_runs` finds the runs and their totals, :func:`run_fault` says
why a total has no run it can sum (none, or longer than the digits allow),
:class:`RunSums` is the rule (a :class:`~satlink.rules.latin.Latin` over the
white cells with the runs as its units, each total a distinct sum,
:func:`satlink.rules.sums.sum_is`, whose digit sets narrow the cells first,
:func:`satlink.rules.sums.cage_filters`), :func:`run_problems` checks filled
digits from the rules and :func:`run_totals` reads the totals a filled grid
shows. Proofs and measurements: ``encodings/kakuro.md``.

>>> from satlink.rules.grid import Grid
>>> white = {(0, 1), (0, 2), (1, 1)}
>>> runs = clued_runs(Grid(2, 3), white, lambda cell, d: 3 if cell == (0, 0) else None)
>>> runs[0]
Run(before=(0, 0), direction='right', cells=[(0, 1), (0, 2)], total=3)
>>> [(r.before, r.direction, r.total) for r in runs[1:]]
[((1, 0), 'right', None), ((-1, 1), 'down', None), ((-1, 2), 'down', None)]
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import NamedTuple

from ..formula import Formula
from . import sums
from .grid import Cell, Grid
from .latin import Latin, broken_units

#: The two directions of a run from its clue cell, row then column order.
STEP = {"down": (1, 0), "right": (0, 1)}


class Run(NamedTuple):
    """A run: the cell before it (off the board for a run at the edge), its
    direction (``right`` or ``down``), its cells and its total (None: none given)."""

    before: Cell
    direction: str
    cells: list[Cell]
    total: int | None


def clued_runs(grid: Grid, white: Collection[Cell],
               total: Callable[[Cell, str], int | None]) -> list[Run]:
    """Every run of ``white`` cells, runs of one cell included: the rows'
    runs, then the columns', each in reading order; ``total(cell, d)`` is
    the total the black cell ``cell`` gives the run in direction ``d``
    (asked only for cells on the board)."""
    out = []
    lines = [("right", [[(r, c) for c in range(grid.cols)] for r in range(grid.rows)]),
             ("down", [[(r, c) for r in range(grid.rows)] for c in range(grid.cols)])]
    for d, line_cells in lines:
        dr, dc = STEP[d]
        for line in line_cells:
            run: list = []
            for cell in line + [None]:
                if cell is not None and cell in white:
                    run.append(cell)
                    continue
                if run:
                    r, c = run[0][0] - dr, run[0][1] - dc
                    out.append(Run((r, c), d, run, total((r, c), d) if r >= 0 and c >= 0
                                   else None))
                    run = []
    return out


def run_fault(grid: Grid, white: Collection[Cell], cell: Cell, d: str, total: int,
              longest: int = 9) -> str | None:
    """Why the ``d`` total ``total`` at ``cell`` has no run it can sum: no
    white cell after it, or more than ``longest`` (distinct digits); None
    when its run is fine."""
    (dr, dc), (r, c) = STEP[d], cell
    n, (rr, cc) = 0, (r + dr, c + dc)
    while rr < grid.rows and cc < grid.cols and (rr, cc) in white:
        n, rr, cc = n + 1, rr + dr, cc + dc
    if 1 <= n <= longest:
        return None
    where = "no white cell" if n == 0 else f"{n} white cells, more than {longest} digits"
    return f"the {d} total {total} at row {r + 1}, column {c + 1} has {where} after it"


class RunSums:
    """The digits of the ``white`` cells (``self.square``, a :class:`Latin`
    whose units are every run) and each run's total as a distinct sum over
    its cells not decided before encoding. With ``selectors`` (a dict) every
    total goes behind a selector, put there under the key
    ``(row, column, direction, total)``, and nothing is narrowed first."""

    def __init__(self, f: Formula, white: Sequence[Cell], runs: Sequence[Run],
                 digits: Sequence[int], selectors: dict | None = None) -> None:
        direct = selectors is None
        summed = [run for run in runs if run.total is not None]
        filters = sums.cage_filters([(run.cells, run.total) for run in summed], (), digits)
        self.square = sq = Latin(f, white, [run.cells for run in runs], digits,
                                 filters=filters if direct else (), selectors=not direct)
        for (r, c), d, cells, total in summed:
            when = None if direct else selectors.setdefault(
                (r, c, d, total), f.var("total", r, c, d))
            open_cells = [x for x in cells if x not in sq.fixed]
            if open_cells:
                rest = total - sum(sq.fixed[x] for x in cells if x in sq.fixed)
                sums.sum_is(sq.numbers, open_cells, rest, when=when, distinct=True)

    def value(self, model, cell: Cell) -> int | None:
        return self.square.value(model, cell)


def run_problems(values: Mapping[Cell, int | None], runs: Sequence[Run],
                 digits: Sequence[int]) -> list[str]:
    """Broken rules of filled digits (``values`` of every white cell): a
    digit twice in a run, a digit out of ``digits``, a run whose sum is not
    its total. Read from the values, never from an encoding."""
    named = [(f"the {d} run of r{cell[0] + 1}c{cell[1] + 1}", run) for cell, d, run, _ in runs]
    problems = broken_units(values, named, digits)
    for (name, run), (_, _, _, total) in zip(named, runs):
        got = sum(values[c] or 0 for c in run)
        if total is not None and got != total:
            problems.append(f"{name} adds up to {got}, not {total}")
    return problems


def run_totals(runs: Sequence[Run], value: Callable[[Cell], int]
               ) -> list[tuple[int, int, str, int]]:
    """Every total a board could show that the digits obey, as (row,
    column, direction, the run's sum): the runs whose cell before is on the
    board."""
    return [(cell[0], cell[1], d, sum(value(x) for x in run))
            for cell, d, run, _ in runs if cell[0] >= 0 and cell[1] >= 0]

