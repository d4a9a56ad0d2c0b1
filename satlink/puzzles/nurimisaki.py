"""Nurimisaki: the white cells connected, no 2x2 of one colour; the circles are exactly the dead ends.

Rules (janko.at Nurimisaki, puz.link `nurimisaki`): shade some cells. The
white cells are orthogonally connected. No 2x2 block is all shaded or all
white. Every circle is a white cell with exactly one white neighbour (a
cape), and every white cell with exactly one white neighbour has a circle.
A number in a circle counts the white cells it sees along its row and
column up to a shaded cell or the edge, itself included (that is, the
length of its cape's line); `?` is a circle without a number.

Encoding (encodings/nurimisaki.md): a :class:`satlink.rules.shading.Shading`;
:meth:`~satlink.rules.shading.Shading.no_square` for both colours; the white
cells :meth:`~satlink.rules.shading.Shading.connected` (lazy separation cuts,
or complete); per cell, the cape rule as clauses over its neighbours; each
number a :meth:`satlink.rules.sight.Sight.count` behind its selector in
selector mode. The circles are the board (a cape without one breaks the
rules), their numbers the removable clues.

The board is Kuromasu's (:mod:`satlink.puzzles._seen_board`); a solution is
the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

import networkx as nx

from ..contract import Options
from ..formats.cellgrid import Janko
from ..formats.pzprjs_numbers import Number16
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Circle, Shade
from ..rules.grid import Cell, Grid
from ..rules.shading import Shading
from ..rules.sight import Sight
from ._shading_genre import ShadingEncoding
from ._seen_board import HIDDEN, NUMBERS, Instance, codec, layout, seen

NAME = "nurimisaki"


# -- the rules ---------------------------------------------------------------------------
class NurimisakiEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        for shaded in (True, False):
            s.no_square(shaded=shaded)  # no 2x2 block of one colour
        s.connected(shaded=False, lazy=not options.complete)  # the white cells, one area
        circles = dict(inst.numbers)
        for c in inst.grid.cells:
            white = [s.lit(n, shaded=False) for n in inst.grid.neighbours(c)]
            if c in circles:  # a circle: white, exactly one white neighbour
                f.add([s.lit(c, shaded=False)])
                f.add(white)
                f.at_most_one(white)
            else:  # a white cell without one: not exactly one white neighbour
                for i, w in enumerate(white):
                    f.add([-s.lit(c, shaded=False), -w, *white[:i], *white[i + 1:]])
        sight = Sight(f, inst.grid, passes=lambda c: s.lit(c, shaded=False), tag="white.sight")
        for cell, n in inst.numbers:
            if n != HIDDEN:  # it sees n white cells, itself included
                when = self.when((cell, n), "number", *cell)
                sight.count(cell, n, itself=True, when=when)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> NurimisakiEncoding:
    return NurimisakiEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return [(c, n) for c, n in inst.numbers if n != HIDDEN]


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    white = set(g.cells) - set(shaded)
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    if white and not nx.is_connected(board.subgraph(white)):
        problems.append("the white cells are not connected")
    for name, part in (("shaded", set(shaded)), ("white", white)):
        problems += [f"the 2x2 block at {Grid.name(sq[0])} is all {name}"
                     for sq in g.squares() if set(sq) <= part]
    circles = dict(inst.numbers)
    for c in g.cells:
        cape = c in white and sum(n in white for n in board[c]) == 1
        if c in circles and not cape:
            problems.append(f"the circle at {Grid.name(c)} is not a white dead end")
        elif cape and c not in circles:
            problems.append(f"the dead end at {Grid.name(c)} has no circle")
        elif c in circles and circles[c] != HIDDEN and seen(inst, shaded, c) != circles[c]:
            problems.append(f"the {circles[c]} at {Grid.name(c)} sees {seen(inst, shaded, c)}"
                            " cells")
    return problems


# -- design: a circle's number can go (the circle stays) ------------------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple[Cell, int]]:
    return [(c, seen(inst, shaded, c)) for c, _ in inst.numbers]


def with_clues(inst: Instance, numbers) -> Instance:
    given_ = dict(numbers)
    return Instance(inst.rows, inst.cols, tuple((c, given_.get(c, HIDDEN)) for c, _ in inst.numbers))


# -- text, output, puzz.link ---------------------------------------------------------------------
FORMAT = layout(NAME, Janko(NUMBERS, trailing=True))


def picture(inst: Instance, solution=None) -> Board:
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 circles=[Circle(c, "white", "" if n == HIDDEN else str(n))
                          for c, n in inst.numbers])


#: pzprjs `nurimisaki`: Number16 (`.`: a circle without a number).
PUZZLINK = codec("nurimisaki", Number16())

GENRE = Genre(
    name=NAME, aliases=("Nurimisaki",),
    summary="shade cells: the white cells connected, no 2x2 block of one colour; the circles"
            " are exactly the white dead ends, a number the length of its line of sight",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0])),
)
