"""What Yajilin, Koburin and Regional Yajilin share beyond their clues: some
free cells shaded, never two orthogonally adjacent, every other free cell on
one loop through cell centres (encodings/yajilin.md).

- :class:`Solution`: the shaded cells and the loop's edges;
- :class:`ShadedLoopEncoding`: ``shading`` and ``loop`` over the free cells
  (the loop's on-literal is "not shaded"); a genre adds its clue counts
  and calls :meth:`~ShadedLoopEncoding.finish`;
- :func:`problems`: the shared rules checked on a solution (from the rules:
  :func:`satlink.rules.loop_checks.loop_problems`, no encoding);
- :data:`ANSWER`: the `solution` block (`x` shaded, a loop cell's two
  directions, `.` a clue cell); :func:`solution_json`, :func:`cells`,
  :func:`marks` (the picture's shading and loop).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..contract import Encoding, Options
from ..formats.cellgrid import LOOP, Answer, given, loop_edges, loop_grid
from ..formula import Formula
from ..render import Line, Shade
from ..rules.grid import Cell, Edge, Grid, exits
from ..rules.loops import CellLoop
from ..rules.loop_checks import loop_order, loop_problems
from ..rules import subset_counts
from ..rules.count_settle import settle
from ..rules.shading import Shading

#: A shaded cell in a solution.
SHADED = "x"


@dataclass(frozen=True)
class Solution:
    shaded: frozenset[Cell]
    loop: frozenset[Edge]


class ShadedLoopEncoding(Encoding):
    """``shaded`` per free cell, no two adjacent, and the loop over the free
    cells that are not shaded (``self.shading``, ``self.loop``).

    ``counts`` (direct clues only: (cells, k), exactly k of those free cells
    shaded) settle cells first (:func:`settle`): a cell fixed unshaded is a
    must-cell of a lean loop with no shading variable, one fixed shaded is
    in neither (:attr:`black`), and :meth:`count` encodes a count over what
    is left open (``encodings/yajilin.md``, "Settled cells")."""

    def __init__(self, inst, f: Formula, options: Options, free: list[Cell],
                 counts: list[tuple[list[Cell], int]] = ()) -> None:
        super().__init__(inst, f, options)
        g, fixed = inst.grid, None
        if counts:
            keep = set(free)
            fixed = settle(counts, lambda c: [n for n in g.neighbours(c) if n in keep])
        self.black: frozenset[Cell] = frozenset()
        self.settled = fixed is not None
        if not fixed:  # nothing settled: every free cell has its variable
            self.shading = Shading(f, g, free)
            self.shading.no_adjacent()
            # on: not shaded (``shading.lit(c, False)``, read from its dict: free's order)
            self.loop = CellLoop(g, f, free, on={c: -x for c, x in self.shading.var.items()})
            return
        self.black = frozenset(c for c, v in fixed.items() if v)
        left = [c for c in free if c not in fixed]
        self.shading = Shading(f, g, left)
        self.shading.no_adjacent()
        cells = [c for c in free if c not in self.black]
        self.loop = CellLoop(g, f, cells, on={c: -x for c, x in self.shading.var.items()},
                             must=[c for c in cells if c in fixed], lean=True)

    def count(self, cells: list[Cell], k: int, when: int | None) -> None:
        """Exactly ``k`` of ``cells`` shaded: over the cells left open, ``k``
        less the settled shaded ones."""
        var, black = self.shading.var, self.black
        lits = [var[c] for c in cells if c in var]
        if lits or not self.settled:  # else settle has checked it; by subsets up to six
            subset_counts.exactly_any(self.formula, lits, k - sum(1 for c in cells if c in black)
                                      if black else k, when=when)

    def guard(self, clue, tag: str, cell: Cell) -> int | None:
        """The clue's selector ``(tag, r, c)`` in selector mode, None otherwise."""
        return self.when(clue, tag, *cell)

    def finish(self, complete: bool) -> None:
        if complete:
            self.loop.encode_complete()
        self.formula.declare_answer(list(self.loop.edges.values()))

    def cuts(self, model) -> list[list[int]]:
        return self.loop.cuts(model)

    def decode(self, model) -> Solution:
        return Solution(frozenset(self.shading.shaded_cells(model)) | self.black,
                        self.loop.decode(model))


def problems(grid: Grid, free: list[Cell], sol: Solution) -> list[str]:
    """Broken shared rules: a shaded cell that is no free cell, two shaded
    cells touching, the unshaded free cells not one loop."""
    keep = set(free)
    bad = [c for c in sol.shaded if c not in keep]
    if bad:
        return [f"{Grid.name(min(bad))} is a clue cell or off the board and cannot be shaded"]
    out = [f"shaded cells {Grid.name(a)} and {Grid.name(b)} touch"
           for a, b in grid.cell_edges(sol.shaded)]
    white = [c for c in free if c not in sol.shaded]
    return out + loop_problems(grid, sol.loop, white, white)


def _read(grid) -> Solution:
    return Solution(frozenset(cell for cell, v in given(grid) if v == SHADED), loop_edges(grid))


def _write(inst, sol: Solution):
    loop = loop_grid(inst.rows, inst.cols, sol.loop)
    return tuple(tuple(SHADED if (r, c) in sol.shaded else v for c, v in enumerate(row))
                 for r, row in enumerate(loop))


#: A cell of a solution: `x` shaded, the loop's two directions, `.` on a clue cell.
SOLUTION = replace(LOOP, values={"x": SHADED}, expect="`x` (shaded), two directions of n, e,"
                   " s, w (`se`, `ns`, ...) or `.` (a clue cell)")
#: The `solution` block (and the published solution of janko's grid text).
ANSWER = Answer(SOLUTION, read=_read, write=_write)


def solution_json(inst, sol: Solution) -> dict:
    """{"shaded": [[r, c], ...] sorted, "loop": [[r, c], ...] in order} (0-based)."""
    return {"shaded": [list(c) for c in sorted(sol.shaded)],
            "loop": [list(c) for c in loop_order(sol.loop)]}


def cells(inst, sol: Solution) -> dict[str, str]:
    """Every free cell by name (`r1c1`): `x` shaded, else the loop's directions."""
    return {Grid.name(c): SHADED if c in sol.shaded else exits(sol.loop, c) or "."
            for c in inst.free}


def marks(solution: Solution | None) -> tuple[list[Shade], list[Line]]:
    """The solution's shaded cells (black) and its loop (none when unsolved)."""
    if solution is None:
        return [], []
    lines = [Line(tuple(loop_order(solution.loop)), closed=True)] if solution.loop else []
    return [Shade(c) for c in sorted(solution.shaded)], lines
