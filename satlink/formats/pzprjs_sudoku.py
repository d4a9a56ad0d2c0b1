"""pzprjs `sudoku` (robx/pzprjs ``src/variety/sudoku.js``): the givens of a
size-n board, one number a cell; the boxes are not written, puz.link draws
them itself (:func:`puzzlink_box`), so a board with other boxes has no URL.
:func:`sudoku_codec` ties it to a genre's instance.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from .pzprjs import PzBoard, Codec
from .pzprjs_cells import Dict
from .pzprjs_numbers import Number16
from .pzprjs_parts import Cells
from .pzprjs_stream import Unfit


def puzzlink_box(n: int) -> tuple[int, int]:
    """The boxes puzz.link draws on a size-n board: isqrt(n) square, 3x2 for 6."""
    return (3, 2) if n == 6 else (math.isqrt(n), math.isqrt(n))


def sudoku_codec(make: Callable[..., Any]) -> Codec:
    """The codec of pzprjs `sudoku`; ``make(size, givens, box, where)``
    builds the instance. The writer reads the instance's ``size``,
    ``box_w``, ``box_h`` and ``givens`` (0 or None: blank)."""
    def split(inst) -> PzBoard:
        if (inst.box_w, inst.box_h) != puzzlink_box(inst.size):
            raise Unfit("puzz.link draws {}x{} boxes on a size-{} board, this one has {}x{}"
                        .format(*puzzlink_box(inst.size), inst.size, inst.box_w, inst.box_h))
        return PzBoard(inst.size, inst.size, inst.givens)

    return Codec(names=("sudoku",), split=split, square=True,
                 body=Cells(Dict(Number16(low=1, question=False, what="digit"), {None: 0})),
                 build=lambda b: make(b.cols, b.value, puzzlink_box(b.cols), b.where))
