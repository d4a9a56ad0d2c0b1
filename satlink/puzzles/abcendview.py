"""Easy as ABC (ABC End View): letters A..K in a square, seen from the edge.

Rules (janko.at "ABC-End-View", puzz.link "easyasabc"): write letters A to
the k-th letter into cells of the n x n grid so that every row and every
column holds each letter exactly once; its other n - k cells stay empty. A
letter outside the grid is the first letter seen from there along that row
or column (empty cells are looked past). Givens in the grid are letters
(`x`: a given empty cell).

Encoding (encodings/edge_views.md): :class:`satlink.rules.edge_views.EdgeSquare`
(a one-hot value per cell, 0 empty, each letter exactly once per line) and
:meth:`~satlink.rules.edge_views.EdgeSquare.first` per clue (a chain of
"empty so far" literals), each behind its selector in selector mode. No
lazy rule.

A solution is the grid of letters as numbers (1 = A), a tuple of row
tuples, 0 for an empty cell.
"""
from __future__ import annotations

import string

from .. import contract
from ..formats.cellgrid import CellError, Tokens
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_numbers import Number16
from ..formats.pzprjs_parts import Cells, Count, Seq, Skippable
from ..formats.pzprjs_latin2 import SideCells
from ..formula import Formula
from ..genre import Design, Genre
from ..rules.edge_views import BLANK, first_seen
from . import _edge_board as E
from ._edge_board import Instance, clue_name, with_clues

NAME = "abcendview"
LETTERS = string.ascii_lowercase  # k is at most 26 (the letters of a token)


def _first(square, side, i, v, when) -> None:
    """The clue is the first letter seen from its side."""
    square.first(side, i, v, when)


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return E.EdgeEncoding(inst, f, options, _first)


def letter(v: int) -> str:
    """`A` for 1, `-` for an empty cell."""
    return "-" if v == BLANK else LETTERS[v - 1].upper()


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid (0 empty), from the rules."""
    return E.verify(inst, sol, first_seen, letter)


def clues_of(inst: Instance, sol) -> list[tuple]:
    """Every cell's value and what each line shows from each side."""
    return E.clues_of(inst, sol, first_seen)


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
_CODES = {ch: i + 1 for i, ch in enumerate(LETTERS)}
COUNT = Tokens(what="the last letter", expect="a letter", values=_CODES)
CELL = Tokens(what="a letter", expect="a letter, `x` (empty) or `.`",
              values={**_CODES, "x": BLANK})
CLUE = Tokens(what="a letter", expect="a letter or `.` (no clue)", values=_CODES)
FILLED = Tokens(what="a letter", expect="a letter or `.` (empty)", empty=(),
                values={".": BLANK, **_CODES}, aliases={"-": BLANK})
#: `size N`, `letters K` (the last letter), `top`/`bottom`/`left`/`right`
#: clue lines, a `grid` of givens; janko: `N N K` (K a letter), the four
#: clue lines (top, bottom, left, right), the grid; the solution `-` empty.
FORMAT = E.layout(NAME, "letters", COUNT, CELL, CLUE, FILLED)


# -- output ----------------------------------------------------------------------------------
def picture(inst: Instance, solution=None):
    return E.picture(inst, solution, letter)


def solution_json(inst: Instance, sol) -> list[str]:
    """Each row as a string of letters, `-` empty."""
    return ["".join(letter(v) for v in row) for row in sol]


def cells(inst: Instance, sol) -> dict[str, str]:
    return {f"r{r + 1}c{c + 1}": letter(v) for r, row in enumerate(sol) for c, v in enumerate(row)}


# -- puzz.link: pzprjs `easyasabc` (the letter count, the side clues, the givens) ----------------
def _from_puzzlink(b: PzBoard) -> Instance:
    k, (top, bottom, left, right), grid = b.value
    if b.rows != b.cols:
        raise b.where(f"an Easy as ABC board here is square, not {b.cols} x {b.rows}")
    try:
        return Instance(b.rows, k, grid, top, bottom, left, right)
    except CellError as exc:
        raise b.where(exc.message) from None


PUZZLINK = Codec(
    names=("easyasabc",),
    body=Seq(Count(), SideCells(), Skippable(Cells(Number16(low=1, question=False)))),
    build=_from_puzzlink,
    split=lambda inst: PzBoard(inst.size, inst.size, (
        inst.k, (inst.top, inst.bottom, inst.left, inst.right), inst.givens)))


GENRE = Genre(
    name=NAME, aliases=("ABCEndView", "easyasabc", "abc", "abc-end-view"),
    summary="letters A..k once per row and column, other cells empty; a letter outside is the"
            " first one seen from there",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=E.clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name,
                  blank=E.make_blank),
)
