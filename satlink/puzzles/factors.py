"""Factors (Rooms of Factors, 因子の部屋): a Latin square whose rooms multiply
to their number.

Rules (janko, puzz.link): write a digit 1..n into every cell of the n x n
grid so that every row and column holds each digit exactly once; the
number in a room is the product of its digits (a digit may repeat in a
room, though not in a row or column).

This is KenKen with one operation: the board, encoding (a ``*`` cage per
numbered room, :mod:`satlink.rules.arithmetic`), verify and picture are
:mod:`satlink.puzzles.kenken`'s; here are the text, whose clues are bare
products, and puzz.link's `factors` (rooms, each number on its room's first
cell).
"""
from __future__ import annotations

from dataclasses import replace

from ..formats.cellgrid import Tokens, board
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_numbers import Number16
from ..formats.pzprjs_parts import RoomNumbers
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..rules.latin import named_regions
from . import kenken
from .kenken import Instance, make

NAME = "factors"


def clues_of(inst: Instance, sol) -> list[tuple[int, int, int, str]]:
    """Every room's product, where the board shows it (else on its first cell)."""
    out = []
    for cells, _ in inst.cage_list():
        at = next(((r, c) for r, c in cells if inst.clues[r][c] is not None), cells[0])
        product = 1
        for r, c in cells:
            product *= sol[r][c]
        out.append((*at, product, "*"))
    return out


def picture(inst: Instance, solution=None):
    """KenKen's picture, the products without their sign (as puzz.link draws them)."""
    pic = kenken.picture(inst, solution)
    return replace(pic, labels=tuple(replace(label, text=label.text.rstrip("×"))
                                     for label in pic.labels))


# -- .pzl and grid text --------------------------------------------------------------------
PRODUCTS = Tokens(what="a room's product", expect="a number or `.`",
                  parse=lambda t: (int(t), "*") if t.isdigit() and len(t) <= 12 else None,
                  show=lambda clue: str(clue[0]))

#: KenKen's layout: a `grid` of products, a `cages` block of room names.
FORMAT = kenken.layout(NAME, PRODUCTS)


# -- puzz.link: rooms, then a number per room on its first cell ---------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    regions, numbers = b.value
    rooms = list(named_regions(regions).values())
    at = {room[0]: (n, "*") for room, n in zip(rooms, numbers) if n is not None}
    return make(b.cols, board(b.rows, b.cols, at), regions)


def _to_puzzlink(inst: Instance) -> PzBoard:
    numbers = [clue[0] if clue is not None else None for _, clue in inst.cage_list()]
    regions = tuple(tuple(v - 1 for v in row) for row in inst.cages)
    return PzBoard(inst.size, inst.size, (regions, tuple(numbers)))


PUZZLINK = Codec(names=("factors",), body=RoomNumbers(Number16(question=False, what="product")),
                 build=_from_puzzlink, split=_to_puzzlink, square=True)

GENRE = Genre(
    name=NAME, aliases=("Factors", "roomsoffactors"),
    summary="Latin square whose rooms multiply to their number",
    instance=Instance, text=FORMAT, encode=kenken.encode, verify=kenken.verify,
    clues=kenken.clues, answer=VALUE_GRID,
    picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=kenken.with_clues, clue_name=kenken.clue_name),
)
