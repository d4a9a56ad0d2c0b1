"""Numbers that count their numbered neighbours, equal numbers never side
by side (Sukoro's rule): what decided cells take from the others before
anything is encoded.

Each cell holds 0 (empty) or a number v, and a number v has exactly v
numbered orthogonal neighbours, none of them holding v. From the values a
cell may still take (its domain), :func:`narrow_counting_numbers` removes,
to a fixed point, the values no solution gives it (proof and measurements:
``encodings/sukoro.md``).

>>> nbrs = {(0, 0): [(0, 1)], (0, 1): [(0, 0), (0, 2)], (0, 2): [(0, 1)]}
>>> domains = {(0, 0): [1], (0, 1): [0, 1, 2], (0, 2): [0, 1]}
>>> narrow_counting_numbers(nbrs, domains, [(0, 0)])
>>> domains   # a 1 beside (0, 1): it is numbered, not 1; a 2 needs (0, 2)
{(0, 0): [1], (0, 1): [2], (0, 2): [1]}
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence

Cell = Hashable


def narrow_counting_numbers(nbrs: Mapping[Cell, Sequence[Cell]], domains: dict[Cell, list[int]],
                            start: Iterable[Cell]) -> None:
    """Narrow ``domains`` (cell -> its values, 0 empty; the givens already
    narrowed by the caller) in place to a fixed point, starting at the cells
    ``start`` and their neighbours: a cell whose number is decided (v, no 0)
    has no neighbour holding v, and when v of its neighbours are numbered for sure
    the others are empty, when v is all its neighbours not empty for sure
    they are numbered; a numbered value must lie between the neighbours
    numbered for sure and those not empty for sure. Each step removes
    values no solution gives its cell, so every solution is kept."""
    # per cell: its neighbours numbered for sure, and those neither numbered
    # nor empty for sure (kept as cells change, not counted again)
    held = dict.fromkeys(domains, 0)
    unsure = {c: len(nbrs[c]) for c in domains}
    kind = dict.fromkeys(domains, 0)  # 0 unsure, 1 numbered, 2 empty for sure

    def settle(c, dom) -> None:
        k = 1 if 0 not in dom else 2 if dom == [0] else 0
        if k and not kind[c]:
            kind[c] = k
            for n in nbrs[c]:
                unsure[n] -= 1
                held[n] += k == 1

    def narrow(c, keep) -> None:  # a smaller domain: c and its neighbours looked at again
        domains[c] = keep
        settle(c, keep)
        todo.add(c)
        todo.update(nbrs[c])

    for c, dom in domains.items():
        settle(c, dom)
    # a work list from the givens and their neighbours: each step is monotone,
    # so any order reaches the same fixed point
    todo = set(start)
    for c in list(todo):
        todo.update(nbrs[c])
    while todo:
        c = todo.pop()
        dom = domains[c]
        low = held[c]
        most = low + unsure[c]
        keep = [v for v in dom if v == 0 or low <= v <= most]
        if keep != dom:
            narrow(c, keep)
            dom = keep
        if len(dom) != 1 or not dom[0]:
            continue
        v = dom[0]
        for n in nbrs[c]:
            other = domains[n]
            if not kind[n] and v in (low, most):
                # the unsure neighbours all empty (v reached) or all numbered (v needs them)
                zero = v == low
                keep = [u for u in other if (u == 0) == zero and u != v]
            elif v in other:
                keep = [u for u in other if u != v]
            else:
                continue
            if keep != other:
                narrow(n, keep)
