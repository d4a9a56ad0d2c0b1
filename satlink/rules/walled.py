"""White cells in one area beside no-touching shaded cells (Hitori's pair of
rules), over the cell variables alone: implied clauses and lazy cuts.

:func:`enclosures`: for each cell and each pair of adjacent cells, not all
cells around it shaded (valid where shaded cells never touch);
:func:`walled_in_cuts`: the cut finder of "the unshaded cells are
connected" without edge variables (valid with or without that rule; the
shaded cells' with ``shaded=True``, Nurikabe's sea);
:func:`ring_cuts`: a stronger cut finder of "the unshaded cells are
connected" where shaded cells never touch: a clause per white area, over
the shaded cells of its ring that face the rest of the board.
Proofs: encodings/hitori.md. And :func:`pockets`: implied clauses for one
colour connected with three cells or more (Nurikabe's sea; proof in
encodings/nurikabe.md).

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.model import Model
>>> f = Formula(); s = Shading(f, Grid(1, 3))
>>> walled_in_cuts(s, Model(f, [s.var[(0, 1)]]))
[[-2, 3, 1]]
>>> ring_cuts(s, Model(f, [s.var[(0, 1)]]))     # (0, 0) or (0, 2) walled in by (0, 1)
[[-2]]
"""
from __future__ import annotations

from collections.abc import Collection

from .shading import Shading


def enclosures(s: Shading, given_white: Collection = ()) -> list[list[int]]:
    """Implied clauses that spare the lazy cuts their commonest rounds: for
    each cell and each pair of adjacent cells, not all cells around it shaded,
    when the board has a cell outside both (then, the board being connected,
    some cell two steps beyond: it touches a shaded one, so it is white, and
    the walled-in part is cut off from it; encodings/hitori.md). A clause
    with a cell of ``given_white`` (cells the caller's clauses keep white) in
    its ring holds already and is left out.

    >>> from satlink.formula import Formula
    >>> from satlink.rules.grid import Grid
    >>> s = Shading(Formula(), Grid(2, 3))
    >>> len(enclosures(s)), len(enclosures(s, given_white={(0, 1)}))
    (12, 5)
    """
    var, adj = s.var, s.adj
    n = len(var)  # a cell beyond the part and its ring exists iff some cell is outside both
    known = set(given_white)
    ring = {c: [-var[m] for m in adj[c]] for c in s.cells}  # each cell's, as white literals
    near = {c: sum(m in known for m in adj[c]) for c in s.cells} if known else None
    out = [ring[c] for c in s.cells if len(ring[c]) + 1 < n and not (near and near[c])]
    for a, b in s.edges:
        ra, rb = ring[a], ring[b]
        if len(ra) + len(rb) < n and not (
                near and (near[a] - (b in known) or near[b] - (a in known))):
            # each ring less the other cell (there once: a and b are neighbours),
            # by list.remove on copies: quicker than filtering comprehensions
            ra, rb = ra.copy(), rb.copy()
            ra.remove(-var[b])
            rb.remove(-var[a])
            out.append(ra + rb)
    return out


def pockets(s: Shading, shaded: bool = True, settled: Collection = ()) -> list[list[int]]:
    """Implied clauses where the cells of one colour (shaded, or white with
    ``shaded=False``) are connected and number three or more (Nurikabe's sea
    when the numbers fix its size): no cell, and no pair of adjacent cells,
    of that colour with every cell around it of the other colour (then it
    would be the whole colour, of one or two cells; encodings/nurikabe.md).
    ``settled``: cells the caller's clauses fix to the other colour (the
    numbers' cells): a clause of such a cell or pair holds and is left out,
    as is such a cell's literal in the others.

    >>> from satlink.formula import Formula
    >>> from satlink.rules.grid import Grid
    >>> f = Formula(); s = Shading(f, Grid(1, 3))
    >>> pockets(s)[:2]     # (0, 0) shaded -> (0, 1) shaded; (0, 1) -> (0, 0) or (0, 2)
    [[-1, 2], [-2, 1, 3]]
    >>> pockets(s, settled=[(0, 2)])     # (0, 2) white: (0, 1) -> (0, 0)
    [[-1, 2], [-2, 1], [-1, -2]]
    """
    known = set(settled)
    lit = {c: s.lit(c, shaded) for c in s.cells}
    adj = s.adj
    # each cell's ring as literals, the settled cells' left out; a pair's
    # rings less each other, by list.remove on copies (as enclosures does)
    ring = {c: [lit[m] for m in adj[c] if m not in known] for c in s.cells}
    out = [[-lit[c], *ring[c]] for c in s.cells if c not in known]
    for a, b in s.edges:
        if a in known or b in known:
            continue
        ra, rb = ring[a].copy(), ring[b].copy()
        ra.remove(lit[b])
        rb.remove(lit[a])
        out.append([-lit[a], -lit[b], *ra, *rb])
    return out


def _white_areas(adj: list[list[int]], shaded: bytearray) -> tuple[list[int], list[list[int]]]:
    """The white areas of a shading of cells 0..n-1 (``adj`` their
    neighbours): each cell's area or -1 when shaded, and each area's cells
    in breadth-first order from its first cell."""
    area = [-1] * len(adj)
    areas: list[list[int]] = []
    for i in range(len(adj)):
        if area[i] < 0 and not shaded[i]:
            k = area[i] = len(areas)
            cells_ = [i]
            for j in cells_:
                for m in adj[j]:
                    if area[m] < 0 and not shaded[m]:
                        area[m] = k
                        cells_.append(m)
            areas.append(cells_)
    return area, areas


def walled_in_cuts(s: Shading, model, shaded: bool = False,
                   size: int | None = None) -> list[list[int]]:
    """Cuts against a model whose white cells (shaded ones with ``shaded``)
    are not connected: for each area C of them but the largest, L: "a cell
    of C's ring (all of the other colour) is of C's colour, or C's first
    cell is not, or L's first cell is not" (encodings/hitori.md, the
    colours swapped for the shaded cells). Over the cell variables only: no
    edge variables. With ``size`` (the colour has exactly that many cells),
    an area C smaller than it, L too, gets "a cell of C's ring is of C's
    colour, or C's first cell is not" (encodings/nurikabe.md, "Small seas").

    >>> from satlink.formula import Formula
    >>> from satlink.rules.grid import Grid
    >>> from satlink.model import Model
    >>> f = Formula(); s = Shading(f, Grid(1, 4))
    >>> walled_in_cuts(s, Model(f, [s.var[(0, 0)], s.var[(0, 2)], s.var[(0, 3)]]), True, 3)
    [[2, -1], [2, -3]]
    """
    var, adj, dark = s.arrays(model)
    if shaded:  # the areas of shaded cells: the shaded cells play the white ones
        dark = bytearray(1 - x for x in dark)
    area, areas = _white_areas(adj, dark)
    if len(areas) <= 1:
        return []
    big = max(areas, key=len)
    sign = 1 if shaded else -1  # the literal "of the colour"
    cuts = []
    small = -1 if size is None else size  # areas below it: cut on their own
    for k, cells_ in enumerate(areas):
        if cells_ is not big or len(cells_) < small:
            ring = {m for j in cells_ for m in adj[j] if area[m] != k}
            cuts.append([sign * var[m] for m in sorted(ring)] + [-sign * var[cells_[0]]]
                        + ([] if len(cells_) < small else [-sign * var[big[0]]]))
    return cuts


def ring_cuts(s: Shading, model) -> list[list[int]]:
    """Cuts against a model whose white cells are not connected, valid where
    shaded cells never touch: for each white area C (the largest too), with
    ring R (the cells next to C, outside it) and F the cells of R next to a
    cell outside C and R: "a cell of F is white" (encodings/hitori.md).
    Stronger than :func:`walled_in_cuts` (no cell of C or of another area
    in the clause, F a part of R), one per area, over the cell variables."""
    var, adj, shaded = s.arrays(model)
    area, areas = _white_areas(adj, shaded)
    if len(areas) <= 1:
        return []
    cuts, seen = [], set()
    for k, cells_ in enumerate(areas):
        ring = {m for j in cells_ for m in adj[j] if area[m] != k}  # all shaded
        face = frozenset(r for r in ring if any(area[m] != k and m not in ring for m in adj[r]))
        if face not in seen:
            seen.add(face)
            cuts.append([-var[r] for r in sorted(face)])
    return cuts
