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
:class:`satlink.rules.lattice_loop.LatticeLoop` on the dotted edges only
(``only``: the others get no variable), and per tile one exact count over
its cells' dotted sides (by subsets where that takes few clauses). The dotted lines are the board: no design hooks.

A text cell adds up its dotted sides (8 top, 4 left, 2 bottom, 1 right),
as janko writes it and Grand Tour reads it. A solution is the frozenset of
loop edges, pairs of lattice points.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import comb

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
from ..rules.side_counts import exactly_small
from ..rules.loop_checks import loop_problems
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
        """The cells joined across sides that are not dotted, in groups
        (each sorted, the groups in the order of their first cell)."""
        return [list(tile) for tile, _ in self.tile_sides]

    @cached_property
    def tile_sides(self) -> tuple[tuple[tuple[Cell, ...], tuple[Edge, ...] | None], ...]:
        """Each tile (as :meth:`tiles`) with its dotted sides, once per cell
        side (a side between two of its cells twice); None when a side on the
        board's edge is not dotted (no count there). A flood fill over the
        cells by hand (not networkx's components): it runs in every encode
        and verify, a third of Mejilink's encode on the dev board; kept on
        the instance, which both read)."""
        rows, cols, dotted = self.rows, self.cols, set(self.dotted)
        seen: set[Cell] = set()
        out = []
        for start in self.grid.cells:
            if start in seen:
                continue
            seen.add(start)
            tile, sides, edge = [start], [], False
            for cell in tile:  # grows while it runs
                r, c = cell
                for e, n in ((((r, c), (r, c + 1)), (r - 1, c)),
                             (((r, c), (r + 1, c)), (r, c - 1)),
                             (((r + 1, c), (r + 1, c + 1)), (r + 1, c)),
                             (((r, c + 1), (r + 1, c + 1)), (r, c + 1))):
                    if e in dotted:
                        sides.append(e)
                    elif not (0 <= n[0] < rows and 0 <= n[1] < cols):
                        edge = True  # a side on the board's edge, not dotted
                    elif n not in seen:
                        seen.add(n)
                        tile.append(n)
            out.append((tuple(sorted(tile)), None if edge else tuple(sides)))
        return tuple(out)


#: the most clauses of a tile's count written out by subsets
#: (:func:`~satlink.rules.side_counts.exactly_small`)
SMALL = 30


class MejilinkEncoding(EdgeLoopEncoding):
    """The loop (``self.loop``) on the dotted edges and a count per tile."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.loop = loop = LatticeLoop(inst.grid, f, complete=options.complete,
                                       only=set(inst.dotted))  # on the dotted lines only
        for tile, sides in inst.tile_sides:
            if sides is None:
                continue
            k = len(sides) - len(tile)  # the used sides
            lits = [loop.edges[e] for e in sides]
            if comb(len(lits), k + 1) + comb(len(lits), len(lits) - k + 1) <= SMALL:
                exactly_small(f, lits, k)
                continue
            for i, e in enumerate(sides):  # a side counted twice: a copy the second time
                x = lits[i]
                if x in lits[:i]:
                    lits[i] = y = f.var("twice", *e)
                    f.extend(([-y, x], [y, -x]))
            counts.exactly(f, lits, k)
        f.declare_answer(loop.ex)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    points = Grid(inst.rows + 1, inst.cols + 1)
    problems = loop_problems(points, sol, name=lambda p: f"point ({p[0]}, {p[1]})")
    dotted = set(inst.dotted)
    problems += [f"the loop runs along {a}-{b}, which is not dotted" for a, b in sorted(sol)
                 if (a, b) not in dotted]
    for tile, sides in inst.tile_sides:
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
