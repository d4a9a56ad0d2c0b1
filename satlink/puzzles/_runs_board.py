"""The board of a cross-sum genre (Kakuro): white cells, and black cells
that may give the total of the run below them and of the run right of them.
This kit part holds the board's cell values (:class:`Clue`), their tokens
in `.pzl` and janko text (`16,7`, `16,`, `,7`), their label in a picture
and the puzz.link board, which keeps the totals of the top row and left
column outside (pzprjs `kakuro`). The runs and their rule are
:mod:`satlink.rules.kakuro_runs`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..formats.cellgrid import CellError, Tokens
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs_stream import Unfit


class Clue(NamedTuple):
    """A black cell's totals for the run below it and the run right of it."""

    down: int | None
    right: int | None


#: A black cell without totals.
BLACK = Clue(None, None)


def _clue(text: str) -> Clue | None:
    """`16,7` (down 16, right 7), `16,` or `,7`; None when not a clue."""
    if text.count(",") != 1:
        return None
    down, right = text.split(",")
    if not all(p == "" or p.isdigit() for p in (down, right)):
        return None
    clue = Clue(int(down) if down else None, int(right) if right else None)
    if any(v is not None and not 1 <= v <= 45 for v in clue):
        raise ValueError("a total is 1..45, the sum of at most nine different digits")
    return clue


def _show(clue: Clue) -> str:
    return f"{'' if clue.down is None else clue.down},{'' if clue.right is None else clue.right}"


def label(clue: Clue) -> str:
    """A black cell's totals as a picture shows them: `down\\right`."""
    return f"{'' if clue.down is None else clue.down}\\{'' if clue.right is None else clue.right}"


_RULE = "`.` (white), `x` (black) or totals `down,right` (`16,7`, `16,`, `,7`)"
#: A .pzl cell: `.` white, `x` black, `16,7` black with totals.
CELLS = Tokens(what="a cell", expect=_RULE, empty=(".",), values={"x": BLACK},
               parse=_clue, show=_show)
#: A janko cell: `0` white, `-` black, `16,7` totals.
JANKO = Tokens(what="a cell", expect="`0` (white), `-` (black) or totals `down,right`",
               empty=("0",), values={"-": BLACK}, parse=_clue, show=_show)


def from_puzzlink(b: PzBoard, make: Callable):
    """The board ``make(rows, cols, cells)`` builds from pzprjs's, which is
    the inside of ours: our row 0 and column 0 hold the totals pzprjs writes
    outside the board. A :class:`CellError` of ``make`` points into pzprjs's board."""
    inner, top, left = b.value
    cells = [[BLACK] + [BLACK if top[c] is None else Clue(top[c], None) for c in range(b.cols)]]
    for r, row in enumerate(inner):
        cells.append([BLACK if left[r] is None else Clue(None, left[r])]
                     + [None if v is None else Clue(*v) for v in row])
    try:
        return make(b.rows + 1, b.cols + 1, cells)
    except CellError as exc:
        r, c = exc.cell
        raise b.where(exc.message, max(r - 1, 0), max(c - 1, 0)) from None


def to_puzzlink(inst) -> PzBoard:
    """pzprjs's board of ``inst`` (``rows``, ``cols``, ``cells``); :class:`Unfit`
    when its top row and left column are not black cells that point inward."""
    edge = [(0, c) for c in range(inst.cols)] + [(r, 0) for r in range(1, inst.rows)]
    if any(inst.cells[r][c] is None for r, c in edge):
        raise Unfit("puzz.link keeps the top row and left column for totals: they must be black")
    if any(inst.cells[0][c].right is not None for c in range(inst.cols)) or any(
            inst.cells[r][0].down is not None for r in range(inst.rows)):
        raise Unfit("a total in the top row or left column points along the edge")
    inner = tuple(tuple(None if v is None else tuple(v) for v in row[1:]) for row in inst.cells[1:])
    top = tuple(inst.cells[0][c].down for c in range(1, inst.cols))
    left = tuple(inst.cells[r][0].right for r in range(1, inst.rows))
    return PzBoard(inst.rows - 1, inst.cols - 1, (inner, top, left))
