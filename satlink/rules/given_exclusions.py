"""What given symbols alone take away, in one step, before anything is
encoded (direct clues), as a bit mask per cell: a given cell keeps its own
symbol only, and that symbol leaves every cell that never holds the same
symbol as it: the other cells of its region (each symbol at most once a
region: Hakoiri's one circle, one triangle, one square) and the eight
cells around it (equal symbols never touch, not even diagonally). Every
solution holds the givens, so none puts a symbol where it was taken: the
models stay the same. Two givens that clash leave a given cell without its
own symbol, which the caller's clauses then make impossible
(``encodings/hakoiri.md``, "Givens first"). A fixed point with more steps
(singles, locked candidates) is :func:`satlink.rules.digit_narrowing.narrow`.

>>> regions = ((0, 0, 1), (0, 1, 1))
>>> left_to_cells(2, 3, regions, [[(0, 0), (0, 1), (1, 0)], [(0, 2), (1, 1), (1, 2)]],
...               [(0, 0, 2)])      # a triangle (bit 1) at the top left
[2, 5, 7, 5, 5, 7]
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from .grid import Cell


def left_to_cells(rows: int, cols: int, regions: Sequence[Sequence[int | None]],
                  region_cells: Sequence[Sequence[Cell]],
                  givens: Iterable[tuple[int, int, int]]) -> list[int]:
    """Per cell ``r * cols + c``, a bit mask of the symbols 1, 2, 3 the
    givens ``(r, c, k)`` leave it (bit k - 1: symbol k; 0 for a cell of no
    region, ``regions[r][c]`` None); ``region_cells[i]``: region i's cells.
    Cost: the givens times their regions and neighbourhoods."""
    givens = list(givens)
    mask = [0 if x is None else 7 for row in regions for x in row]
    for r, c, k in givens:
        mask[r * cols + c] = 1 << (k - 1)
    for r, c, k in givens:  # written out for speed: a few dozen cells a given
        i, off = r * cols + c, ~(1 << (k - 1))
        own = mask[i]  # the given's own cell keeps what it has
        for y, x in region_cells[regions[r][c]]:
            mask[y * cols + x] &= off
        for y in range(max(r - 1, 0), min(r + 2, rows)):
            for j in range(y * cols + max(c - 1, 0), y * cols + min(c + 2, cols)):
                mask[j] &= off
        mask[i] = own
    return mask
