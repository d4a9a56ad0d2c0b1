"""Galaxies (Tentaisho): divide the grid into regions, each point-symmetric
about the one centre it holds.

Rules (janko.at, puzz.link): divide the grid into regions along the grid
lines. Every region holds exactly one centre (a dot on a cell's centre,
edge or corner) and is point-symmetric about it (turned half a turn about
its centre, a region covers itself). No centre lies on a wall.

Encoding (encodings/regions.md, "Point symmetry about centres"):
:meth:`satlink.rules.regions.Regions.symmetric`: each cell takes the label
of one centre, a cell and its mirror image sharing one variable, and every
centre's cells connected (lazy cuts, or the complete spanning-tree form).
The labels are the answer; no wall variables: the walls are read from
the labels (where they differ), which a division determines.

Centres are points in half-cell units (cell (r, c)'s centre is
(2r + 1, 2c + 1)), with a colour (pzprjs draws black stars: a black
region, no rule). A solution is the frozenset of walls, each a pair of
adjacent cells in increasing order; texts write a division as a grid of
region numbers.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_galaxies import StarDots
from ..formula import Formula
from ..genre import Genre
from ..render import Board, Circle
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_shapes import Half, mirror, touching
from ..rules.regions import Regions
from . import _divisions as D
from ._divisions import DIVISION, REGIONS, Walls, cells, regions_of, solution_json

NAME = "galaxies"
MAX_SIDE = D.MAX_SIDE
#: Where a centre lies in its cell (the cell whose top-left it is not):
#: the centre, the right edge, the bottom edge, the bottom-right corner.
KINDS = "ordx"
OFFSET = {"o": (1, 1), "r": (1, 2), "d": (2, 1), "x": (2, 2)}


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its centres ``(point, black)``, sorted."""

    rows: int
    cols: int
    centres: tuple[tuple[Half, bool], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "centre")
        points = [p for p, _ in self.centres]
        for (y, x) in points:
            if not (0 < y < 2 * self.rows and 0 < x < 2 * self.cols):
                raise CellError(f"a centre at {(y, x)} (half cells) is not inside the board",
                                (max(0, min(self.rows - 1, (y - 1) // 2)),
                                 max(0, min(self.cols - 1, (x - 1) // 2))))
        if len(set(points)) != len(points):
            raise CellError("two centres at one point", _cell_of(points[0]))
        object.__setattr__(self, "centres", tuple(sorted(self.centres)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


def _cell_of(p: Half) -> Cell:
    return ((p[0] - 1) // 2, (p[1] - 1) // 2)


# -- the rules ---------------------------------------------------------------------------
class GalaxiesEncoding(Encoding):
    """Each cell's centre (``label``, the answer) and the walls read from
    them (``regions``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        # no wall variables: the labels are the answer (one per cell), the
        # walls are read from them (encodings/regions.md, "Point symmetry")
        self.regions = Regions(f, inst.grid, walls=False)
        self.label = self.regions.symmetric([p for p, _ in inst.centres],
                                            lazy=not options.complete)
        f.declare_answer(sorted({x for lab in self.label.values() for x in lab.values()}),
                         one_hot=True)

    def cuts(self, model) -> list[list[int]]:
        return self.regions.cuts(model)

    def decode(self, model) -> Walls:
        return frozenset(self.regions.walls(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> GalaxiesEncoding:
    return GalaxiesEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls."""
    g = inst.grid
    parts, region, problems = regions_of(g, walls)
    held: dict[int, list[Half]] = {i: [] for i in range(len(parts))}
    for p, _ in inst.centres:
        around = {region[c] for c in touching(g, p)}
        if len(around) > 1:
            problems.append(f"the centre at {Grid.name(_cell_of(p))} lies on a wall")
        for i in around:
            held[i].append(p)
    for i, part in enumerate(parts):
        first = Grid.name(min(part))
        if len(held[i]) != 1:
            problems.append(f"the region of {first} holds {len(held[i])} centres")
        elif any(mirror(c, held[i][0]) not in part for c in part):
            problems.append(f"the region of {first} is not symmetric about its centre")
    return problems


# -- text: `.pzl` and janko grid text -------------------------------------------------------
def _parse(text: str):
    """A cell's centres: letters of `ordx` (centre, right edge, bottom edge,
    bottom-right corner), upper case for a black one."""
    kinds = [ch.lower() for ch in text]
    if not kinds or any(k not in KINDS for k in kinds) or len(set(kinds)) != len(kinds):
        return None
    return frozenset((ch.lower(), ch.isupper()) for ch in text)


def _show(value) -> str:
    return "".join(k.upper() if black else k for k, black in
                   sorted(value, key=lambda kb: KINDS.index(kb[0])))


CENTRES = Tokens(what="a centre", expect="letters of `ordx` (centre, right edge, bottom edge,"
                 " corner; upper case black) or `.`", parse=_parse, show=_show, fold=False)
#: janko: 0 the cell's centre, 1 its right edge, 2 its bottom edge, 3 its corner.
JANKO = Tokens(what="a centre", expect="0 (centre), 1 (right edge), 2 (bottom edge),"
               " 3 (corner) or `-`",
               values={str(i): frozenset({(k, False)}) for i, k in enumerate(KINDS)})


def _build(rows: int, cols: int, grid) -> Instance:
    centres = []
    for (r, c), value in given(grid):
        for kind, black in value:
            dy, dx = OFFSET[kind]
            if (dy == 2 and r == rows - 1) or (dx == 2 and c == cols - 1):
                raise CellError(f"a centre at {Grid.name((r, c))} lies on the board's outline",
                                (r, c))
            centres.append(((2 * r + dy, 2 * c + dx), black))
    return Instance(rows, cols, tuple(centres))


def _split(inst: Instance):
    cells: dict[Cell, set] = {}
    for (y, x), black in inst.centres:
        kind = {v: k for k, v in OFFSET.items()}[(2 - y % 2, 2 - x % 2)]
        cells.setdefault(_cell_of((y, x)), set()).add((kind, black))
    return inst.rows, inst.cols, board(inst.rows, inst.cols,
                                       {c: frozenset(v) for c, v in cells.items()})


FORMAT = Layout(NAME, MAX_SIDE, {"grid": CENTRES}, build=_build, split=_split,
                solution=DIVISION, janko=Janko(JANKO, solution=REGIONS))


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution: Walls | None = None) -> Board:
    """The centres (a circle in the cell they lie in: the board draws no
    circle between cells; the `ordx` letter says where); solved, the
    regions' borders."""
    circles = [Circle(c, "black" if any(b for _, b in v) else "white",
                      "" if v == {("o", False)} else _show(v).lower())
               for c, v in given(_split(inst)[2])]
    return D.picture(inst, solution, circles=circles)


# -- puzz.link ---------------------------------------------------------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    return Instance(b.rows, b.cols, tuple(((y, x), v == 2) for (y, x), v in b.value))


#: pzprjs `tentaisho`: a star (1 white, 2 black) per inner lattice point
#: (:class:`~satlink.formats.pzprjs.StarDots`); pzprjs's empty cells are
#: no Galaxies rule (an error when there are some).
PUZZLINK = Codec(names=("tentaisho", "galaxies"), body=StarDots(),
                 build=_from_puzzlink,
                 split=lambda inst: PzBoard(inst.rows, inst.cols, tuple(
                     (p, 2 if black else 1) for p, black in inst.centres)))


GENRE = Genre(
    name=NAME, aliases=("Galaxies", "tentaisho", "spiral galaxies"),
    summary="divide into regions, each point-symmetric about the one centre it holds",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
)
