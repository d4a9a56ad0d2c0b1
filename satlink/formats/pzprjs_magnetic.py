"""pzprjs `magnets` where it is satlink's Magnetic: dominoes only, every
cell on the board, not the anti-magnet variant (pflag `a`).

The body (pzprjs ``src/variety/magnets.js``): the numbers outside the
board (:class:`~satlink.formats.pzprjs_loops4.MagnetTallies`), the room
borders, then (each may be absent) the given poles (circles: 1 `+`, 2 `-`)
and the cells off the board (a bit a cell). :func:`magnets_codec` ties it
to a genre's instance.
"""
from __future__ import annotations

from typing import Callable

from ..rules.grid import Grid
from .cellgrid import CellError, board, given
from .pzprjs import PzBoard, Codec
from .pzprjs_cells import Circles, Dict, Packed
from .pzprjs_parts import Cells, Regions, Seq, Skippable
from .pzprjs_stream import Unfit
from .pzprjs_loops4 import MagnetTallies

#: The tally lines in the order the body holds them.
TALLY_LINES = ("plus_cols", "minus_cols", "plus_rows", "minus_rows")


def magnets_codec(make: Callable[..., object], plus: str, minus: str) -> Codec:
    """The codec of pzprjs `magnets`; ``make(rows, cols, regions, tallies,
    givens)`` builds the instance (``tallies``: (line name of
    :data:`TALLY_LINES`, numbers) pairs; ``givens``: (cell, ``plus`` or
    ``minus``); a CellError of it lands at the URL's size). The writer
    reads the instance's fields of those names and refuses any other given
    value (a neutral cell has no form on puz.link)."""

    def build(b: PzBoard):
        tallies, regions, poles, holes = b.value
        off = [(r, c) for r, row in enumerate(holes) for c, v in enumerate(row) if v]
        if off:
            raise b.where(f"{Grid.name(off[0])} is off the board (pzprjs `#`): satlink's"
                          " Magnetic has every cell on it", *off[0])
        try:
            return make(b.rows, b.cols, regions, tuple(zip(TALLY_LINES, tallies)),
                        tuple(given(poles)))
        except CellError as exc:
            raise b.where(exc.message) from None

    def split(inst) -> PzBoard:
        if any(v not in (plus, minus) for _, v in inst.givens):
            raise Unfit("a given neutral cell has no form on puz.link")
        t = dict(inst.tallies)
        return PzBoard(inst.rows, inst.cols, (
            tuple(t[k] for k in TALLY_LINES), inst.regions,
            board(inst.rows, inst.cols, dict(inst.givens)), board(inst.rows, inst.cols, {})))

    return Codec(
        names=("magnets",),
        body=Seq(MagnetTallies(), Regions(),
                 Skippable(Cells(Dict(Circles(), {0: None, 1: plus, 2: minus}))),
                 Skippable(Cells(Dict(Packed(2, 5), {0: None, 1: True})))),
        build=build, split=split)
