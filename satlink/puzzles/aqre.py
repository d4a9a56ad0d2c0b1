"""Aqre: shade cells of rooms; the shaded cells connected, no four in a line of one colour.

Rules (janko.at Aqre, puz.link `aqre`): the board is divided into rooms.
Shade some cells: a number in a room says how many of its cells are
shaded; the shaded cells are orthogonally connected; no row or column has
four shaded cells in a line, nor four white cells in a line.

Encoding (encodings/aqre.md): a :class:`satlink.rules.shading.Shading`; a
count per numbered room, behind its selector in selector mode; the shaded
cells :meth:`~satlink.rules.shading.Shading.connected` (lazy separation
cuts, or complete); :func:`satlink.rules.runs.at_most` three for each
colour (a clause per window of four). With direct numbers, the rooms
numbered 0 or full (:func:`decided`, units of their counts) leave out the
windows they satisfy, and the full rooms' cells need no witness in the cuts.

The board is Heyawake's (rooms, a number per room at its first cell:
:mod:`satlink.puzzles.heyawake` holds it). A solution is the frozenset of
shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

import itertools

import networkx as nx

from ..contract import Options
from ..formats.pzprjs_numbers import Number16
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..rules import runs
from ..rules.grid import Cell, Grid
from ..rules.shading import Shading
from ._shading_genre import ShadingEncoding
from ._room_numbers import codec, count_rooms, layout, room_count_problems
from .heyawake import Instance, clues, clues_of, picture, with_clues

NAME = "aqre"
LONGEST = 3  # the longest line of one colour


def decided(inst: Instance, s: Shading) -> tuple[list[Cell], set[int]]:
    """What the numbers decide (encodings/aqre.md): the cells of rooms
    numbered with their size (shaded), and the literals of those and of the
    rooms numbered 0 (white); the rooms' counts state them as units."""
    shaded: list[Cell] = []
    known: set[int] = set()
    for cell, n in inst.numbers:
        room = inst.rooms[inst.room(cell)]
        if n == len(room):
            shaded += room
            known.update(s.var[c] for c in room)
        elif n == 0:
            known.update(-s.var[c] for c in room)
    return shaded, known


# -- the rules ---------------------------------------------------------------------------
class AqreEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        count_rooms(self, inst, s)  # a number counts its room's shaded cells
        # direct numbers: rooms numbered 0 or full, decided by their counts' units
        shaded, known = decided(inst, s) if options.clues == "direct" else ((), set())
        # the shaded cells, one area (a decided cell's area needs no witness)
        s.connected(shaded=True, lazy=not options.complete, required=shaded)
        first = len(f.clauses)
        runs.at_most(s, LONGEST, shaded=True)  # no four shaded in a line
        runs.at_most(s, LONGEST, shaded=False)  # nor four white
        if known:  # a window with a literal the units make true holds already
            holds = known.isdisjoint
            f.clauses[first:] = [cl for cl in f.clauses[first:] if holds(cl)]


def encode(inst: Instance, f: Formula, options: Options = Options()) -> AqreEncoding:
    return AqreEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    problems += room_count_problems(inst, shaded)
    dark = nx.grid_2d_graph(inst.rows, inst.cols).subgraph(shaded)
    if dark.number_of_nodes() and not nx.is_connected(dark):
        problems.append("the shaded cells are not connected")
    for line in g.rows_of_cells() + g.cols_of_cells():
        for is_shaded, run in itertools.groupby(line, key=lambda c: c in shaded):
            run = list(run)
            if len(run) > LONGEST:
                colour = "shaded" if is_shaded else "white"
                problems.append(f"{len(run)} {colour} cells in a line from {Grid.name(run[0])}")
    return problems


# -- text and puzz.link: Heyawake's board (`grid` of numbers, `regions`) -----------------------
FORMAT = layout(NAME)
#: pzprjs `aqre` (its `b` flag, runs stopping at room borders too, is not read).
PUZZLINK = codec("aqre", Number16(question=False, what="room number"))

GENRE = Genre(
    name=NAME, aliases=("Aqre",),
    summary="shade cells, the shaded cells connected; a number counts its room's shaded cells;"
            " no four cells of one colour in a line",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0])),
)
