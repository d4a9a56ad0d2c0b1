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

from collections.abc import Sequence

from ..formula import Formula
from . import rooms
from .grid import Cell
from .loops import CellLoop


def at_most_two(f: Formula, lits: Sequence[int]) -> None:
    """At most two of ``lits``: Sinz's sequential counter for k = 2 (``one``
    and ``two``: at least one, two of the literals so far)."""
    add, one, two = f.clauses.append, None, None
    for i, x in enumerate(lits):
        if two is not None:
            add([-x, -two])
        if i == len(lits) - 1:
            break
        next_one, next_two = f.new_aux(), None
        add([-x, next_one])
        if one is not None:
            add([-one, next_one])
            next_two = f.new_aux()
            add([-x, -one, next_two])
            if two is not None:
                add([-two, next_two])
        one, two = next_one, next_two


def enters_each_once(f: Formula, loop: CellLoop, room_cells: Sequence[Sequence[Cell]]) -> None:
    """The loop enters and leaves every room once (:func:`rooms.enters_each`
    with ``times`` 1, the same models): per room, some border edge on and
    at most two."""
    if len(room_cells) == 1:
        return
    for border in rooms.borders(loop, room_cells):
        f.add(border)
        at_most_two(f, border)
