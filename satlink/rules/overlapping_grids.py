"""A board of several overlapping n x n grids (the Gattai Sudokus: Samurai,
Butterfly, Gattai-8, Windmill, Sohei, Shogun, Sumo, Clueless): where the
grids lie (their top left cells, the *origins*), the board's cells (those of
some grid), every grid's rows, columns and boxes as units (a unit two grids
share once), and, optionally, one more grid made of cells of the others
(Clueless's tenth). Built from the grids' places in boxes
(:func:`origins_of`); the cells and units of one geometry are worked out
once per :class:`OverlappingGrids` (:meth:`OverlappingGrids.units`): a
genre that builds its board once and gives it to every instance
(:mod:`satlink.puzzles.gattai`) works them out once.

>>> g = OverlappingGrids.from_boxes([(0, 0), (1, 1)], box=(2, 2))
>>> g.rows, g.cols, g.origins
(6, 6, ((0, 0), (2, 2)))
>>> len(g.units().cells), len(g.units().units)    # the box (2, 2)-(3, 3) once
(28, 23)
>>> g.inside((0, 5)), g.box_of((3, 3)), g.box_of((0, 5))
(False, (1, 1), None)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from .cell_units import Units
from .latin import broken_units, grid_units

Cell = tuple[int, int]
#: A further grid made of cells of the board: ``extra[i][j]`` is its cell at
#: row i, column j.
Extra = tuple[tuple[Cell, ...], ...]


def shared_grids(origins: Sequence[Cell], n: int, box: tuple[int, int]) -> list[list[Cell]]:
    """The units of several n x n Sudoku grids whose top left cells are
    ``origins``: each grid's rows, columns and boxes (``box`` = (width,
    height)), a unit that two grids share (a box where they overlap) once,
    in the order of its first grid.

    >>> units = shared_grids([(0, 0), (2, 2)], 4, (2, 2))
    >>> len(units)    # 12 units a grid, the box (2, 2)-(3, 3) shared
    23
    """
    out, seen = [], set()
    for origin in origins:
        for u in grid_units(n, n, box, origin=origin):
            key = frozenset(u)
            if key not in seen:
                seen.add(key)
                out.append(u)
    return out


def origins_of(boxes: Sequence[Cell], box: tuple[int, int]) -> tuple[Cell, ...]:
    """The top left cells of grids placed at ``boxes`` ((box row, box
    column) of their top left box), boxes of ``box`` = (width, height) cells.

    >>> origins_of([(0, 0), (2, 4)], (3, 3))
    ((0, 0), (6, 12))
    """
    bw, bh = box
    return tuple((bh * r, bw * c) for r, c in boxes)


@dataclass(frozen=True)
class OverlappingGrids:
    """n x n grids (``n`` = box width x box height) at ``origins``, and
    ``extra``, a further grid of their cells (None: none)."""

    origins: tuple[Cell, ...]
    box: tuple[int, int]
    extra: Extra | None = None

    @classmethod
    def from_boxes(cls, boxes: Sequence[Cell], box: tuple[int, int],
                   extra: Extra | None = None) -> OverlappingGrids:
        """Grids whose top left boxes are ``boxes`` (see :func:`origins_of`)."""
        return cls(origins_of(boxes, box), tuple(box), extra)

    @property
    def n(self) -> int:
        return self.box[0] * self.box[1]

    @cached_property
    def rows(self) -> int:
        """The board's rows: down to the lowest grid's bottom."""
        return max(r for r, _ in self.origins) + self.n

    @cached_property
    def cols(self) -> int:
        return max(c for _, c in self.origins) + self.n

    def units(self) -> Units:
        """The board's cells (reading order) and the units of every grid
        (and of ``extra``), a unit that two hold once; worked out once per
        object."""
        return self._units

    @cached_property
    def _units(self) -> Units:
        return _units(self.origins, self.n, self.box, self.extra)

    def cells(self) -> tuple[Cell, ...]:
        return self._units.cells

    def inside(self, cell: Cell) -> bool:
        """Whether ``cell`` lies in some grid."""
        return cell in self._units.index

    def named_units(self) -> tuple[tuple[str, tuple[Cell, ...]], ...]:
        """Every grid's rows, columns and boxes, named by the grid (`row 3 of
        grid 2`; ``extra`` is the last grid), a shared unit under each name;
        worked out once per object."""
        return self._named_units

    @cached_property
    def _named_units(self) -> tuple[tuple[str, tuple[Cell, ...]], ...]:
        return _named_units(self.origins, self.n, self.box, self.extra)

    def box_of(self, cell: Cell) -> Cell | None:
        """The box (of the board's box lattice) that holds ``cell``; None off
        the board (for drawing the boxes' borders)."""
        if cell not in self._units.index:
            return None
        return cell[0] // self.box[1], cell[1] // self.box[0]

    def off_board(self, sol: Sequence[Sequence]) -> list[str]:
        """A filled board's cells off the board that hold something (for
        ``verify``; ``sol``: rows of values, None for nothing)."""
        inside = self._units.index
        return [f"r{r + 1}c{c + 1} is off the board but holds {v}"
                for r, row in enumerate(sol) for c, v in enumerate(row)
                if v is not None and (r, c) not in inside]

    def broken(self, sol: Sequence[Sequence]) -> list[str]:
        """Every grid's rows, columns and boxes that do not hold 1..n once
        each on a filled board (:func:`satlink.rules.latin.broken_units`,
        from the values alone)."""
        values = {(r, c): sol[r][c] for r, c in self.cells()}
        return broken_units(values, self.named_units(), range(1, self.n + 1))

    def place(self, values: Sequence) -> tuple[tuple, ...]:
        """The board's rows from ``values`` of :meth:`cells` (in their order),
        None off the board."""
        rows = [[None] * self.cols for _ in range(self.rows)]
        for (r, c), v in zip(self.cells(), values):
            rows[r][c] = v
        return tuple(map(tuple, rows))


def _extra_units(extra: Extra, n: int, box: tuple[int, int]) -> list[list[Cell]]:
    return [[extra[i][j] for i, j in u] for u in grid_units(n, n, box)]


def _units(origins, n: int, box: tuple[int, int], extra=None) -> Units:
    cells = sorted({(r0 + r, c0 + c) for r0, c0 in origins for r in range(n) for c in range(n)})
    units = shared_grids(origins, n, box)
    if extra is not None:
        seen = {frozenset(u) for u in units}
        units += [u for u in _extra_units(extra, n, box) if frozenset(u) not in seen]
    return Units(cells, units)


def _named_units(origins, n: int, box: tuple[int, int], extra=None):
    names = ([f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
             + [f"box {b + 1}" for b in range(n)])
    grids = [shared_grids([origin], n, box) for origin in origins]
    if extra is not None:
        grids.append(_extra_units(extra, n, box))
    return tuple((f"{name} of grid {k}", tuple(u)) for k, units in enumerate(grids, 1)
                 for name, u in zip(names, units))
