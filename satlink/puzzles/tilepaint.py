"""TilePaint: shade whole rooms; the numbers count each row's and column's shaded cells.

Rules (janko.at "Tairupeinto", puzz.link "tilepaint"): the board is divided
into rooms (tiles). Shade some rooms: every cell of a room is shaded or
every cell of it is white. The number above a column (left of a row) says
how many of its cells are shaded; `?` (janko `-`): not shown.

Encoding (encodings/tilepaint.md): a variable per cell (``shaded``);
each room's cells equal to its first cell (two binary clauses a cell); per
shown number a sum over the rooms its line crosses, each weighted by its
cells in the line (:func:`satlink.rules.sums.linear`), behind its selector
in selector mode. All clauses: no lazy rule.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import REGIONS, CellError, Janko, Layout, Tokens, region_grid
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Shade
from ..render.board import region_borders
from ..rules.sums import linear
from ..rules.grid import Cell, Grid, check_board
from ..rules.uniform_rooms import whole_rooms
from ._room_numbers import RoomGrid
from ._shaded_text import SHADED, SHADED_CELLS
from ._tallies import Tallies, clue_name, keywords

NAME = "tilepaint"
MAX_SIDE = 60
#: The numbers left of the rows and above the columns.
COUNTS = Tallies("row_counts", "col_counts", "number")


@dataclass(frozen=True)
class Instance(RoomGrid):
    """A ``rows`` x ``cols`` board of rooms (``regions``, renumbered 0, 1,
    ... in reading order; a room must be connected) and the numbers of its
    rows and columns (None: not shown)."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    row_counts: tuple[int | None, ...]
    col_counts: tuple[int | None, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "number")
        if len(self.regions) != self.rows or any(len(r) != self.cols for r in self.regions):
            raise ValueError(f"regions must be {self.rows} rows of {self.cols} cells")
        object.__setattr__(self, "regions", region_grid(self.regions))
        for r, row in enumerate(self.regions):
            for c, room in enumerate(row):
                if room is None:
                    raise CellError(f"r{r + 1}c{c + 1} lies in no room", (r, c), "regions")
        COUNTS.check(self, lambda side: (0, side), lambda side, kind: "the cells of the line")


# -- the rules ---------------------------------------------------------------------------
class TilePaintEncoding(Encoding):
    """``self.shaded``: a variable per cell, equal across each room."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shaded = shaded = {c: f.var("shaded", *c) for c in inst.grid.cells}
        f.declare_answer(shaded.values())
        whole_rooms(f, shaded, inst.rooms)  # a room is all shaded or all white
        first = {c: shaded[room[0]] for room in inst.rooms for c in room}
        for side, i, n, line in COUNTS.lines(inst):  # a number counts its line's shaded cells
            if n is None:
                continue
            when = self.when((side, i, n), "count", side, i)
            linear(f, sorted(Counter(first[c] for c in line).items()), "==", n, when)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, x in self.shaded.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> TilePaintEncoding:
    return TilePaintEncoding(inst, f, options)


#: The numbers shown: ``("row", r, n)`` and ``("col", c, n)``, 0-based; every number the
#: shading could show.
clues, clues_of = COUNTS.clues, COUNTS.counted


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded)
                if not inst.grid.inside(c)]
    if problems:
        return problems
    for room in inst.rooms:
        if 0 < sum(c in shaded for c in room) < len(room):
            problems.append(f"the room of {Grid.name(room[0])} is partly shaded")
    return problems + COUNTS.broken(inst, COUNTS.counted(inst, set(shaded)),
                                    lambda n: f"has {n} shaded cells")


# -- text: `rows`, `cols` and a `regions` block; janko: column numbers, row numbers, rooms -----
COUNT = Tokens(what="a number", expect="a number or `?`", empty=("?", "-"),
               numbers=(0, MAX_SIDE), why="the cells of a line")
FORMAT = Layout(
    NAME, MAX_SIDE, {"regions": REGIONS},
    keywords=keywords(COUNT),
    build=lambda r, c, regions, rows, cols: Instance(r, c, regions, rows, cols),
    split=lambda inst: (inst.rows, inst.cols, inst.regions,
                        {"rows": inst.row_counts, "cols": inst.col_counts}),
    solution=SHADED_CELLS,
    janko=Janko(REGIONS, solution=SHADED, lines=("cols", "rows")),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The rooms; the column numbers above the board, the row numbers left of it."""
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=COUNTS.labels(inst, before=True, given=True, hidden=None), edges=region_borders(inst.rows, inst.cols, inst.room))


GENRE = Genre(
    name=NAME, aliases=("TilePaint", "Tairupeinto"),
    summary="shade whole rooms; the number beside a row or column counts its shaded cells",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture,
    design=Design(clues_of=clues_of, with_clues=COUNTS.with_clues, clue_name=clue_name),
)
