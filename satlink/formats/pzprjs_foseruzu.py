"""pzprjs `fivecells` and `fourcells` (``src/variety/nawabari.js``), Nikoli's
Five Cells and Four Cells: satlink's Foseruzu with regions of 5 or 4 cells.

The body is one code per cell (:class:`~satlink.formats.pzprjs.Number10`):
a number 0-3, `.` a number not shown (no Foseruzu clue), `a`-`z` skips,
`7` a cell cut out of the board (pzprjs's fill for a board whose cell count
k does not divide). :func:`cells_codec` ties it to a genre's instance.
"""
from __future__ import annotations

from typing import Callable

from .pzprjs import PzBoard, Choice, Codec
from .pzprjs_cells import Dict
from .pzprjs_numbers import QUESTION, Number10
from .pzprjs_parts import Cells
from .pzprjs_stream import Unfit


def cells_codec(k: int, make: Callable[..., object], grid: Callable[[object], tuple],
                hole: object) -> Codec:
    """pzprjs's Five Cells (k = 5) or Four Cells (k = 4): ``make(rows,
    cols, values, k)`` builds the instance from rows of numbers, None and
    ``hole`` (a cut-out cell); ``grid(inst)`` gives those rows back for an
    instance whose ``cells`` is k."""
    def build(b: PzBoard):
        for r, row in enumerate(b.value):
            for c, v in enumerate(row):
                if v == QUESTION:
                    raise b.where("a number not shown (`.`) is not a Foseruzu clue", r, c)
                if v not in (None, hole) and v > 3:
                    raise b.where(f"number {v} is outside 0-3", r, c)
        return make(b.rows, b.cols, b.value, k)

    def split(inst) -> PzBoard:
        if inst.cells != k:
            raise Unfit(f"regions of {inst.cells} cells, not {k}")
        return PzBoard(inst.rows, inst.cols, grid(inst))

    return Codec(names=("fivecells" if k == 5 else "fourcells",),
                 body=Cells(Dict(Number10(high=9), {7: hole})), build=build, split=split)


def five_or_four_cells(make: Callable[..., object], grid: Callable[[object], tuple],
                       hole: object) -> Choice:
    """Both codecs: `fivecells` first (written for k = 5), then `fourcells`."""
    return Choice(cells_codec(5, make, grid, hole), cells_codec(4, make, grid, hole))
