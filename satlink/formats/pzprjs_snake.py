"""pzprjs `snake` where it is satlink's Snake: both ends given as black
circles, no white circle (pzprjs also has snakes with one end or none
given, and midpoints, which satlink's Snake does not read).

The body (pzprjs ``src/variety/snake.js``): the circles (0 none, 1 white, 2
black; three cells a character), then the numbers outside the grid
(columns above, then rows left). :func:`snake_codec` ties it to a genre's
instance.
"""
from __future__ import annotations

from typing import Callable

from ..errors import InputError
from ..rules.grid import Cell, Grid
from .cellgrid import board, given
from .pzprjs import PzBoard, Codec
from .pzprjs_cells import BLACK, WHITE, Circles, Dict
from .pzprjs_parts import Cells, ExCells, Seq


def snake_codec(make: Callable[..., object]) -> Codec:
    """The codec of pzprjs `snake`; ``make(rows, cols, ends, row_counts,
    col_counts)`` builds the instance (an InputError of it lands at the
    URL's size), whose fields of those names the writer reads."""

    def build(b: PzBoard):
        circles, (col_counts, row_counts) = b.value
        marks = list(given(circles))
        white = [c for c, v in marks if v == WHITE]
        if white:
            raise b.where(f"the white circle at {Grid.name(white[0])} (a cell in the snake's"
                          " middle) has no form in satlink's Snake", *white[0])
        if len(marks) != 2:
            raise b.where("satlink's Snake has both ends given (two black circles), not"
                          f" {len(marks)}")
        ends: tuple[Cell, ...] = tuple(c for c, _ in marks)
        try:
            return make(b.rows, b.cols, ends, row_counts, col_counts)
        except InputError as exc:
            raise b.where(exc.message) from None

    def split(inst) -> PzBoard:
        return PzBoard(inst.rows, inst.cols, (
            board(inst.rows, inst.cols, dict.fromkeys(inst.ends, BLACK)),
            (inst.col_counts, inst.row_counts)))

    return Codec(names=("snake",),
                 body=Seq(Cells(Dict(Circles(), {0: None, 1: WHITE, 2: BLACK})), ExCells()),
                 build=build, split=split)
