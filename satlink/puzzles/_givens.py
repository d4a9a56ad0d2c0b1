"""Design hooks of a genre whose clues are given symbols on a grid (a field
``givens[r][c]``, None when blank; ``rows`` and ``cols``): each clue is
``(row, column, value)``, 0-based, and any given can go while the filled
grid stays a solution. Shared by the region-digit genres and Binairo."""
from __future__ import annotations

from dataclasses import replace

from ..formats.cellgrid import given


def clues(inst) -> list[tuple[int, int, int]]:
    """The givens, as (row, column, value), 0-based cells."""
    return [(r, c, v) for (r, c), v in given(inst.givens)]


def clues_of(inst, sol) -> list[tuple[int, int, int]]:
    """Every given the board could show that ``sol`` obeys: each cell's value."""
    return [(r, c, v) for r, row in enumerate(sol) for c, v in enumerate(row) if v is not None]


def with_clues(inst, givens):
    grid = [[None] * inst.cols for _ in range(inst.rows)]
    for r, c, v in givens:
        grid[r][c] = v
    return replace(inst, givens=tuple(map(tuple, grid)))


def clue_name(clue) -> str:
    return f"r{clue[0] + 1}c{clue[1] + 1}"
