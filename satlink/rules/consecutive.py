"""Consecutive groups: the digits of a group of k cells are k consecutive
numbers in any order (Renban's regions; Str8ts-like runs).

Encoding (``encodings/consecutive.md``): over a :class:`satlink.rules.
numbers.Numbers` (a one-hot digit per cell), the group's digits all
different, and a one-hot start ``s_t`` of the run (t from the least to the
greatest start the cells' domains allow): a cell holding v forces the
start into [v - k + 1, v]; a start t forces each digit of t..t+k-1 onto
some cell of the group (implied by the two others with k cells all
different; it lets the solver place a digit that fits one cell only).

>>> from satlink.formula import Formula
>>> f = Formula()
>>> n = Numbers(f, ["a", "b", "c"], range(1, 6), {"a": [1], "c": [2, 5]})
>>> consecutive(f, n, ["a", "b", "c"])
>>> from pysat.solvers import Solver
>>> from satlink.model import Model
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(), sorted(n.value(Model(f, s.get_model()), c) for c in "abc")
(True, [1, 2, 3])
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from ..formula import Formula
from .numbers import Numbers, _flat

Cell = Hashable


def consecutive(f: Formula, numbers: Numbers, group: Sequence[Cell], tag: str = "run") -> None:
    """The digits of ``group`` are ``len(group)`` consecutive numbers, each once."""
    group = list(group)
    k = len(group)
    if k < 2:
        return
    numbers.all_different(group)
    var = numbers.var
    if not all(var[c] for c in group):
        f.add([])  # a cell without a digit: no run
        return
    lo = min(min(var[c]) for c in group if var[c])
    hi = max(max(var[c]) for c in group if var[c])
    # a start t needs every cell to have some digit in t..t+k-1
    starts = [t for t in range(max(lo, max(min(var[c]) for c in group) - k + 1),
                               min(hi - k + 1, min(max(var[c]) for c in group)) + 1)]
    if not starts:
        f.add([])
        return
    s = {t: f.var(tag, *_flat(group[0]), t) for t in starts}
    f.exactly_one(list(s.values()))
    for c in group:
        for v, x in var[c].items():
            f.add([-x] + [s[t] for t in range(v - k + 1, v + 1) if t in s])
    for t, st in s.items():
        for v in range(t, t + k):
            f.add([-st] + [var[c][v] for c in group if v in var[c]])


def broken_runs(values: Mapping[Cell, int], groups: Sequence[Sequence[Cell]],
                name: Callable[[Cell], str]) -> list[str]:
    """Each group whose digits are not consecutive numbers each once, named by its first cell."""
    out = []
    for group in groups:
        got = sorted(values.get(c) or 0 for c in group)
        if got != list(range(got[0], got[0] + len(got))):
            out.append(f"the region at {name(group[0])} holds {got}, not consecutive numbers")
    return out
