"""Straights: the digits of a group of cells, all different, are
consecutive (4 2 3, not 4 2 5): Str8ts' compartments.

For a group of L cells over digits 1..n, a variable per start s of a
straight s..s+L-1 within 1..n, exactly one true; a cell holding v implies
one of the starts whose straight holds v; and a start implies each digit
of its straight in some cell of the group (implied by the distinctness of
the L cells, stated for propagation). The cells' distinctness is not said
here (a Latin square's units say it). :func:`narrow` is the matching
narrowing for :class:`satlink.rules.latin.Latin` filters.
``encodings/str8t.md`` gives the proof and the sizes.

>>> from satlink.formula import Formula
>>> from satlink.rules.numbers import Numbers
>>> f = Formula(); n = Numbers(f, "ab", range(1, 5)); n.all_different("ab")
>>> straight(f, [n.var["a"], n.var["b"]], 4, "s"); n.given("a", 4)
>>> from pysat.solvers import Solver
>>> from satlink.model import Model
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(), n.value(Model(f, s.get_model()), "b")
(True, 3)
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from ..formula import Formula

def is_straight(digits: Sequence[int]) -> bool:
    """Whether ``digits`` are different and consecutive, in any order.

    >>> is_straight([4, 2, 3]), is_straight([4, 2, 5]), is_straight([2, 2])
    (True, False, False)
    """
    return sorted(digits) == list(range(min(digits), min(digits) + len(digits)))


def _masks(length: int, n: int) -> list[int]:
    """The straights of ``length`` within 1..n as digit masks (bit v)."""
    return [((1 << length) - 1) << s for s in range(1, n - length + 2)]


def narrow(n: int) -> Callable[[list[int]], list[int]]:
    """A Latin filter: each cell of the group keeps the digits of the
    straights that still fit every cell of the group (every solution's
    straight is one of them).

    >>> narrow(9)([1 << 8, 0b1111111110])  # 8 and anything: 7, 8 or 9 (the units rule out 8)
    [256, 896]
    """
    def fit(masks: list[int]) -> list[int]:
        keep = 0
        for rng in _masks(len(masks), n):
            if all(m & rng for m in masks):
                keep |= rng
        return [m & keep for m in masks]
    return fit


def straight(f: Formula, cands: Sequence[Mapping[int, int | bool]], n: int,
             key: Hashable) -> None:
    """The digits of a group of cells (all different: their units say so)
    form a straight within 1..n. ``cands[i]``: cell i's possible digits,
    each with its literal "the cell holds v", or True for a decided cell.
    Only the starts s whose straight s..s+L-1 meets every cell's digits can
    hold; a variable ``("straight", key, s)`` each, exactly one true. With
    one cell, or one start left whose straight holds every digit left,
    nothing is added (every cell lies within it, so the L different digits
    are its L digits)."""
    length = len(cands)
    fits = [s for s in range(1, n - length + 2)
            if all(any(s <= v < s + length for v in c) for c in cands)]
    if length == 1 or (len(fits) == 1 and all(fits[0] <= v < fits[0] + length
                                                for c in cands for v in c)):
        return
    starts = {s: f.var("straight", key, s) for s in fits}
    f.exactly_one(list(starts.values()))
    for s, x in starts.items():
        for v in range(s, s + length):  # the straight's digits are all there
            held = [c[v] for c in cands if v in c]
            if True not in held:
                f.add([-x, *held])
    for c in cands:
        for v, h in c.items():  # a digit held lies in the straight
            f.add([*([] if h is True else [-h]),
                   *(x for s, x in starts.items() if s <= v < s + length)])
