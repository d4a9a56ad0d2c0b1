"""pzprjs `hashikake` (aliases `hashi`, `bridges`; robx/pzprjs
``src/variety/hashikake.js``): the island numbers 1-8, one a cell, in base
16. :func:`hashikake_codec` ties it to a genre's instance.
"""
from __future__ import annotations

from typing import Any, Callable

from .cellgrid import CellError
from .pzprjs import PzBoard, Codec
from .pzprjs_cells import Dict
from .pzprjs_numbers import Number16
from .pzprjs_parts import Cells


def hashikake_codec(make: Callable[..., Any]) -> Codec:
    """The codec of pzprjs `hashikake`; ``make(rows, cols, numbers)``
    builds the instance (0 water; a CellError of it lands at the URL's
    cell). The writer reads the instance's ``rows``, ``cols`` and
    ``numbers``."""
    def build(b: PzBoard):
        try:
            return make(b.rows, b.cols, b.value)
        except CellError as exc:
            raise b.where(exc.message, *exc.cell) from None

    return Codec(
        names=("hashi", "hashikake", "bridges"),
        body=Cells(Dict(Number16(low=1, high=8, question=False, what="island number"),
                        {None: 0})),
        build=build, split=lambda inst: PzBoard(inst.rows, inst.cols, inst.numbers),
    )
