"""The shapes an answer takes, declared once by a genre.

Most genres answer in one of a few shapes: a set of cells (shaded cells,
lamps, stars, tents), a grid of values (digits, sizes; None where a cell
stays empty) or one loop through cell centres. A genre names its shape,
``Genre(..., answer=CELL_SET)``, instead of writing ``solution_json`` and
``cells`` again; the shape gives both, the same for every genre:

- :class:`CellSetAnswer` (``CELL_SET``): a set of cells ``(r, c)``.
  `--json`: the cells ``[r, c]`` in row order. ``cells``: every cell of
  the board (or of ``over(inst)``) by name, ``marks[0]`` where in the set
  and ``marks[1]`` elsewhere (True and False unless declared).
- :class:`GridAnswer` (``VALUE_GRID``): rows of values, ``sol[r][c]``.
  `--json`: the rows as lists. ``cells``: every cell by name with its
  value (``skip_empty``: the cells holding None left out).
- :class:`LoopAnswer` (``CELL_LOOP``): a set of edges between adjacent
  cells that forms one loop. `--json`: the loop's cells ``[r, c]`` in
  order. ``cells``: every cell by name, the loop's two directions there
  (``se``) or ``.``.

A genre whose answer has another shape writes ``solution_json`` (and
``cells``) itself; one that declares a shape and also writes one of the
two keeps its own.

>>> from types import SimpleNamespace
>>> inst = SimpleNamespace(grid=Grid(2, 2))
>>> CELL_SET.solution_json(inst, {(1, 0), (0, 1)})
[[0, 1], [1, 0]]
>>> CELL_SET.cells(inst, {(1, 0)})
{'r1c1': False, 'r1c2': False, 'r2c1': True, 'r2c2': False}
>>> VALUE_GRID.cells(inst, ((1, 2), (2, None)))
{'r1c1': 1, 'r1c2': 2, 'r2c1': 2, 'r2c2': None}
>>> GridAnswer(skip_empty=True).cells(inst, ((1, 2), (2, None)))
{'r1c1': 1, 'r1c2': 2, 'r2c1': 2}
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .records import frozen
from .rules.grid import Cell, Grid, exits


@frozen
class CellSetAnswer:
    """An answer that is a set of cells (see the module docstring).
    ``over(inst)``: the cells ``cells`` names (default: the whole board,
    ``inst.grid.cells``); ``marks``: the values of a cell in and out of
    the set."""

    over: Callable[[Any], Iterable[Cell]] | None = None
    marks: tuple[Any, Any] = (True, False)

    def solution_json(self, inst, sol) -> list[list[int]]:
        """The cells [r, c], 0-based, in row order."""
        return [list(c) for c in sorted(sol)]

    def cells(self, inst, sol) -> dict[str, Any]:
        """Every cell by name (`r1c1`), marked in or out of the set."""
        yes, no = self.marks
        over = inst.grid.cells if self.over is None else self.over(inst)
        return {Grid.name(c): yes if c in sol else no for c in over}


@frozen
class GridAnswer:
    """An answer that is rows of values, ``sol[r][c]`` (see the module
    docstring); ``skip_empty``: ``cells`` leaves out the cells holding None."""

    skip_empty: bool = False

    def solution_json(self, inst, sol) -> list[list]:
        """The rows, each a list of values."""
        return [list(row) for row in sol]

    def cells(self, inst, sol) -> dict[str, Any]:
        """Every cell by name (`r1c1`) with its value."""
        return {Grid.name((r, c)): v for r, row in enumerate(sol) for c, v in enumerate(row)
                if not (self.skip_empty and v is None)}


@frozen
class LoopAnswer:
    """An answer that is one loop through cell centres, a set of edges
    between adjacent cells (see the module docstring)."""

    def solution_json(self, inst, sol) -> list[list[int]]:
        """The loop's cells [r, c] in order, 0-based."""
        from .rules.loop_checks import loop_order  # the loop rules load only for a loop genre

        return [list(c) for c in loop_order(sol)]

    def cells(self, inst, sol) -> dict[str, str]:
        """Every cell by name (`r1c1`): the loop's two directions, or `.`."""
        return {Grid.name(c): exits(sol, c) or "." for c in inst.grid.cells}


#: A set of cells, every board cell named True or False.
CELL_SET = CellSetAnswer()
#: Rows of values, every cell named with its value.
VALUE_GRID = GridAnswer()
#: One loop through cell centres.
CELL_LOOP = LoopAnswer()

#: What :class:`satlink.genre.Genre` accepts as ``answer``.
ANSWERS = (CellSetAnswer, GridAnswer, LoopAnswer)
