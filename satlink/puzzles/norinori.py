"""Norinori: shade two cells in each region, in dominoes.

Rules (janko.at, puzz.link): shade exactly two cells in each region; every
shaded cell is orthogonally adjacent to exactly one other shaded cell, so
the shaded cells form dominoes, which may cross region borders. A given
shaded cell (janko's `x`) must stay shaded; janko boards may black out
cells (`@`): they lie in no region and are never shaded.

Encoding (encodings/shapes.md, Norinori): a variable per cell; exactly two
per region; :func:`~satlink.rules.dominoes.dominoes` (every shaded cell
has exactly one shaded neighbour); each given cell shaded, behind its
selector in selector mode. No lazy rule.

A solution is the frozenset of shaded cells ``(r, c)``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import networkx as nx

from ..contract import Options
from ..errors import InputError
from ..formats.cellgrid import REGIONS, CellError, Janko, Layout, Tokens, board, given, region_grid
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_parts import Regions
from ..formats.pzprjs_stream import Unfit
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Shade
from ..render.board import region_borders
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.dominoes import dominoes
from ..rules.region_pieces import region_lists
from ..rules.shading import Shading
from ._shaded_text import SHADED_CELLS
from ._shading_genre import ShadingEncoding

NAME = "norinori"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board: ``regions[r][c]`` the cell's region,
    numbered 0, 1, ... in reading order (None: a black cell; any names are
    renumbered so, a region must be connected), and the given shaded cells,
    sorted."""

    rows: int
    cols: int
    regions: tuple[tuple[int | None, ...], ...]
    givens: tuple[Cell, ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, self.givens, "given shaded cell")
        if len(self.regions) != self.rows or any(len(r) != self.cols for r in self.regions):
            raise ValueError(f"regions must be {self.rows} rows of {self.cols} cells")
        object.__setattr__(self, "regions", region_grid(self.regions))
        object.__setattr__(self, "givens", tuple(sorted(self.givens)))
        for r, c in self.givens:
            if self.regions[r][c] is None:
                raise CellError(f"r{r + 1}c{c + 1} is given shaded but is a black cell",
                                (r, c), "grid")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def region_cells(self) -> list[list[Cell]]:
        """The cells of each region, in reading order."""
        return region_lists(self.regions)


# -- the rules ---------------------------------------------------------------------------
class NorinoriEncoding(ShadingEncoding):
    """A shading variable per cell of a region (``self.shading``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g = inst.grid
        inside = sorted(c for region in inst.region_cells for c in region)
        self.shading = s = Shading(f, g, inside)
        for region in inst.region_cells:
            counts.exactly(f, [s.var[c] for c in region], 2)
        dominoes(f, g, s.var, inside)
        for cell in inst.givens:
            when = self.when(cell, "given", *cell)
            with counts.guarded(f, when):
                f.add([s.var[cell]])
        f.declare_answer([s.var[c] for c in inside])


def encode(inst: Instance, f: Formula, options: Options = Options()) -> NorinoriEncoding:
    return NorinoriEncoding(inst, f, options)


def clues(inst: Instance) -> list[Cell]:
    """The given shaded cells."""
    return list(inst.givens)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is shaded but lies in no region" for c in sorted(shaded)
                if not g.inside(c) or inst.regions[c[0]][c[1]] is None]
    problems += [f"{Grid.name(c)} is given shaded but is not" for c in inst.givens
                 if c not in shaded]
    for cells in inst.region_cells:
        n = sum(c in shaded for c in cells)
        if n != 2:
            problems.append(f"the region at {Grid.name(cells[0])} has {n} shaded cells, not 2")
    on = nx.Graph()
    on.add_nodes_from(c for c in shaded if g.inside(c))
    on.add_edges_from((a, b) for a in on for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
                      if b in on)
    for part in nx.connected_components(on):
        if len(part) != 2:
            problems.append(f"the shaded cells at {Grid.name(min(part))} form a group of"
                            f" {len(part)}, not a domino")
    return problems


# -- design: a given shaded cell can go and the shading stays a solution --------------------
def clues_of(inst: Instance, shaded) -> list[Cell]:
    return sorted(shaded)


def with_clues(inst: Instance, givens) -> Instance:
    return Instance(inst.rows, inst.cols, inst.regions, tuple(givens))


def blank(rows: int, cols: int, params: dict) -> Instance:
    """A board of 2 x 2 boxes as regions (an odd last row or column joins the
    boxes beside it), no given cell: ``generate`` then gives shaded cells
    until the solution is unique."""
    if cols < 2 or rows < 2:
        raise InputError(f"a Norinori board needs at least 2 x 2 cells, not {cols} x {rows}")
    across = cols // 2
    return Instance(rows, cols, tuple(
        tuple(min(r // 2, rows // 2 - 1) * across + min(c // 2, across - 1)
              for c in range(cols)) for r in range(rows)))


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
#: A cell of the `grid` block: `x` given shaded, `.` (janko `-`) not.
GIVEN = Tokens(expect="`x` (a given shaded cell) or `.`", values={"x": True})
#: A solution cell: `x` shaded, `.` or `-` not.

#: `size C x R`, a `grid` block of given shaded cells, a `regions` block (a
#: name per cell, `@` a black cell), an optional `solution`; janko: `ROWS
#: COLS`, the givens, the regions.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": GIVEN, "regions": REGIONS},
    build=lambda rows, cols, grid, regions: Instance(rows, cols, regions,
                                                     tuple(c for c, _ in given(grid))),
    split=lambda inst: (inst.rows, inst.cols,
                        board(inst.rows, inst.cols, dict.fromkeys(inst.givens, True)),
                        inst.regions),
    solution=SHADED_CELLS,
    janko=Janko((GIVEN, REGIONS)),
)


# -- output ------------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The region borders, black cells blacked out; the given shaded cells
    (gray until solved), the shading when solved."""
    black = [Shade(c, "void") for c in inst.grid.cells if inst.regions[c[0]][c[1]] is None]
    shaded = sorted(solution) if solution is not None else []
    return Board(inst.rows, inst.cols,
                 shades=black + [Shade(c, "gray") for c in inst.givens if c not in shaded]
                 + [Shade(c, "black") for c in shaded],
                 edges=region_borders(inst.rows, inst.cols, lambda c: inst.regions[c[0]][c[1]]))


# -- puzz.link ---------------------------------------------------------------------------------
def _to_puzzlink(inst: Instance) -> PzBoard:
    if inst.givens:
        raise Unfit("puzz.link's Norinori has no given shaded cells")
    return PzBoard(inst.rows, inst.cols, inst.regions)


#: pzprjs `norinori`: the region borders.
PUZZLINK = Codec(names=("norinori",), body=Regions(),
                 build=lambda b: Instance(b.rows, b.cols, b.value), split=_to_puzzlink)


GENRE = Genre(
    name=NAME, aliases=("Norinori",),
    summary="shade two cells in each region; the shaded cells form dominoes",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=Grid.name, blank=blank),
)
