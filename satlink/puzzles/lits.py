"""LITS: shade one tetromino in each region.

Rules (janko.at, puzz.link): shade exactly four orthogonally connected
cells in each region (a tetromino); two congruent tetrominoes (rotations
and reflections count as the same) in adjacent regions never share an
edge; all shaded cells are connected; no 2 x 2 block is fully shaded.
Janko boards may black out cells (`@`): they lie in no region and are
never shaded.

Encoding (encodings/shapes.md, LITS): a variable per placement of an L, I, T or S
tetromino inside a region (the O is a 2 x 2 block), exactly one per region
(:func:`~satlink.rules.region_pieces.one_per_region`); congruent ones apart
across region borders (:func:`~satlink.rules.region_pieces.congruent_apart`); no shaded 2 x 2 across regions (inside one it is no
tetromino of these); the shaded cells connected over
the graph of regions, lazily or, with ``Options.complete``, eagerly.

A solution is the frozenset of shaded cells ``(r, c)``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import networkx as nx

from ..contract import Options
from ..formats.cellgrid import REGIONS, Answer, Janko, Layout, Tokens, board, given, region_grid
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_parts import Regions
from ..formula import Formula
from ..genre import Genre
from ..genre_answers import CELL_SET
from ..render import Board, Shade
from ..render.board import region_borders
from ..rules.grid import Cell, Grid, check_board
from ..rules.placements import pieces
from ..rules.region_pieces import (RegionsConnected, congruent_apart, edges_between_regions,
                                    one_per_region, region_lists)
from ..rules.shading import Shading
from ..rules.shapes import TETROMINOES, canonical, letter
from ._shading_genre import ShadingEncoding

NAME = "lits"
MAX_SIDE = 100
#: The tetrominoes a region may hold: the O is a shaded 2 x 2 block.
LITS_PIECES = tuple(pieces({x: TETROMINOES[x] for x in "LIST"}))


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board; ``regions[r][c]`` the cell's region,
    numbered 0, 1, ... in reading order (None: a black cell). Any region
    names are renumbered so; a region must be connected (CellError)."""

    rows: int
    cols: int
    regions: tuple[tuple[int | None, ...], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "cell")
        if len(self.regions) != self.rows or any(len(r) != self.cols for r in self.regions):
            raise ValueError(f"regions must be {self.rows} rows of {self.cols} cells")
        object.__setattr__(self, "regions", region_grid(self.regions))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def region_cells(self) -> list[list[Cell]]:
        """The cells of each region, in reading order."""
        return region_lists(self.regions)


# -- the rules ---------------------------------------------------------------------------
class LitsEncoding(ShadingEncoding):
    """Cells (``self.shading``), tetromino placements (``self.tetrominoes``)
    and the connectivity rule (``self.connected``). The answer variables are
    the placements, exactly one per region."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g, regions, region = inst.grid, inst.region_cells, inst.regions
        # the region cells in reading order (sorted)
        self.shading = Shading(f, g, [(r, c) for r, row in enumerate(region)
                                      for c, i in enumerate(row) if i is not None])
        self.tetrominoes = one_per_region(f, g, regions, LITS_PIECES, self.shading.var,
                                          tag="tetromino")
        between = edges_between_regions(g, regions)
        congruent_apart(f, self.tetrominoes, regions, self.shading.var, between,
                        tag="tetromino")
        # no shaded 2 x 2: a block inside one region never is (its shaded
        # cells are an L, I, T or S), so only blocks across regions get a
        # clause; by rows of region numbers and of variables (g.squares() order)
        get, add = self.shading.var.get, f.clauses.append
        lits = [[get((r, c)) for c in range(inst.cols)] for r in range(inst.rows)]
        for up, down, xu, xd in zip(region, region[1:], lits, lits[1:]):
            for nw, ne, sw, se, a, b, d, e in zip(up, up[1:], down, down[1:],
                                                  xu, xu[1:], xd, xd[1:]):
                if None not in (nw, ne, sw, se) and not nw == ne == sw == se:
                    add([-a, -b, -d, -e])
        self.connected = RegionsConnected(f, g, regions, self.shading.var,
                                          lazy=not options.complete, between=between)
        f.declare_answer(self.tetrominoes.variables, one_hot=True)

    def cuts(self, model) -> list[list[int]]:
        return self.connected.cuts(model)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> LitsEncoding:
    return LitsEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is shaded but lies in no region" for c in sorted(shaded)
                if not g.inside(c) or inst.regions[c[0]][c[1]] is None]
    on = nx.Graph()  # the shaded cells, joined where orthogonal neighbours
    on.add_nodes_from(c for c in shaded if g.inside(c))
    on.add_edges_from((a, b) for a in on for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
                      if b in on)
    tetromino = set()  # regions whose shaded cells are a tetromino
    for i, cells in enumerate(inst.region_cells):
        held = [c for c in cells if c in on]
        if len(held) != 4:
            problems.append(f"the region at {Grid.name(cells[0])} has {len(held)} shaded"
                            " cells, not 4")
        elif not nx.is_connected(on.subgraph(held)):
            problems.append(f"the shaded cells of the region at {Grid.name(cells[0])} are"
                            " not connected")
        else:
            tetromino.add(i)
    problems += [f"the 2 x 2 block at {Grid.name(sq[0])} is all shaded" for sq in g.squares()
                 if all(c in on for c in sq)]
    if len(on) and not nx.is_connected(on):
        problems.append("the shaded cells are not connected")
    shape: dict[int, tuple] = {}  # region -> the free shape of its tetromino
    for a, b in on.edges:
        i, j = inst.regions[a[0]][a[1]], inst.regions[b[0]][b[1]]
        if i != j and i in tetromino and j in tetromino:
            for k in (i, j):
                if k not in shape:
                    shape[k] = canonical(c for c in inst.region_cells[k] if c in on)
            if shape[i] == shape[j]:
                problems.append(f"two {letter(shape[i])} tetrominoes share the edge"
                                f" {Grid.name(min(a, b))}-{Grid.name(max(a, b))}")
    return problems


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
#: A solution cell: `x` shaded (janko writes its tetromino's letter), `.` or `-` not.
SHADED = Tokens(expect="`x` or L, I, T, S (shaded), `.` or `-`", values={"x": True},
                aliases=dict.fromkeys("lits", True))


def _solution(grid) -> frozenset[Cell]:
    return frozenset(c for c, _ in given(grid))


#: `size C x R`, a `regions` block (a name per cell, `@` a black cell), an
#: optional `solution` (`x` shaded, `.`); janko: `ROWS COLS`, the regions.
FORMAT = Layout(
    NAME, MAX_SIDE, {"regions": REGIONS}, build=Instance,
    split=lambda inst: (inst.rows, inst.cols, inst.regions),
    solution=Answer(SHADED, read=_solution,
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko(REGIONS),
)


# -- output ------------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The region borders, black cells blacked out, the shading when solved."""
    black = [Shade(c, "void") for c in inst.grid.cells if inst.regions[c[0]][c[1]] is None]
    return Board(inst.rows, inst.cols,
                 shades=black + [Shade(c, "black") for c in sorted(solution or ())],
                 edges=region_borders(inst.rows, inst.cols, lambda c: inst.regions[c[0]][c[1]]))


# -- puzz.link ---------------------------------------------------------------------------------
#: pzprjs `lits`: the region borders (no black cells: an instance with one is Unfit).
PUZZLINK = Codec(names=("lits",), body=Regions(),
                 build=lambda b: Instance(b.rows, b.cols, b.value),
                 split=lambda inst: PzBoard(inst.rows, inst.cols, inst.regions))


GENRE = Genre(
    name=NAME, aliases=("LITS", "nuruomino"),
    summary="shade an L, I, T or S tetromino in each region: all connected, no 2 x 2,"
            " equal ones apart",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
)
