"""Rooms that take one value whole: every cell of a room equal to its first
(Tile Paint shades whole rooms; Paint Area, whose cells need no
variable of their own, takes a variable per room instead). Two binary clauses per cell
after the first: ``x_first <-> x_cell``; no auxiliary variable, nothing lazy.

>>> from satlink.formula import Formula
>>> f = Formula()
>>> var = {c: f.var("x", *c) for c in [(0, 0), (0, 1), (1, 0)]}
>>> whole_rooms(f, var, [[(0, 0), (0, 1)], [(1, 0)]])
>>> f.clauses
[[-1, 2], [1, -2]]
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from ..formula import Formula


def whole_rooms(f: Formula, var: Mapping[Hashable, int],
                rooms: Sequence[Sequence[Hashable]]) -> None:
    """Each room's cells equal to its first: all true or all false."""
    add = f.clauses.append
    for room in rooms:
        x = var[room[0]]
        for c in room[1:]:
            add([-x, var[c]])
            add([x, -var[c]])
