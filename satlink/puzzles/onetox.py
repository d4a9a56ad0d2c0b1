"""One to X (Eins bis X): regions of 1..k, neighbours differ, line sums given.

Rules (janko.at "Eins bis X"): write a digit into every cell so that each
region of k cells holds the digits 1..k, each once. Two orthogonally
adjacent cells never hold the same digit. A number outside the grid is the
sum of the digits in its column (above) or row (left); `-` is a sum not
shown.

Encoding (encodings/onetox.md): :class:`satlink.rules.region_digits.
RegionDigits` over the regions (:mod:`._digit_rooms`), "not equal" for each
orthogonal pair of different regions, and each shown sum through
:func:`satlink.rules.group_sums.grouped_sum` over the cells' digits, grouped
by region (a region's digits differ). Everything is local: no lazy form.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import Answer, Janko, Keyword, Layout, Tokens
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..rules.grid import Grid
from ..rules.digit_narrowing import narrow
from ..rules.group_sums import grouped_sum
from ._digit_rooms import (DIGITS, FILLED, MAX_SIDE, REGIONS, DigitsEncoding, Instance as Rooms,
                           base_problems, make as make_rooms, orthogonal_pairs, picture)
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "onetox"


@dataclass(frozen=True)
class Instance(Rooms):
    """A region-digit board and its sums: ``row_sums[r]``, ``col_sums[c]``
    (None when not shown)."""

    row_sums: tuple[int | None, ...] = ()
    col_sums: tuple[int | None, ...] = ()

    def lines(self) -> list[tuple[str, list, int | None]]:
        """(name, cells, sum) of each row, then each column."""
        return ([(f"row {r + 1}", [(r, c) for c in range(self.cols)], s)
                 for r, s in enumerate(self.row_sums)]
                + [(f"column {c + 1}", [(r, c) for r in range(self.rows)], s)
                   for c, s in enumerate(self.col_sums)])


def make(height: int, width: int, givens, regions, rows=None, cols=None) -> Instance:
    """The board; ``rows`` and ``cols``: the row and column sums (None: not shown)."""
    base = make_rooms(height, width, givens, regions)
    return Instance(height, width, base.givens, base.regions,
                    tuple(rows or (None,) * height), tuple(cols or (None,) * width))


class OneToXEncoding(DigitsEncoding):
    """Regions of 1..k, orthogonal neighbours of different regions not equal,
    the shown sums."""

    def narrowed(self, inst: Instance) -> dict:
        """The givens' consequences by :func:`satlink.rules.digit_narrowing.narrow`
        over the regions and the differing neighbours (all different units;
        a region of the largest size holds every digit once), or the empty
        clause when they contradict."""
        domains = {c: set(range(1, len(room) + 1)) for room in inst.room_cells for c in room}
        for r, c, v in clues(inst):
            domains[(r, c)] &= {v}
        units = inst.room_cells + [[a, b] for a, b in orthogonal_pairs(inst)
                                   if not inst.same_region(a, b)]
        if not all(domains.values()) or not narrow(
                domains, units, max(map(len, inst.room_cells))):
            self.formula.add([])
            return {}
        return domains

    def extra(self, inst: Instance) -> None:
        for a, b in orthogonal_pairs(inst):
            if not inst.same_region(a, b):
                self.digits.differ(a, b)
        numbers = self.digits.numbers
        for _, line, total in inst.lines():
            if total is not None:
                cells, rest = open_part(inst, line, total)
                fixed = [c for c in cells if len(numbers.domain[c]) == 1]  # direct givens
                rest -= sum(numbers.domain[c][0] for c in fixed)
                cells = [c for c in cells if c not in fixed]
                groups: dict = {}
                for r, c in cells:
                    groups.setdefault(inst.regions[r][c], []).append((r, c))
                grouped_sum(numbers, list(groups.values()), rest)


def open_part(inst: Instance, line: list, total: int) -> tuple[list, int]:
    """The cells of ``line`` whose regions reach outside it, and what they
    add up to: a region of k cells wholly inside the line adds 1 + ... + k
    whatever its order, so its cells leave the sum."""
    rooms, inside = inst.room_cells, set(line)
    closed = {k for k in {inst.regions[r][c] for r, c in line}
              if all(cell in inside for cell in rooms[k])}
    rest = total - sum(len(rooms[k]) * (len(rooms[k]) + 1) // 2 for k in closed)
    return [(r, c) for r, c in line if inst.regions[r][c] not in closed], rest


def encode(inst, f, options=Options()):
    return OneToXEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    problems, values = base_problems(inst, sol)
    if values:
        problems += [f"{Grid.name(a)} and {Grid.name(b)} are adjacent and both hold {values[a]}"
                     for a, b in orthogonal_pairs(inst) if values[a] == values[b]]
        problems += [f"{name} adds up to {sum(values[c] for c in line)}, not {total}"
                     for name, line, total in inst.lines()
                     if total is not None and sum(values[c] for c in line) != total]
    return problems


# -- text: `rows` / `cols` sum lines, grid, regions; janko: column sums, row sums, grid, regions
SUM = Tokens(what="a sum", expect="a whole number or `-`", empty=("-", "?"),
             numbers=(1, MAX_SIDE * MAX_SIDE), why="no line adds up to more")


def _split(inst: Instance):
    return (inst.rows, inst.cols, inst.givens, tuple(tuple(str(v) for v in row)
                                                     for row in inst.regions),
            {"rows": inst.row_sums, "cols": inst.col_sums})


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": DIGITS, "regions": REGIONS},
    keywords={"rows": Keyword(SUM, count="rows"), "cols": Keyword(SUM, count="cols")},
    build=make, split=_split,
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko((DIGITS, REGIONS), solution=FILLED, lines=("cols", "rows")))

GENRE = Genre(
    name=NAME, aliases=("OneToX", "eins-bis-x", "one-to-x"),
    summary="regions of k cells hold 1..k; orthogonal neighbours differ; row and column sums given",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
