"""Kakurasu: shaded cells weigh their index; each row's and column's weights add up to its sum.

Rules (janko.at "Kakurasu"): shade some cells. A shaded cell counts its
column number (1 at the left) towards its row's sum and its row number (1
at the top) towards its column's sum. The number beside a row (below a
column) is the sum of its shaded cells; `?` (janko `-`): not shown.

Encoding (encodings/kakurasu.md): a :class:`satlink.rules.shading.Shading`;
each shown sum a pseudo-Boolean equality over its line's cells weighted
1..n (:func:`satlink.rules.subsets.weighted_total`: the subsets of 1..n
that reach it), behind its selector in
selector mode. All clauses: no lazy rule.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import Janko, Layout, Tokens
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Label, Shade
from ..rules.grid import Grid, check_board
from ..rules.shading import Shading
from ..rules.subsets import weighted_total
from ._shaded_text import SHADED, SHADED_CELLS
from ._shading_genre import ShadingEncoding
from ._tallies import Tallies, clue_name, keywords

NAME = "kakurasu"
MAX_SIDE = 60
SUMS = Tallies("row_sums", "col_sums", "sum")


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and the sums of its rows and columns
    (None: not shown); validated when built."""

    rows: int
    cols: int
    row_sums: tuple[int | None, ...]
    col_sums: tuple[int | None, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "sum")
        SUMS.check(self, lambda side: (0, side * (side + 1) // 2),
                   lambda side, kind: f"the weights 1..{side} together")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class KakurasuEncoding(ShadingEncoding):
    """``self.shading``: a variable per cell; a weighted sum per shown line."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        for side, i, total, line in SUMS.lines(inst):
            if total is None:
                continue
            when = self.when((side, i, total), "sum", side, i)
            weighted_total(f, [s.lit(c) for c in line], range(1, len(line) + 1), total, when=when)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> KakurasuEncoding:
    return KakurasuEncoding(inst, f, options)


clues = SUMS.clues


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded)
                if not inst.grid.inside(c)]
    if problems:
        return problems
    return SUMS.broken(inst, clues_of(inst, shaded), lambda n: f"adds up to {n}")


# -- design: a sum can go and the shading stays a solution ---------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple]:
    """Every sum the board could show: its shaded cells' weights."""
    return SUMS.measured(inst, lambda line: sum(k + 1 for k, c in enumerate(line)
                                                if c in shaded))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, (None,) * rows, (None,) * cols)


# -- text: `rows` and `cols` sum lines; janko: the column sums, then the row sums -------------
SUM = Tokens(what="a sum", expect="a number or `?`", empty=("?", "-"),
             numbers=(0, MAX_SIDE * (MAX_SIDE + 1) // 2), why="the weights of a line together")
FORMAT = Layout(
    NAME, MAX_SIDE, {},
    keywords=keywords(SUM),
    build=lambda r, c, rows, cols: Instance(r, c, rows, cols),
    split=lambda inst: (inst.rows, inst.cols, {"rows": inst.row_sums, "cols": inst.col_sums}),
    solution=SHADED_CELLS,
    janko=Janko((), solution=SHADED, lines=("cols", "rows")),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The weights above and left of the board, the sums right and below."""
    labels = [Label((-1, c), str(c + 1)) for c in range(inst.cols)]
    labels += [Label((r, -1), str(r + 1)) for r in range(inst.rows)]
    labels += SUMS.labels(inst)
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=labels)


GENRE = Genre(
    name=NAME, aliases=("Kakurasu",),
    summary="shade cells; a row's shaded cells add up their column numbers to its sum, a"
            " column's their row numbers",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture,
    design=Design(clues_of=clues_of, with_clues=SUMS.with_clues, clue_name=clue_name,
                  blank=blank),
)
