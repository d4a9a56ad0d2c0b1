"""Size bounds of a chosen region (:mod:`satlink.rules.chosen_regions`,
Araf): its cells are the true ones among ``cells`` (literals); an upper
bound holds where the region's own literal does, each of a few lower
bounds where its literal does.

One totalizer over the cells, as :func:`satlink.rules.unary_sums.unary_sum`
builds, with each direction only as far as a bound reads it: "a_i and b_j
-> s_{i+j}" (what an upper bound reads) up to the upper bound plus one,
"not a_{i+1} and not b_{j+1} -> not s_{i+j+1}" (what a lower bound reads)
up to the largest lower bound; a lower bound of one cell is one clause.
A two-way counter of one tree, not two structures: python-sat's sequential
counter (in C) for the upper bound beside a downward counter for the lower
ones built fewer clauses in less Python, but its solves propagated a fifth
more (``encodings/araf.md``, "Sizes: each direction as far as it is read").

>>> from satlink.formula import Formula
>>> f = Formula(); xs = [f.var("x", i) for i in range(3)]; g, h = f.var("g"), f.var("h")
>>> bound_size(f, xs, 2, {g: 2, h: 1}, g)
>>> from pysat.solvers import Solver
>>> with Solver(bootstrap_with=f.clauses) as s:
...     [s.solve(assumptions=a) for a in ([g, -xs[0], -xs[1]], [g, -xs[0]], [h, -xs[0], -xs[1], -xs[2]],
...                                        [g, *xs], [-g, *xs])]
[False, True, False, False, True]
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..formula import Formula
from .unary_sums import merge_into


def bound_size(f: Formula, cells: Sequence[int], most: int, least: Mapping[int, int],
               when: int | None = None) -> None:
    """At most ``most`` of ``cells`` are true (where ``when`` is, if given),
    and, for each literal x of ``least``, x -> at least ``least[x]`` of
    ``cells``. A lower bound above the cells is the clause ``not x``; an
    upper bound below 0 is ``not when``."""
    guard = [] if when is None else [-when]
    cells = list(cells)
    if most < 0:
        f.add(guard)
        most = 0
    need = {x: k for x, k in least.items() if k > 0}
    f.extend([-x] for x, k in need.items() if k > len(cells))
    need = {x: k for x, k in need.items() if k <= len(cells)}
    down = max(need.values(), default=0)
    up = most + 1 if most < len(cells) else 0  # outputs an upper bound reads: up to most + 1
    if down == 1 and not up:
        f.extend([-x, *cells] for x in need)
        return
    if not up and not down:
        return
    s = two_way_counter(f, cells, up, down)
    if up:
        f.add([*guard, -s[most]])
    f.extend([-x, s[k - 1]] for x, k in need.items())


def two_way_counter(f: Formula, cells: Sequence[int], up: int, down: int) -> list[int]:
    """Literals ``S_1 .. S_n`` over ``cells`` (n = min(max(up, down),
    len(cells))), a totalizer with auxiliaries unnamed: "at least t cells
    -> S_t" for t up to ``up``, "S_t -> at least t cells" for t up to
    ``down`` (:func:`satlink.rules.unary_sums.merge_into`, each direction
    only up to its own cap)."""
    cap = max(up, down)
    parts = [[x] for x in cells]
    while len(parts) > 1:
        merged = [_merge(f, parts[i], parts[i + 1], cap, up, down)
                  for i in range(0, len(parts) - 1, 2)]
        if len(parts) % 2:
            merged.append(parts[-1])
        parts = merged
    return parts[0][:cap] if parts else []


def _merge(f: Formula, a: list[int], b: list[int], cap: int, up: int, down: int) -> list[int]:
    """``s_t`` for t up to min(cap, |a| + |b|), auxiliaries, and the
    clauses of :func:`satlink.rules.unary_sums.merge_into` up to ``up`` and
    ``down``."""
    n = min(cap, len(a) + len(b))
    s = [f.new_aux() for _ in range(n)]
    merge_into(f, a, b, s, up, down)
    return s
