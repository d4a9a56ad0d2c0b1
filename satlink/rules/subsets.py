"""Subset sums: which of some literals are true, when the true ones' weights
must add up to a total (Kakurasu's rows and columns: weights 1..n).

:func:`weighted_total` lists the subsets of the weights that reach the total
(a table, as Kakuro's digit sets in :mod:`satlink.rules.sums`): a choice
variable per subset, the literals tied to the chosen subset both ways.
Where the subsets are too many (``most``), it falls back to
:func:`satlink.rules.sums.linear` (the layered automaton). Exact either
way; behind a selector ``when`` when given (``encodings/kakurasu.md``).

>>> from satlink.formula import Formula
>>> f = Formula(); x = [f.var("x", i) for i in range(4)]
>>> subsets([1, 2, 3, 4], 5)
[(0, 3), (1, 2)]
>>> weighted_total(f, x, [1, 2, 3, 4], 5)
>>> from tests.rules.enumerate import solutions
>>> sorted(sorted(s) for s in solutions(f, x))
[[1, 4], [2, 3]]
"""
from __future__ import annotations

from collections.abc import Sequence

from ..formula import Formula
from .counts import guarded
from .sums import linear

#: Above this many subsets the table gives way to the automaton.
MOST = 32


def subsets(weights: Sequence[int], total: int, most: int | None = None) -> list[tuple] | None:
    """The index sets of ``weights`` (non-negative) adding up to ``total``,
    in lexicographic order; None when there are more than ``most``
    (found by walking only branches whose rest can still reach the total)."""
    n = len(weights)
    reach = [set() for _ in range(n + 1)]  # reach[i]: the sums weights[i:] can make
    reach[n] = {0}
    for i in range(n - 1, -1, -1):
        reach[i] = reach[i + 1] | {v + weights[i] for v in reach[i + 1]}
    out: list[tuple] = []
    todo = [(0, total, ())] if total in reach[0] else []
    while todo:  # every branch taken leads to a subset
        i, left, chosen = todo.pop()
        if i == n:
            out.append(chosen)
            if most is not None and len(out) > most:
                return None
            continue
        if left in reach[i + 1]:
            todo.append((i + 1, left, chosen))
        if left - weights[i] in reach[i + 1]:
            todo.append((i + 1, left - weights[i], chosen + (i,)))
    return sorted(out)


def weighted_total(f: Formula, lits: Sequence[int], weights: Sequence[int], total: int,
                   when: int | None = None, most: int = MOST) -> None:
    """``sum(w for x, w in zip(lits, weights) if x) == total`` (positive
    weights), unless ``when`` is false."""
    lits = list(lits)
    table = subsets(list(weights), total, most)
    if table is None:
        linear(f, list(zip(lits, weights)), "==", total, when=when)
        return
    with guarded(f, when):
        if not table:
            f.add([])
            return
        if len(table) == 1:
            on = set(table[0])
            f.extend([x] if i in on else [-x] for i, x in enumerate(lits))
            return
        choice = [f.new_aux() for _ in table]
        f.add(choice)  # some subset is the one
        for s, chosen in zip(choice, table):
            on = set(chosen)
            f.extend([-s, x] if i in on else [-s, -x] for i, x in enumerate(lits))
        for i, x in enumerate(lits):  # a literal picks among the subsets that agree with it
            f.add([-x, *(s for s, chosen in zip(choice, table) if i in chosen)])
            f.add([x, *(s for s, chosen in zip(choice, table) if i not in chosen)])
