"""Unavoidable sets of a full Sudoku grid, found from its structure.

A set U of cells is *unavoidable* when some other valid grid differs from
the target exactly on U (or on a subset of U): a puzzle without a clue in U
is satisfied by that grid too, so every unique puzzle has a clue in U.

All minimal unavoidable sets of up to ``2 k`` cells come from rearranging
the cells of ``k`` digits (encodings/design.md, "Lower bounds for Sudoku"):
if another grid differs from the target exactly on a minimal U, then in
every row the cells of U hold the same digits in both grids (they are
permuted), so every digit of U appears there at least twice, U holds at
most ``|U| / 2`` digits, and the other grid agrees with the target
everywhere outside the cells of those digits. So for each set D of ``k``
digits we list every way to place the digits of D on the cells the target
gives to D (a *template* is one digit's cells: one a row, a column and a
box; a placement is a split of those cells into ``k`` disjoint templates
and a digit for each), take the cells where a placement differs from the
target, and keep the minimal ones: a set found that contains a smaller
unavoidable set contains a minimal one whose digits lie in D too, found in
the same round.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

Digits = Sequence[Sequence[int]]  # a filled grid, rows of digits


def _geometry(n: int, box_w: int, box_h: int):
    """(row, column, box) of every cell index r * n + c."""
    return [(i // n, i % n, (i // n) // box_h * (n // box_w) + (i % n) // box_w)
            for i in range(n * n)]


def templates(cells: int, n: int, geo) -> list[int]:
    """Every template (one cell per row, column and box) inside the bit
    mask ``cells``, as bit masks."""
    rows = [[i for i in range(r * n, r * n + n) if cells >> i & 1] for r in range(n)]
    out: list[int] = []

    def walk(r: int, mask: int, cols: int, boxes: int) -> None:
        if r == n:
            out.append(mask)
            return
        for i in rows[r]:
            _, c, b = geo[i]
            if not (cols >> c & 1 or boxes >> b & 1):
                walk(r + 1, mask | 1 << i, cols | 1 << c, boxes | 1 << b)

    walk(0, 0, 0, 0)
    return out


def _partitions(cells: int, temps: list[int], parts: int) -> Iterable[list[int]]:
    """Splits of ``cells`` into ``parts`` disjoint templates of ``temps``."""
    if cells == 0:
        if parts == 0:
            yield []
        return
    low = cells & -cells
    for t in temps:
        if t & low and t & cells == t:
            for rest in _partitions(cells & ~t, temps, parts - 1):
                yield [t, *rest]


def digit_sets(grid: Digits, box_w: int, box_h: int, digits: int,
               max_size: int | None = None) -> set[int]:
    """The cell masks on which some other grid differs from ``grid``, over
    every placement of every ``digits`` digits on their own cells (only
    those of at most ``max_size`` cells); not yet reduced to minimal ones."""
    n = len(grid)
    geo = _geometry(n, box_w, box_h)
    of_digit = [0] * (n + 1)
    for i in range(n * n):
        of_digit[grid[i // n][i % n]] |= 1 << i
    limit = n * n if max_size is None else max_size
    found: set[int] = set()
    for group in itertools.combinations(range(1, n + 1), digits):
        cells = 0
        for d in group:
            cells |= of_digit[d]
        temps = templates(cells, n, geo)
        for split in _partitions(cells, temps, digits):
            miss = [[t & ~of_digit[d] for d in group] for t in split]
            cost = [[m.bit_count() for m in row] for row in miss]
            for order in itertools.permutations(range(digits)):
                size = sum(cost[j][o] for j, o in enumerate(order))
                if size and size <= limit:
                    diff = 0
                    for j, o in enumerate(order):
                        diff |= miss[j][o]
                    found.add(diff)
    return found


def minimal_masks(masks: Iterable[int]) -> list[int]:
    """The masks that contain no other, smallest first (then by value)."""
    kept: list[int] = []
    for m in sorted(set(masks), key=lambda m: (bin(m).count("1"), m)):
        if not any(k & m == k for k in kept):
            kept.append(m)
    return kept


def unavoidable_sets(grid: Digits, box_w: int, box_h: int, digits: int = 4,
                     max_size: int | None = None) -> list[list[tuple[int, int]]]:
    """Minimal unavoidable sets of the full grid ``grid`` (digits 1..n):
    every one of at most ``2 * digits`` cells, and those larger ones whose
    cells hold at most ``digits`` digits; only those of at most ``max_size``
    cells when given. Smallest first; each a list of (row, column), 0-based."""
    n = len(grid)
    digits = max(2, min(digits, n))
    masks = digit_sets(grid, box_w, box_h, digits, max_size)
    return [[(i // n, i % n) for i in range(n * n) if m >> i & 1] for m in minimal_masks(masks)]


def differs_only_inside(grid: Digits, other: Digits, cells: Iterable[tuple[int, int]]) -> bool:
    """Whether ``other`` differs from ``grid`` somewhere, and only on ``cells``."""
    inside = set(cells)
    diff = {(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if other[r][c] != v}
    return bool(diff) and diff <= inside
