"""A count of shaded cells in a room where shaded cells never touch
(Heyawake): cut into dominoes, a room holds at most one shaded cell a
domino: "at least k" is a clause a choice of m - k + 1 of its m pieces,
and a count k = m needs no "at most" (``encodings/heyawake.md``,
"Counts over pieces").

>>> pieces([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)])
[[(0, 0), (0, 1)], [(0, 2), (1, 2)], [(1, 0), (1, 1)]]
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, combinations, product
from math import comb

from .grid import Cell


def pieces(room: Iterable[Cell]) -> list[list[Cell]]:
    """The room cut into dominoes and single cells, greedily in reading
    order (a cell with its right neighbour, else the one below, else
    alone): a rectangle of h x w cells in ceil(h w / 2) pieces, the most
    shaded cells it can hold apart."""
    cells = sorted(room)
    free = set(cells)
    out = []
    for cell in cells:
        if cell in free:
            r, c = cell
            if (r, c + 1) in free:
                out.append([cell, (r, c + 1)])
                free.remove((r, c + 1))
            elif (r + 1, c) in free:
                out.append([cell, (r + 1, c)])
                free.remove((r + 1, c))
            else:
                out.append([cell])
    return out


def at_least(parts: list[list[int]], k: int) -> list[list[int]]:
    """At least ``k`` shaded over ``parts`` (:func:`pieces`, each as its
    cells' shaded literals) where no two shaded cells touch: each piece
    holds at most one, so the count is the number of pieces with a shaded
    cell, at least k exactly when every m - k + 1 of the m pieces hold one:
    C(m, k - 1) clauses (k = m: a clause a piece). For 1 <= k <= m.

    >>> at_least([[1, 2], [3], [4]], 2)
    [[1, 2, 3], [1, 2, 4], [3, 4]]
    """
    return [list(chain.from_iterable(some)) for some in combinations(parts, len(parts) - k + 1)]


def at_most(parts: list[list[int]], k: int) -> list[list[int]]:
    """At most ``k`` shaded over ``parts`` (as :func:`at_least`): no k + 1
    pieces each with a shaded cell, a clause for each k + 1 pieces and a
    cell of each: C(m, k + 1) 2^(k + 1) clauses at most (none for k >= m).

    >>> at_most([[1, 2], [3]], 1)
    [[-1, -3], [-2, -3]]
    """
    return [[-x for x in cells] for some in combinations(parts, k + 1) for cells in product(*some)]


def at_least_size(m: int, k: int) -> int:
    """The clauses of :func:`at_least` over m pieces."""
    return comb(m, k - 1)


def at_most_size(m: int, k: int) -> int:
    """The clauses of :func:`at_most` over m pieces, at most (a piece of one cell halves its share)."""
    return comb(m, k + 1) << (k + 1)
