"""Regions given cell by cell in cell-grid text: :data:`REGIONS` reads
each cell's region name (`@` a black cell in no region) and
:func:`region_grid` numbers the regions canonically, checking that each
is connected.
"""
from __future__ import annotations

from string import ascii_letters
from typing import Any

from .cellgrid_tokens import CellError, Tokens, Values


def _region_name(text: str) -> str | None:
    return text if text.isalnum() else None


#: A region block: each cell's region name (letters or digits, as janko
#: numbers them), `@` a black cell that lies in no region.
REGIONS = Tokens(what="a region name", expect="a region name (letters or digits) or `@` (a black"
                 " cell, in no region)", empty=("@",), parse=_region_name, show=str, fold=False,
                 known=(*map(str, range(100)), *ascii_letters))


def region_grid(grid: Values) -> Values:
    """The regions of a grid of region names, numbered 0, 1, ... in reading
    order of their first cells (None, a black cell, stays None): the
    canonical form, so that names do not matter. A :class:`CellError`
    (block `regions`) when the cells of one name are not orthogonally
    connected.

    >>> region_grid((("b", "b", "a"), (None, "a", "a")))
    ((0, 0, 1), (None, 1, 1))
    >>> region_grid((("a", "b", "a"),))
    Traceback (most recent call last):
    satlink.formats.cellgrid.CellError: <input>: region `a` is not connected: r1c3 is apart from r1c1
    """
    rows, cols = len(grid), len(grid[0]) if grid else 0
    flat: list = []  # the cells as points r * cols + c: no tuple per cell or neighbour
    for row in grid:
        flat += row[:cols]
    if len(flat) != rows * cols:
        raise IndexError("the rows of the region grid differ in length")
    out: list[int | None] = [None] * len(flat)  # the region number; None: not reached yet
    number: dict[Any, int] = {}
    first: dict[Any, int] = {}
    last_row = len(flat) - cols
    for p, name in enumerate(flat):
        if name is None or out[p] is not None:
            continue
        if name in number:
            (r, c), (a, b) = divmod(p, cols), divmod(first[name], cols)
            raise CellError(f"region `{name}` is not connected: r{r + 1}c{c + 1} is apart"
                            f" from r{a + 1}c{b + 1}", (r, c), "regions")
        k = out[p] = number[name] = len(number)
        first[name] = p
        todo = [p]
        while todo:
            q = todo.pop()
            if q >= cols and out[q - cols] is None and flat[q - cols] == name:
                out[q - cols] = k
                todo.append(q - cols)
            if q < last_row and out[q + cols] is None and flat[q + cols] == name:
                out[q + cols] = k
                todo.append(q + cols)
            if q % cols:
                if out[q - 1] is None and flat[q - 1] == name:
                    out[q - 1] = k
                    todo.append(q - 1)
            if (q + 1) % cols and out[q + 1] is None and flat[q + 1] == name:
                out[q + 1] = k
                todo.append(q + 1)
    return tuple(tuple(out[r * cols:r * cols + cols]) for r in range(rows))
