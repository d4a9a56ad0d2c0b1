"""Tripletts: a circle, square or triangle in every cell; each region of three
all alike or all different; neighbours across a region border differ.

Rules (janko.at "Tripletts"; no puzz.link genre): the board is divided into
regions of three cells. Draw a circle, a square or a triangle into every
cell so that each region holds three equal symbols or three different ones,
and two orthogonally adjacent cells of different regions never hold the
same symbol. Some symbols are given (janko writes them `c` `s` `t`, older
puzzles `1` `2` `3` in that order). Every one of the 38 published solutions
of the dev slice obeys exactly this, and each dev board has exactly one.

Encoding (encodings/tripletts.md): :class:`satlink.rules.numbers.Numbers`
over 1 (circle), 2 (square), 3 (triangle); per region and symbol x, for
each pair of its cells "both x -> the third x" (no region holds a symbol
exactly twice, which for three cells and three symbols is the rule); per
pair of neighbours across a border, :meth:`~satlink.rules.numbers.Numbers.
relation` "differ"; the givens, behind their selectors.

A solution is the grid of symbols 1..3, a tuple of row tuples.
"""
from __future__ import annotations

import itertools

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Label
from ..render.board import region_borders
from ..rules.grid import Cell, Grid
from ..rules.numbers import Numbers
from ._digit_rooms import REGIONS, Instance, _split, make as digit_rooms, orthogonal_pairs
from ._givens import clue_name, clues, clues_of, decoded, filled, with_clues

NAME = "tripletts"
CIRCLE, SQUARE, TRIANGLE = 1, 2, 3
SYMBOLS = (CIRCLE, SQUARE, TRIANGLE)
GLYPH = {CIRCLE: "○", SQUARE: "□", TRIANGLE: "△"}


def make(rows: int, cols: int, givens, regions) -> Instance:
    """Build and validate: regions connected (any names) of three cells each."""
    inst = digit_rooms(rows, cols, givens, regions)  # also: a given within 1..3
    for room in inst.room_cells:
        if len(room) != 3:
            raise CellError(f"the region of {Grid.name(room[0])} has {len(room)} cells;"
                            " Tripletts regions have three", room[0], "regions")
    return inst


def across_borders(inst: Instance) -> list[tuple[Cell, Cell]]:
    """The orthogonal neighbours that lie in different regions."""
    return [(a, b) for a, b in orthogonal_pairs(inst) if not inst.same_region(a, b)]


# -- the rules ---------------------------------------------------------------------------
class TriplettsEncoding(Encoding):
    """``self.symbols``: a one-hot symbol per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.symbols = n = Numbers(f, inst.grid.cells, SYMBOLS, tag="symbol")
        f.declare_answer(n.answer(), one_hot=True)
        for room, x in itertools.product(inst.room_cells, SYMBOLS):  # never exactly two alike
            for (p, q), r in ((pair, next(c for c in room if c not in pair))
                              for pair in itertools.combinations(room, 2)):
                f.add([-n.val(p, x), -n.val(q, x), n.val(r, x)])
        for a, b in across_borders(inst):  # neighbours across a border differ
            n.relation(a, b, lambda u, v: u != v)
        for r, c, v in clues(inst):
            when = self.when((r, c, v), "given", r, c)
            n.given((r, c), v, when=when)

    def decode(self, model):
        return decoded(self.instance, lambda cell: self.symbols.value(model, cell))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> TriplettsEncoding:
    return TriplettsEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid (empty when solved)."""
    problems, values = filled(inst, sol, SYMBOLS)
    if not values or problems and "not one of" in problems[0]:
        return problems
    for room in inst.room_cells:
        if len({values[c] for c in room}) == 2:
            problems.append(f"the region of {Grid.name(room[0])} holds two alike and one"
                            " different")
    problems += [f"{Grid.name(a)} and {Grid.name(b)} lie in different regions and hold the"
                 f" same symbol" for a, b in across_borders(inst) if values[a] == values[b]]
    return problems


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
SYMBOL = {"c": CIRCLE, "s": SQUARE, "t": TRIANGLE}
OLD = {"1": CIRCLE, "2": SQUARE, "3": TRIANGLE}  # janko's older puzzles
GIVENS = Tokens(what="a symbol", expect="`c`, `s`, `t` (or `1`-`3`) or `.`", values=SYMBOL,
                aliases=OLD)
FILLED = Tokens(what="a symbol", expect="`c`, `s` or `t`", empty=(), values=SYMBOL, aliases=OLD)
#: `size C x R`, a `grid` of given symbols, a `regions` block, a `solution`
#: of symbols; janko: `R C`, the givens (`-` blank), the regions.
FORMAT = Layout(
    NAME, 100, {"grid": GIVENS, "regions": REGIONS}, build=make, split=_split,
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko((GIVENS, REGIONS), solution=FILLED))


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The regions' borders, the given symbols, and the solved ones."""
    shown = {cell: (v, True) for cell, v in given(inst.givens)}
    if solution is not None:
        for cell in inst.grid.cells:
            shown.setdefault(cell, (solution[cell[0]][cell[1]], False))
    return Board(inst.rows, inst.cols,
                 labels=[Label(c, GLYPH.get(v, str(v)), given=g) for c, (v, g) in shown.items()],
                 edges=region_borders(inst.rows, inst.cols,
                                      lambda cell: inst.regions[cell[0]][cell[1]]))


GENRE = Genre(
    name=NAME, aliases=("Tripletts", "triplets"),
    summary="a circle, square or triangle in every cell; each region of three holds three"
            " alike or three different; neighbours in different regions differ",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
