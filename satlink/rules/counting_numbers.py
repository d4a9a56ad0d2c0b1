"""Numbers that count their numbered neighbours, equal numbers never side
by side (Sukoro's rule): what decided cells take from the others before
anything is encoded.

Each cell holds 0 (empty) or a number v, and a number v has exactly v
numbered orthogonal neighbours, none of them holding v. From the values a
cell may still take (its domain), :func:`narrow_counting_numbers` removes,
to a fixed point, the values no solution gives it (proof and measurements:
``encodings/sukoro.md``).

Cells are numbered 0, 1, ...; lists indexed by them give each cell's
neighbours and its values (a board's cells in reading order, r * cols + c).

>>> nbrs = [[1], [0, 2], [1]]                  # three cells in a row
>>> domains = [[1], [0, 1, 2], [0, 1]]
>>> narrow_counting_numbers(nbrs, domains, [0])
>>> domains   # a 1 beside cell 1: it is numbered, not 1; a 2 needs cell 2
[[1], [2], [1]]
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence


def narrow_counting_numbers(nbrs: Sequence[Sequence[int]], domains: list[list[int]],
                            start: Iterable[int]) -> None:
    """Narrow ``domains`` (per cell its values in increasing order, 0 empty;
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
    # (lists indexed by cell numbers: a third faster than dicts keyed by cells)
    held = [0] * len(domains)
    unsure = [len(n) for n in nbrs]
    kind = [0] * len(domains)  # 0 unsure, 1 numbered, 2 empty for sure
    for c, dom in enumerate(domains):
        if not dom or dom[0] or len(dom) == 1:  # numbered (no 0) or empty for sure
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
            if not kind[c] and (not keep or keep[0] or len(keep) == 1) \
                    and _settled(c, keep, nbrs, kind, held, unsure):
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
            if not kind[n] and (not keep or keep[0] or len(keep) == 1) \
                    and _settled(n, keep, nbrs, kind, held, unsure):
                todo.update(nbrs[n])
            if len(keep) == 1 and keep[0]:
                todo.add(n)


def _settled(c: int, dom: list[int], nbrs: Sequence[Sequence[int]], kind: list[int],
             held: list[int], unsure: list[int]) -> bool:
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
