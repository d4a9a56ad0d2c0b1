"""Pictures of puzzles: text (box drawing) and SVG from one board description.

A genre's ``picture(inst, solution=None)`` describes its board as a
:class:`Board` (:mod:`satlink.render.board` says how); :func:`to_text`
and :func:`to_svg` draw it.

>>> board = Board(1, 1, circles=[Circle((0, 0), "black")])
>>> to_text(board).splitlines()[1]
'│ ● │'
"""
from .board import (Arrow, Board, Bridge, Circle, Edge, Label, Line, Mark, Shade, Ship, Table,
                    region_borders)
from .svg import to_svg
from .text import to_text

__all__ = ["Board", "Shade", "Mark", "Edge", "Line", "Bridge", "Circle", "Ship", "Label",
           "Arrow", "Table", "region_borders", "to_svg", "to_text"]
