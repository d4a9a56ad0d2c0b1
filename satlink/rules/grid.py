"""One grid geometry for every genre: cells, cell edges, lattice points and
lattice edges, regions from borders, neighbourhoods.

Cells are ``(r, c)`` with ``0 <= r < rows``, ``0 <= c < cols``. A *cell
edge* joins two orthogonally adjacent cells (a loop through cell centres
runs along them); the *lattice* is the ``(rows + 1) x (cols + 1)`` points at
the cells' corners, and a *lattice edge* is a side of a cell (Slitherlink's
lines). Edges are ordered pairs ``(a, b)`` with ``a < b``.

>>> g = Grid(2, 3)
>>> len(g.cells), len(g.cell_edges()), len(g.lattice_edges())
(6, 7, 17)
>>> g.neighbours((0, 0))
[(0, 1), (1, 0)]
>>> g.name((1, 2))
'r2c3'
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from ..errors import InputError

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

#: Direction letter -> (dr, dc), in the order n, e, s, w.
STEPS = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def check_board(rows: int, cols: int, max_side: int, cells: Iterable[Cell], what: str) -> None:
    """An InputError unless the board is 1..``max_side`` on a side and every
    cell of ``cells`` (a genre's ``what``: pearls, clues) lies on it, once.

    >>> check_board(2, 3, 10, [(0, 0), (1, 2)], "pearl")
    >>> check_board(2, 3, 10, [(2, 0)], "pearl")
    Traceback (most recent call last):
    satlink.errors.InputError: <input>: pearl at row 3, column 1 is off the 3 x 2 board
    """
    if not (1 <= rows <= max_side and 1 <= cols <= max_side):
        raise InputError(f"size {cols} x {rows} is outside 1..{max_side} on a side")
    seen: set[Cell] = set()
    for cell in cells:
        if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
            raise InputError(f"{what} at row {cell[0] + 1}, column {cell[1] + 1} is off"
                             f" the {cols} x {rows} board")
        if cell in seen:
            raise InputError(f"two {what}s at {Grid.name(cell)}")
        seen.add(cell)


def edge(a: Cell, b: Cell) -> Edge:
    """The edge between ``a`` and ``b`` in its stored order."""
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Grid:
    """A ``rows`` x ``cols`` board."""

    rows: int
    cols: int

    @cached_property
    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def inside(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols

    def step(self, cell: Cell, direction: str) -> Cell | None:
        """The neighbour of ``cell`` in direction ``n``, ``e``, ``s`` or ``w``
        (None off the board)."""
        dr, dc = STEPS[direction]
        nxt = (cell[0] + dr, cell[1] + dc)
        return nxt if self.inside(nxt) else None

    def ray(self, cell: Cell, direction: str) -> list[Cell]:
        """The cells from ``cell`` (excluded) to the edge of the board."""
        out, cur = [], self.step(cell, direction)
        while cur is not None:
            out.append(cur)
            cur = self.step(cur, direction)
        return out

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Orthogonal neighbours, in the order n, w, e, s (sorted)."""
        r, c = cell
        return sorted(n for dr, dc in STEPS.values()
                      if self.inside(n := (r + dr, c + dc)))

    def around(self, cell: Cell) -> list[Cell]:
        """The up to eight cells touching ``cell``, orthogonally or diagonally."""
        r, c = cell
        return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and self.inside((r + dr, c + dc))]

    def cell_edges(self, cells: Iterable[Cell] | None = None) -> list[Edge]:
        """Edges between orthogonally adjacent cells (of ``cells`` only, when
        given): horizontal ones first, then vertical, each in row order."""
        keep = None if cells is None else set(cells)
        out = [((r, c), (r, c + 1)) for r in range(self.rows) for c in range(self.cols - 1)]
        out += [((r, c), (r + 1, c)) for r in range(self.rows - 1) for c in range(self.cols)]
        if keep is None:
            return out
        return [(a, b) for a, b in out if a in keep and b in keep]

    @cached_property
    def points(self) -> list[Cell]:
        """Lattice points ``(r, c)``, ``0 <= r <= rows``, ``0 <= c <= cols``."""
        return [(r, c) for r in range(self.rows + 1) for c in range(self.cols + 1)]

    def lattice_edges(self) -> list[Edge]:
        """Sides of cells, between lattice points: horizontal, then vertical."""
        return Grid(self.rows + 1, self.cols + 1).cell_edges()

    def sides(self, cell: Cell) -> list[Edge]:
        """The four lattice edges around ``cell``: top, bottom, left, right."""
        r, c = cell
        return [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]

    def rows_of_cells(self) -> list[list[Cell]]:
        return [[(r, c) for c in range(self.cols)] for r in range(self.rows)]

    def cols_of_cells(self) -> list[list[Cell]]:
        return [[(r, c) for r in range(self.rows)] for c in range(self.cols)]

    def blocks(self, height: int, width: int) -> list[list[Cell]]:
        """The ``height`` x ``width`` boxes tiling the board (Sudoku boxes)."""
        return [[(r, c) for r in range(r0, r0 + height) for c in range(c0, c0 + width)]
                for r0 in range(0, self.rows, height) for c0 in range(0, self.cols, width)]

    def squares(self) -> list[list[Cell]]:
        """Every 2x2 block of cells."""
        return [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                for r in range(self.rows - 1) for c in range(self.cols - 1)]

    def regions(self, walls: Iterable[Edge]) -> list[list[Cell]]:
        """The regions the cell edges in ``walls`` (borders between cells)
        cut the board into, each sorted, in the order of their first cell."""
        walls = {edge(a, b) for a, b in walls}
        region: dict[Cell, int] = {}
        out: list[list[Cell]] = []
        for start in self.cells:
            if start in region:
                continue
            region[start] = len(out)
            todo, members = [start], [start]
            while todo:
                cur = todo.pop()
                for n in self.neighbours(cur):
                    if n not in region and edge(cur, n) not in walls:
                        region[n] = len(out)
                        members.append(n)
                        todo.append(n)
            out.append(sorted(members))
        return out

    @staticmethod
    def name(cell: Cell) -> str:
        """The cell as users write it, ``r3c4`` (1-based)."""
        return f"r{cell[0] + 1}c{cell[1] + 1}"
