"""A board of numbered cells whose solution is a set of shaded cells
(Canal View's numbers, Kurotto's circles): the numbers checked, read from
a `grid` of numbers (`.pzl`, janko's grid text, puz.link's Number16
cells, `.`/`?` a number not shown), the shaded cells written `x`, and the
shaded cells' outputs."""
from __future__ import annotations

from ..formats.cellgrid import CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_numbers import Number16
from ..formats.pzprjs_parts import Cells
from ..rules.grid import Grid, check_board
from ._shaded_text import SHADED_CELLS



def checked(inst, numbers, max_side: int, what: str, most: int, why: str, hidden) -> tuple:
    """The (cell, n) pairs of ``inst``'s board sorted, each on the board
    and n ``hidden`` or within 0..most (else a :class:`CellError` that
    says ``why``); ``what`` names the cells in errors (`number`, `circle`)."""
    check_board(inst.rows, inst.cols, max_side, (c for c, _ in numbers), what)
    for cell, n in numbers:
        if n != hidden and not (isinstance(n, int) and 0 <= n <= most):
            raise CellError(f"number {n} at {Grid.name(cell)} is outside 0..{most}: {why}", cell)
    return tuple(sorted(numbers))


def layout(name: str, max_side: int, instance: type, field: str, tokens: Tokens) -> Layout:
    """`size C x R`, a `grid` of numbers, a `solution` of shaded cells;
    janko: `ROWS COLS`, the numbers (lines after them ignored)."""
    return Layout(
        name, max_side, {"grid": tokens},
        build=lambda rows, cols, grid: instance(rows, cols, tuple(given(grid))),
        split=lambda inst: (inst.rows, inst.cols,
                            board(inst.rows, inst.cols, dict(getattr(inst, field)))),
        solution=SHADED_CELLS, janko=Janko(tokens, trailing=True))


def codec(name: str, instance: type, field: str, what: str = "number") -> Codec:
    """pzprjs ``name``: the numbers as Number16 cells (`.`: not shown)."""
    return Codec(names=(name,), body=Cells(Number16(what=what)),
                 build=lambda b: instance(b.rows, b.cols, tuple(given(b.value))),
                 split=lambda inst: PzBoard(inst.rows, inst.cols, board(
                     inst.rows, inst.cols, dict(getattr(inst, field)))))
