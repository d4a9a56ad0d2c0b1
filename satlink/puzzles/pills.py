"""Pills (Pillen): find the pills 1 to N in a grid of digits.

Rules (janko.at "Pillen"): place N pills, each three cells in a straight
line, on the grid without overlap. A pill's value is the sum of the three
digits it covers; the values are 1, 2, ..., N, each once. The numbers
beside the board give the sum of the digits covered by pills in each row
and column. janko gives every tally, and N follows from them (the
tallies add up to 1 + 2 + ... + N); `.pzl` states it (`pills N`).

Encoding: :class:`satlink.rules.placement_cover.Cover` over the straight
placements whose digits add up to 1..N: at most one pill per cell, a
covered-cell variable per cell, exactly one pill of every value, each
tally a pseudo-Boolean sum (:func:`satlink.rules.weighted.sum_is`) of the covered cells' digits,
behind its selector in selector mode. All clauses: no lazy rule.

A solution is the frozenset of pills, each the tuple of its three cells
in order.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Keyword, Layout, Tokens, board
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, region_borders
from ..rules import weighted
from ..rules.grid import Cell, Grid, check_board
from ..rules.placement_cover import Cover
from ..rules.placements import pieces, placements
from ._tallies import Tallies, keywords

NAME = "pills"
MAX_SIDE = 60
PILL = ((0, 0), (0, 1), (0, 2))
#: The sums beside the rows and below the columns.
SUMS = Tallies("row_sums", "col_sums", "sum")


def pills_from_tallies(total: int) -> int | None:
    """N with 1 + ... + N = ``total``, None when there is none."""
    n = 0
    while n * (n + 1) // 2 < total:
        n += 1
    return n if n * (n + 1) // 2 == total else None


@dataclass(frozen=True)
class Instance:
    """The digits, the tallies (``None`` where not shown) and N."""

    rows: int
    cols: int
    digits: tuple[tuple[int, ...], ...]
    row_sums: tuple[int | None, ...]
    col_sums: tuple[int | None, ...]
    pills: int

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "digit")
        if self.pills < 1:
            raise CellError(f"{self.pills} pills: a puzzle has at least one", (0, 0), "pills")
        SUMS.check(self, lambda side: (0, 9 * side), lambda side, kind: f"nine a cell of a {kind}")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def value(self, cells) -> int:
        return sum(self.digits[r][c] for r, c in cells)

    def covered(self, cells) -> list[tuple[str, int, int]]:
        """Every sum the board could show: the digits of ``cells`` in each line."""
        return SUMS.summed(self, cells, lambda c: self.digits[c[0]][c[1]])


# -- the rules ---------------------------------------------------------------------------
class PillsEncoding(Encoding):
    """``self.cover``: a variable per pill placement; ``self.covered``: per cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        fits = [p for p in placements(inst.grid, pieces({"pill": PILL}))
                if 1 <= inst.value(p.cells) <= inst.pills]
        if options.clues == "direct":  # a pill holding more in a line than its tally cannot be
            bound = {(kind, i): n for kind, i, n in clues(inst)}
            fits = [p for p in fits if within(inst, p.cells, bound)]
        self.cover = Cover(f, fits, tag="pill")
        self.covered = {c: f.var("covered", *c) for c in inst.grid.cells}
        f.declare_answer(self.cover.var.values())
        self.cover.fill(self.covered, inst.grid.cells)  # pills never overlap
        of_value: dict[int, list[int]] = {v: [] for v in range(1, inst.pills + 1)}
        for p, x in self.cover.var.items():
            of_value[inst.value(p.cells)].append(x)
        for xs in of_value.values():  # every value once
            f.exactly_one(xs)
        digit = {c: inst.digits[c[0]][c[1]] for c in inst.grid.cells}
        for kind, i, n, cells_ in SUMS.lines(inst):
            if n is None:
                continue
            when = self.when((kind, i, n), "tally", kind, i)
            line = [c for c in cells_ if c in self.cover.covering]  # others stay empty
            weighted.sum_is(f, self.covered, digit, line, n, when=when)

    def decode(self, model) -> frozenset:
        return frozenset(p.cells for p in self.cover.chosen(model))


def within(inst: Instance, cells, bound: dict) -> bool:
    """The digits of ``cells`` in each row and column stay within its tally."""
    part: dict[tuple[str, int], int] = {}
    for r, c in cells:
        for line in (("row", r), ("col", c)):
            part[line] = part.get(line, 0) + inst.digits[r][c]
    return all(v <= bound.get(line, v) for line, v in part.items())


def encode(inst: Instance, f: Formula, options: Options = Options()) -> PillsEncoding:
    return PillsEncoding(inst, f, options)


clues = SUMS.clues


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, pills) -> list[str]:
    g, problems, seen = inst.grid, [], set()
    for pill in sorted(pills):
        (r0, c0), (r1, c1), (r2, c2) = pill
        straight = (r0 == r1 == r2 and c1 == c0 + 1 and c2 == c0 + 2) or \
                   (c0 == c1 == c2 and r1 == r0 + 1 and r2 == r0 + 2)
        if not straight or not all(g.inside(c) for c in pill):
            problems.append(f"{pill} is not three cells in a line on the board")
            return problems
        problems += [f"pills overlap at {Grid.name(c)}" for c in pill if c in seen]
        seen.update(pill)
    values = sorted(inst.value(p) for p in pills)
    if values != list(range(1, inst.pills + 1)):
        problems.append(f"the pills are worth {values}, not 1 to {inst.pills} once each")
    return problems + SUMS.broken(inst, inst.covered(seen), told=lambda n, t:
                                  f"adds up to {n}, not {t}")


# -- design: a tally can go ----------------------------------------------------------------
def clues_of(inst: Instance, pills) -> list:
    return inst.covered({c for p in pills for c in p})


# -- text --------------------------------------------------------------------------------------
DIGITS = Tokens(what="a digit", expect="a digit 0-9", numbers=(0, 9), empty=())
TALLY = Tokens(what="a tally", expect="a number or `?`", empty=("?", "-"),
               numbers=(0, 9 * MAX_SIDE))
COUNT = Tokens(what="a number of pills", expect="a number of pills", numbers=(1, 10000))
LABELS = Tokens(expect="a pill's value or `.`", empty=(".", "0"), numbers=(1, 10000))


def _build(height, width, grid, pills, **sums) -> Instance:
    """(The keywords `rows` and `cols` are the tallies: the sides are height and width.)"""
    if pills is None:
        total = [sum(sums[k]) if None not in sums[k] else None for k in ("rows", "cols")]
        n = pills_from_tallies(total[0]) if total[0] is not None else None
        if n is None or total[0] != total[1]:
            raise CellError("N does not follow from the tallies (they must all be given, add up"
                            " alike in rows and columns, to 1 + 2 + ... + N): give `pills N`",
                            (0, 0), "rows")
        pills = n
    return Instance(height, width, grid, sums["rows"], sums["cols"], pills)


def _read(grid) -> frozenset:
    groups: dict[int, list[Cell]] = {}
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v is not None:
                groups.setdefault(v, []).append((r, c))
    for v, cells in groups.items():
        if len(cells) != 3:
            raise CellError(f"pill {v} has {len(cells)} cells, not three", cells[0])
    return frozenset(tuple(sorted(cells)) for cells in groups.values())


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": DIGITS},
    keywords={"pills": Keyword(COUNT, default=None), **keywords(TALLY)},
    build=_build,
    split=lambda inst: (inst.rows, inst.cols, inst.digits,
                        {"pills": inst.pills, "rows": inst.row_sums, "cols": inst.col_sums}),
    solution=Answer(LABELS, read=_read, write=lambda inst, sol: board(
        inst.rows, inst.cols, {c: inst.value(p) for p in sol for c in p})),
    janko=Janko(DIGITS, lines=("cols", "rows")),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, pills) -> list[dict]:
    """Each pill: its value and its cells [r, c], 0-based."""
    return [{"value": inst.value(p), "cells": [list(c) for c in p]} for p in sorted(pills)]


def cells(inst: Instance, pills) -> dict[str, int]:
    """Every cell by name: the value of its pill, 0 outside pills."""
    worth = {c: inst.value(p) for p in pills for c in p}
    return {Grid.name(c): worth.get(c, 0) for c in inst.grid.cells}


def picture(inst: Instance, solution=None) -> Board:
    """The digits, tallies right of the rows and below the columns, the
    pills' outlines when solved."""
    labels = [Label(c, str(inst.digits[c[0]][c[1]])) for c in inst.grid.cells]
    labels += SUMS.labels(inst, given=True, hidden=None)
    piece = {c: i for i, p in enumerate(sorted(solution or ())) for c in p}
    edges = region_borders(inst.rows, inst.cols, lambda c: piece.get(c, -1)) if solution else []
    return Board(inst.rows, inst.cols, labels=labels, edges=edges,
                 notes=[f"pills 1 to {inst.pills}"])


GENRE = Genre(
    name=NAME, aliases=("Pills", "pillen"),
    summary="place straight pills of three cells, worth the sum of their digits, 1 to N once"
            " each; tallies add up the covered digits of rows and columns",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=SUMS.with_clues,
                  clue_name=lambda c: f"{c[0]} {c[1] + 1}"),
)
