"""What the numbers of a sight-count genre decide before encoding
(Kuromasu, Doors): each number says how many cells it sees along its row
and column, a view going on while the *items* it crosses are open (a
white cell in Kuromasu, an open door in Doors). From the numbers alone
(direct clues, no selectors) :func:`narrow_cells` (the items are the
cells, Kuromasu) and :func:`narrow_doors` (the items are the doors
between neighbouring cells, Doors) bound each number's four
runs, fixes items that are open or closed in every solution, and gives
the encoder short runs: a fixed-open item is passed with no variable, a
fixed-closed one ends every ray, and each run is cut at its upper bound.

The rules, each true in every solution (``encodings/sight.md``, "Narrowing
by the numbers", proves them):

- a run ends before a closed item and at the edge, and is at least its
  leading open items;
- the four runs of a number add up to its need: each run is at least the
  need less the others' upper bounds, at most the need less their lower
  bounds;
- a number ``j`` at step ``p`` of number ``i``'s ray: if ``i`` sees ``j``
  (run >= p), ``j`` sees back through ``i`` (its opposite run is ``p``
  plus ``i``'s), and ``i``'s run is ``p`` plus ``j``'s; so a run that
  cannot reach ``j`` ends before it, one that reaches it is bounded by
  ``j``'s;
- a run's first ``lo`` items are open; a run whose bounds meet short of
  the edge ends there: the next item is closed;
- with ``no_touch`` (Kuromasu), a closed cell's neighbours are open.

A fixpoint over these; a contradiction (bounds crossing, an item both
open and closed) is reported as ``None``: the board has no solution.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from .grid import Cell, Edge
from .sight import DIRECTIONS
from .sight_lines import Lines

#: Where each of DIRECTIONS ("nesw") is in a number's runs here: (west,
#: east, north, south), the backward and forward run on its row, then on
#: its column.
_AT = (2, 1, 3, 0)


class Narrowed:
    """What the numbers decide. ``open_items`` / ``closed_items``: the
    fixed items as integers (a cell ``(r, c)`` is ``r * cols + c``; a door
    as :func:`narrow_doors` numbers it, the order of
    :meth:`satlink.rules.grid.Grid.cell_edges`), in the order of their
    cells (ascending cells; doors as their pairs of cells); ``unsettled``: the
    numbers (cell, need, bounds) some of whose runs are not settled, in the
    given order. ``open``, ``closed`` (sets of cells or doors ``(a, b)``, ``a <
    b``) and ``bounds`` (``bounds[cell][d]``: ``(lo, hi)`` of the run from
    the number at ``cell`` toward ``d``, its first ``lo`` items open) are
    made when first asked for."""

    def __init__(self, item, numbers: Sequence[tuple[Cell, int]], open_items: list[int],
                 closed_items: list[int], lo: list, hi: list, unsettled: list[int]):
        self._item = item
        self.open_items, self.closed_items = open_items, closed_items
        self._cells, self._lo, self._hi = [cell for cell, _ in numbers], lo, hi
        self.unsettled = [(*numbers[i], self.bounds_of(i)) for i in unsettled]
        self._open = self._closed = self._bounds = None

    @property
    def open(self) -> set:
        if self._open is None:
            self._open = set(map(self._item, self.open_items))
        return self._open

    @property
    def closed(self) -> set:
        if self._closed is None:
            self._closed = set(map(self._item, self.closed_items))
        return self._closed

    @property
    def bounds(self) -> dict[Cell, dict[str, tuple[int, int]]]:
        if self._bounds is None:
            self._bounds = {cell: self.bounds_of(i) for i, cell in enumerate(self._cells)}
        return self._bounds

    def bounds_of(self, i: int) -> dict[str, tuple[int, int]]:
        """The bounds of the ``i``-th number (direction -> ``(lo, hi)``)."""
        lo, hi = self._lo[i], self._hi[i]
        return {d: (lo[a], hi[a]) for d, a in zip(DIRECTIONS, _AT)}

    def decided(self, cell: Cell) -> bool:
        """The number at ``cell`` is settled by the fixed items alone: each
        run's bounds meet (its first ``lo`` items open, the next one closed
        or the edge), so its count needs no clause."""
        return all(lo == hi for lo, hi in self.bounds[cell].values())


def narrow_cells(rows: int, cols: int, numbers: Sequence[tuple[Cell, int]],
                 opened: Iterable[Cell] = (), no_touch: bool = False) -> Narrowed | None:
    """Kuromasu's items, the cells: ``numbers`` (cell, how many other cells
    it sees), ``opened`` cells open from the start (the numbers); with
    ``no_touch`` a closed cell's neighbours are open. None: no solution.
    Cell ``(r, c)`` is item ``r * cols + c``."""
    out = Lines(rows, cols, 2, no_touch).narrow(numbers, opened)
    if out is None:
        return None
    return Narrowed(lambda x: divmod(x, cols), *out)


def narrow_doors(rows: int, cols: int, numbers: Sequence[tuple[Cell, int]]) -> Narrowed | None:
    """Doors' items, the doors: ``numbers`` (cell, how many other cells it
    sees). None: no solution. The door right of ``(r, c)`` is item
    ``r * (cols - 1) + c``; the door below it ``H + r * cols + c``, ``H``
    the number of doors in rows."""
    across = rows * (cols - 1)

    def door(x: int) -> Edge:
        if x < across:
            r, c = divmod(x, cols - 1)
            return ((r, c), (r, c + 1))
        r, c = divmod(x - across, cols)
        return ((r, c), (r + 1, c))

    out = Lines(rows, cols, 1, False).narrow(numbers, ())
    if out is None:
        return None
    return Narrowed(door, *out)
