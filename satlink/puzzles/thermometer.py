"""Thermometer (Thermometers): fill each thermometer from its bulb; row and column counts.

Rules (janko.at "Thermometer"): the board is covered by thermometers, each
a path of cells from its bulb. Fill some cells with mercury: in each
thermometer the filled cells are a run from the bulb on (it may stay
empty or fill up); the number beside a row (below a column) is how many
of its cells are filled (`?`: not shown).

Encoding (encodings/thermometer.md): a variable per thermometer cell
(filled); along each thermometer a filled cell fills the cell before it
(binary clauses); each count the sum of its thermometers' segments, each
segment already a count in unary (:func:`satlink.rules.unary_parts.count_segments`), behind its
selector in selector mode. All clauses: no lazy rule.

Thermometers are the board (not removable); the counts are the clues. A
solution is the frozenset of filled cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Circle, Line, Shade
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.unary_parts import count_segments
from ._tallies import Tallies, clue_name, keywords

NAME = "thermometer"
MAX_SIDE = 100
COUNTS = Tallies("row_counts", "col_counts", "count")


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board, its thermometers (each its cells from
    the bulb, sorted by bulb) and the counts of its rows and columns (None:
    not shown); validated when built (errors name a cell)."""

    rows: int
    cols: int
    thermos: tuple[tuple[Cell, ...], ...]
    row_counts: tuple[int | None, ...]
    col_counts: tuple[int | None, ...]

    def __post_init__(self) -> None:
        cells = [c for t in self.thermos for c in t]
        check_board(self.rows, self.cols, MAX_SIDE, cells, "thermometer cell")
        seen: set[Cell] = set()
        for t in self.thermos:
            for k, c in enumerate(t):
                if c in seen:
                    raise CellError(f"{Grid.name(c)} lies in two thermometers", c)
                seen.add(c)
                if k and abs(c[0] - t[k - 1][0]) + abs(c[1] - t[k - 1][1]) != 1:
                    raise CellError(f"{Grid.name(c)} does not touch the thermometer's cell"
                                    f" before it ({Grid.name(t[k - 1])})", c)
        object.__setattr__(self, "thermos", tuple(sorted(tuple(t) for t in self.thermos if t)))
        COUNTS.check(self, lambda side: (0, side), lambda side, kind: f"the cells of a {kind}")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class ThermometerEncoding(Encoding):
    """``self.var``: a variable per thermometer cell (filled)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.var = var = {c: f.var("shaded", *c) for t in inst.thermos for c in t}
        f.declare_answer(var.values())
        place = {}  # cell -> (its thermometer, its place from the bulb)
        for i, t in enumerate(inst.thermos):  # filled from the bulb on
            f.extend([-var[b], var[a]] for a, b in zip(t, t[1:]))
            place.update((c, (i, k)) for k, c in enumerate(t))
        for side, i, k, line in COUNTS.lines(inst):
            if k is None:
                continue
            when = self.when((side, i, k), "count", side, i)
            segments = defaultdict(list)  # each thermometer's cells in the line, bulb first
            for c in sorted((c for c in line if c in var), key=place.__getitem__):
                segments[place[c][0]].append(var[c])
            with counts.guarded(f, when):
                count_segments(f, list(segments.values()), k)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, x in self.var.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> ThermometerEncoding:
    return ThermometerEncoding(inst, f, options)


clues = COUNTS.clues


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, filled) -> list[str]:
    """Broken rules of a set of filled cells (empty when solved)."""
    inside = {c for t in inst.thermos for c in t}
    problems = [f"{Grid.name(c)} is filled but lies in no thermometer" for c in sorted(filled)
                if c not in inside]
    for t in inst.thermos:
        level = sum(1 for _ in _prefix(t, filled))
        if any(c in filled for c in t[level:]):
            problems.append(f"the thermometer from {Grid.name(t[0])} is not filled from its"
                            " bulb on")
    problems += COUNTS.broken(inst, COUNTS.counted(inst, filled),
                              lambda n: f"has {n} filled cells")
    return problems


def _prefix(thermo, filled):
    for c in thermo:
        if c not in filled:
            return
        yield c


# -- design: a count can go and the filling stays a solution ---------------------------------
def clues_of(inst: Instance, filled) -> list[tuple]:
    return COUNTS.counted(inst, filled)


# -- text: `rows` / `cols` counts and a `grid` of thermometer cells `T.k` ------------------------
def _part(text: str):
    a, dot, b = text.partition(".")
    if dot and a.isdigit() and b.isdigit() and int(b) >= 1:
        return (int(a), int(b))
    return None


#: A cell: `T.k`, the k-th cell (1: the bulb) of thermometer T; `.` none.
PARTS = Tokens(what="a thermometer cell", expect="`T.k` (cell k of thermometer T, 1 the bulb)"
               " or `.`", empty=(".",), parse=_part, show=lambda v: f"{v[0]}.{v[1]}")
COUNT = Tokens(what="a count", expect="a number or `?`", empty=("?", "-"),
               numbers=(0, MAX_SIDE), why="no line is longer")
FILLED = Tokens(expect="`x` (filled) or `.`", values={"x": True})


def _build(r: int, c: int, grid, rows, cols) -> Instance:
    parts: dict[int, dict[int, Cell]] = defaultdict(dict)
    for cell, (t, k) in given(grid):
        if k in parts[t]:
            raise CellError(f"thermometer {t} has two cells {k}", cell)
        parts[t][k] = cell
    thermos = []
    for t, at in parts.items():
        for k in range(1, len(at) + 1):
            if k not in at:
                raise CellError(f"thermometer {t} has no cell {k} but a cell {max(at)}",
                                at[max(at)])
        thermos.append(tuple(at[k] for k in range(1, len(at) + 1)))
    return Instance(r, c, tuple(thermos), rows, cols)


def _split(inst: Instance):
    values = {c: (t + 1, k + 1) for t, cells in enumerate(inst.thermos)
              for k, c in enumerate(cells)}
    return (inst.rows, inst.cols, board(inst.rows, inst.cols, values),
            {"rows": inst.row_counts, "cols": inst.col_counts})


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": PARTS},
    keywords=keywords(COUNT),
    build=_build, split=_split,
    solution=Answer(FILLED, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko(PARTS, lines=("cols", "rows")),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, filled) -> list[list[int]]:
    """The filled cells [r, c], 0-based, in row order."""
    return [list(c) for c in sorted(filled)]


def cells(inst: Instance, filled) -> dict[str, bool]:
    return {Grid.name(c): c in filled for t in inst.thermos for c in t}


def picture(inst: Instance, solution=None) -> Board:
    """Each thermometer a line from a bulb (a circle), the filled cells
    shaded, the counts right of the rows and below the columns."""
    labels = COUNTS.labels(inst)
    return Board(inst.rows, inst.cols, shades=[Shade(c, "gray") for c in sorted(solution or ())],
                 lines=[Line(t) for t in inst.thermos if len(t) > 1],
                 circles=[Circle(t[0], "white") for t in inst.thermos], labels=labels)


GENRE = Genre(
    name=NAME, aliases=("Thermometer", "thermometers", "thermo"),
    summary="fill thermometers from their bulbs so that rows and columns hold their counts"
            " of filled cells",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=COUNTS.with_clues, clue_name=clue_name),
)
