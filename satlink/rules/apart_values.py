"""Equal values never touch: over a grid's value literals, two cells that
touch (a king's move: orthogonally or diagonally; orthogonally only on
request) never hold the same value.

Each cell has a literal per value it may hold (``values[cell][v]``: "the
cell holds v"); for each touching pair and each value both may hold, the
binary clause (-a_v, -b_v). The rule says nothing about how many values a
cell holds: one (Tenner Grid's digits), or at most one (Hakoiri's
symbols, a cell may stay empty). Only values both ends may hold get a
clause: a value missing from a cell is one it never holds.

What a genre already holds apart elsewhere is skipped:

- a cell left out of ``values`` (or with no literal) adds nothing: a
  decided cell whose value the caller has already taken from its
  neighbours (a Latin square's narrowing), a black cell;
- ``same``: a label per cell; a pair of cells with one label (not None)
  adds nothing, for units whose own rule keeps two of their cells apart
  (a Hakoiri region's "exactly one circle", a Tenner row's digits all
  different).

Unlike :func:`satlink.rules.counting_numbers.apart` (Sukoro: orthogonal,
the value 0 "empty" may repeat, a cell with one value left skipped) every
value of every listed cell counts here.

>>> from satlink.formula import Formula
>>> f = Formula()
>>> values = {(0, 0): {1: 1, 2: 2}, (0, 1): {1: 3}, (1, 0): {2: 4}, (1, 1): {1: 5, 2: 6}}
>>> apart_values(f, values)
>>> f.clauses      # (0,0)-(0,1) on 1, (0,0)-(1,0) on 2, (0,0)-(1,1) on 1 and 2, ...
[[-1, -3], [-2, -4], [-1, -5], [-2, -6], [-3, -5], [-4, -6]]
>>> f = Formula(); apart_values(f, values, diagonal=False, same=((0, 0), (1, 1)))
>>> f.clauses      # no diagonal; rows are units already: the columns only
[[-2, -4], [-3, -5]]

Before encoding, :func:`apart_filter` takes a decided cell's value from
the cells touching it, as a filter of
:func:`satlink.rules.digit_narrowing.narrow` (a Latin square's narrowing).

``encodings/hakoiri.md`` and ``encodings/tennergrid.md`` use it.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from ..formula import Formula
from .grid import Cell


#: The cells touching (r, c) that come after it in reading order, as steps,
#: in the order the rule visits them: east, south-west, south, south-east
#: (king's move), or east and south (orthogonal). Each touching pair of a
#: board is (a, a + step) for exactly one cell a and step.
AFTER = {True: ((0, 1), (1, -1), (1, 0), (1, 1)), False: ((0, 1), (1, 0))}


def apart_values(f: Formula, values: Mapping[Cell, Mapping[Hashable, int]],
                 diagonal: bool = True,
                 same: Sequence[Sequence[Hashable]] | None = None) -> None:
    """Equal values never touch: for each touching pair of cells (r, c) of
    ``values`` (king's move; orthogonal only without ``diagonal``) whose
    labels ``same[r][c]`` differ (or are None, or ``same`` is None) and
    each value both may hold, the clause (-a_v, -b_v). Clauses come cell
    by cell in the order of ``values``, each cell's pairs in
    :data:`AFTER`'s order, a pair's values in the order of the first
    cell's mapping. Cost: a dictionary look-up per touching pair and value
    (no board size: a step off the board finds no cell)."""
    add = f.clauses.append
    get = values.get
    steps = AFTER[diagonal]
    for (r, c), va in values.items():
        if not va:
            continue
        label = same[r][c] if same is not None else None
        for dr, dc in steps:
            vb = get((r + dr, c + dc))
            if not vb or label is not None and same[r + dr][c + dc] == label:
                continue
            for v, x in va.items():
                y = vb.get(v)
                if y is not None:
                    add([-x, -y])


def touching_pairs(cells: Sequence[Cell], diagonal: bool = True,
                   same: Sequence[Sequence[Hashable]] | None = None) -> list[tuple[Cell, Cell]]:
    """The touching pairs of ``cells`` that :func:`apart_values` holds
    apart (their labels ``same`` differ), in its order.

    >>> touching_pairs([(0, 0), (0, 1), (1, 0), (1, 1)], same=((0, 0), (1, 1)))
    [((0, 0), (1, 0)), ((0, 0), (1, 1)), ((0, 1), (1, 0)), ((0, 1), (1, 1))]
    """
    there = set(cells)
    out = []
    for r, c in cells:
        label = same[r][c] if same is not None else None
        out += [((r, c), (r + dr, c + dc)) for dr, dc in AFTER[diagonal]
                if (r + dr, c + dc) in there
                and (label is None or same[r + dr][c + dc] != label)]
    return out


def apart_filter(cells: Sequence[Cell], pairs: Sequence[tuple[Cell, Cell]]
                 ) -> tuple[Sequence[Cell], Callable[[list[int]], list[int]]]:
    """Equal values never touch, as a narrowing of
    :func:`satlink.rules.digit_narrowing.narrow` (a ``Filter`` over
    ``cells``, candidates as bit masks): a cell with one value left takes
    it from the other cell of each of its ``pairs``. Every solution keeps
    its values (the other cell never holds it).

    >>> cells, fn = apart_filter("abc", [("a", "b"), ("b", "c")])
    >>> fn([0b10, 0b110, 0b101])    # a holds 1: b only 2, which leaves c only 0
    [2, 4, 1]
    """
    index = {c: i for i, c in enumerate(cells)}
    ix = [(index[a], index[b]) for a, b in pairs]

    def fn(masks: list[int]) -> list[int]:
        out = list(masks)
        for i, j in ix:
            a, b = out[i], out[j]
            if a and not a & (a - 1):
                out[j] = b = b & ~a
            if b and not b & (b - 1):
                out[i] &= ~b
        return out
    return cells, fn
