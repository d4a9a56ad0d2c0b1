"""Arrow clues: a clue cell pointing along its row or column, with the
number of marked (shaded) cells that lie that way up to the edge of the
board (Yajilin, Yajikabe). Written `2e` (a count and a direction of n, e,
s, w), `?e` (an arrow whose count is not shown); Yajilin's grey cell has
neither (:data:`GREY`).

- :class:`Arrow` (cell, direction, count) and :func:`problem`, why an arrow
  cannot stand on a board;
- :func:`parse` and :func:`show`, a token's (direction, count) value and back
  (:data:`ARROWS`, the `.pzl` cell tokens);
- :func:`pointed`, the marked cells an arrow sees; :func:`marks`, the arrows
  of a picture;
- :func:`from_puzzlink` and :func:`to_puzzlink`: the arrows of a pzprjs
  board of :class:`~satlink.formats.pzprjs.ArrowNumber16` cells.

>>> parse("2e"), parse("?s"), parse("e2")
(('e', 2), ('s', None), None)
>>> show(("e", 2)), Arrow((0, 0), None, None).text
('2e', '?')
>>> problem(Grid(1, 3), Arrow((0, 0), "e", 3))
'the clue at r1c1 counts 3 shaded cells but only 2 cells lie in its direction'
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..formats.cellgrid import Tokens
from ..formats.pzprjs_arrows import DOWN, LEFT, NO_ARROW, RIGHT, UP
from ..formats.pzprjs_numbers import QUESTION
from ..formats.pzprjs_arrows import Arrow as PzArrow
from ..formats.pzprjs import PzBoard
from ..numerals import natural
from ..render import Arrow as ArrowMark
from ..rules.grid import Cell, Grid

#: A clue token: a count (digits or `?` for a count not shown) and a direction.
CLUE = re.compile(r"(\d+|\?)([nesw])")
#: A grey clue cell with neither number nor arrow.
GREY = "?"
WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}


class Arrow(NamedTuple):
    """A clue cell: ``direction`` (``n e s w``) and ``count`` (None when not
    shown); a grey cell has neither."""

    cell: Cell
    direction: str | None
    count: int | None

    @property
    def text(self) -> str:
        if self.direction is None:
            return GREY
        return f"{'?' if self.count is None else self.count}{self.direction}"


def problem(g: Grid, a: Arrow, counted: str = "shaded cells") -> str | None:
    """Why a clue cannot be (None when it can): a direction that is not
    n, e, s or w, a count without direction, more than the ray's cells
    (``counted``: what its number counts, as the message names it)."""
    if a.direction is None:
        return None if a.count is None else f"the clue at {Grid.name(a.cell)} has no direction"
    if a.direction not in WORDS:
        return f"the clue at {Grid.name(a.cell)} points to {a.direction!r}, not n, e, s or w"
    room = None if a.count is None else len(g.ray(a.cell, a.direction))
    if room is not None and a.count > room:
        return (f"the clue at {Grid.name(a.cell)} counts {a.count} {counted} but only {room}"
                f" {'cell lies' if room == 1 else 'cells lie'} in its direction")
    return None


def parse(text: str) -> tuple[str, int | None] | None:
    """(direction, count) of a clue token (`2e`, `?s`), None when it is none."""
    m = CLUE.fullmatch(text)
    return None if m is None else (m[2], None if m[1] == "?" else natural(m[1]))


def show(value: tuple[str, int | None]) -> str:
    """The token of a (direction, count) value."""
    return Arrow((0, 0), *value).text


#: A cell of a `grid` block of arrows: `2e`, `?s` (value (direction, count)), `.` empty.
ARROWS = Tokens(what="a clue", expect="a number and a direction (`2e`, `0n`, `?s`) or `.`",
                parse=parse, show=show)


def pointed(g: Grid, a: Arrow, marked) -> int:
    """How many of the cells ``marked`` lie in the direction of ``a``."""
    return sum(c in marked for c in g.ray(a.cell, a.direction))


def marks(arrows) -> list[ArrowMark]:
    """The arrows of a picture (`?` a count not shown); grey cells have none."""
    return [ArrowMark(a.cell, a.direction, "?" if a.count is None else str(a.count))
            for a in arrows if a.direction is not None]


# -- puz.link: pzprjs ArrowNumber16 cells -------------------------------------------------------
_QDIR = {"n": UP, "s": DOWN, "w": LEFT, "e": RIGHT}
_DIR = {v: k for k, v in _QDIR.items()}


def from_puzzlink(b: PzBoard, counted: str = "shaded cells") -> list[Arrow]:
    """The arrows of a board of ArrowNumber16 cells (no arrow and no
    number: a grey cell); an InputError at the cell (``b.where``) for a
    number without an arrow or an arrow :func:`problem` refuses (its
    number counting ``counted``)."""
    arrows, g = [], Grid(b.rows, b.cols)
    for r, row in enumerate(b.value):
        for c, v in enumerate(row):
            if v is None:
                continue
            count = None if v.number == QUESTION else v.number
            if v.direction == NO_ARROW:
                if count is not None:
                    raise b.where(f"the clue at {Grid.name((r, c))} has a number but no arrow",
                                  r, c)
                arrows.append(Arrow((r, c), None, None))
                continue
            arrow = Arrow((r, c), _DIR[v.direction], count)
            why = problem(g, arrow, counted)
            if why:
                raise b.where(why, r, c)
            arrows.append(arrow)
    return arrows


def to_puzzlink(rows: int, cols: int, arrows) -> PzBoard:
    """The pzprjs board of ``arrows`` (ArrowNumber16 cells)."""
    cell = {a.cell: PzArrow(_QDIR.get(a.direction, NO_ARROW),
                            QUESTION if a.count is None else a.count) for a in arrows}
    return PzBoard(rows, cols, tuple(tuple(cell.get((r, c)) for c in range(cols))
                                     for r in range(rows)))
