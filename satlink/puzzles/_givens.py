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


# -- reading a filled grid back, and drawing it ----------------------------------------------
def decoded(inst, value) -> tuple:
    """The solution grid: ``value(cell)`` for every cell, a tuple of row tuples."""
    return tuple(tuple(value((r, c)) for c in range(inst.cols)) for r in range(inst.rows))


def filled(inst, sol, symbols=None) -> tuple[list[str], dict]:
    """(problems, cell -> value) of a filled grid: its shape, each value one
    of ``symbols`` (when given), the givens kept. No values when the shape is wrong."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.cols} x {inst.rows}"], {}
    values = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row)}
    problems = [] if symbols is None else [
        f"r{c[0] + 1}c{c[1] + 1} is {v}, not one of {', '.join(map(str, symbols))}"
        for c, v in values.items() if v not in symbols]
    problems += [f"r{r + 1}c{c + 1} is {values[(r, c)]}, the given is {v}"
                 for (r, c), v in given(inst.givens) if values[(r, c)] != v]
    return problems, values




def labels(inst, solution=None) -> list:
    """A label per given, and per solved cell (not given)."""
    from ..render import Label

    out = []
    for r in range(inst.rows):
        for c in range(inst.cols):
            g = inst.givens[r][c]
            v = g or (solution[r][c] if solution is not None else None)
            if v:
                out.append(Label((r, c), str(v), given=bool(g)))
    return out
