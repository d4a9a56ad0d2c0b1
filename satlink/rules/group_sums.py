"""A sum over cells that fall into groups of distinct values (a line of One
to X crosses regions whose digits differ): each group is one layer of the
sum's automaton, whose values are the group's possible sums, instead of one
layer per cell.

The distinctness comes from other rules (the caller's; here it only saves
clauses). A group of m cells gets a literal per value, implied by each of
its cells holding it, an indicator per possible sum, and per set of m
values a clause "all present -> the indicator of their sum". Whenever the
group's values are distinct, the set of its m values is present, so the
indicator of the group's sum is true: the layer's true literal that the
automaton (:func:`satlink.rules.sums.automaton`, or
:func:`~satlink.rules.sums.halves` for up to four layers) follows. Another
indicator set true (by a value literal true without a cell holding it, or
freely) only adds a path: the automaton's states and the halves' middle
are at most one per layer, so the extra literal must agree with the real
one or be refuted; its clauses never forbid the real sum's path, and they
allow nothing the real path does not. So the models, on the cells, are
those of the plain sum (``encodings/onetox.md``). A group
with more than :data:`MOST_SETS` value sets is a layer per cell instead.

>>> from satlink.formula import Formula
>>> from satlink.rules.numbers import Numbers
>>> f = Formula()
>>> n = Numbers(f, "abc", range(1, 4))
>>> n.all_different("ab")
>>> grouped_sum(n, ["ab", "c"], 8)                  # {1, 2} or {1, 3} or {2, 3} and c
>>> from pysat.solvers import Solver
>>> with Solver(bootstrap_with=f.clauses) as s:
...     sorted(tuple(v for c in "abc" for v, x in n.var[c].items() if x in m)
...            for m in map(set, s.enum_models()))
[(2, 3, 3), (3, 2, 3)]
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Sequence

from .numbers import Numbers
from .sums import automaton, halves

#: A group with more sets of values than this gets a layer per cell.
MOST_SETS = 200


def grouped_sum(numbers: Numbers, groups: Sequence[Sequence[Hashable]], total: int,
                when: int | None = None, most_sets: int = MOST_SETS) -> None:
    """The values of all the cells of ``groups`` add up to ``total`` (unless
    ``when`` is false), where the cells of each group hold distinct values
    in every model (other rules make them so). A group with more than
    ``most_sets`` sets of values is a layer per cell."""
    f, layers = numbers.f, []
    for group in groups:
        values = {v for c in group for v in numbers.var[c]}
        if len(group) == 1 or math.comb(len(values), len(group)) > most_sets:
            layers += [sorted(numbers.var[c].items()) for c in group]
            continue
        present: dict[int, int] = {}  # value -> "some cell of the group holds it"
        for c in group:
            for v, x in numbers.var[c].items():
                if v not in present:
                    present[v] = f.new_aux()
                f.add([-x, present[v]])
        sets = list(itertools.combinations(sorted(present), len(group)))
        sums = {t: f.new_aux() for t in sorted({sum(s) for s in sets})}
        f.extend([*(-present[v] for v in s), sums[sum(s)]] for s in sets)
        layers.append(list(sums.items()))
    (halves if len(layers) <= 4 else automaton)(f, layers, total, "==", when)
