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
    """Narrow ``domains`` (cell -> its values in increasing order, 0 empty;
    the givens already narrowed by the caller; each list replaced, never
    changed in place, so that cells may share one) in place to a fixed point, starting at the cells
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
    for c, dom in domains.items():
        _settled(c, dom, nbrs, kind, held, unsure)
    # a work list from the givens and their neighbours. Each step is monotone,
    # so any order reaches the same fixed point; a cell is looked at again only
    # when what its steps read has changed: its neighbours' kinds (the bounds
    # of its number; whether a neighbour is still unsure) or its own value
    # decided (then it speaks to its neighbours). A narrower domain of another
    # kind keeps every earlier step's removal, so nothing else is read again.
    todo = set(start)
    for c in list(todo):
        todo.update(nbrs[c])
    while todo:
        c = todo.pop()
        dom = domains[c]
        low = held[c]
        most = low + unsure[c]
        # a number above most, or one below low (the least number: the first
        # value, or the second after a 0)
        if dom and (dom[-1] > most or (low and dom[-1] and dom[0 if dom[0] else 1] < low)):
            keep = [v for v in dom if v == 0 or low <= v <= most]
            domains[c] = dom = keep
            if _settled(c, keep, nbrs, kind, held, unsure):
                todo.update(nbrs[c])
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
            domains[n] = keep
            if _settled(n, keep, nbrs, kind, held, unsure):
                todo.update(nbrs[n])
            if len(keep) == 1 and keep[0]:
                todo.add(n)


def _settled(c: Cell, dom: list[int], nbrs: Mapping[Cell, Sequence[Cell]], kind: dict,
             held: dict, unsure: dict) -> bool:
    """Record the kind ``c``'s domain now has (numbered or empty for sure) on
    its neighbours' counts; whether that kind is new."""
    if kind[c] or (0 in dom and dom != [0]):
        return False
    k = kind[c] = 2 if dom == [0] else 1
    for n in nbrs[c]:
        unsure[n] -= 1
        if k == 1:
            held[n] += 1
    return True
