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

from collections.abc import Mapping

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
    cells = list(lab)
    lits = list(lab.values())
    index = {c: i for i, c in enumerate(cells)}
    near = [[index[n] for n in adj[c] if n in index] for c in cells]  # adj order
    r = index[root]
    dist = [-1] * len(cells)
    dist[r] = 0
    order = [r]
    for i in order:
        t = dist[i] + 1
        for j in near[i]:
            if dist[j] < 0:
                dist[j] = t
                order.append(j)
    out = f.clauses  # lists built here, appended in bulk
    top = lits[r]
    spans, count = [], 0  # (cell index, its distance, its rung variables or None)
    for i, c in enumerate(cells):
        if i == r:
            continue
        low, most = dist[i], limit[c]
        if low < 0 or low > most:
            out.append([-lits[i]])
            continue
        if low == 1:  # next to the root: reached in one move whenever labelled
            spans.append((i, 1, None))
            if not rooted:
                out.append([-lits[i], top])
            continue
        spans.append((i, low, most - low))
        count += most - low
    ids = [f.new_aux() for _ in range(count)]
    # per cell index: its distance and its rungs reach(c, t) from there, the last
    # lab(c) (None: no rungs)
    lows: list[int] = dist
    rungs: list[list[int] | None] = [None] * len(cells)
    at = 0
    for i, low, n in spans:
        if n is None:
            rungs[i] = [lits[i]] * limit[cells[i]]
            continue
        xs = list(ids[at:at + n])
        xs.append(lits[i])
        at += n
        rungs[i] = xs
    for i, low, n in spans:
        if n is None:
            continue
        xs = rungs[i]
        # per neighbour (in adj order): (shift, its ladder): c's rung k (t = low + k
        # moves) needs the neighbour's t - 1, its index k + shift (none is the root:
        # c is two moves from it or more)
        sides = [(low - 1 - lows[j], rungs[j]) for j in near[i] if rungs[j] is not None]
        here = xs[-1]
        last = len(xs) - 1
        for k, x in enumerate(xs):
            clause = [-x, xs[k - 1]] if k else [-x]
            for shift, n_xs in sides:
                j = k + shift
                if 0 <= j < len(n_xs):
                    clause.append(n_xs[j])
            out.append(clause)
            if k < last:
                out.append([-x, here])
