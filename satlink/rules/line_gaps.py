"""Marks along lines whose neighbouring pairs obey a gap rule (Hanare: two
numbers of a row or column with no number between them differ by the
number of cells between them).

Encoding (``encodings/line_gaps.md``): for each pair of cells i < j of a
line that may both be marked and whose pair ``ok(i, j, gap)`` refuses
(``gap`` the cells strictly between), one clause: not both marked unless
some cell between them is marked: ``not m_i or not m_j or OR m_k (i < k <
j)``. Exactly the rule: the pairs it speaks of are the marked cells with
no mark between them. Nothing is lazy.

>>> from satlink.formula import Formula
>>> f = Formula(); m = {c: f.var("m", c) for c in range(3)}
>>> gaps(f, list(range(3)), m.get, lambda a, b, gap: gap == 1)
>>> f.clauses
[[-1, -2], [-2, -3]]
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from ..formula import Formula

Cell = Hashable


def gaps(f: Formula, line: Sequence[Cell], mark: Callable[[Cell], int | None],
         ok: Callable[[Cell, Cell, int], bool]) -> None:
    """Along ``line``, every two marked cells with no marked cell between them
    satisfy ``ok(first, second, cells between)``; ``mark(cell)`` is the
    cell's literal (None: never marked)."""
    lits = [mark(c) for c in line]
    for i, a in enumerate(line):
        if lits[i] is None:
            continue
        for j in range(i + 1, len(line)):
            if lits[j] is not None and not ok(a, line[j], j - i - 1):
                f.add([-lits[i], -lits[j]] + [x for x in lits[i + 1:j] if x is not None])


def broken_gaps(marked: dict, line: Sequence[Cell], ok: Callable[[Cell, Cell, int], bool]
                ) -> list[tuple[Cell, Cell]]:
    """The neighbouring marked pairs along ``line`` (``marked``: cell ->
    value) that ``ok`` refuses."""
    at = [i for i, c in enumerate(line) if c in marked]
    return [(line[i], line[j]) for i, j in zip(at, at[1:]) if not ok(line[i], line[j], j - i - 1)]
