"""What the givens alone take away, in one step, before anything is encoded
(direct clues): a given cell keeps its own value only, and that value leaves
every cell that never holds the same value as it: the other cells of a group
in which each value appears at most once (a Hakoiri region: one circle, one
triangle, one square), and the cells paired with it (Hakoiri's touching
cells: equal symbols never touch). Every solution holds the givens, so none
puts a value where it was taken: the models stay the same. Two givens that
clash leave a given cell without its own value, which the caller states as
the empty clause. A fixed point over units with more steps (singles, locked
candidates) is :func:`satlink.rules.digit_narrowing.narrow`; this is the
first step of it, for genres whose other rules narrow nothing.

>>> cells = [(0, 0), (0, 1), (1, 0), (1, 1)]
>>> given_exclusions(cells, (1, 2, 3), [((0, 0), 2)], groups=[[(0, 0), (0, 1)]],
...                  pairs=[((0, 0), (1, 1))])
{(0, 0): [2], (0, 1): [1, 3], (1, 0): [1, 2, 3], (1, 1): [1, 3]}
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

Cell = Hashable


def given_exclusions(cells: Iterable[Cell], values: Iterable[int],
                     givens: Iterable[tuple[Cell, int]],
                     groups: Sequence[Sequence[Cell]] = (),
                     pairs: Iterable[tuple[Cell, Cell]] = ()) -> dict[Cell, list[int]]:
    """cell -> the values left to it, sorted: each of ``cells`` may hold
    any of ``values``; a given ``(cell, value)`` keeps only its value, which
    leaves the other cells of each of ``groups`` that holds the given (each
    value at most once a group) and the cells ``pairs`` pair with it (two
    cells that never hold equal values). Cells outside ``cells`` are
    ignored. Cost: the givens times the sizes of their groups and pairs."""
    values = tuple(values)
    can = {c: set(values) for c in cells}
    givens = list(givens)
    for c, v in givens:
        can[c] = {v}
    groups_of: dict[Cell, list[int]] = {}
    for i, group in enumerate(groups):
        for c in group:
            groups_of.setdefault(c, []).append(i)
    near: dict[Cell, list[Cell]] = {}
    for a, b in pairs:
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    for c, v in givens:
        for i in groups_of.get(c, ()):
            for x in groups[i]:
                if x != c and x in can:
                    can[x].discard(v)
        for x in near.get(c, ()):
            if x in can:
                can[x].discard(v)
    return {c: sorted(vs) for c, vs in can.items()}
