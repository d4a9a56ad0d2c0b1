"""Skyscrapers (Wolkenkratzer): buildings of heights 1..k in a square.

Rules (janko.at "Wolkenkratzer", puzz.link "skyscrapers"): build a
skyscraper of height 1..k in cells of the n x n grid so that every row and
every column holds each height exactly once; its other n - k cells are
parks (empty; none when k = n). A number outside the grid says how many
skyscrapers are seen from there along that row or column: a higher one
hides every lower one behind it, a park hides nothing. With `diagonals yes`
(janko's `D`) both main diagonals hold each height once too. Givens in the
grid are heights (`x`: a given park).

Encoding (encodings/edge_views.md): :class:`satlink.rules.edge_views.EdgeSquare`
(a one-hot value per cell, each height exactly once per line) and
:meth:`~satlink.rules.edge_views.EdgeSquare.sees` per clue (prefix maxima
in order encoding, a cardinality over the visible literals), each behind
its selector in selector mode. No lazy rule.

A solution is the grid of heights, a tuple of row tuples, 0 for a park.
"""
from __future__ import annotations

from .. import contract
from ..formats.cellgrid import CellError, Tokens
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_numbers import Number16
from ..formats.pzprjs_parts import Cells, Seq, Skippable
from ..formats.pzprjs_stream import Unfit
from ..formats.pzprjs_latin2 import SideCells
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..rules.edge_views import BLANK, seen_ceilings, visible_count
from . import _edge_board as E
from ._edge_board import MAX_SIDE, Instance, clue_name, with_clues

NAME = "skyscraper"


def _sees(square, side, i, v, when) -> None:
    """The clue counts the skyscrapers seen from its side."""
    square.sees(side, i, v, when)


def _ceilings(inst: Instance) -> dict:
    """What the clues imply: the cell j places from a clue of count c holds at
    most k - c + 1 + j (narrows the domains before anything is encoded)."""
    return seen_ceilings(inst.size, inst.size, inst.k, inst.edge_clues())


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return E.EdgeEncoding(inst, f, options, _sees, ceilings=_ceilings)


def _height(v: int) -> str:
    return "park" if v == BLANK else str(v)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid (0 a park), from the rules."""
    return E.verify(inst, sol, visible_count, _height)


def clues_of(inst: Instance, sol) -> list[tuple]:
    """Every cell's value and what each line shows from each side."""
    return E.clues_of(inst, sol, visible_count)


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
HEIGHTS = Tokens(what="a height", expect="the tallest height, a number", numbers=(1, MAX_SIDE),
                 why="no line is longer")
CELL = Tokens(what="a height", expect="a height, `x` (a park) or `.`", values={"x": BLANK},
              numbers=(1, MAX_SIDE), why="no line is longer")
CLUE = Tokens(what="a clue", expect="a number or `.` (no clue)", numbers=(1, MAX_SIDE),
              why="no line is longer")
FILLED = Tokens(what="a height", expect="a height or 0 (a park)", empty=(),
                numbers=(0, MAX_SIDE))
#: `size N`, `heights K`, `diagonals yes`, `top`/`bottom`/`left`/`right`
#: clue lines, a `grid` of givens; janko: `N N K [D]`, the four clue lines
#: (top, bottom, left, right), the grid; the solution with 0 for a park.
FORMAT = E.layout(NAME, "heights", HEIGHTS, CELL, CLUE, FILLED)


# -- output ----------------------------------------------------------------------------------
def picture(inst: Instance, solution=None):
    return E.picture(inst, solution, str)


# -- puzz.link: pzprjs `skyscrapers` (heights 1..n, no parks, no diagonals) -----------------
def _from_puzzlink(b: PzBoard) -> Instance:
    (top, bottom, left, right), grid = b.value
    if b.rows != b.cols:
        raise b.where(f"a skyscraper board is square, not {b.cols} x {b.rows}")
    try:
        return Instance(b.rows, b.rows, grid, top, bottom, left, right)
    except CellError as exc:
        raise b.where(exc.message) from None


def _to_puzzlink(inst: Instance) -> PzBoard:
    if inst.k != inst.size or inst.diagonal:
        raise Unfit("puzz.link's skyscrapers have heights 1..n and no diagonals")
    return PzBoard(inst.size, inst.size, ((inst.top, inst.bottom, inst.left, inst.right),
                                          inst.givens))


PUZZLINK = Codec(names=("skyscrapers",),
                 body=Seq(SideCells(), Skippable(Cells(Number16(low=1, question=False)))),
                 build=_from_puzzlink, split=_to_puzzlink)


GENRE = Genre(
    name=NAME, aliases=("Skyscraper", "skyscrapers", "wolkenkratzer"),
    summary="heights 1..k once per row and column (other cells parks); a clue outside counts"
            " the skyscrapers seen from there",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=E.clues,
    answer=VALUE_GRID, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name,
                  blank=E.make_blank),
)
