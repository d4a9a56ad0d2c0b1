"""The n x n Latin square that KenKen, Factors and Mathrax fill: digits
1..n, each once in every row and column; what their modules share about it
(the units, reading the digits from a model, the rows and columns checked
from the rules).

>>> square_problems(((1, 2), (2, 1)), 2), square_problems(((1, 2), (1, 2)), 2)
([], ['column 1 holds 1 twice', 'column 2 holds 2 twice'])
>>> square_problems(((1, 2),), 2)
['the grid is not 2 x 2']
"""
from __future__ import annotations

from ..rules.latin import Latin, broken_units, grid_units


def cells(n: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(n) for c in range(n)]


def units(n: int) -> list[list[tuple[int, int]]]:
    """The rows, then the columns."""
    return grid_units(n, n)


def digits(square: Latin, model, n: int) -> tuple[tuple[int, ...], ...]:
    """The grid of digits of a model (0 where none is true)."""
    return tuple(tuple(square.value(model, (r, c)) or 0 for c in range(n)) for r in range(n))


def fits(sol, n: int) -> bool:
    """Whether ``sol`` is an n x n grid."""
    return len(sol) == n and all(len(row) == n for row in sol)


def values(sol) -> dict[tuple[int, int], int]:
    """cell -> digit."""
    return {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row)}


def square_problems(sol, n: int) -> list[str]:
    """The grid's size, then every row and column holding each digit once."""
    if not fits(sol, n):
        return [f"the grid is not {n} x {n}"]
    names = [f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
    return broken_units(values(sol), list(zip(names, units(n))), range(1, n + 1))
