"""Patchwork (janko.at "Patchwork"): regions of 1..k, rows and columns balanced,
equal digits never side by side.

Rules (janko.at "Patchwork"; puzzlekit's solver states the same): the board
is cut into regions of k cells each. Write a digit 1..k into every cell so
that each region holds 1..k once each; each row and each column holds every
digit equally often (a row of C cells C/k times each, a column of R cells
R/k times); two orthogonally adjacent cells never hold the same digit. The
published solutions of the dev slice agree with this reading. (pzprjs's
"patchwork" is another genre, shading square rooms: there is no puz.link
codec for this one.)

Encoding (encodings/patchwork.md): :class:`satlink.rules.region_digits.
RegionDigits` over the regions, "not equal" over each orthogonal pair of
different regions, and for each row (column) and digit "at most C/k (R/k)"
over the pieces (the line's cells in one region) it crosses (pysat.card),
the givens narrowing the digits. Everything is local: no lazy rule.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

from ..contract import Options
from ..formats.cellgrid import CellError
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..rules.digit_narrowing import narrow
from ..rules.grid import Grid
from ._digit_rooms import (  # noqa: F401 (Instance: the board, for tests)
    DigitsEncoding, Instance, base_problems, layout, make as make_rooms,
    picture)
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "patchwork"


def make(rows: int, cols: int, givens, regions) -> Instance:
    """:func:`satlink.puzzles._digit_rooms.make`, and every region of one size
    k that divides both sides (a :class:`CellError` at the first region that
    breaks it)."""
    inst = make_rooms(rows, cols, givens, regions)
    k = inst.region_size((0, 0))
    for room in inst.room_cells:
        if len(room) != k:
            raise CellError(f"the region at {Grid.name(room[0])} has {len(room)} cells,"
                            f" the one at r1c1 {k}: every region has the same size",
                            room[0], "regions")
    if rows % k or cols % k:
        raise CellError(f"regions of {k} cells on a {cols} x {rows} board: {k} must divide"
                        " both sides (each digit equally often per row and column)",
                        (0, 0), "regions")
    return inst


def region_size(inst: Instance) -> int:
    return inst.region_size((0, 0))


def lines(inst: Instance) -> list:
    """("row" or "column", its cells in order): the rows, then the columns."""
    return ([("row", line) for line in inst.grid.rows_of_cells()]
            + [("column", line) for line in inst.grid.cols_of_cells()])


class PatchworkEncoding(DigitsEncoding):
    """Regions of 1..k; each digit len(line)/k times per row and column;
    orthogonal neighbours differ."""

    def narrowed(self, inst: Instance) -> dict:
        """The givens' consequences (direct clues): :func:`satlink.rules.digit_narrowing.narrow`
        over the regions (each holds 1..k once) and the side-by-side pairs of
        different regions (they differ); the empty clause when they clash."""
        k = region_size(inst)
        domains = {c: set(range(1, k + 1)) for room in inst.room_cells for c in room}
        for r, c, v in clues(inst):
            domains[(r, c)] &= {v}
        region = inst.regions
        pairs = [[a, b] for a, b in side_by_side(inst)
                 if region[a[0]][a[1]] != region[b[0]][b[1]]]
        if all(domains.values()) and narrow(domains, inst.room_cells + pairs, k):
            return domains
        self.formula.add([])
        return {}

    def extra(self, inst: Instance) -> None:
        k = region_size(inst)
        f, var = self.digits.f, self.digits.numbers.var
        region = inst.regions  # a given narrows its cell: its other digits have no variable
        for kind, line in lines(inst):
            pieces: dict[int, list] = {}  # the line's cells' variables per region it crosses
            for c in line:
                pieces.setdefault(region[c[0]][c[1]], []).append(var[c])
            m = len(line) // k
            if len(pieces) <= m:
                continue  # each piece holds a digit at most once: never too many
            for v in range(1, k + 1):  # at most n/k of each digit, so exactly (a digit a cell)
                lits = []
                for p, cells_ in pieces.items():
                    xs = [d[v] for d in cells_ if v in d]
                    if len(xs) == 1:
                        lits.append(xs[0])
                    elif xs:  # a literal each cell of the piece holding v implies
                        lits.append(y := f.var("piece", kind, line[0], p, v))
                        f.extend([-x, y] for x in xs)
                if comb(len(lits), m + 1) <= 2 * m * len(lits):  # binomial: no more clauses
                    f.extend(map(list, combinations([-x for x in lits], m + 1)))
                else:
                    f.at_most(lits, m)
        for a, b in side_by_side(inst):
            if region[a[0]][a[1]] != region[b[0]][b[1]]:
                vb = var[b]
                f.extend([-x, -vb[v]] for v, x in var[a].items() if v in vb)


def side_by_side(inst: Instance) -> list:
    """Each pair of orthogonally adjacent cells once (right and down): as
    ``orthogonal_pairs``, without a Grid per cell."""
    rows, cols = inst.rows, inst.cols
    return ([((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
            + [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)])


def encode(inst, f, options=Options()):
    return PatchworkEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    problems, values = base_problems(inst, sol)
    if not values:
        return problems
    k = region_size(inst)
    for what, line in lines(inst):
        seen = Counter(values[c] for c in line)
        if seen != {v: len(line) // k for v in range(1, k + 1)}:
            problems.append(f"the {what} through {Grid.name(line[0])} holds"
                            f" {dict(sorted(seen.items()))}, not each of 1..{k}"
                            f" {len(line) // k} times")
    problems += [f"{Grid.name(a)} and {Grid.name(b)} are side by side and both hold {values[a]}"
                 for a, b in side_by_side(inst) if values[a] == values[b]]
    return problems


FORMAT = layout(NAME, build=make)

GENRE = Genre(
    name=NAME, aliases=("Patchwork",),
    summary="regions of k cells hold 1..k; rows and columns hold each digit equally often;"
            " equal digits never side by side",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
