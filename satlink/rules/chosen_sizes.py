"""Size bounds of a chosen region (:mod:`satlink.rules.chosen_regions`,
Araf): its cells are the true ones among ``cells`` (literals), the region
is empty unless its label is used, so an upper bound needs no guard, and
each of a few lower bounds holds where its own literal does.

- the upper bound is one cardinality constraint, built by python-sat in C
  (``Formula.at_most``: no clause of it is made in Python);
- the lower bounds share one counter that says only "S_t -> at least t
  cells are true" (the half of a totalizer a lower bound reads), capped at
  the largest of them; a bound of 1 is one clause.

Proofs and figures: ``encodings/araf.md``, "Sizes without a two-way
counter".

>>> from satlink.formula import Formula
>>> f = Formula(); xs = [f.var("x", i) for i in range(3)]; g, h = f.var("g"), f.var("h")
>>> bound_size(f, xs, 2, {g: 2, h: 1})
>>> from pysat.solvers import Solver
>>> with Solver(bootstrap_with=f.clauses) as s:
...     [s.solve(assumptions=a) for a in ([g, -xs[0], -xs[1]], [g, -xs[0]], [h, -xs[0], -xs[1], -xs[2]])]
[False, True, False]
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..formula import Formula


def bound_size(f: Formula, cells: Sequence[int], most: int, least: Mapping[int, int],
               encoding: str = "seqcounter") -> None:
    """At most ``most`` of ``cells`` are true (no guard: the caller's
    cells are all false unless the region is used), and, for each literal
    x of ``least``, x -> at least ``least[x]`` of ``cells``. A bound that
    cannot be met (more than the cells) is the clause ``not x``; ``most``
    below 0 makes the formula unsatisfiable."""
    cells = list(cells)
    if most < 0:
        f.add([])
    elif most < len(cells):
        if most == 0:
            f.extend([-x] for x in cells)
        else:
            f.at_most(cells, most, encoding)
    need = {x: k for x, k in least.items() if k > 0}
    top = max(need.values(), default=0)
    if top > len(cells):
        f.extend([-x] for x, k in need.items() if k > len(cells))
        need = {x: k for x, k in need.items() if k <= len(cells)}
        top = max(need.values(), default=0)
    if top == 1:
        f.extend([-x, *cells] for x in need)
    elif top > 1:
        s = at_least_counter(f, cells, top)
        f.extend([-x, s[k - 1]] for x, k in need.items())


def at_least_counter(f: Formula, cells: Sequence[int], cap: int) -> list[int]:
    """Literals ``S_1 .. S_n`` (n = min(cap, len(cells))) with ``S_t ->``
    "at least t of ``cells`` are true": a totalizer's downward clauses
    alone, ``S_{i+j+1} -> a_{i+1} or b_{j+1}`` at each merge of two
    counts a and b (``a_{|a|+1}``, ``b_{|b|+1}`` false), auxiliaries
    unnamed. Not a function of the cells: S_t may be false where t cells
    are true (nothing here forces it up), which a lower bound ``x -> S_t``
    never needs."""
    parts = [[x] for x in cells]
    while len(parts) > 1:
        merged = [_down(f, parts[i], parts[i + 1], cap) for i in range(0, len(parts) - 1, 2)]
        if len(parts) % 2:
            merged.append(parts[-1])
        parts = merged
    return parts[0][:cap] if parts else []


def _down(f: Formula, a: list[int], b: list[int], cap: int) -> list[int]:
    p, q = len(a), len(b)
    n = min(cap, p + q)
    s = [f.new_aux() for _ in range(n)]
    out = f.clauses
    for i in range(min(p, n - 1) + 1):  # S_{i+j+1} -> a_{i+1} or b_{j+1}
        ai = [a[i]] if i < p else []
        for j in range(min(q, n - 1 - i) + 1):
            out.append([-s[i + j], *ai, b[j]] if j < q else [-s[i + j], *ai])
    return s
