"""Hanare (Hanare-gumi): one number per region, its size; gaps match differences.

Rules (janko.at "Hanare"; puzz.link "hanare"): write one number into each
region, equal to the number of cells of that region. Of two numbers in one
row or column with no number between them, the difference is the number of
cells between them.

Encoding (encodings/line_gaps.md): a mark per cell (the cell holds its
region's number); exactly one mark per region; along every row and column
:func:`satlink.rules.line_gaps.gaps` with "difference = cells between".
A given is a mark fixed (direct) or its selector (selector mode).

A solution is the grid of numbers, None on the cells left empty.
"""
from __future__ import annotations

from .. import contract
from ..formats.cellgrid import CellError, Tokens, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..rules.grid import Grid
from ..rules.line_gaps import broken_gaps, gaps
from ._digit_rooms import (MAX_SIDE, Instance, codec, layout, make, picture)
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "hanare"


def make_hanare(rows: int, cols: int, givens, regions) -> Instance:
    """Build and validate: regions connected, a given is its region's size, one a region."""
    inst = make(rows, cols, [[None] * cols for _ in range(rows)], regions)
    seen = {}
    for cell, v in given(givens):
        k = inst.region_size(cell)
        if v != k:
            raise CellError(f"number {v} at {Grid.name(cell)} is not its region's size {k}",
                            cell, "grid")
        room = inst.regions[cell[0]][cell[1]]
        if room in seen:
            raise CellError(f"{Grid.name(cell)} is a second number in the region of"
                            f" {Grid.name(seen[room])}", cell, "grid")
        seen[room] = cell
    return Instance(rows, cols, tuple(map(tuple, givens)), inst.regions)


def lines(inst: Instance) -> list:
    return inst.grid.rows_of_cells() + inst.grid.cols_of_cells()


def fits(inst: Instance):
    """The rule on two neighbouring numbers: their difference is the gap."""
    return lambda a, b, gap: abs(inst.region_size(a) - inst.region_size(b)) == gap


class HanareEncoding(contract.Encoding):
    """``mark[c]``: c holds its region's number."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        self.mark = {c: f.var("mark", *c) for c in inst.grid.cells}
        f.declare_answer(list(self.mark.values()))
        for room in inst.room_cells:
            f.exactly_one([self.mark[c] for c in room])
        for r, c, v in clues(inst):
            if options.clues == "selectors":
                self.selectors[(r, c, v)] = self.mark[(r, c)]
            else:
                f.add([self.mark[(r, c)]])
        for line in lines(inst):
            gaps(f, line, self.mark.get, fits(inst))

    def decode(self, model):
        inst = self.instance
        return tuple(tuple(inst.region_size((r, c)) if model.value(self.mark[(r, c)]) else None
                           for c in range(inst.cols)) for r in range(inst.rows))


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return HanareEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a grid of numbers, from the rules (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.cols} x {inst.rows}"]
    marked = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row) if v is not None}
    problems = [f"{Grid.name(c)} is empty, the given is {v}"
                for c, v in given(inst.givens) if c not in marked]
    problems += [f"{Grid.name(c)} holds {v}, its region has {inst.region_size(c)} cells"
                 for c, v in marked.items() if v != inst.region_size(c)]
    for room in inst.room_cells:
        n = sum(c in marked for c in room)
        if n != 1:
            problems.append(f"the region at {Grid.name(room[0])} holds {n} numbers, not one")
    ok = lambda a, b, gap: abs(marked[a] - marked[b]) == gap  # noqa: E731
    for line in lines(inst):
        problems += [f"{Grid.name(a)} ({marked[a]}) and {Grid.name(b)} ({marked[b]}) differ by"
                     f" {abs(marked[a] - marked[b])}, not by the cells between them"
                     for a, b in broken_gaps(marked, line, ok)]
    return problems


ANSWER = Tokens(what="a number", expect="a number or `.` (empty)",
                numbers=(1, MAX_SIDE * MAX_SIDE))
FORMAT = layout(NAME, build=make_hanare, answer=ANSWER)
PUZZLINK = codec("hanare", build=make_hanare)

GENRE = Genre(
    name=NAME, aliases=("Hanare", "hanare-gumi"),
    summary="one number per region, its size; two numbers of a line with none between"
            " differ by the cells between them",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
