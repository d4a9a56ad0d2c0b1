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
from .text import to_text

__all__ = ["Board", "Shade", "Mark", "Edge", "Line", "Bridge", "Circle", "Ship", "Label",
           "Arrow", "Table", "region_borders", "to_svg", "to_text"]


def to_svg(board: Board) -> str:
    """The board as an SVG document (:func:`satlink.render.svg.to_svg`).

    The SVG writer is imported here, when a picture is asked for: its XML
    escaping pulls in ``urllib`` and ``http`` (a tenth of the start-up of
    every command that draws no picture).
    """
    from .svg import to_svg as write

    return write(board)
