"""Renban: a Latin square whose regions hold runs of consecutive digits.

Rules (janko.at "Renban"): write a digit 1..n into every cell of the n x n
grid so that every row and every column holds each digit once. The digits
of each outlined region are consecutive numbers, in any order (a region of
three cells may hold 4, 6, 5). puzz.link's "renban" (Renban-Madoguchi) is
another genre (no Latin square; numbers across a border differ by the
border's length), so satlink reads no puzz.link URL for it.

Encoding (encodings/consecutive.md): a one-hot digit per cell
(:class:`satlink.rules.numbers.Numbers`), each row and column all
different (n cells, n digits: each once), each region
:func:`satlink.rules.consecutive.consecutive`. In direct mode the givens
first narrow the digits (:func:`satlink.rules.digit_narrowing.narrow` over the rows,
columns and regions, each region's cells kept to the runs that still fit).

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

from .. import contract
from ..formats.cellgrid import CellError, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..rules.consecutive import broken_runs, consecutive
from ..rules.grid import Grid
from ..rules.digit_narrowing import narrow
from ..rules.latin import broken_units
from ..rules.numbers import Numbers
from ._digit_rooms import Instance, layout, make, picture
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "renban"


def make_renban(rows: int, cols: int, givens, regions) -> Instance:
    """Build and validate: an n x n board, regions connected, givens in 1..n."""
    inst = make(rows, cols, [[None] * cols for _ in range(rows)], regions)
    for cell, v in given(givens):
        if not 1 <= v <= rows:
            raise CellError(f"digit {v} at {Grid.name(cell)} is outside 1..{rows}", cell, "grid")
    return Instance(rows, cols, tuple(map(tuple, givens)), inst.regions)


def units(inst: Instance) -> list[tuple[str, list]]:
    g = inst.grid
    return ([(f"row {r + 1}", row) for r, row in enumerate(g.rows_of_cells())]
            + [(f"column {c + 1}", col) for c, col in enumerate(g.cols_of_cells())])


def _runs(n: int):
    """The filter of a region for :func:`satlink.rules.digit_narrowing.narrow`: its
    cells keep the digits of the runs (windows a..a+k-1 of 1..n) that every
    cell can meet and whose every digit some cell can hold (bit masks, bit
    v for digit v). A solution's run is such a window, so its digits stay."""
    def keep(masks: list[int]) -> list[int]:
        k, union, kept = len(masks), 0, 0
        for m in masks:
            union |= m
        for a in range(1, n - k + 2):
            w = ((1 << k) - 1) << a
            if union & w == w and all(m & w for m in masks):
                kept |= w
        return [m & kept for m in masks]
    return keep


class RenbanEncoding(contract.Encoding):
    """:attr:`numbers`: a digit per cell; rows and columns Latin; regions runs."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        n, selectors = inst.rows, options.clues == "selectors"
        domains = {c: set(range(1, n + 1)) for c in inst.grid.cells}
        if not selectors:
            for (r, c), v in given(inst.givens):
                domains[(r, c)] &= {v}
            lines = [line for _, line in units(inst)]
            if not narrow(domains, lines + [room for room in inst.room_cells if len(room) > 1],
                          n, [(room, _runs(n)) for room in inst.room_cells if len(room) > 1]):
                f.add([])  # the givens contradict
        self.numbers = Numbers(f, inst.grid.cells, range(1, n + 1),
                               {c: sorted(d) for c, d in domains.items()})
        f.declare_answer(self.numbers.answer(), one_hot=True)
        if selectors:
            self.selectors = {cl: self.numbers.val(cl[:2], cl[2]) for cl in clues(inst)}
        # After a successful narrowing a unit whose cells all have one digit
        # keeps its rule (two equal singles in a unit would have emptied a
        # cell; a region's singles lie in a run that fits): it needs no clauses.
        settled = (lambda cells: False) if selectors else (
            lambda cells: all(len(domains[c]) == 1 for c in cells))
        for _, line in units(inst):
            if not settled(line):
                self.numbers.all_different(line)
        for room in inst.room_cells:
            if not settled(room):
                consecutive(f, self.numbers, room)

    def decode(self, model):
        return tuple(tuple(self.numbers.value(model, (r, c)) for c in range(self.instance.cols))
                     for r in range(self.instance.rows))


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return RenbanEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    n = inst.rows
    if len(sol) != n or any(len(row) != n for row in sol):
        return [f"the grid is not {n} x {n}"]
    values = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row)}
    problems = [f"{Grid.name(c)} is {values[c]}, the given is {v}"
                for c, v in given(inst.givens) if values[c] != v]
    problems += broken_units(values, units(inst), range(1, n + 1))
    return problems + broken_runs(values, inst.room_cells, Grid.name)


FORMAT = layout(NAME, build=make_renban, square=True)

GENRE = Genre(
    name=NAME, aliases=("Renban",),
    summary="n x n Latin square; each region holds consecutive digits in any order",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
