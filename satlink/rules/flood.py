"""Flood: how many cells of a colour a cell reaches through that colour
(Kurotto: a circle's number is the total size of the shaded areas next to
it).

:func:`count_flood` says that the cells of the colour reached from
``start`` (its neighbours of the colour, their neighbours of the colour,
and so on; ``start`` itself not counted, whatever its colour) are exactly
``n``. It is a local, complete encoding over layers of reach (no lazy
form): ``near(t, c)`` is true iff c is of the colour and a path of cells of
the colour of at most t cells leads from a neighbour of ``start`` to c
(``encodings/kurotto.md`` proves it exact).

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.rules.shading import Shading
>>> from pysat.solvers import Solver
>>> f = Formula(); s = Shading(f, Grid(1, 4))
>>> _ = count_flood(s, (0, 0), 2)             # (0, 0) reaches two shaded cells
>>> with Solver(bootstrap_with=f.clauses) as solver:
...     solver.solve(), [f.name(x) for x in solver.get_model()[:4] if x > 0]
(True, ['shaded(0,1)', 'shaded(0,2)'])
"""
from __future__ import annotations

from . import counts
from .grid import Cell
from .shading import Shading


def count_flood(s: Shading, start: Cell, n: int, shaded: bool = True,
                when: int | None = None) -> dict[Cell, int]:
    """The cells of the colour reached from ``start`` number exactly ``n``
    (unless ``when`` is false: only the count is guarded; the layers are
    definitions).

    Layers t = 1 .. n + 1 over the cells within t steps of ``start`` (not
    ``start``): ``near(1, c)`` iff c is a neighbour of ``start`` of the
    colour; ``near(t, c)`` iff c is of the colour and ``near(t - 1, m)`` for
    c or a neighbour m of c. Then exactly n cells have ``near(n + 1, .)``:
    an area of n cells lies within n steps, and a larger one has at least
    n + 1 cells within n + 1 steps. Returns the last layer: per cell, the
    literal "reached from ``start``" (cells missing are never reached)."""
    f, lit = s.f, (lambda c: s.lit(c, shaded))
    dist = s.reach(start, n + 1)
    dist.pop(start)
    tag = f"{s.colour(shaded)}.flood"
    prev: dict[Cell, int] = {}
    for t in range(1, n + 2):
        cur = {}
        for c, d in dist.items():
            if d > t:
                continue
            x = cur[c] = f.var(tag, *start, t, *c)
            before = [prev[m] for m in [c, *s.adj[c]] if m in prev]
            if start in s.adj[c]:
                f.equiv_and(x, [lit(c)])  # next to start: reached when of the colour
                continue
            f.add([-x, lit(c)])  # x -> of the colour, and reached one step before
            f.add([-x, *before])
            f.extend([-y, -lit(c), x] for y in before)
        prev = cur
    counts.exactly(f, list(prev.values()), n, when=when)
    return prev


def _flood(s: Shading, value, start: Cell, shaded: bool, limit: int | None = None) -> list[Cell]:
    """The cells of the colour reached from ``start`` in a model, in
    breadth-first order (the first ``limit`` of them when given)."""
    order: list[Cell] = []
    seen = {start}
    frontier = [start]
    while frontier:
        nxt = []
        for c in frontier:
            for m in s.adj[c]:
                if m not in seen and value(s.lit(m, shaded)):
                    seen.add(m)
                    order.append(m)
                    nxt.append(m)
                    if limit is not None and len(order) >= limit:
                        return order
        frontier = nxt
    return order


def flood_implied(s: Shading, start: Cell, n: int, shaded: bool = True) -> None:
    """Clauses every assignment obeying "``n`` cells reached from ``start``"
    satisfies: n = 0, every neighbour of the other colour; n > 0, a
    neighbour of the colour."""
    near = s.adj[start]
    if n == 0:
        s.f.extend([-s.lit(c, shaded)] for c in near)
    else:
        s.f.add([s.lit(c, shaded) for c in near])


def flood_cuts(s: Shading, model, start: Cell, n: int, shaded: bool = True) -> list[list[int]]:
    """Cuts against a model in which ``start`` reaches other than ``n``
    cells of the colour (none when it reaches n):

    - more: the first n + 1 cells of a breadth-first search from ``start``
      (each joined to ``start`` through the ones before it) are not all of
      the colour;
    - fewer, the reached set F closed off by its border B (the cells next
      to F or to ``start``, neither in F nor ``start``, all of the other
      colour): a cell of F is not of the colour, or a cell of B is.
    """
    value = model.value
    lit = (lambda c: s.lit(c, shaded))
    reached = _flood(s, value, start, shaded, limit=n + 1)
    if len(reached) > n:
        return [[-lit(c) for c in reached]]
    if len(reached) == n:
        return []
    inside = {start, *reached}
    border = sorted({m for c in inside for m in s.adj[c] if m not in inside})
    return [[*(-lit(c) for c in reached), *(lit(b) for b in border)]]


def touch_cuts(s: Shading, model, anchors, shaded: bool = True) -> list[list[int]]:
    """Cuts against a model with an area of the colour that touches none of
    ``anchors`` (cells never of the colour): for such an area A with border
    B (the cells next to A, outside it, of the other colour), a cell of A is
    not of the colour, or a cell of B that is not an anchor is."""
    value = model.value
    lit = (lambda c: s.lit(c, shaded))
    anchors = set(anchors)
    seen: set[Cell] = set()
    cuts = []
    for c in s.cells:
        if c in seen or not value(lit(c)):
            continue
        area = [c, *_flood(s, value, c, shaded)]
        seen.update(area)
        members = set(area)
        border = {m for a in area for m in s.adj[a] if m not in members}
        if not border & anchors:
            cuts.append([*(-lit(a) for a in area), *(lit(b) for b in sorted(border))])
    return cuts
