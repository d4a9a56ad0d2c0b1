"""Numbers that count their numbered neighbours, equal numbers never side
by side (Sukoro's rule): what decided cells take from the others before
anything is encoded.

Each cell holds 0 (empty) or a number v, and a number v has exactly v
numbered orthogonal neighbours, none of them holding v. From the values a
cell may still take (its domain), :func:`narrow_counting_numbers` removes,
to a fixed point, the values no solution gives it (proof and measurements:
``encodings/sukoro.md``); :func:`count_numbered` and :func:`apart` then
state the two rules over the cells left open, a decided cell a constant.

Cells are numbered 0, 1, ...; lists indexed by them give each cell's
neighbours and its values (a board's cells in reading order, r * cols + c).

>>> nbrs = [[1], [0, 2], [1]]                  # three cells in a row
>>> domains = [[1], [0, 1, 2], [0, 1]]
>>> narrow_counting_numbers(nbrs, domains, [0])
>>> domains   # a 1 beside cell 1: it is numbered, not 1; a 2 needs cell 2
[[1], [2], [1]]
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..formula import Formula
from .subset_counts import exactly


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


def count_numbered(f: Formula, nbrs: Sequence[Sequence[int]], domains: Sequence[list[int]],
                   values: Sequence[Mapping[int, int] | None], numbered: Sequence[int],
                   cells: Iterable[int]) -> None:
    """Over ``cells`` (those that may be numbered): "numbered" (``numbered[c]``,
    a variable) is "not 0" (``values[c]``: the value literals, None for a
    decided number), and a number counts its numbered neighbours
    (:func:`satlink.rules.subset_counts.exactly`, behind the value's
    literal), over the neighbours not decided (those numbered for sure
    taken off it, the empty ones left out).

    >>> from satlink.formula import Formula
    >>> f = Formula()    # cell 0 holds 1 for sure: cell 1 (0 or 1) is numbered
    >>> count_numbered(f, [[1], [0]], [[1], [0, 1]], [None, {0: 3, 1: 4}], [1, 2], [0, 1])
    >>> f.clauses        # numbered(0); numbered(1); numbered(1) <-> not 0 there
    [[1], [2], [2, 3], [-2, -3]]
    """
    add = f.clauses.append
    for c in cells:
        x, lits = numbered[c], values[c]
        if lits is None:  # decided: a number (an empty cell is not among the cells)
            add([x])
        else:
            zero = lits.get(0)
            if zero is None:  # numbered <-> not 0
                add([x])
            else:
                add([x, zero])
                add([-x, -zero])
                if len(lits) == 1:  # empty for sure (a lone cell): it counts nothing
                    continue
        around, held = [], 0  # held: neighbours numbered for sure
        for n in nbrs[c]:
            dom = domains[n]
            if not dom or dom[0]:  # no 0: numbered (none at all: no model)
                held += 1
            elif len(dom) > 1:
                around.append(numbered[n])
        if lits is None:  # a number decided
            k = domains[c][0] - held
            if around or k:  # else nothing to say: the count holds
                exactly(f, around, k)
            continue
        for v, y in lits.items():  # a number counts its numbered neighbours
            if v:
                exactly(f, around, v - held, when=y)


def apart(f: Formula, edges: Iterable[tuple[int, int]], domains: Sequence[list[int]],
          values: Sequence[Mapping[int, int] | None]) -> None:
    """Equal numbers never side by side: a binary clause per edge and number
    both ends may hold. A decided end adds none: empty, or its number
    narrowed out of its neighbours by :func:`narrow_counting_numbers` (a
    caller that narrows nothing has no decided cell but a lone one, empty).

    >>> from satlink.formula import Formula
    >>> f = Formula(); apart(f, [(0, 1)], [[0, 1, 2], [1, 2]], [{0: 1, 1: 2, 2: 3}, {1: 4, 2: 5}])
    >>> f.clauses
    [[-2, -4], [-3, -5]]
    """
    add = f.clauses.append
    for i, j in edges:
        if len(domains[i]) == 1 or len(domains[j]) == 1:
            continue
        other = values[j]
        for v, x in values[i].items():
            if v and v in other:
                add([-x, -other[v]])
