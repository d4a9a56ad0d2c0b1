"""What the degree rule of a path and the line counts fix before encoding
(Pipeline: a path between two ends, given pieces, a count per row and column).

:func:`settle` runs, on the board itself, the deductions that unit
propagation would make on the clauses of :class:`satlink.rules.cell_path.CellPath`
and of the exact counts over its on-literals (``encodings/cell_path.md``,
"Settled before encoding"):

- an edge on the path puts both its cells on the path;
- a cell off the path has no edge; a cell on it with as many edges as it
  needs (two, one at an end) has no other, and one whose undecided edges are
  just enough has them all; a cell that could not get two edges is off;
- a line whose count is reached has its undecided cells off, and one that
  needs all its undecided cells has them on.

Each is a consequence of those clauses, so the formula with the fixed
literals as units is the same set of models; the clauses they satisfy need
not be built or loaded (on the dev boards most of them: the numbers decide
most cells). A contradiction means no solution.

>>> from satlink.rules.grid import Grid
>>> s = settle(Grid(1, 3), ((0, 0), (0, 2)), {(0, 0): "e", (0, 2): "w"}, [None], [None] * 3)
>>> s.on, s.used, s.open
([True, True, True], [True, True], [])
>>> settle(Grid(1, 3), ((0, 0), (0, 2)), {(0, 0): "e", (0, 2): "w"}, [2], [None] * 3) is None
True
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from .grid import Cell, Grid

class Settled(NamedTuple):
    """What :func:`settle` fixed, by index: ``on[i]`` for the i-th cell of
    ``grid.cells`` (True on the path, False off it, None open), ``used[i]``
    for the i-th edge of ``grid.cell_edges()`` likewise, ``inc[i]`` the
    indices of the i-th cell's edges, and ``open`` the cells with an edge
    left open (the others are decided, literal and edges)."""

    on: list[bool | None]
    used: list[bool | None]
    inc: list[list[int]]
    open: list[int]


class _Contradiction(Exception):
    pass


def settle(grid: Grid, ends: Iterable[Cell], pieces: Mapping[Cell, str],
           row_counts: Sequence[int | None], col_counts: Sequence[int | None]) -> Settled | None:
    """The cells and edges that the deductions above fix (:class:`Settled`),
    from the ``pieces`` (cell -> its exits, the ends' one exit included) and
    the number of path cells in each row and column (None: no number); None
    when they contradict each other (no path fits)."""
    rows, cols = grid.rows, grid.cols
    n, across, w1 = rows * cols, rows * (cols - 1), cols - 1
    # a cell's edges, as indices into grid.cell_edges() (horizontal ones row by
    # row, then vertical ones), in the order n, w, e, s
    inc: list[list[int]] = []
    for r in range(rows):
        h, up, down = r * w1, across + (r - 1) * cols, across + r * cols
        for c in range(cols):
            its = [up + c] if r else []
            if c:
                its.append(h + c - 1)
            if c < w1:
                its.append(h + c)
            if r + 1 < rows:
                its.append(down + c)
            inc.append(its)
    tip = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(w1)]
    tip += [(i, i + cols) for i in range(n - cols)]
    want = [2] * n
    on: list[bool | None] = [None] * n
    used: list[bool | None] = [None] * len(tip)
    t = [0] * n  # per cell: its edges used, its edges open
    u = [len(x) for x in inc]
    # lines 0..rows-1 the rows, then the columns; those without a number never settle
    need = [-1 if k is None else k for k in (*row_counts, *col_counts)]
    free = [cols] * rows + [rows] * cols
    counted = [k is not None for k in (*row_counts, *col_counts)]
    cells_due = [i for i in range(n) if u[i] < 2]
    lines_due = [li for li in range(rows + cols) if counted[li] and (need[li] <= 0 or
                                                                   need[li] >= free[li])]

    def put_cell(ci: int, v: bool) -> None:
        if on[ci] is None:
            on[ci] = v
            row = ci // cols
            col = ci - row * cols + rows
            free[row] -= 1
            free[col] -= 1
            if v:
                need[row] -= 1
                need[col] -= 1
            if counted[row] and (need[row] <= 0 or need[row] >= free[row]):
                lines_due.append(row)  # settles, or contradicts
            if counted[col] and (need[col] <= 0 or need[col] >= free[col]):
                lines_due.append(col)
            cells_due.append(ci)
        elif on[ci] != v:
            raise _Contradiction

    def on_path(x: int) -> None:
        """An end of a used edge is on the path (and due: put_cell makes it so)."""
        if on[x] is None:
            put_cell(x, True)
        elif on[x]:
            cells_due.append(x)
        else:
            raise _Contradiction

    def put_edge(ei: int, v: bool) -> None:
        if used[ei] is None:
            used[ei] = v
            a, b = tip[ei]
            u[a] -= 1
            u[b] -= 1
            if v:
                t[a] += 1
                t[b] += 1
                on_path(a)
                on_path(b)
            else:
                cells_due.append(a)
                cells_due.append(b)
        elif used[ei] != v:
            raise _Contradiction

    try:
        for r, c in ends:
            want[r * cols + c] = 1
            put_cell(r * cols + c, True)
        for (r, c), dirs in pieces.items():
            put_cell(r * cols + c, True)
            for d, e, ok in (("n", across + (r - 1) * cols + c, r), ("w", r * w1 + c - 1, c),
                             ("e", r * w1 + c, c < w1), ("s", across + r * cols + c, r + 1 < rows)):
                if ok:
                    put_edge(e, d in dirs)
        while cells_due or lines_due:
            while cells_due:
                ci = cells_due.pop()
                state, w, ti, ui = on[ci], want[ci], t[ci], u[ci]
                if state is None:
                    if ti:
                        put_cell(ci, True)
                    elif ui < w:
                        put_cell(ci, False)
                elif (ti > w or ti + ui < w) if state else ti:
                    raise _Contradiction
                elif ui and (not state or ti == w or ti + ui == w):
                    # put_edge inline, for speed: the cell itself needs no new look
                    v = state and ti < w
                    for e in inc[ci]:
                        if used[e] is None:
                            used[e] = v
                            a, b = tip[e]
                            u[a] -= 1
                            u[b] -= 1
                            o = b if a == ci else a
                            if not v:
                                cells_due.append(o)
                                continue
                            t[a] += 1
                            t[b] += 1
                            on_path(o)
            while lines_due and not cells_due:
                li = lines_due.pop()
                k, room = need[li], free[li]
                if k < 0 or k > room:
                    raise _Contradiction
                if room and (k == 0 or k == room):
                    cells = range(li * cols, li * cols + cols) if li < rows else \
                        range(li - rows, n, cols)
                    for ci in cells:
                        if on[ci] is None:
                            put_cell(ci, k > 0)
    except _Contradiction:
        return None
    return Settled(on, used, inc, [i for i in range(n) if u[i]])

