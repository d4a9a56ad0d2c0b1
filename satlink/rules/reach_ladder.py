"""A labelled group of cells connected by bounded reach from a root cell:
every cell whose literal is true is joined to the root by a path of at
most its limit's moves through such cells (:func:`reach_within`, the ladder
of ``reach(c, t)`` variables). Regions chosen from a menu
(:mod:`satlink.rules.chosen_regions`, Araf, Burokku) are connected by it;
proofs and sizes in ``encodings/chosen_regions.md`` ("Constraints" 4, "The
top rung", "The root's neighbours").

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula(); g = Grid(1, 3); adj = {c: g.neighbours(c) for c in g.cells}
>>> lab = {c: f.var("lab", *c) for c in g.cells}
>>> reach_within(f, adj, lab, (0, 0), dict.fromkeys(lab, 2))
>>> from pysat.solvers import Solver
>>> with Solver(bootstrap_with=f.clauses) as s:  # the far end alone: not joined
...     gap = [lab[0, 0], -lab[0, 1], lab[0, 2]]
...     s.solve(assumptions=gap), s.solve(assumptions=list(lab.values()))
(False, True)
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..formula import Formula
from .grid import Cell


def reach_within(f: Formula, adj: Mapping[Cell, list[Cell]], lab: Mapping[Cell, int],
                 root: Cell, limit: Mapping[Cell, int], rooted: bool = False) -> None:
    """Every cell c whose literal in ``lab`` is true is joined to ``root``
    by a path of at most ``limit[c]`` moves through such cells (``adj``:
    each cell's neighbours). Auxiliary variables (unnamed, as a cardinality
    encoding's: naming each rung was two fifths of this function's time)
    ``reach(c, t)``, "c is reached within t moves", for t from c's distance
    to ``root`` over the cells of ``lab`` up to ``limit[c] - 1``:
    ``reach(c, t) -> lab(c)``; ``reach(c,
    t) -> reach(c, t-1) or reach(n, t-1)`` for some neighbour n, for every
    rung, the top one too; a cell farther than its limit never takes the
    label. Two kinds of rung are ``lab(c)`` itself, not a variable
    (``encodings/chosen_regions.md``, "The top rung", "The root's
    neighbours"): the top, t = ``limit[c]``, and every rung of a neighbour
    of the root, whose one clause is ``lab(c) -> lab(root)`` (left out with
    ``rooted``: the caller's clauses say it for every cell). Every cell of a
    model's labelled group is then reached from the root: the group is
    connected and holds the root.
    """
    # cells as their indices in ``lab`` (one look-up of each neighbour's cell,
    # then lists: tuples hashed again and again were most of this function's time)
    index = {c: i for i, c in enumerate(lab)}
    near = [[index[n] for n in adj[c] if n in index] for c in lab]  # adj order
    ladder(f, near, range(len(lab)), list(lab.values()), index[root], [limit[c] for c in lab],
           rooted)


def ladder(f: Formula, near: Sequence[Sequence[int]], cells: Sequence[int], lits: Sequence[int],
           root: int, limit: Sequence[int], rooted: bool = False) -> None:
    """:func:`reach_within` over cells numbered 0 .. n - 1 (``near[i]``:
    the numbers of cell i's neighbours, in the order of ``adj``), of which
    ``cells`` are labelled, each with its literal and its limit (``lits``,
    ``limit``: in the order of ``cells``); ``root``: the root's number. For
    a caller that numbers the board's cells already (Araf: its label
    domains are bit masks); the same clauses, in the same order, as
    :func:`reach_within` of those cells in that order."""
    dist = [-2] * len(near)  # -2: not labelled, -1: not reached (yet)
    for i in cells:
        dist[i] = -1
    dist[root] = 0
    order = [root]
    for i in order:
        t = dist[i] + 1
        for j in near[i]:
            if dist[j] == -1:
                dist[j] = t
                order.append(j)
    out = f.clauses
    append = out.append
    top = lits[cells.index(root)]
    # per cell: its rungs reach(c, t) from its distance to its limit, the last
    # lab(c) (None: no rungs); the variables numbered in cell order, unnamed
    rungs: list[list[int] | None] = [None] * len(near)
    spans = []  # the cells with rungs of their own
    aux = f.pool.top + 1
    for i, x, most in zip(cells, lits, limit):
        low = dist[i]
        if i == root:
            continue
        if low < 0 or low > most:
            append([-x])
        elif low == 1:  # next to the root: reached in one move whenever labelled
            rungs[i] = [x] * most
            if not rooted:
                append([-x, top])
        else:
            xs = list(range(aux, aux + most - low))
            xs.append(x)
            aux += most - low
            rungs[i] = xs
            spans.append(i)
    f.pool.top = aux - 1
    for i in spans:
        # rung k (t = dist + k moves): "not x_k, x_{k-1}, and each neighbour's
        # rung for t - 1" (none is the root: c is two moves from it or more),
        # then "not x_k, lab(c)" but for the top; a neighbour d moves farther
        # than t - 1's distance has that rung at k - d (d >= 0: breadth first).
        # Rung 0 first: the neighbours one move nearer, at their first rung (a cell
        # of one rung, its distance its limit, is a quarter of them: no more)
        xs = rungs[i]
        near_low = dist[i] - 1
        c = [-xs[0]]
        sides = []
        for j in near[i]:
            n_xs = rungs[j]
            if n_xs is not None:
                d = dist[j] - near_low
                if not d:
                    c.append(n_xs[0])
                sides.append((d, n_xs))
        append(c)
        last = len(xs) - 1
        if not last:
            continue
        here = xs[-1]
        append([-xs[0], here])
        prev = xs[0]
        for k in range(1, last + 1):
            x = xs[k]
            c = [-x, prev]
            for d, n_xs in sides:
                j = k - d
                if j >= 0 and j < len(n_xs):
                    c.append(n_xs[j])
            append(c)
            if k < last:
                append([-x, here])
            prev = x
