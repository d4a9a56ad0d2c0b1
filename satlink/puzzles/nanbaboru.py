"""Nanbaboru: the numbers 1..k once in every row and column, the other
cells empty; circles hold a number, crosses stay empty.

Rules (janko.at "Nanbaboru"). No rule page was found (``encodings/
nanbaboru.md`` says where we looked); the reading is inferred from the
dev slice, whose 54 published solutions it makes unique and equal: write
the numbers 1 to k into cells of the grid so that every row and every
column holds each of them exactly once; its other cells stay empty. A
given number stands where it is given; a circle (janko `0`, also `o`)
marks a cell that holds some number; a cross (`x`) a cell that stays
empty.

Encoding: :class:`satlink.rules.edge_views.EdgeSquare` (one-hot values
0..k per cell, each of 1..k exactly once per row and column) without edge
clues; a given number is a value unit, a cross the blank's unit, a circle
the blank's negation; in selector mode each behind its selector. No lazy
rule. Givens, circles and crosses are the removable clues.

A solution is the grid of numbers, a tuple of row tuples, 0 for an empty
cell.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import Answer, CellError, Janko, Keyword, Layout, Tokens, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Circle, Label, Shade
from ..rules.edge_views import BLANK, EdgeSquare, line

NAME = "nanbaboru"
MAX_SIDE = 30
#: The given of a circled cell: it holds some number.
NUMBERED = -1


@dataclass(frozen=True)
class Instance:
    """``rows`` x ``cols``, numbers 1..``k``; ``givens[r][c]``: None, a
    number, :data:`BLANK` (a cross) or :data:`NUMBERED` (a circle)."""

    rows: int
    cols: int
    k: int
    givens: tuple[tuple[int | None, ...], ...]

    def __post_init__(self) -> None:
        if self.rows != self.cols:  # k numbers a row and a column: as many rows as columns
            raise CellError(f"a Nanbaboru board is square, not {self.cols} x {self.rows}",
                            (0, 0))
        if not 1 <= self.k <= min(self.rows, self.cols):
            raise CellError(f"{self.k} numbers do not fit a line of"
                            f" {min(self.rows, self.cols)} cells", (0, 0))
        for (r, c), v in given(self.givens):
            if v > self.k:
                raise CellError(f"number {v} at row {r + 1}, column {c + 1} is above {self.k}",
                                (r, c), "grid")


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple]:
    """The givens ``(r, c, v)``: numbers, crosses (0) and circles (-1)."""
    return [(r, c, v) for (r, c), v in given(inst.givens)]


class NanbaboruEncoding(contract.Encoding):
    """:attr:`square` (an :class:`EdgeSquare` without edge clues) and the circles."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        exact = {c: v for c, v in given(inst.givens) if v != NUMBERED}
        self.square = sq = EdgeSquare(f, inst.rows, inst.cols, inst.k,
                                      exact if direct else None, selectors=not direct)
        for (r, c), v in given(inst.givens):
            if not direct:
                self.selector((r, c, v))
            elif v == NUMBERED and sq.selector((r, c), BLANK):
                f.add([-sq.selector((r, c), BLANK)])

    def selector(self, clue) -> int:
        """A given number's or cross's value literal; a circle's own literal
        that forbids the blank."""
        if clue in self.selectors:
            return self.selectors[clue]
        r, c, v = clue
        f, blank = self.formula, self.square.selector((r, c), BLANK)
        x = self.square.selector((r, c), v) if v != NUMBERED else None
        if x is None:  # a circle, or a cross where no line has room for a blank
            x = f.var("given", r, c, v)
            if v != NUMBERED:
                f.add([-x])
            elif blank:
                f.add([-x, -blank])
        self.selectors[clue] = x
        return x

    def decode(self, model):
        return self.square.values(model)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid (0 empty), from the rules."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.cols} x {inst.rows}"]
    values = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row)}
    problems = [f"r{r + 1}c{c + 1} holds {v}, not one of 0-{inst.k}"
                for (r, c), v in values.items() if not 0 <= v <= inst.k]
    if problems:
        return problems
    units = [(f"row {r + 1}", line(inst.rows, inst.cols, "left", r)) for r in range(inst.rows)]
    units += [(f"column {c + 1}", line(inst.rows, inst.cols, "top", c))
              for c in range(inst.cols)]
    for unit, cells in units:
        held = sorted(values[c] for c in cells if values[c] != BLANK)
        if held != list(range(1, inst.k + 1)):
            problems.append(f"{unit} holds {' '.join(map(str, held)) or 'nothing'},"
                            f" not each of 1-{inst.k} once")
    for (r, c), v in given(inst.givens):
        got = values[r, c]
        if (v == NUMBERED and got == BLANK) or (v != NUMBERED and got != v):
            want = "a number" if v == NUMBERED else "empty" if v == BLANK else str(v)
            problems.append(f"r{r + 1}c{c + 1} holds {got or 'nothing'}, the given says {want}")
    return problems


# -- design: any given can go ------------------------------------------------------------------
def clues_of(inst: Instance, sol) -> list[tuple]:
    """Every cell's number (0: a cross) and a circle on every numbered cell."""
    return ([(r, c, v) for r, row in enumerate(sol) for c, v in enumerate(row)]
            + [(r, c, NUMBERED) for r, row in enumerate(sol) for c, v in enumerate(row) if v])


def with_clues(inst: Instance, chosen) -> Instance:
    grid = [[None] * inst.cols for _ in range(inst.rows)]
    for r, c, v in sorted(chosen, key=lambda clue: clue[2] == NUMBERED, reverse=True):
        grid[r][c] = v  # a number overrides a circle on its cell
    return Instance(inst.rows, inst.cols, inst.k, tuple(map(tuple, grid)))


def clue_name(clue) -> str:
    r, c, v = clue
    return f"r{r + 1}c{c + 1}" + ("o" if v == NUMBERED else "")


def blank(rows: int, cols: int, params: dict) -> Instance:
    """A board without givens; ``params`` may give ``k`` (default the shorter side)."""
    return Instance(rows, cols, params.get("k", min(rows, cols)),
                    ((None,) * cols,) * rows)


# -- text ------------------------------------------------------------------------------------
COUNT = Tokens(what="a count", expect="how many numbers each line holds", numbers=(1, MAX_SIDE))
CELL = Tokens(what="a given", expect="a number, `o` (a number), `x` (empty) or `.`",
              numbers=(1, MAX_SIDE), values={"o": NUMBERED, "x": BLANK})
#: janko's grid text writes a circle `0` (only there: a `.pzl` `0` is no number of 1..k).
JANKO_CELL = replace(CELL, aliases={"0": NUMBERED})
FILLED = Tokens(what="a number", expect="a number or `.` (empty)", empty=(),
                numbers=(1, MAX_SIDE), values={".": BLANK}, aliases={"-": BLANK})


def _build(rows: int, cols: int, grid, numbers: int) -> Instance:
    if numbers > min(rows, cols):
        raise CellError(f"{numbers} numbers do not fit a line of {min(rows, cols)} cells",
                        (0, 0), "numbers")
    return Instance(rows, cols, numbers, grid)


#: `size C x R`, `numbers K`, a `grid` of givens, an optional `solution`;
#: janko: `ROWS COLS K`, the grid (`0` a circle), the solution (`-` empty).
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CELL}, keywords={"numbers": Keyword(COUNT, always=True)},
    build=_build, split=lambda inst: (inst.rows, inst.cols, inst.givens, {"numbers": inst.k}),
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko(JANKO_CELL, solution=FILLED, header=("numbers",)),
)


# -- output ----------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Given numbers, circles (with their number when solved), crosses grey;
    the solution's numbers."""
    gv = dict(given(inst.givens))
    got = {(r, c): v for r, row in enumerate(solution or ()) for c, v in enumerate(row) if v}
    labels = [Label(c, str(v)) for c, v in gv.items() if v > 0]
    labels += [Label(c, str(v)) for c, v in got.items() if c not in gv]
    return Board(inst.rows, inst.cols, labels=labels,
                 circles=[Circle(c, "white", str(got.get(c, ""))) for c, v in gv.items()
                          if v == NUMBERED],
                 shades=[Shade(c, "gray") for c, v in gv.items() if v == BLANK])


GENRE = Genre(
    name=NAME, aliases=("Nanbaboru",),
    summary="numbers 1..k once per row and column, other cells empty; circles hold a number,"
            " crosses stay empty",
    instance=Instance, text=FORMAT, encode=NanbaboruEncoding, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank),
)
