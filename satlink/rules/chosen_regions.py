"""Regions drawn from a menu of candidates: each candidate is a group of
anchor cells (clues) that one region may hold together, with bounds on the
region's size; some candidates are chosen, every cell joins exactly one
chosen candidate's region, and each chosen region is connected, holds its
anchors and has a size within its bounds (Araf: each region holds a pair
of numbers, its size strictly between them).

It is a labelling (:meth:`satlink.rules.regions.Regions.labels`) whose
labels are the candidates. A candidate's label at its anchor cells *is*
its choice variable, so a chosen candidate's region holds its anchors, and
a clue cell kept out of every candidate but its own (``allowed``) lies in
the region of exactly one chosen candidate among its own. A label is
offered only where a region within the bounds can reach (:func:`reach`:
distances from the anchors over the allowed cells). Sizes are bounded by
:func:`satlink.rules.chosen_sizes.bound_size` behind the choice variable,
or checked on models where the caller passes a
:class:`satlink.rules.size_cuts.SizeCuts`. Connectivity is encoded eagerly
and completely by bounded reach from the first anchor
(:func:`satlink.rules.reach_ladder.reach_within`). Proofs and sizes:
``encodings/chosen_regions.md``.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula(); regions = Regions(f, Grid(1, 4))
>>> menu = {"ab": Candidate(((0, 0), (0, 1)), 2, 2), "cd": Candidate(((0, 2), (0, 3)), 1, 3),
...         "bc": Candidate(((0, 1), (0, 2)), 2, 2)}
>>> chosen = choose_regions(regions, menu)
>>> from pysat.solvers import Solver
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(assumptions=[chosen["ab"]]), s.solve(assumptions=[chosen["bc"]])
(True, False)
"""
from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from dataclasses import dataclass

from .grid import Cell, Grid
from .regions import Regions
from .chosen_sizes import bound_size
from .reach_ladder import reach_within
from .size_cuts import SizeCuts


@dataclass(frozen=True)
class Candidate:
    """A group of anchor cells one region may hold (the first is the root
    of its reach), and the region's size bounds ``low`` to ``high``."""

    anchors: tuple[Cell, ...]
    low: int
    high: int


def distances(grid: Grid, source: Cell, allowed: Collection[Cell],
              most: int | None = None, adj: Mapping[Cell, list[Cell]] | None = None,
              also: Collection[Cell] = ()) -> dict[Cell, int]:
    """Moves from ``source`` to each cell reachable over ``allowed`` cells
    and the cells of ``also`` (within ``most`` moves, when given; ``adj``:
    each cell's neighbours, when the caller has them). ``also``: a few
    cells more, asked only where ``allowed`` says no (a set of both would
    be a copy of ``allowed`` per call).

    >>> distances(Grid(1, 3), (0, 0), {(0, 0), (0, 1)})
    {(0, 0): 0, (0, 1): 1}
    """
    rows, cols = grid.rows, grid.cols
    dist, order = {source: 0}, [source]
    for cell in order:
        t = dist[cell] + 1
        if most is not None and t > most:
            break  # breadth first: every later cell is as far
        if adj is not None:
            for n in adj[cell]:
                if n not in dist and (n in allowed or n in also):
                    dist[n] = t
                    order.append(n)
            continue
        r, c = cell
        for n in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
            if (n not in dist and 0 <= n[0] < rows and 0 <= n[1] < cols
                    and (n in allowed or n in also)):
                dist[n] = t
                order.append(n)
    return dist


def reach(grid: Grid, cand: Candidate, allowed: Collection[Cell],
          adj: Mapping[Cell, list[Cell]] | None = None) -> dict[Cell, int]:
    """The cells a connected region of at most ``high`` allowed cells
    holding every anchor can hold, each with the most moves a path inside
    such a region can take from the first anchor to it, in reading order.

    A tree joining cells x, y, z has at least (d(x,y) + d(y,z) + d(x,z)) / 2
    edges (the three paths between them in the tree cover each edge at most
    twice), so a region holding the anchors and a cell c has at least that
    many cells plus one, for every two anchors x, y and z = c (d: moves
    over allowed cells, at most the moves inside the region). With t the
    moves from the first anchor a to c inside the region, the same bound
    gives t <= 2 (high - 1) - d(y, c) - d(a, y) for each anchor y, and
    t <= high - 1 (a path of t moves has t + 1 cells).

    Only distances up to high - 1 matter (x = y = an anchor in the first
    bound), and a pair that holds the first anchor is implied by the
    second bound with t >= d(a, c). ``adj``: each cell's neighbours, when
    the caller has them (:attr:`satlink.rules.regions.Regions.adj`).

    >>> reach(Grid(2, 3), Candidate(((0, 0), (0, 2)), 3, 3), Grid(2, 3).cells)
    {(0, 0): 0, (0, 1): 1, (0, 2): 2}
    """
    top, root = cand.high - 1, cand.anchors[0]
    if top < 0:
        return {}
    if not isinstance(allowed, (set, frozenset)):
        allowed = set(allowed)  # looked up once per neighbour of each cell searched
    d = {a: distances(grid, a, allowed, top, adj, cand.anchors) for a in cand.anchors}
    rest = [a for a in cand.anchors if a != root]
    if any(y not in d[x] for x in cand.anchors for y in rest):
        return {}  # two anchors too far apart
    if not rest:  # one anchor: every cell within reach, at the one bound
        return dict.fromkeys(sorted(d[root]), top)
    if len(rest) == 1:  # two anchors (Araf's pairs): the loop below, written out
        (y,) = rest
        dr, dy, k = d[root], d[y], 2 * top - d[root][y]
        out = {}
        for c in sorted(dr):
            t = dy.get(c)
            if t is not None:
                limit = k - t if k - t < top else top
                if limit >= dr[c]:
                    out[c] = limit
        return out
    bounds = [(d[y], 2 * top - d[root][y]) for y in rest]
    pairs = [(d[x], d[y], 2 * top - d[x][y]) for i, x in enumerate(rest) for y in rest[i + 1:]]
    out = {}
    for c in sorted(d[root]):
        limit = top
        for dy, k in bounds:
            t = dy.get(c)
            if t is None:
                break
            if k - t < limit:
                limit = k - t
        else:
            if limit >= d[root][c] and all(dx[c] + dy[c] <= k for dx, dy, k in pairs):
                out[c] = limit
    return out


def choose_regions(regions: Regions, menu: Mapping[Hashable, Candidate],
                   allowed: Mapping[Hashable, Collection[Cell]] | None = None,
                   tag: str = "chosen", sized: bool = True,
                   sizes: SizeCuts | None = None) -> dict[Hashable, int]:
    """Label ``regions`` by the candidates of ``menu`` (key -> Candidate),
    each on the cells :func:`reach` gives over ``allowed[key]`` (default
    every cell); returns key -> choice variable ``(tag, *key)``. A
    candidate that cannot hold its anchors within its bounds is never
    chosen; a cell no candidate can hold makes the formula unsatisfiable.
    ``sized=False``: no size counter; the bounds only narrow the reach,
    for a caller whose own rules fix every chosen region's size (Burokku
    with a symbol in every cell, each once per region). ``sizes``: the
    sizes are added to it, checked on models (lazy), not counted by clauses.
    """
    f, grid = regions.f, regions.grid
    chosen: dict[Hashable, int] = {}
    lits: dict[Cell, dict[Hashable, int]] = {c: {} for c in grid.cells}
    levels: dict[Hashable, dict[Cell, int]] = {}  # key -> cell -> literal
    own_limit: dict[Hashable, dict[Cell, int]] = {}  # key -> cell -> limit (reach)
    every, cell_tag = grid.cells, f"{tag}.cell"
    for key, cand in menu.items():
        flat = _flat(key)
        x = chosen[key] = f.var(tag, *flat)
        dom = reach(grid, cand, every if allowed is None else allowed[key], regions.adj)
        if not all(a in dom for a in cand.anchors) or cand.low > min(cand.high, len(dom)):
            f.add([-x])
            continue
        anchors = cand.anchors
        ids = iter(f.vars([(cell_tag, *c, *flat) for c in dom if c not in anchors]))
        own = {}  # cell -> this candidate's literal
        for c in dom:  # numbered in reading order, as dom is
            own[c] = lits[c][key] = x if c in anchors else next(ids)
        levels[key], own_limit[key] = own, dom
    for c in grid.cells:
        if not lits[c]:
            f.add([])  # a cell no candidate can hold
            lits[c][None] = f.var(f"{tag}.none", *c)
    regions.labels(lits, fresh=True)
    for key, own in levels.items():
        x, cand = chosen[key], menu[key]
        others = [y for y in own.values() if y != x]  # anchors: x itself
        if any(len(lits[a]) > 1 for a in cand.anchors):  # else x is a unit (exactly one
            f.extend([-y, x] for y in others)            # label at an anchor): true
        low, high = cand.low - len(cand.anchors), cand.high - len(cand.anchors)
        if high < 0:
            f.add([-x])  # more anchors than cells
        elif sized and sizes is not None:
            sizes.add(x, own, others, high, {x: low})
        elif sized:
            bound_size(f, others, high, {x: low}, x)
        reach_within(f, regions.adj, own, cand.anchors[0], own_limit[key], rooted=True)
    return chosen


def _flat(key: Hashable) -> tuple:
    return key if isinstance(key, tuple) else (key,)
