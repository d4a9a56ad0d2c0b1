"""Chocona: the shaded areas are rectangles; a number counts its room's shaded cells.

Rules (janko.at Chocona, puz.link `chocona`): the board is divided into
rooms. Shade some cells so that every shaded area (orthogonally connected
group of shaded cells) is a rectangle. A number in a room says how many of
its cells are shaded.

Encoding (encodings/chocona.md): a :class:`satlink.rules.shading.Shading`;
no 2x2 block with exactly three shaded cells (:func:`rectangles`: four
clauses per block; the shaded areas are then rectangles); a count per
numbered room, behind its selector in selector mode. No global rule, so no
cuts.

The board is Heyawake's (rooms, a number per room at its first cell:
:mod:`satlink.puzzles.heyawake`). A solution is the frozenset of shaded
cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

import networkx as nx

from ..contract import Options
from ..formats.pzprjs_numbers import Number16
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..rules.grid import Grid
from ..rules.shading import Shading
from ._shading_genre import ShadingEncoding
from ._room_numbers import codec, count_rooms, layout, room_count_problems
from .heyawake import Instance, clues, clues_of, picture, with_clues

NAME = "chocona"


def decided(inst: Instance, s: Shading) -> set[int]:
    """The literals the numbers decide, in direct mode (encodings/chocona.md):
    a room numbered 0 is white, a room numbered with its size shaded (the
    rooms' counts state them as units)."""
    out = set()
    for cell, n in inst.numbers:
        room = inst.rooms[inst.room(cell)]
        if n == 0 or n == len(room):
            out.update(s.var[c] if n else -s.var[c] for c in room)
    return out


def rectangles(s: Shading, known: set[int] | frozenset[int] = frozenset()) -> None:
    """Every shaded area is a rectangle: no 2x2 block of cells has exactly
    three shaded (for each cell of a block, "the other three shaded" implies
    it shaded). A clause with a literal of ``known`` (true by the caller's
    unit clauses) holds already and is left out."""
    # the blocks of grid.squares() order from each row's variables, the four
    # clauses written out (a generic loop over the block's cells took twice as long)
    var, cols = s.var, s.grid.cols
    rows = [[var[(r, c)] for c in range(cols)] for r in range(s.grid.rows)]
    out = s.f.clauses
    # a clause can hold by ``known`` only where one of its block's cells is
    # decided: the test made once a block, not once a clause (it was a tenth of the encode)
    holds, touched = known.isdisjoint, {abs(x) for x in known}
    for above, below in zip(rows, rows[1:]):
        for a, b, d, e in zip(above, above[1:], below, below[1:]):
            four = ([-b, -d, -e, a], [-a, -d, -e, b], [-a, -b, -e, d], [-a, -b, -d, e])
            if touched and not touched.isdisjoint((a, b, d, e)):
                four = [cl for cl in four if holds(cl)]
            out += four


# -- the rules ---------------------------------------------------------------------------
class ChoconaEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        # the rooms a number fills or empties: their count's units satisfy some
        # of the rectangle clauses (direct numbers only: a selector may drop one)
        rectangles(s, decided(inst, s) if options.clues == "direct" else set())
        count_rooms(self, inst, s)  # a number counts its room's shaded cells


def encode(inst: Instance, f: Formula, options: Options = Options()) -> ChoconaEncoding:
    return ChoconaEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    problems += room_count_problems(inst, shaded)
    dark = nx.grid_2d_graph(inst.rows, inst.cols).subgraph(shaded)
    for area in nx.connected_components(dark):
        rows = {r for r, _ in area}
        cols = {c for _, c in area}
        if len(area) != (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1):
            problems.append(f"the shaded area at {Grid.name(min(area))} is not a rectangle")
    return problems


# -- text and puzz.link: Heyawake's board (`grid` of numbers, `regions`) -----------------------
FORMAT = layout(NAME)
PUZZLINK = codec("chocona", Number16(question=False, what="room number"))

GENRE = Genre(
    name=NAME, aliases=("Chocona",),
    summary="shade cells so that every shaded area is a rectangle; a number counts its room's"
            " shaded cells",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0])),
)
