"""Cocktail Lamp (Cocktail-Lampe): shaded blocks per region, all joined at corners.

Rules (janko.at "Cocktail-Lampe", pzprjs `cocktail`: its checks `cbShade`,
`cs2x2`, `bkShadeDivide`, `bkShadeNe`, `csDivide`): shade some cells. The
shaded cells of a region form one orthogonally connected block; a region's
number is how many of its cells are shaded. Shaded cells of different
regions never share a side. No 2 x 2 square is all shaded. All shaded
cells together are connected through sides and corners.

Encoding (encodings/cocktaillamp.md): a
:class:`satlink.rules.shading.Shading`; a count per numbered region (behind
its selector); binary clauses across region borders;
:meth:`~satlink.rules.shading.Shading.no_square`; per region, the region's
shaded cells connected, and over the whole board the shaded cells
connected through sides and corners: each a
:class:`satlink.rules.vertex_cuts.ConnectedCells` (``diagonal`` for the
board's), lazily by vertex cuts on the cells, complete over link variables
(:meth:`~satlink.rules.vertex_cuts.ConnectedCells.encode_complete`).

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..contract import Options
from ..formats.cellgrid import REGIONS, CellError, Janko, Layout, Tokens, board, given, \
    region_grid
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_parts import RoomNumbers
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Label, Shade, region_borders
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_pieces import region_lists
from ..rules.region_shapes import is_connected
from ..rules.shading import Shading
from ..rules.vertex_cuts import ConnectedCells
from ._shaded_text import SHADED_CELLS
from ._shading_genre import ShadingEncoding

NAME = "cocktaillamp"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board: ``regions[r][c]`` the cell's region
    (numbered 0, 1, ... in reading order; connected) and the numbers (cell
    -> count of its region's shaded cells; at most one per region)."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    numbers: tuple[tuple[Cell, int], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        object.__setattr__(self, "regions", region_grid(self.regions))
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))
        sizes, seen = [len(x) for x in self.lists], {}
        for (r, c), k in self.numbers:
            g = self.regions[r][c]
            if g in seen:
                raise CellError(f"the region of r{r + 1}c{c + 1} has a second number"
                                f" (r{seen[g][0] + 1}c{seen[g][1] + 1} has one)", (r, c))
            seen[g] = (r, c)
            if k > sizes[g]:
                raise CellError(f"number {k} at r{r + 1}c{c + 1} is above {sizes[g]}, the cells"
                                " of its region", (r, c))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def lists(self) -> list[list[Cell]]:
        """The cells of each region, in reading order (found once: the
        checks, the encoding and verify each read them)."""
        return region_lists(self.regions)

    def region(self, cell: Cell) -> int:
        return self.regions[cell[0]][cell[1]]


# -- the rules ---------------------------------------------------------------------------
class CocktailEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell; ``self.rules``, the
    connectivity rules (each region's, the board's through corners), whose
    cuts the search asks for (lazy) or encoded at once (complete)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        lists = inst.lists
        for cell, k in inst.numbers:  # a region's number counts its shaded cells
            when = self.when((cell, k), "number", *cell)
            counts.exactly(f, [s.var[c] for c in lists[inst.region(cell)]], k, when=when)
        g, var, region = inst.grid, s.var, inst.regions
        sides = g.cell_edges()
        apart = [(a, b) for a, b in sides if region[a[0]][a[1]] != region[b[0]][b[1]]]
        # shaded cells of different regions never share a side
        f.clauses.extend([[-var[a], -var[b]] for a, b in apart])
        s.no_square()
        # each region's shaded cells one block (a region of one or two cells
        # always is); all shaded cells connected through sides and corners
        self.rules = [ConnectedCells(g, {c: var[c] for c in cells})
                      for cells in inst.lists if len(cells) > 2]
        self.rules.append(ConnectedCells(g, var, diagonal=True))
        if options.complete:  # over links, a side pair's shared by both rules; none
            # across a border, never both shaded (encodings/cocktaillamp.md)
            links = dict.fromkeys(apart)
            for k, rule in enumerate(self.rules):
                rule.encode_complete(f, f"conn{k}", links)
            self.rules = []
        # else lazy: the cuts name cells (vertex_cuts), no variable per pair
        # of neighbours (encodings/cocktaillamp.md, "Lazy, by cells")

    def cuts(self, model) -> list[list[int]]:
        out = []
        for rule in self.rules:
            out += rule.cuts(model)
        return out


def encode(inst: Instance, f: Formula, options: Options = Options()) -> CocktailEncoding:
    return CocktailEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    lists = inst.lists
    for cell, k in inst.numbers:
        n = sum(c in shaded for c in lists[inst.region(cell)])
        if n != k:
            problems.append(f"the {k} at {Grid.name(cell)} has {n} shaded cells in its region")
    shaded = set(shaded)
    for a, b in sorted((a, b) for a, b in g.cell_edges() if a in shaded and b in shaded
                       and inst.region(a) != inst.region(b)):
        problems.append(f"{Grid.name(a)} and {Grid.name(b)} are shaded across a border")
    for cells_ in lists:
        if not is_connected([c for c in cells_ if c in shaded]):
            problems.append(f"the shaded cells of the region of {Grid.name(cells_[0])} are"
                            " not one block")
    problems += [f"the 2 x 2 square at {Grid.name((r, c))} is shaded"
                 for r in range(inst.rows - 1) for c in range(inst.cols - 1)
                 if {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= shaded]
    if not is_connected(shaded, diagonal=True):
        problems.append("the shaded cells are not connected through sides and corners")
    return problems


# -- design: a number can go and the shading stays a solution --------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple[Cell, int]]:
    """Each region's count, on its first cell."""
    return [(cells_[0], sum(c in shaded for c in cells_)) for cells_ in inst.lists]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, inst.regions, tuple(numbers))


# -- text: `.pzl` and janko grid text -------------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number or `.`", numbers=(0, MAX_SIDE * MAX_SIDE),
                 why="no region is larger")
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS, "regions": REGIONS},
    build=lambda rows, cols, grid, regions: Instance(rows, cols, regions, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers)),
                        inst.regions),
    solution=SHADED_CELLS,
    janko=Janko((NUMBERS, REGIONS)),
)


# -- output ------------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=[Label(c, str(k)) for c, k in inst.numbers],
                 edges=region_borders(inst.rows, inst.cols, inst.region))


# -- puzz.link: pzprjs `cocktail`, the region borders then a number per region (on its first cell)
def _from_puzzlink(b: PzBoard) -> Instance:
    regions, numbers = b.value
    lists = region_lists(regions)
    return Instance(b.rows, b.cols, regions,
                    tuple((lists[k][0], n) for k, n in enumerate(numbers) if n is not None))


def _to_puzzlink(inst: Instance) -> PzBoard:
    """A region's number goes on the region's first cell, where pzprjs writes it."""
    numbers = [None] * len(inst.lists)
    for cell, k in inst.numbers:
        numbers[inst.region(cell)] = k
    return PzBoard(inst.rows, inst.cols, (inst.regions, tuple(numbers)))


PUZZLINK = Codec(names=("cocktail",), body=RoomNumbers(), build=_from_puzzlink,
                 split=_to_puzzlink)

GENRE = Genre(
    name=NAME, aliases=("CocktailLamp", "cocktail", "cocktail-lampe"),
    summary="shade one orthogonal block per region (numbers count its cells); blocks of"
            " different regions never share a side, no 2 x 2, all shaded cells joined at"
            " sides or corners",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0])),
)
