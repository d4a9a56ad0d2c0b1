"""Counts that the rest of the formula makes even: "exactly two" is then
"at least one and at most two".

A closed loop (or any set of disjoint cycles, as a cell loop's degree
clauses allow before the one-cycle cuts) crosses the border of a set of
cells an even number of times: each cycle leaves the set as often as it
enters it. So for a room's border edges, exactly two on is the same as at
least one and at most two on, in every model of the degree clauses
(``encodings/rooms.md``, Entry-Exit); one clause and a sequential counter
for two, written out here, against pysat's "exactly" (both directions of a
counter) built through its C extension per room.

>>> from satlink.formula import Formula
>>> f = Formula(); xs = [f.var("x", i) for i in range(4)]
>>> at_most_two(f, xs)
>>> from pysat.solvers import Solver
>>> with Solver(bootstrap_with=f.clauses) as s:
...     sorted({sum(m[i] > 0 for i in range(4)) for m in s.enum_models()})
[0, 1, 2]
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..formula import Formula
from . import rooms
from .grid import Cell
from .loops import CellLoop


def at_most_two(f: Formula, lits: Sequence[int]) -> None:
    """At most two of ``lits``: every triple of negations up to five
    literals (no auxiliary), else Sinz's sequential counter for k = 2
    (``one[i]``/``two[i]``: at least one / two of ``lits[0..i]``), its
    auxiliaries numbered at once (this runs for every room of a board)."""
    n = len(lits)
    if n <= 5:
        f.clauses.extend(map(list, itertools.combinations([-x for x in lits], 3)))
        return
    # one[i] = top + 1 + i (0 <= i < n - 1), two[i] = top + n - 1 + i (0 < i < n - 1)
    top = f.pool.top
    f.pool.top = top + 2 * n - 3
    nx = [-x for x in lits]
    out = f.clauses
    out.append([nx[0], top + 1])
    for i in range(1, n - 1):
        a, one, two = nx[i], top + 1 + i, top + n - 1 + i
        was = -(top + i)  # not one[i - 1]
        out += ([a, one], [was, one], [a, was, two])
        if i > 1:
            out += ([-(two - 1), two], [a, -(two - 1)])
    out.append([nx[n - 1], -(top + 2 * n - 3)])


def enters_each_once(f: Formula, loop: CellLoop, room_cells: Sequence[Sequence[Cell]]) -> None:
    """The loop enters and leaves every room once (:func:`rooms.enters_each`
    with ``times`` 1, the same models): per room, some border edge on and
    at most two of all of them but the last (the count over every border
    edge is even, so at most three of them is at most two: one counter
    step, five clauses, fewer a room; ``encodings/rooms.md``, Moon or Sun)."""
    if len(room_cells) == 1:
        return
    for border in rooms.borders(loop, room_cells):
        f.add(border)
        at_most_two(f, border[:-1])
