"""Shimaguni (Islands): one island per room; islands of rooms side by side never touch and differ in size.

Rules (janko.at Shimaguni, puz.link `shimaguni`): the board is divided
into rooms. Shade some cells so that every room holds exactly one island
(an orthogonally connected group of shaded cells). Shaded cells of
different rooms never touch orthogonally. Islands in rooms that share a
border have different sizes. A number in a room is the size of its island.

Encoding (encodings/shimaguni.md): a :class:`satlink.rules.shading.Shading`;
a clause per pair of neighbours in different rooms; per room, a
:class:`~satlink.rules.shading.Shading` over its cells (the same variables)
whose shaded cells are :meth:`~satlink.rules.shading.Shading.connected`
(lazy separation cuts, or complete), and its size in unary
(:func:`satlink.rules.unary_sums.unary_sum`): at least one, the number's exact
value behind its selector, and per pair of rooms side by side a clause per
size saying they do not both have it.

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
from ..rules import counts
from ..rules.grid import Cell, Grid
from ..rules.shading import Shading
from ..rules.unary_sums import unary_sum
from ._shading_genre import ShadingEncoding
from .heyawake import Instance, clues, picture, with_clues
from ._room_numbers import codec, layout, rooms_side_by_side

NAME = "shimaguni"


# -- the rules ---------------------------------------------------------------------------
class ShimaguniEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell; ``self.islands``: a shading per room."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        f.extend([-s.var[a], -s.var[b]] for a, b in inst.grid.cell_edges()
                 if inst.room(a) != inst.room(b))  # islands of two rooms never touch
        self.islands = [Shading(f, inst.grid, room) for room in inst.rooms]
        size = []
        for i, island in enumerate(self.islands):  # one island per room
            island.connected(lazy=not options.complete)
            size.append(unary_sum(f, [[s.var[c]] for c in inst.rooms[i]], len(inst.rooms[i]),
                                  ("size", i)))
            f.add([size[i][0]])  # at least one cell
        for i, j in rooms_side_by_side(inst):  # side by side: sizes differ
            for k in range(1, min(len(size[i]), len(size[j])) + 1):
                f.add([-size[i][k - 1], -size[j][k - 1], *(size[x][k] for x in (i, j)
                                                            if k < len(size[x]))])
        for cell, n in inst.numbers:  # a number is its room's island size
            when = self.when((cell, n), "number", *cell)
            room = size[inst.room(cell)]
            with counts.guarded(f, when):
                f.extend([[room[n - 1]]] if n else [[]])
                if n < len(room):
                    f.add([-room[n]])

    def cuts(self, model) -> list[list[int]]:
        return [cut for island in self.islands for cut in island.cuts(model)]


def encode(inst: Instance, f: Formula, options: Options = Options()) -> ShimaguniEncoding:
    return ShimaguniEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    problems += [f"the islands at {Grid.name(a)} and {Grid.name(b)} touch"
                 for a, b in sorted(board.subgraph(shaded).edges) if inst.room(a) != inst.room(b)]
    size = []
    for room in inst.rooms:
        parts = list(nx.connected_components(board.subgraph(set(room) & set(shaded))))
        if len(parts) != 1:
            problems.append(f"the room at {Grid.name(room[0])} has {len(parts)} islands")
        size.append(sum(map(len, parts)))
    for cell, n in inst.numbers:
        if size[inst.room(cell)] != n:
            problems.append(f"the {n} at {Grid.name(cell)} has {size[inst.room(cell)]} shaded"
                            " cells in its room")
    for i, j in rooms_side_by_side(inst):
        if size[i] == size[j]:
            problems.append(f"the rooms at {Grid.name(inst.rooms[i][0])} and"
                            f" {Grid.name(inst.rooms[j][0])} touch and both have {size[i]}")
    return problems


# -- design: a number can go and the shading stays a solution -------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple[Cell, int]]:
    return [(room[0], sum(c in shaded for c in room)) for room in inst.rooms]


# -- text and puzz.link: Heyawake's board (`grid` of numbers, `regions`) -----------------------
FORMAT = layout(NAME)
PUZZLINK = codec("shimaguni", Number16(question=False, what="room number"))

GENRE = Genre(
    name=NAME, aliases=("Shimaguni", "islands"),
    summary="shade one island in every room; islands of different rooms never touch, and those"
            " of rooms side by side differ in size; a number is its room's island size",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0])),
)
