"""Slitherlink: one closed loop along the grid lines; clues count a cell's sides on it.

Rules: the loop runs along the edges between lattice points, never crosses
or branches, and is a single closed loop; a number 0-4 in a cell is how
many of its four sides the loop uses (`?` is a number that is not shown).

Encoding (encodings/slitherlink.md): the loop is a
:class:`satlink.rules.lattice_loop.LatticeLoop`; each number is an exact
count of its cell's sides, written without auxiliaries
(:mod:`satlink.rules.side_counts`), and promises the loop's cut finder that every
solution passes near it (:func:`touch_needed`). For DIMACS the loop is
complete, with the implied inside/outside cells.

A solution is the frozenset of loop edges, each a pair of lattice points
``((r1, c1), (r2, c2))`` in increasing order; lattice points run 0..rows
and 0..cols.
"""
from __future__ import annotations

import gc
from dataclasses import dataclass

from ..contract import Options
from ..errors import InputError
from ..formats.cellgrid import Janko, Layout, Tokens
from ..formats.pzprjs import Codec
from ..formats.pzprjs_cells import Dict
from ..formats.pzprjs_numbers import QUESTION, FourCell
from ..formats.pzprjs_parts import Cells
from ..formats.pzprjs import PzBoard
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Edge, Label
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.lattice_loop import LatticeLoop
from ..rules.side_counts import SAID, count_sides, exactly_small
from ..rules.loop_checks import loop_problems
from ._dot_grid import LOOP, EdgeLoopEncoding, cells, solution_json
from ._posed_clues import posed

NAME = "slitherlink"
#: Largest side accepted (documented in the README); janko boards reach 60.
MAX_SIDE = 200
#: Clue value of a cell holding `?`: a number that is not shown (no constraint).
UNKNOWN = -1


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board; ``clues[r][c]`` is None (empty), UNKNOWN
    (`?`) or 0..4. Validated when built."""

    rows: int
    cols: int
    clues: tuple[tuple[int | None, ...], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "clue")
        grid = tuple(tuple(row) for row in self.clues)
        object.__setattr__(self, "clues", grid)
        if len(grid) != self.rows:
            raise InputError(f"the grid has {len(grid)} rows, size says {self.rows}")
        for r, row in enumerate(grid):
            if len(row) != self.cols:
                raise InputError(f"row {r + 1} has {len(row)} cells, size says {self.cols}")
            for c, v in enumerate(row):
                if v is not None and not (v == UNKNOWN or 0 <= v <= 4):
                    raise InputError(f"clue {v} at row {r + 1}, column {c + 1} is not 0-4")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    """The numbers shown, as (cell, number)."""
    return [((r, c), v) for r, row in enumerate(inst.clues) for c, v in enumerate(row)
            if v is not None and v != UNKNOWN]


class SlitherlinkEncoding(EdgeLoopEncoding):
    """The loop (``self.loop``, its edges ``self.edges``) and each number's
    count of sides, behind its selector in selector mode. Only direct
    numbers make promises to the cut finder (a selector may drop them)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        # direct numbers' clauses (written below) subsume some degree clauses
        numbers = clues(inst)
        said = [(c, SAID[v]) for c, v in numbers if v in SAID] if direct else ()
        self.loop = loop = LatticeLoop(inst.grid, f, complete=options.complete, said=said)
        self.edges = loop.edges
        f.declare_answer(loop.ex)
        if direct:  # the common case, without a guard per clue
            count_sides(f, loop, numbers)
        else:
            for clue in numbers:
                self._guarded_count(clue)
        if options.complete:
            loop.inside()

    def _guarded_count(self, clue: tuple[Cell, int]) -> int:
        """The count of ``clue``'s cell's sides behind its selector (made here)."""
        cell, v = clue
        sel = self.when(clue, "clue", *cell, v)
        with counts.guarded(self.formula, sel):
            exactly_small(self.formula, self.loop.sides(cell), v)
        return sel

    def assumptions(self, numbers) -> list[int]:
        """Exactly ``numbers`` posed, any number 0-4 in any cell of the
        board (:func:`satlink.puzzles._posed_clues.posed`: a batch poses
        every board of the shape on this encoding)."""
        if self.options.clues == "direct":
            return super().assumptions(numbers)
        inside = self.loop.grid.inside
        return posed(self, numbers, lambda clue: inside(clue[0]) and 0 <= clue[1] <= 4,
                     self._guarded_count)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> SlitherlinkEncoding:
    """The encoding, with Python's cycle collector paused: the tens of
    thousands of clause lists (no reference cycles among them) would
    otherwise trigger collections that walk every live object of the
    process (encodings/slitherlink.md, Measurements)."""
    if not gc.isenabled():
        return SlitherlinkEncoding(inst, f, options)
    gc.disable()
    try:
        return SlitherlinkEncoding(inst, f, options)
    finally:
        gc.enable()


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    points = Grid(inst.rows + 1, inst.cols + 1)
    problems = loop_problems(points, sol, name=lambda p: f"point ({p[0]}, {p[1]})")
    if not sol or not all(map(points.is_cell_edge, sol)):
        return problems  # no loop, or a line off the board: nothing to count
    for cell, v in clues(inst):
        n = sum(e in sol for e in inst.grid.sides(cell))
        if n != v:
            problems.append(f"cell {Grid.name(cell)} shows {v} but the loop uses {n} of its sides")
    return problems


# -- design: a number can go and the loop stays a solution ----------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[Cell, int]]:
    """Every cell's count of sides on the loop ``sol``."""
    return [(c, sum(e in sol for e in inst.grid.sides(c))) for c in inst.grid.cells]


def with_clues(inst: Instance, numbers) -> Instance:
    """``inst`` with exactly these numbers (its `?` cells kept)."""
    grid = [[UNKNOWN if v == UNKNOWN else None for v in row] for row in inst.clues]
    for (r, c), v in numbers:
        grid[r][c] = v
    return Instance(inst.rows, inst.cols, grid)


# -- text: `.pzl` and janko grid text --------------------------------------------------------
#: A cell of the `grid` block (and of janko's grid text): 0-4, `?`, `.` or `-`.
CLUES = Tokens(what="a clue", expect="0-4, `?` or an empty cell", values={"?": UNKNOWN},
               numbers=(0, 4), why="a cell has four sides")

#: `size C x R`, a `grid` of clues, an optional `solution` of inside cells;
#: janko: `ROWS COLS`, clues and `-`; a published solution may carry lines
#: after its grid.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CLUES},
    build=Instance, split=lambda inst: (inst.rows, inst.cols, inst.clues),
    solution=LOOP,
    janko=Janko(CLUES, trailing=True),
)


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Lattice dots, the clues (`?` for a hidden number) and the loop on the grid lines."""
    labels = [Label((r, c), CLUES.text(v)) for r, row in enumerate(inst.clues)
              for c, v in enumerate(row) if v is not None]
    loop = [Edge(a, b, "loop") for a, b in sorted(solution or ())]
    return Board(inst.rows, inst.cols, grid="dots", edges=loop, labels=labels)


#: pzprjs `slither` (alias `slitherlink`): four cells per character.
PUZZLINK = Codec(names=("slither", "slitherlink"),
                 body=Cells(Dict(FourCell(), {QUESTION: UNKNOWN})),
                 build=lambda b: Instance(b.rows, b.cols, b.value),
                 split=lambda inst: PzBoard(inst.rows, inst.cols, inst.clues))


# No batch_shape: one solver per size, the numbers assumed, does not pay
# (benchmarks/shape13_batch.py, CPU against fresh searches: the dev slice's
# 10 x 18 boards 0.88-0.97, 10 x 10 1.02-1.07, all sizes 0.67-0.70). Its
# solver calls cost twice a fresh formula's, where the numbers fix edges at
# the root, and eat what the shared encoding saves.
GENRE = Genre(
    name=NAME, aliases=("slither", "loopy"),
    summary="one loop along the grid lines; numbers count the sides of their cell on it",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=lambda rows, cols, params: Instance(rows, cols,
                                                               [[None] * cols] * rows)),
)
