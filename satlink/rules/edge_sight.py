"""Sight through doors: the cells seen from a cell along its row and column,
a line of sight passing from one cell to the next only through an *open*
edge between them (Doors / Türen: rooms, and doors between them that are
open or closed). Unlike :class:`satlink.rules.sight.Sight`, whose lines
stop at a cell, these stop at an edge: a cell reached from two sides may
be seen from one and hidden from the other.

:func:`runs`: "the first j steps of a ray are open" literals, a chain (the
number of cells seen in that direction, in unary); :func:`count_seen`: how
many cells are seen from a cell, the cell itself not counted, summed over
the four directions by :func:`satlink.rules.unary_sums.unary_sum` and compared
by :func:`satlink.rules.unary_sums.sum_is`, behind a selector ``when``.
:func:`seen` counts the same on a set of open edges (for ``verify``).
``encodings/doors.md`` gives the proof and sizes.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula(); g = Grid(1, 3)
>>> door = {e: f.var("open", *e) for e in g.cell_edges()}
>>> count_seen(f, g, door, (0, 0), 2)
>>> from pysat.solvers import Solver
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(assumptions=[-door[((0, 1), (0, 2))]])
False
"""
from __future__ import annotations

from collections.abc import Container, Iterable, Mapping

from ..formula import Formula
from .counts import guarded
from .grid import STEPS, Cell, Edge, Grid
from .sight import DIRECTIONS
from .unary_sums import sum_is, unary_sum


def edge(a: Cell, b: Cell) -> Edge:
    """The edge between adjacent cells ``a`` and ``b``, in stored order."""
    return (a, b) if a < b else (b, a)


def runs(f: Formula, grid: Grid, door: Mapping[Edge, int], cell: Cell, direction: str,
         limit: int | None = None, tag: str = "seen", opened: Container[Edge] = ()) -> list[int]:
    """``R_1 .. R_L``, ``R_j`` = "the first j steps from ``cell`` in
    ``direction`` cross open edges" (``R_1`` is the first edge's literal;
    ``R_j <-> R_{j-1} and door(step j)``), ``L`` the ray's length, at most
    ``limit``. ``R_j`` is the variable ``(tag, *a, *b)`` of the stretch from
    ``a`` to ``b`` (the two end cells, ``a < b``): "every edge between them
    is open", shared with the ray from the other end, which sees the same
    stretch (made and defined once, by the first ray that needs it)."""
    dr, dc = STEPS[direction]
    r, c = cell
    most = (r if dr < 0 else grid.rows - 1 - r) if dr else (c if dc < 0 else grid.cols - 1 - c)
    if limit is not None:
        most = min(most, limit)
    if most <= 0:
        return []
    # written for speed (a quarter of a Doors board's encoding): south and
    # east step to larger cells, so the door and the stretch are (earlier,
    # later) cell; a new stretch variable is numbered as Formula.var would
    pool, add = f.pool, f.clauses.append
    known = pool.obj2id
    forward = dr > 0 or dc > 0
    prev = cell
    nxt = (r + dr, c + dc)
    out = [door[(prev, nxt) if forward else (nxt, prev)]]
    for j in range(2, most + 1):
        prev, nxt = nxt, (r + dr * j, c + dc * j)
        if forward:
            e = (prev, nxt)
            key = (tag, r, c, *nxt)
        else:
            e = (nxt, prev)
            key = (tag, *nxt, r, c)
        d = door[e]
        if e in opened:
            out.append(out[-1])
            continue
        x = known.get(key)
        if x is None:
            pool.top = x = pool.top + 1
            known[key] = x
            pool.id2obj[x] = key
            before = out[-1]
            add([-x, before])
            add([-x, d])
            add([x, -before, -d])
        out.append(x)
    return out


def count_seen(f: Formula, grid: Grid, door: Mapping[Edge, int], cell: Cell, k: int,
               when: int | None = None, tag: str = "seen",
               bounds: Mapping[str, tuple[int, int]] | None = None,
               opened: Container[Edge] = (), closed: Container[Edge] = ()) -> None:
    """Exactly ``k`` other cells are seen from ``cell`` through open edges
    (while ``when`` holds): each direction's run, capped at k + 1, summed in
    two halves and compared with k. ``bounds`` (direction -> ``(lo, hi)``),
    ``opened`` and ``closed`` are what the numbers decide
    (:mod:`satlink.rules.sight_narrowing`): a run's first ``lo`` steps are
    open doors, taken off ``k`` (the run starts ``lo`` cells on); a run
    cut at ``hi`` gets the clause that one of its first ``hi + 1`` doors is
    closed, unless one of them is closed for good."""
    if bounds is None:
        cap = k + 1
        rays = [runs(f, grid, door, cell, d, cap, tag) for d in DIRECTIONS]
    else:
        k -= sum(lo for lo, _ in bounds.values())
        cap = k + 1
        rays = []
        r, c = cell
        with guarded(f, when):
            for d in DIRECTIONS:
                lo, hi = bounds[d]
                dr, dc = STEPS[d]
                rays.append(runs(f, grid, door, (r + dr * lo, c + dc * lo), d,
                                 min(cap, hi - lo), tag, opened))
                if hi - lo < cap and grid.inside((r + dr * (hi + 1), c + dc * (hi + 1))):
                    steps = [edge((r + dr * j, c + dc * j), (r + dr * (j + 1), c + dc * (j + 1)))
                             for j in range(lo, hi + 1)]
                    if not any(e in closed for e in steps):
                        f.add([-door[e] for e in steps if e not in opened])
    rays.sort(key=len)
    halves = [rays[0::3], rays[1:3]]
    key = (f"{tag}.sum", *cell)
    a, b = (unary_sum(f, half, cap, (*key, i)) for i, half in enumerate(halves))
    with guarded(f, when):
        sum_is(f, a, b, k)


# -- checking, from open edges (for verify) --------------------------------------------------
def seen(grid: Grid, open_edges: Iterable[Edge], cell: Cell) -> int:
    """How many other cells ``cell`` sees, walking each direction while the
    next edge is open (``open_edges`` a set or frozenset is read as it is:
    ``verify`` asks once per number)."""
    opened = open_edges if isinstance(open_edges, (set, frozenset)) else set(open_edges)
    n = 0
    for d in DIRECTIONS:
        dr, dc = STEPS[d]
        a = cell
        while grid.inside((a[0] + dr, a[1] + dc)) and edge(a, (a[0] + dr, a[1] + dc)) in opened:
            a = (a[0] + dr, a[1] + dc)
            n += 1
    return n
