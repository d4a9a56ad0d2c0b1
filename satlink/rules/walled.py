"""White cells in one area beside no-touching shaded cells (Hitori's pair of
rules), over the cell variables alone: implied clauses and lazy cuts.

:func:`enclosures`: for each cell and each pair of adjacent cells, not all
cells around it shaded (valid where shaded cells never touch);
:func:`walled_in_cuts`: the cut finder of "the unshaded cells are
connected" without edge variables (valid with or without that rule).
Proofs: encodings/hitori.md.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.model import Model
>>> f = Formula(); s = Shading(f, Grid(1, 3))
>>> walled_in_cuts(s, Model(f, [s.var[(0, 1)]]))
[[-2, 3, 1]]
"""
from __future__ import annotations

from .grid import Cell
from .shading import Shading


def enclosures(s: Shading) -> list[list[int]]:
    """Implied clauses that spare the lazy cuts their commonest rounds: for
    each cell and each pair of adjacent cells, not all cells around it shaded,
    when the board has a cell outside both (then, the board being connected,
    some cell two steps beyond: it touches a shaded one, so it is white, and
    the walled-in part is cut off from it; encodings/hitori.md)."""
    white = {c: -x for c, x in s.var.items()}
    n = len(white)  # a cell beyond the part and its ring exists iff some cell is outside both
    out = [[white[m] for m in s.adj[c]] for c in s.cells if len(s.adj[c]) + 1 < n]
    for a, b in s.edges:
        ring = [white[m] for m in s.adj[a] if m != b] + [white[m] for m in s.adj[b] if m != a]
        if len(ring) + 2 < n:
            out.append(ring)
    return out


def walled_in_cuts(s: Shading, model) -> list[list[int]]:
    """Cuts against a model whose white cells are not connected: for each
    white area C but the largest, L: "a cell of C's ring (all shaded) is
    white, or C's first cell is shaded, or L's first cell is shaded"
    (encodings/hitori.md). Over the cell variables only: no edge variables."""
    var, adj, value = s.var, s.adj, model.value
    area: dict[Cell, int] = {}
    areas: list[list[Cell]] = []
    for c in s.cells:
        if c in area or value(var[c]):
            continue
        area[c] = len(areas)
        todo, cells_ = [c], [c]
        while todo:
            for n in adj[todo.pop()]:
                if n not in area and not value(var[n]):
                    area[n] = len(areas)
                    todo.append(n)
                    cells_.append(n)
        areas.append(cells_)
    if len(areas) <= 1:
        return []
    big = max(areas, key=len)
    cuts = []
    for cells_ in areas:
        if cells_ is not big:
            inside = set(cells_)
            ring = {n for c in cells_ for n in adj[c]} - inside
            cuts.append([-var[n] for n in sorted(ring)] + [var[cells_[0]], var[big[0]]])
    return cuts
