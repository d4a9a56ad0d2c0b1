"""Exactly ``k`` of a few literals, by their subsets, with no auxiliary variable.

For the handful of literals a cell's neighbours give (at most four or five),
the direct encoding is smaller than a sequential counter and needs no new
variable: "at most ``k``" is a clause ``not S`` for every ``k + 1``-subset
``S``, "at least ``k``" a clause ``T`` for every ``n - k + 1``-subset ``T``
(a model with fewer than ``k`` true literals leaves ``n - k + 1`` of them
false, all of one such ``T``). Both are exact, so their conjunction's models
are exactly the assignments with ``k`` true literals. ``encodings/sukoro.md``
gives the sizes. :func:`weighted_exactly` counts a literal as often as it
is listed (PaintArea: a room's one literal for each of a number's
neighbours in it), in the prime clauses of the two thresholds;
:func:`reified_exactly` gives a literal that is true exactly when the count
holds (Usoone's true numbers). Their clause templates depend only on a few
small numbers: a caller encoding many counts passes one ``memo`` dict
(state passed, never kept in the module).

>>> from satlink.formula import Formula
>>> f = Formula(); xs = [f.var("x", i) for i in range(3)]
>>> exactly(f, xs, 2)
>>> f.clauses
[[-1, -2, -3], [1, 2], [1, 3], [2, 3]]
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

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


def weighted_exactly(f: Formula, lits: Sequence[int], n: int,
                     memo: dict[Any, Any] | None = None) -> None:
    """Exactly ``n`` of ``lits`` (up to four, repeats counted each time) are
    true, with no auxiliary variable: "not all of T" for each least set T of
    the distinct literals weighing more than ``n``, and "one of F" for each
    least set F whose falsity leaves less than ``n``.

    >>> f = Formula(); weighted_exactly(f, [1, 1, 2], 2); f.clauses   # 1 and not 2
    [[-1, -2], [1]]
    >>> f = Formula(); weighted_exactly(f, [1, 2, 3], 1); f.clauses
    [[-1, -2], [-1, -3], [-2, -3], [1, 2, 3]]
    """
    weight: dict[int, int] = {}
    for x in lits:
        weight[x] = weight.get(x, 0) + 1
    xs = list(weight)
    key = ("weighted", tuple(weight.values()), n)
    template = memo.get(key) if memo is not None else None
    if template is None:
        template = _threshold_clauses(key[1], n)
        if memo is not None:
            memo[key] = template
    f.clauses.extend([xs[i] if positive else -xs[i] for i, positive in clause]
                     for clause in template)


def _threshold_clauses(weights: tuple[int, ...], n: int) -> list[list[tuple[int, bool]]]:
    """The clauses of :func:`weighted_exactly` for literals of these weights,
    as (index, positive) pairs.

    >>> _threshold_clauses((2, 1), 2)
    [[(0, False), (1, False)], [(0, True)]]
    """
    total, idx = sum(weights), range(len(weights))
    over: list[set[int]] = []
    under: list[set[int]] = []
    for size in range(len(weights) + 1):
        for group in map(set, combinations(idx, size)):
            w = sum(weights[i] for i in group)
            if w > n and not any(t <= group for t in over):
                over.append(group)
            if total - w < n and not any(u <= group for u in under):
                under.append(group)
    return ([[(i, False) for i in sorted(t)] for t in over]
            + [[(i, True) for i in sorted(u)] for u in under])


def reified_exactly(f: Formula, truth: int, lits: Sequence[int], n: int,
                    memo: dict[Any, Any] | None = None) -> None:
    """``truth`` <-> exactly ``n`` of ``lits`` (up to four), in prime clauses:
    ``truth`` -> no ``n + 1`` of them true and no ``k - n + 1`` false; and
    ``truth`` when exactly ``n`` are, a clause per such assignment (for four
    literals 5 to 14 clauses instead of one per assignment, 16).

    >>> f = Formula(); reified_exactly(f, 9, [1, 2], 1); f.clauses
    [[-9, -1, -2], [-9, 1, 2], [9, -1, 2], [9, 1, -2]]
    """
    key = ("reified", len(lits), n)
    template = memo.get(key) if memo is not None else None
    if template is None:
        template = _reified_clauses(len(lits), n)
        if memo is not None:
            memo[key] = template
    at = [truth, *lits]  # index 0 the truth, 1.. the literals
    f.clauses.extend([at[i] if sign > 0 else -at[i] for i, sign in clause]
                     for clause in template)


def _reified_clauses(k: int, n: int) -> list[tuple[tuple[int, int], ...]]:
    """The clauses of :func:`reified_exactly` for ``k`` literals as (index,
    sign) pairs, index 0 the truth and 1..k the literals.

    >>> _reified_clauses(1, 1)
    [((0, -1), (1, 1)), ((0, 1), (1, -1))]
    """
    if n > k:
        return [((0, -1),)]
    idx = range(1, k + 1)
    out = [((0, -1), *((i, -1) for i in c)) for c in combinations(idx, n + 1)]
    out += [((0, -1), *((i, 1) for i in c)) for c in combinations(idx, k - n + 1)]
    out += [((0, 1), *((i, -1) if i in true else (i, 1) for i in idx))
            for true in map(set, combinations(idx, n))]
    return out
