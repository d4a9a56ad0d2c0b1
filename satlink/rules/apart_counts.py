"""Exactly ``k`` of a few literals when some pairs of them are never both
true (the shading literals of a region whose shaded cells never touch:
Regional Yajilin), by subsets, with no auxiliary variable.

The clauses are :func:`satlink.rules.subset_counts.exactly`'s: "not all of
S" for every ``k + 1``-subset S (at most ``k``) and "one of T" for every
``n - k + 1``-subset T (at least ``k``), less each "not all of S" whose S
holds one of the ``apart`` pairs. The caller writes that pair's clause
"not both" itself, which is a subset of the left-out clause and subsumes
it: the models are the same, and unit propagation derives everything the
left-out clause would (``encodings/yajilin.md``, "Regional Yajilin").

Where even so the subsets outnumber a sequential counter's ``4 k (n - k)``
clauses, :func:`exactly` writes the counter (``rules.counts.exactly``).

>>> from satlink.formula import Formula
>>> f = Formula(); xs = [f.var("x", i) for i in range(3)]
>>> exactly(f, xs, 2, {(0, 1)})   # 1 and 2 never both: "not all three" held
>>> f.clauses
[[1, 2], [1, 3], [2, 3]]
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations
from math import comb

from ..formula import Formula
from . import counts

#: The most "at most" subsets looked at before the counter is written instead.
MOST_SUBSETS = 126


def exactly(f: Formula, lits: Sequence[int], k: int, apart: Collection[tuple[int, int]],
            when: int | None = None) -> None:
    """Exactly ``k`` of ``lits`` are true (while ``when`` holds: every clause
    carries ``not when``), where for each ``(i, j)`` of ``apart`` (indices
    into ``lits``, ``i < j``) the caller's clauses say "not both ``lits[i]``
    and ``lits[j]``". ``k`` outside ``0 .. len(lits)``: ``[not when]``
    (``[]`` without a guard)."""
    n = len(lits)
    if not 0 <= k <= n:
        f.clauses.append([] if when is None else [-when])
        return
    most = comb(n, k + 1)
    if most > MOST_SUBSETS:
        counts.exactly(f, lits, k, when=when)
        return
    guard = [] if when is None else [-when]
    at_most = []
    if k < n:
        apart = set(apart)
        for s in combinations(range(n), k + 1):
            if not any(p in apart for p in combinations(s, 2)):
                at_most.append([*guard, *(-lits[i] for i in s)])
    if len(at_most) + comb(n, k - 1 if k else n + 1) > max(4 * k * (n - k), n):
        counts.exactly(f, lits, k, when=when)
        return
    out = f.clauses
    out += at_most
    if k > 0:
        out.extend([*guard, *t] for t in combinations(lits, n - k + 1))
