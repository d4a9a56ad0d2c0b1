"""What the numbers of a sight-count genre decide before encoding
(Kuromasu, Doors): each number says how many cells it sees along its row
and column, a view going on while the *items* it crosses are open (a
white cell in Kuromasu, an open door in Doors). From the numbers alone
(direct clues, no selectors) :func:`narrow` bounds each number's four
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
- ``closed(item)`` gives the items that a closed one opens (Kuromasu:
  a shaded cell's neighbours are white).

A fixpoint over these; a contradiction (bounds crossing, an item both
open and closed) is reported as ``None``: the board has no solution.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .grid import STEPS, Cell
from .sight import DIRECTIONS

Item = object
#: The opposite of each direction, by index in DIRECTIONS ("nesw").
_BACK = (2, 3, 0, 1)


class Narrowed:
    """``open`` and ``closed`` items; ``bounds[cell][d]``: ``(lo, hi)`` of
    the run from the number at ``cell`` in direction ``d`` (its first ``lo``
    items are open)."""

    def __init__(self, opened: set, closed: set, bounds: dict[Cell, dict[str, tuple[int, int]]]):
        self.open, self.closed, self.bounds = opened, closed, bounds

    def decided(self, cell: Cell) -> bool:
        """The number at ``cell`` is settled by the fixed items alone: each
        run's bounds meet (its first ``lo`` items open, the next one closed
        or the edge), so its count needs no clause."""
        return all(lo == hi for lo, hi in self.bounds[cell].values())


def narrow(rows: int, cols: int, numbers: Sequence[tuple[Cell, int]],
           item: Callable[[Cell, Cell], Item] | None = None, opened: Iterable[Item] = (),
           closed_opens: Callable[[Item], Iterable[Item]] | None = None) -> Narrowed | None:
    """Bounds and fixed items for ``numbers`` (cell, how many other cells it
    sees); ``item(a, b)`` is what a view crosses stepping from ``a`` to the
    adjacent ``b`` (None: the cell ``b``); ``opened``: items open from the
    start (Kuromasu's numbers). None: no solution."""
    index = {c: i for i, (c, _) in enumerate(numbers)}
    need = [k for _, k in numbers]
    # written for speed (it runs before every encoding): a work list of
    # numbers, each looked at again when an item fixed on its rays, or the
    # bounds of the number it meets, can move its own bounds.
    # Each number's rays, cut one past its need (the need bounds every
    # run): the items, the length to the edge, the first number on it
    # (step, index); users[item]: (number, direction, position) of each ray
    # that crosses it
    rays: list[list[list]] = []
    edge: list[list[int]] = []
    meet: list[list[tuple[int, int] | None]] = []
    users: dict = {}
    met_by: list[list[tuple[int, int]]] = [[] for _ in numbers]  # (number, its direction)
    for i, ((r, c), k) in enumerate(numbers):
        rs, es, ms = [], [], []
        for d, (dr, dc) in enumerate(STEPS.values()):
            full = (r if dr < 0 else rows - 1 - r) if dr else (c if dc < 0 else cols - 1 - c)
            cells = [(r + dr * j, c + dc * j) for j in range(1, min(full, k + 1) + 1)]
            out = cells if item is None else [item(a, b) for a, b in zip([(r, c)] + cells, cells)]
            m = next(((j, index[b]) for j, b in enumerate(cells, 1) if b in index), None)
            if m is not None:
                met_by[m[1]].append((i, d))
            for j, x in enumerate(out):
                users.setdefault(x, []).append((i, d, j))
            rs.append(out)
            es.append(full)
            ms.append(m)
        rays.append(rs)
        edge.append(es)
        meet.append(ms)
    lo = [[0] * 4 for _ in numbers]
    hi = [[min(e, k) for e in es] for es, k in zip(edge, need)]
    is_open, is_closed = set(opened), set()
    todo = list(range(len(numbers)))
    waiting = set(todo)
    fresh = [True] * len(numbers)  # the first look fixes what the first bounds decide

    def fix(x, to_open: bool) -> bool:
        """Fix ``x``; wake the rays it can move (an open item at a run's
        lower bound, a closed one below its upper bound). False: fixed
        the other way already."""
        if x in (is_closed if to_open else is_open):
            return False
        if x in (is_open if to_open else is_closed):
            return True
        (is_open if to_open else is_closed).add(x)
        for u, d, j in users.get(x, ()):
            if (j == lo[u][d] if to_open else j < hi[u][d]) and u not in waiting:
                waiting.add(u)
                todo.append(u)
        return True

    while todo:
        i = todo.pop()
        waiting.discard(i)
        k, lo_i, hi_i, rays_i, meet_i = need[i], lo[i], hi[i], rays[i], meet[i]
        new_lo, new_hi = lo_i[:], hi_i[:]
        while True:  # this number's own fixpoint
            before = new_lo + new_hi
            for d in range(4):
                ray, h, l_ = rays_i[d], new_hi[d], new_lo[d]
                for j in range(l_, h):  # a closed item ends the run
                    if ray[j] in is_closed:
                        h = j
                        break
                while l_ < h and ray[l_] in is_open:
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
                new_lo[d], new_hi[d] = l_, h
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
            if new_lo + new_hi == before:
                break
        if new_lo == lo_i and new_hi == hi_i and not fresh[i]:
            continue
        fresh[i] = False
        lo[i], hi[i] = new_lo, new_hi
        for u, d in met_by[i]:  # u looks at i along d: it reads these bounds of i
            back = _BACK[d]
            if ((new_hi[d] != hi_i[d] or new_lo[d] != lo_i[d] or new_hi[back] != hi_i[back])
                    and u not in waiting):
                waiting.add(u)
                todo.append(u)
        for d in range(4):
            ray, l_, h = rays_i[d], new_lo[d], new_hi[d]
            for x in ray[lo_i[d]:l_]:
                if not fix(x, True):
                    return None
            if l_ == h < edge[i][d]:
                x = ray[h]
                if x not in is_closed:
                    if not fix(x, False):
                        return None
                    for y in closed_opens(x) if closed_opens is not None else ():
                        if not fix(y, True):
                            return None
    bounds = {c: dict(zip(DIRECTIONS, zip(lo[i], hi[i]))) for i, (c, _) in enumerate(numbers)}
    return Narrowed(is_open, is_closed, bounds)
