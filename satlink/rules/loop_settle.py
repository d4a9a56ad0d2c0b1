"""What the degree rule of a lean :class:`satlink.rules.loops.CellLoop`
fixes, given some edges' values, before its clauses are written (Entry-Exit,
Castle Wall, ...): the idea of :mod:`satlink.rules.path_settle` (Pipeline)
for a loop.

:func:`settle` runs, on the loop's edge arrays, the deductions that unit
propagation makes on the loop's degree clauses (``encodings/loops.md``,
"Settled edges"), to a fixpoint:

- a cell with an edge on the loop, or a must-cell, is on it: two edges;
  with two on, its others are off; with only two not off, both are on;
- any other cell with one edge left open and none on has that edge off
  (zero or two edges, never one);
- more than two edges on, or fewer than two possible at a cell on the
  loop, is a contradiction (no loop fits).

Each is a consequence of the degree clauses and the given values, so the
formula with the fixed edges as units (the genre's rules stated on them) has
the same models; the degree clauses they satisfy need not be written.

>>> # a 2 x 2 board, every cell a must-cell: the four edges are on
>>> settle(4, [0, 2, 0, 1], [1, 3, 2, 3], [0, 1, 2, 3], {})[0]
[True, True, True, True]
>>> settle(4, [0, 2, 0, 1], [1, 3, 2, 3], [0, 1, 2, 3], {0: False}) is None
True
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import count


def settle(npoints: int, us: Sequence[int], vs: Sequence[int], must: Iterable[int],
           fixed: Mapping[int, bool]
           ) -> tuple[list[bool | None], list[int], list[int]] | None:
    """Edge i joins points ``us[i]`` and ``vs[i]``; ``must`` the points on the
    loop whatever else holds; ``fixed`` edge index -> its known value. The
    value of every edge after the deductions above (None: open), and per
    point its edges fixed on and its edges left open; None when they
    contradict (no loop fits)."""
    # written for speed (it runs for every board of the genres that use it):
    # arrays by point and by edge, the propagation inline
    inc: list[list[int]] = [[] for _ in range(npoints)]
    for i, u, v in zip(count(), us, vs):
        inc[u].append(i)
        inc[v].append(i)
    used: list[bool | None] = [None] * len(us)
    t = [0] * npoints  # per point: edges on
    left = list(map(len, inc))  # per point: edges open
    on = [False] * npoints  # on the loop for sure
    must = list(must)
    for p in must:
        on[p] = True
    if not all(map(left.__getitem__, must)):  # a must-point without an edge
        return None
    # a must-cell of two edges, or a cell of one: due now; others once an edge is fixed
    due = [p for p, k in enumerate(left) if 0 < k <= 2]
    for i, val in fixed.items():
        if used[i] is not None:
            if used[i] != val:
                return None
            continue
        used[i] = val
        a, b = us[i], vs[i]
        left[a] -= 1
        left[b] -= 1
        if val:
            t[a] += 1
            t[b] += 1
            on[a] = on[b] = True
        due += (a, b)
    while due:
        p = due.pop()
        tp, up = t[p], left[p]
        if on[p]:
            if tp > 2 or tp + up < 2:
                return None
            if not up or (tp < 2 and tp + up > 2):
                continue
            val = tp < 2
        elif up == 1 and not tp:
            val = False
        else:
            continue
        for i in inc[p]:
            if used[i] is None:
                used[i] = val
                a, b = us[i], vs[i]
                left[a] -= 1
                left[b] -= 1
                o = b if a == p else a
                if val:
                    t[a] += 1
                    t[b] += 1
                    on[o] = True
                due.append(o)
    return used, t, left
