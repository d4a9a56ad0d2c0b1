"""Mejilink: one loop along the dotted lines; around every tile as many
dotted segments stay unused as the tile has cells.

Rules (puz.link / pzprjs ``mejilink``; Nikoli's Mejilink): the board's
cells are grouped into tiles; dotted lines run between the tiles (and
usually round the board). Draw one closed loop along the dotted lines,
never branching or crossing. For every tile, the dotted sides of its cells
that the loop does not use, counted once per cell side, are exactly as
many as the tile has cells (pzprjs ``checkDotLength``; a tile with a side
on the board's edge that is not dotted is exempt there, as in pzprjs).

Encoding (``encodings/mejilink.md``): a
:class:`satlink.rules.lattice_loop.LatticeLoop`, every edge that is not
dotted a negative unit, and per tile one exact count over its cells'
dotted sides. The dotted lines are the board: no design hooks.

A text cell adds up its dotted sides (8 top, 4 left, 2 bottom, 1 right),
as janko writes it and Grand Tour reads it. A solution is the frozenset of
loop edges, pairs of lattice points.
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..contract import Options
from ..formats.cellgrid import CellError, Janko, Layout, Tokens, board
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_loops4 import OuterBorders, border_count, border_edge
from ..formula import Formula
from ..genre import Genre
from ..render import Board, Edge as Stroke
from ..rules import counts
from ..rules.grid import Cell, Edge, Grid
from ..rules.lattice_loop import LatticeLoop
from ..rules.loops import loop_problems
from ._dot_grid import (BITS, LOOP, MAX_SIDE, EdgeLoopEncoding, cells, checked_edges, sides_of,
                        solution_json)

NAME = "mejilink"


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its dotted lattice edges, sorted."""

    rows: int
    cols: int
    dotted: tuple[Edge, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "dotted", checked_edges(self.rows, self.cols, self.dotted))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def tiles(self) -> list[list[Cell]]:
        """The cells joined across sides that are not dotted, in groups."""
        g = nx.Graph()
        g.add_nodes_from(self.grid.cells)
        dotted = set(self.dotted)
        for a, b in self.grid.cell_edges():
            if _between(a, b) not in dotted:
                g.add_edge(a, b)
        return sorted(sorted(t) for t in nx.connected_components(g))

    def counted(self, tile: list[Cell]) -> list[Edge] | None:
        """The dotted sides of the tile's cells, once per cell side (a side
        between two of its cells twice); None when a side on the board's edge
        is not dotted (no count there)."""
        dotted, out = set(self.dotted), []
        for cell in tile:
            for side, e in sides_of(cell).items():
                if e in dotted:
                    out.append(e)
                elif self.grid.step(cell, _DIRECTION[side]) is None:
                    return None
        return out


def _between(a: Cell, b: Cell) -> Edge:
    """The lattice edge between two neighbouring cells."""
    (r, c), (r2, c2) = sorted((a, b))
    return ((r, c + 1), (r + 1, c + 1)) if r == r2 else ((r + 1, c), (r + 1, c + 1))


_DIRECTION = {"top": "n", "bottom": "s", "left": "w", "right": "e"}


class MejilinkEncoding(EdgeLoopEncoding):
    """The loop (``self.loop``) on the dotted edges and a count per tile."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.loop = loop = LatticeLoop(inst.grid, f, complete=options.complete)
        dotted = set(inst.dotted)
        f.extend([-x] for e, x in loop.edges.items() if e not in dotted)
        for tile in inst.tiles():
            sides = inst.counted(tile)
            if sides is None:
                continue
            lits = []
            for e in sides:  # a side counted twice: a copy of its variable the second time
                x = loop.edges[e]
                if x in lits:
                    x = f.var("twice", *e)
                    f.extend(([-x, loop.edges[e]], [x, -loop.edges[e]]))
                lits.append(x)
            counts.exactly(f, lits, len(sides) - len(tile))
        f.declare_answer(loop.ex)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    points = Grid(inst.rows + 1, inst.cols + 1)
    problems = loop_problems(points, sol, name=lambda p: f"point ({p[0]}, {p[1]})")
    dotted = set(inst.dotted)
    problems += [f"the loop runs along {a}-{b}, which is not dotted" for a, b in sorted(sol)
                 if (a, b) not in dotted]
    for tile in inst.tiles():
        sides = inst.counted(tile)
        unused = None if sides is None else sum(1 for e in sides if e not in sol)
        if unused is not None and unused != len(tile):
            problems.append(f"the tile of {Grid.name(tile[0])} ({len(tile)} cells) has"
                            f" {unused} unused dotted sides")
    return problems


# -- text: a number per cell adds up its dotted sides ----------------------------------------
SIDES = Tokens(what="a cell's dotted sides",
               expect="a number 0-15 (8 top, 4 left, 2 bottom, 1 right)", empty=(),
               numbers=(0, 15), why="a cell has four sides (8 + 4 + 2 + 1)")


def _build(rows: int, cols: int, grid) -> Instance:
    dotted: dict[Edge, bool] = {}
    for r, row in enumerate(grid):
        for c, n in enumerate(row):
            for side, e in sides_of((r, c)).items():
                has = bool(n & BITS[side])
                if dotted.setdefault(e, has) != has:
                    raise CellError(f"the {side} side of r{r + 1}c{c + 1} is"
                                    f"{'' if has else ' not'} dotted, its neighbour's is"
                                    f"{' not' if has else ''}", (r, c))
    return Instance(rows, cols, tuple(e for e, has in dotted.items() if has))


def _split(inst: Instance):
    dotted = set(inst.dotted)
    return inst.rows, inst.cols, board(inst.rows, inst.cols, {
        cell: sum(BITS[side] for side, e in sides_of(cell).items() if e in dotted)
        for cell in inst.grid.cells})


#: `size C x R`, a `grid` of dotted-side numbers, an optional `solution` of
#: inside cells (as Slitherlink's); janko: `ROWS COLS`, the numbers.
FORMAT = Layout(NAME, MAX_SIDE, {"grid": SIDES}, build=_build, split=_split,
                solution=LOOP, janko=Janko(SIDES, trailing=True))


# -- puzz.link: pzprjs `mejilink`, a bit per border (1: not dotted) ---------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    return Instance(b.rows, b.cols, tuple(border_edge(i, b.rows, b.cols)
                                          for i, ground in enumerate(b.value) if not ground))


def _to_puzzlink(inst: Instance) -> PzBoard:
    dotted = set(inst.dotted)
    n = border_count(inst.rows, inst.cols)[1]
    return PzBoard(inst.rows, inst.cols, tuple(border_edge(i, inst.rows, inst.cols) not in dotted
                                               for i in range(n)))


PUZZLINK = Codec(names=("mejilink",), body=OuterBorders(), build=_from_puzzlink,
                 split=_to_puzzlink)


def picture(inst: Instance, solution=None) -> Board:
    """Lattice dots, the dotted lines as the tiles' borders; when solved the
    loop on them, the unused ones left as borders."""
    loop = set(solution or ())
    return Board(inst.rows, inst.cols, grid="dots",
                 edges=[Stroke(a, b, "loop" if (a, b) in loop else "border")
                        for a, b in inst.dotted])


GENRE = Genre(
    name=NAME, aliases=("Mejilink",),
    summary="one loop along the dotted lines; around every tile as many dotted sides stay"
            " unused as it has cells",
    instance=Instance, text=FORMAT, encode=MejilinkEncoding, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
)
