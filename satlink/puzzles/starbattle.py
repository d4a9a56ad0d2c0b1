"""Star Battle: N stars in every row, column and region, never touching.

Rules (janko.at "Sternenschlacht" / Star Battle, puzz.link "starbattle"):
place stars in some cells so that every row, every column and every
region holds exactly N of them (N is given with the board); no two stars
touch, not even diagonally.

Encoding (encodings/starbattle.md): a variable per cell; exactly N per
region, and per row and column at most N where the regions are as many as
the rows and the columns (then the total makes it exactly N), else exactly
N (cardinalities); stars apart as binary clauses over each two cells a
king's move apart. No lazy rule; the regions and N are
the board, so the genre has no removable clue.

A solution is the frozenset of star cells ``(r, c)``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from ..contract import Encoding, Options
from ..formats.cellgrid import (REGIONS, Answer, CellError, Janko, Keyword, Layout, Tokens, board,
                                given, region_grid)
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_parts import Count, Regions
from ..formats.pzprjs_parts import Seq as PzSeq
from ..formula import Formula
from ..genre import Genre
from ..genre_answers import CELL_SET
from ..render import Board, Label, Shade
from ..render.board import region_borders
from ..rules.grid import Cell, Grid, check_board
from ..rules.region_pieces import region_lists

NAME = "starbattle"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board divided into regions (``regions[r][c]``,
    numbered 0, 1, ... in reading order, each connected; None a black cell,
    in no region, never a star) and the number of stars per line and region."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    stars: int

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "cell")
        if len(self.regions) != self.rows or any(len(r) != self.cols for r in self.regions):
            raise ValueError(f"regions must be {self.rows} rows of {self.cols} cells")
        object.__setattr__(self, "regions", region_grid(self.regions))
        if not 1 <= self.stars <= (min(self.rows, self.cols) + 1) // 2:
            raise CellError(f"{self.stars} stars do not fit a line of"
                             f" {min(self.rows, self.cols)} cells without touching",
                            (0, 0), "stars")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def region_cells(self) -> list[list[Cell]]:
        return region_lists(self.regions)


def units(inst: Instance) -> list[list[Cell]]:
    """The rows, the columns and the regions: each holds exactly N stars."""
    g = inst.grid
    return g.rows_of_cells() + g.cols_of_cells() + inst.region_cells


# -- the rules ---------------------------------------------------------------------------
class StarbattleEncoding(Encoding):
    """``self.star``: a variable per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g, n = inst.grid, inst.stars
        self.star = star = {c: f.var("star", *c) for c in g.cells
                            if inst.regions[c[0]][c[1]] is not None}
        lines = g.rows_of_cells() + g.cols_of_cells()
        # as many regions as rows and columns: N in each region puts N R stars on
        # the board, so at most N in each of the R rows means exactly N (columns
        # alike); the lines then need the at-most half only
        implied = len(inst.region_cells) == inst.rows == inst.cols
        for unit in lines:
            lits = [star[c] for c in unit if c in star]
            if implied:
                f.at_most(lits, n)
            else:
                f.exactly(lits, n)
        for unit in inst.region_cells:
            f.exactly([star[c] for c in unit], n)
        out = f.clauses  # stars never touch, not even diagonally
        for (r, c), x in star.items():  # the neighbours after it: e, sw, s, se
            for b in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
                y = star.get(b)
                if y is not None:
                    out.append([-x, -y])
        f.declare_answer(list(star.values()))

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, v in self.star.items() if model.value(v))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> StarbattleEncoding:
    return StarbattleEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, stars) -> list[str]:
    """Broken rules of a set of star cells (empty when solved)."""
    g = inst.grid
    problems = [f"the star at {Grid.name(c)} is off the board or on a black cell"
                for c in sorted(stars) if not g.inside(c) or inst.regions[c[0]][c[1]] is None]
    stars = {c for c in stars if g.inside(c)}
    problems += [f"the stars at {Grid.name(a)} and {Grid.name(b)} touch"
                 for a in sorted(stars) for b in g.around(a) if b > a and b in stars]
    for kind, lines in (("row", g.rows_of_cells()), ("column", g.cols_of_cells()),
                        ("region", inst.region_cells)):
        for i, cells_ in enumerate(lines):
            n = sum(c in stars for c in cells_)
            if n != inst.stars:
                where = f"{kind} {i + 1}" if kind != "region" else \
                    f"the region at {Grid.name(cells_[0])}"
                problems.append(f"{where} has {n} stars, not {inst.stars}")
    return problems


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
#: The number of stars per line and region.
STARS = Tokens(what="a number of stars", expect="a number of stars, 1 or more",
               numbers=(1, MAX_SIDE), why="stars that never touch fill at most every other cell")
#: janko's region names: `@` and `#` are black cells.
JANKO_REGIONS = replace(REGIONS, empty=("@", "#"))
#: A solution cell: `*` a star (janko `x`), `.` or `-` none.
STAR = Tokens(expect="`*` (a star) or `.`", values={"*": True}, aliases={"x": True})

#: `size C x R`, `stars N`, a `regions` block (`@` a black cell), an
#: optional `solution`; janko: `ROWS COLS N`, the regions.
FORMAT = Layout(
    NAME, MAX_SIDE, {"regions": REGIONS}, keywords={"stars": Keyword(STARS)},
    build=lambda rows, cols, regions, stars: Instance(rows, cols, regions, stars),
    split=lambda inst: (inst.rows, inst.cols, inst.regions, {"stars": inst.stars}),
    solution=Answer(STAR, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko(JANKO_REGIONS, header=("stars",)),
)


# -- output ------------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The region borders, black cells blacked out, the stars `*` when
    solved, N in a note."""
    black = [Shade(c, "void") for c in inst.grid.cells if inst.regions[c[0]][c[1]] is None]
    return Board(inst.rows, inst.cols, shades=black,
                 labels=[Label(c, "*") for c in sorted(solution or ())],
                 edges=region_borders(inst.rows, inst.cols, lambda c: inst.regions[c[0]][c[1]]),
                 notes=[f"{inst.stars} star{'s' if inst.stars > 1 else ''} in every row,"
                        " column and region"])


# -- puzz.link ---------------------------------------------------------------------------------
#: pzprjs `starbattle`: the number of stars and `/`, then the region borders.
PUZZLINK = Codec(
    names=("starbattle",), body=PzSeq(Count(), Regions()),
    build=lambda b: Instance(b.rows, b.cols, b.value[1], b.value[0]),
    split=lambda inst: PzBoard(inst.rows, inst.cols, (inst.stars, inst.regions)))


GENRE = Genre(
    name=NAME, aliases=("Starbattle", "star-battle", "sternenschlacht"),
    summary="place N stars in every row, column and region; stars never touch",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
)
