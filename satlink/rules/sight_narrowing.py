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

from collections import deque
from collections.abc import Iterable, Sequence

from .grid import Cell, Edge
from .sight import DIRECTIONS

#: The opposite of each direction, by index in DIRECTIONS ("nesw").
_BACK = (2, 3, 0, 1)
_UNKNOWN, _OPEN, _CLOSED = 0, 1, 2


class Narrowed:
    """``open`` and ``closed`` items (cells or doors ``(a, b)``, ``a < b``);
    ``bounds[cell][d]``: ``(lo, hi)`` of the run from the number at ``cell``
    in direction ``d`` (its first ``lo`` items are open)."""

    def __init__(self, opened: set, closed: set, bounds: dict[Cell, dict[str, tuple[int, int]]]):
        self.open, self.closed, self.bounds = opened, closed, bounds

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
    def ray(r: int, c: int, d: int, n: int) -> range:
        step = (-cols, 1, cols, -1)[d]
        first = r * cols + c + step
        return range(first, first + step * n, step)

    def place(x: int, on_row: bool) -> int:  # the item's index along its line
        return x % cols if on_row else x // cols

    def lines(x: int) -> tuple:
        return (("r", x // cols), ("c", x % cols))

    out = _narrow(rows, cols, numbers, ray, lines, place, rows * cols,
                  [r * cols + c for r, c in opened], cols if no_touch else 0)
    if out is None:
        return None
    st, bounds = out
    return Narrowed({divmod(x, cols) for x, v in enumerate(st) if v == _OPEN},
                    {divmod(x, cols) for x, v in enumerate(st) if v == _CLOSED}, bounds)


def narrow_doors(rows: int, cols: int, numbers: Sequence[tuple[Cell, int]]) -> Narrowed | None:
    """Doors' items, the doors: ``numbers`` (cell, how many other cells it
    sees). None: no solution. The door right of ``(r, c)`` is item
    ``r * (cols - 1) + c``; the door below it ``H + r * cols + c``, ``H``
    the number of doors in rows."""
    across = rows * (cols - 1)

    def ray(r: int, c: int, d: int, n: int) -> range:
        first, step = ((across + (r - 1) * cols + c, -cols), (r * (cols - 1) + c, 1),
                       (across + r * cols + c, cols), (r * (cols - 1) + c - 1, -1))[d]
        return range(first, first + step * n, step)

    def place(x: int, on_row: bool) -> int:  # the cell before the door, along its line
        return x % (cols - 1) if on_row else (x - across) // cols

    def lines(x: int) -> tuple:
        if x < across:
            return (("r", x // (cols - 1)),)
        return (("c", (x - across) % cols),)

    def door(x: int) -> Edge:
        if x < across:
            r, c = divmod(x, cols - 1)
            return ((r, c), (r, c + 1))
        r, c = divmod(x - across, cols)
        return ((r, c), (r + 1, c))

    out = _narrow(rows, cols, numbers, ray, lines, place, across + (rows - 1) * cols, (), 0,
                  doors=True)
    if out is None:
        return None
    st, bounds = out
    return Narrowed({door(x) for x, v in enumerate(st) if v == _OPEN},
                    {door(x) for x, v in enumerate(st) if v == _CLOSED}, bounds)


def _narrow(rows, cols, numbers, ray, lines, place, items, opened, touch, doors=False):
    """The fixpoint (written for speed: it runs before every encoding): a
    work list of numbers, each looked at again when an item fixed on its
    rays, or the bounds of a number it meets along them, can move its
    own. Items are integers, their states a bytearray. Returns the states
    and the bounds, or None."""
    index = {c: i for i, (c, _) in enumerate(numbers)}
    need = [k for _, k in numbers]
    st = bytearray(items)
    for x in opened:
        st[x] = _OPEN
    # each number's rays, cut one past its need (the need bounds every run),
    # the lengths to the edge, the first number on each (step, index)
    rays, edge, meet = [], [], []
    on_line: dict = {}  # ("r", row) / ("c", col) -> (number, its place on the line)
    met_by: list[list[tuple[int, int]]] = [[] for _ in numbers]  # (number, its direction)
    for i, ((r, c), k) in enumerate(numbers):
        full = (r, cols - 1 - c, rows - 1 - r, c)
        rays.append([ray(r, c, d, min(full[d], k + 1)) for d in range(4)])
        edge.append(full)
        ms = []
        for d, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
            m = None
            for j in range(1, min(full[d], k) + 1):
                other = index.get((r + dr * j, c + dc * j))
                if other is not None:
                    m = (j, other)
                    met_by[other].append((i, d))
                    break
            ms.append(m)
        meet.append(ms)
        on_line.setdefault(("r", r), []).append((i, c))
        on_line.setdefault(("c", c), []).append((i, r))
    lo = [[0] * 4 for _ in numbers]
    hi = [[min(e, k) for e in es] for es, k in zip(edge, need)]
    todo = deque(range(len(numbers)))
    waiting = set(todo)
    # the bounds as last passed on (fixed items, numbers woken); None: never
    told: list = [None] * len(numbers)

    def fix(x: int, to: int) -> bool:
        """Fix ``x``; wake the rays it can move (an open item at a run's
        lower bound; a closed one below its upper bound, which it lowers
        at once: a run ends before a closed item). False: fixed the other
        way already."""
        if st[x] == to:
            return True
        if st[x]:
            return False
        st[x] = to
        for line in lines(x):
            on_row = line[0] == "r"
            at = place(x, on_row)
            for u, mine in on_line.get(line, ()):
                # the item's step from u, 0-based, and u's direction to it
                if doors:
                    d, j = ((1 if on_row else 2), at - mine) if at >= mine else \
                        ((3 if on_row else 0), mine - at - 1)
                elif at == mine:
                    continue
                else:
                    d, j = ((1 if on_row else 2), at - mine - 1) if at > mine else \
                        ((3 if on_row else 0), mine - at - 1)
                if to == _OPEN:
                    if j != lo[u][d]:
                        continue
                elif j < hi[u][d]:
                    hi[u][d] = j
                else:
                    continue
                if u not in waiting:
                    waiting.add(u)
                    todo.append(u)
        return True

    while todo:
        i = todo.popleft()  # first in, first out: fewer looks than last in
        waiting.discard(i)
        k, lo_i, hi_i, rays_i, meet_i = need[i], lo[i], hi[i], rays[i], meet[i]
        new_lo, new_hi = lo_i[:], hi_i[:]
        while True:  # this number's own fixpoint: again while a bound moves
            again = False
            for d in range(4):
                ray_d, h, l_ = rays_i[d], new_hi[d], new_lo[d]
                if l_ == h:  # settled: nothing below moves it
                    continue
                while l_ < h and st[ray_d[l_]] == _OPEN:
                    l_ += 1
                m = meet_i[d]
                if m is not None and m[0] <= h:
                    p, other = m
                    back = _BACK[d]
                    if p + new_lo[back] > hi[other][back]:  # it cannot see that far back
                        h = p - 1
                    else:
                        if p + hi[other][d] < h:
                            h = p + hi[other][d]
                        if l_ >= p and p + lo[other][d] > l_:
                            l_ = p + lo[other][d]
                if l_ != new_lo[d] or h != new_hi[d]:
                    new_lo[d], new_hi[d] = l_, h
                    again = True
            while True:  # the four runs add up to k: to the fixpoint
                most, least = sum(new_hi), sum(new_lo)
                moved = False
                for d in range(4):
                    if k - (most - new_hi[d]) > new_lo[d]:
                        new_lo[d] = k - (most - new_hi[d])
                        moved = True
                    if k - (least - new_lo[d]) < new_hi[d]:
                        new_hi[d] = k - (least - new_lo[d])
                        moved = True
                    if new_lo[d] > new_hi[d]:
                        return None
                if not moved:
                    break
                again = True
            if not again:
                break
        lo[i], hi[i] = new_lo, new_hi
        if told[i] is None:  # the first look: measured against the first bounds
            lo_i, hi_i = [0] * 4, [min(e, k) for e in edge[i]]
        else:
            lo_i, hi_i = told[i]
            if new_lo == lo_i and new_hi == hi_i:
                continue
        told[i] = (new_lo[:], new_hi[:])
        for u, d in met_by[i]:  # u looks at i along d: woken where rule 3 now moves it
            if u in waiting:
                continue
            p, lo_u, hi_u = meet[u][d][0], lo[u], hi[u]
            if hi_u[d] < p or lo_u[d] == hi_u[d]:
                continue  # u cannot reach i, or its run is settled
            if (p + lo_u[_BACK[d]] > new_hi[_BACK[d]] or p + new_hi[d] < hi_u[d]
                    or (lo_u[d] >= p and p + new_lo[d] > lo_u[d])):
                waiting.add(u)
                todo.append(u)
        for d in range(4):
            ray_d, l_, h = rays_i[d], new_lo[d], new_hi[d]
            for j in range(lo_i[d], l_):
                if not fix(ray_d[j], _OPEN):
                    return None
            if l_ == h < edge[i][d]:
                x = ray_d[h]
                if st[x] != _CLOSED:
                    if not fix(x, _CLOSED):
                        return None
                    if touch:  # its neighbouring cells are open
                        r, c = divmod(x, touch)
                        for y, ok in ((x - touch, r > 0), (x + touch, r < rows - 1),
                                      (x - 1, c > 0), (x + 1, c < cols - 1)):
                            if ok and not fix(y, _OPEN):
                                return None
    bounds = {c: dict(zip(DIRECTIONS, zip(lo[i], hi[i]))) for i, (c, _) in enumerate(numbers)}
    return st, bounds
