"""Exactly ``k`` of a few literals, by their subsets, with no auxiliary variable.

For the handful of literals a cell's neighbours give (at most four or five),
the direct encoding is smaller than a sequential counter and needs no new
variable: "at most ``k``" is a clause ``not S`` for every ``k + 1``-subset
``S``, "at least ``k``" a clause ``T`` for every ``n - k + 1``-subset ``T``
(a model with fewer than ``k`` true literals leaves ``n - k + 1`` of them
false, all of one such ``T``). Both are exact, so their conjunction's models
are exactly the assignments with ``k`` true literals. ``encodings/sukoro.md``
gives the sizes.

>>> from satlink.formula import Formula
>>> f = Formula(); xs = [f.var("x", i) for i in range(3)]
>>> exactly(f, xs, 2)
>>> f.clauses
[[-1, -2, -3], [1, 2], [1, 3], [2, 3]]
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..formula import Formula
from . import counts

#: Above this many literals :func:`exactly` refuses (the subsets grow as 2^n).
MOST = 6


def exactly(f: Formula, lits: Sequence[int], k: int, when: int | None = None) -> None:
    """Exactly ``k`` of ``lits`` (at most :data:`MOST` of them) are true,
    while ``when`` holds (every clause carries ``not when``). ``k`` outside
    ``0 .. len(lits)``: the clause ``[not when]`` (``[]`` without a guard)."""
    n = len(lits)
    if n > MOST:
        raise ValueError(f"{n} literals: subsets are for at most {MOST}")
    guard = [] if when is None else [-when]
    add = f.clauses.append
    if not 0 <= k <= n:
        add(guard)
        return
    neg = [-x for x in lits]
    for s in combinations(neg, k + 1) if k < n else ():
        add([*guard, *s])
    for t in combinations(lits, n - k + 1) if k > 0 else ():
        add([*guard, *t])


def exactly_any(f: Formula, lits: Sequence[int], k: int, when: int | None = None) -> None:
    """:func:`exactly` over at most :data:`MOST` literals, else
    :func:`satlink.rules.counts.exactly` (a counter with auxiliaries)."""
    if len(lits) <= MOST:
        exactly(f, lits, k, when)
    else:
        counts.exactly(f, lits, k, when=when)
