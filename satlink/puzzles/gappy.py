"""Gappy: two shaded cells per row and column, never touching; the numbers are the gaps.

Rules (janko.at "Gappy"): shade exactly two cells in every row and every
column. Shaded cells never touch, not even diagonally. The number beside a
row (above a column) is how many white cells lie between its two shaded
cells (`?`, janko `-`: not shown). A cell given shaded (`x`) is shaded.

Encoding (encodings/gappy.md): a variable per cell; binary clauses
between touching cells; a line with a gap shown (direct mode): one start
of its two cells (:func:`two_apart`); otherwise two per line
(:func:`satlink.rules.counts.exactly`) and a gap ``g`` as one clause per
cell (shaded: so is a cell ``g + 1`` before or after it), behind its
selector, as are the given cells. All clauses: no lazy rule.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Shade
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ._tallies import WORD, Tallies, keywords

NAME = "gappy"
MAX_SIDE = 100
SHADED = "x"
GAPS = Tallies("row_gaps", "col_gaps", "gap")


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board, the gaps of its rows and columns (None:
    not shown) and the cells given shaded (sorted); validated when built."""

    rows: int
    cols: int
    row_gaps: tuple[int | None, ...]
    col_gaps: tuple[int | None, ...]
    givens: tuple[Cell, ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, self.givens, "shaded cell")
        object.__setattr__(self, "givens", tuple(sorted(set(self.givens))))
        GAPS.check(self, lambda side: (1, side - 2),
                   lambda side, kind: f"two shaded cells apart in {side} cells")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class GappyEncoding(Encoding):
    """``self.var``: a variable per cell (shaded), named as a Shading's."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        rows, cols = inst.rows, inst.cols
        self.var = var = {(r, c): f.var("shaded", r, c) for r in range(rows) for c in range(cols)}
        f.declare_answer(var.values())
        for r, c in var:  # shaded cells never touch, not even diagonally
            x = var[(r, c)]
            f.extend([-x, -var[b]] for b in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1))
                     if b in var)
        direct = options.clues == "direct"
        for kind, i, gap, cells_ in GAPS.lines(inst):
            line = [var[c] for c in cells_]
            if gap is None or not direct:
                counts.exactly(f, line, 2)  # two per row and column
            if gap is None:
                continue
            step = gap + 1  # a shaded cell's partner lies gap + 1 cells away
            if direct:
                two_apart(f, line, step, kind, i)
                continue
            when = self.when((kind, i, gap), "clue", kind, i)
            with counts.guarded(f, when):
                f.extend([-x, *(line[j] for j in (k - step, k + step) if 0 <= j < len(line))]
                         for k, x in enumerate(line))
        for c in inst.givens:
            when = self.when(("cell", c, SHADED), "given", *c)
            with counts.guarded(f, when):
                f.add([var[c]])

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, x in self.var.items() if model.value(x))


def two_apart(f: Formula, line: list[int], step: int, kind: str, i: int) -> None:
    """Exactly two of ``line`` true, ``step`` apart: a variable per start s
    (``line[s]`` and ``line[s + step]`` the two), exactly one start, and each
    cell true iff a start puts it there (encodings/gappy.md)."""
    n = len(line)
    starts = [f.var("start", kind, i, s) for s in range(n - step)]
    f.exactly_one(starts)
    for k, x in enumerate(line):
        by = [starts[s] for s in (k, k - step) if 0 <= s < len(starts)]
        f.add([-x, *by])
        f.extend([-y, x] for y in by)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> GappyEncoding:
    return GappyEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple]:
    """The gaps shown, ``("row", r, g)`` / ``("col", c, g)``, and the given
    cells, ``("cell", (r, c), "x")``."""
    return GAPS.clues(inst) + [("cell", c, SHADED) for c in inst.givens]


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    problems += [f"the given shaded cell {Grid.name(c)} is white" for c in inst.givens
                 if c not in shaded]
    for kind, i, gap, line in GAPS.lines(inst):
        at = [k for k, c in enumerate(line) if c in shaded]
        if len(at) != 2:
            problems.append(f"{WORD[kind]} {i + 1} has {len(at)} shaded cells, not 2")
        elif gap is not None and at[1] - at[0] - 1 != gap:
            problems.append(f"{WORD[kind]} {i + 1} has {at[1] - at[0] - 1} white cells between"
                            f" its shaded ones, its gap is {gap}")
    problems += [f"the shaded cells {Grid.name(a)} and {Grid.name(b)} touch"
                 for a in sorted(shaded) for b in g.around(a) if b > a and b in shaded]
    return problems


# -- design: a gap or a given can go and the shading stays a solution -------------------------
def clues_of(inst: Instance, shaded) -> list[tuple]:
    def gap(line):
        at = [k for k, c in enumerate(line) if c in shaded]
        return at[1] - at[0] - 1
    return GAPS.measured(inst, gap) + [("cell", c, SHADED) for c in sorted(shaded)]


def with_clues(inst: Instance, chosen) -> Instance:
    return GAPS.with_clues(inst, [c for c in chosen if c[0] != "cell"],
                           givens=tuple(c[1] for c in chosen if c[0] == "cell"))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, (None,) * rows, (None,) * cols)


def clue_name(clue: tuple) -> str:
    return Grid.name(clue[1]) if clue[0] == "cell" else f"{clue[0]}{clue[1] + 1}"


# -- text: `rows` / `cols` gaps and a `grid` of given cells; janko: columns, then rows --------
GAP = Tokens(what="a gap", expect="a number or `?`", empty=("?", "-"), numbers=(0, MAX_SIDE),
             why="no line is longer")
GIVEN = Tokens(expect="`x` (given shaded) or `.`", values={"x": SHADED})
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": GIVEN},
    keywords=keywords(GAP),
    build=lambda r, c, grid, rows, cols: Instance(r, c, rows, cols,
                                                  tuple(x for x, _ in given(grid))),
    split=lambda inst: (inst.rows, inst.cols,
                        board(inst.rows, inst.cols, dict.fromkeys(inst.givens, SHADED)),
                        {"rows": inst.row_gaps, "cols": inst.col_gaps}),
    solution=Answer(GIVEN, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols,
                                                  dict.fromkeys(sol, SHADED))),
    janko=Janko(GIVEN, lines=("cols", "rows")),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The gaps left of the rows and above the columns, the shaded cells."""
    labels = GAPS.labels(inst, before=True)
    return Board(inst.rows, inst.cols,
                 shades=[Shade(c) for c in sorted(set(solution or ()) | set(inst.givens))],
                 labels=labels)


GENRE = Genre(
    name=NAME, aliases=("Gappy", "gaps"),
    summary="shade two cells per row and column, never touching, even diagonally; a number is"
            " the count of white cells between its line's two",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank),
)
