"""The good clue sets of a target, counted and listed as a ZDD.

A clue set is good (makes the target unique) exactly when it meets every
minimal difference set (:mod:`.families`). With that family complete, the
good sets are its hitting sets, built by graphillion's ``setset.hitting``
(a zero-suppressed decision diagram over the candidate clues); then

- minimal good sets: a good set S is minimal unless S - {c} is good for some
  c in S. The good sets are closed upwards, so the non-minimal ones are the
  good sets with one clue added (``add_some_element``), taken away from the
  good sets in one step. On the 10,864 sets of a 5 x 7 loop this took 17 s
  where taking away, clue by clue, the good sets without c with c added took
  45 s (graphillion's own ``minimal()`` was ten times slower still on 5 x 5);
- minimum good sets: the good sets of the least size k (every one is
  minimal), ``set_size(k)``.

The order of the clues in the diagram decides its size: clues placed on
cells are ordered along the board's longer side, across its shorter one
(the diagram's frontier is then one short line of cells, as in the frontier
method), which took the 5 x 7 loop's hitting sets and minimal sets from
23 s to 2.6 s; clues without a cell keep their order.

graphillion keeps its universe in module state; it is set on every call,
so a call is self-contained (but not thread-safe). graphillion is the
``design`` extra: without it :func:`good_sets` raises a DesignError (exit 2).
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass

from .oracle import DesignError

#: Exit code when the decision-diagram library is missing.
EXIT_MISSING = 2


@dataclass
class GoodSets:
    """The good clue sets over ``clues``: their number, the number of
    minimal ones, the least size and how many have it; iterate with
    :meth:`minimal_sets` and :meth:`minimum_sets`."""

    clues: list
    good: int
    minimal: int
    minimum: int | None  # None: no clue set is good
    minimum_count: int
    _minimal: object = None
    _good: object = None
    _order: list = None  # the diagram's element i is the clue _order[i]

    def minimal_sets(self) -> Iterator[list]:
        yield from self._lists(self._minimal)

    def minimum_sets(self) -> Iterator[list]:
        if self.minimum == 0:
            yield []
        elif self.minimum is not None:
            yield from self._lists(self._good.set_size(self.minimum))

    def _lists(self, family) -> Iterator[list]:
        if family is None:
            return
        rank = {c: i for i, c in enumerate(self.clues)}
        for s in family:
            yield sorted((self._order[i] for i in s), key=rank.__getitem__)


def _setset():
    try:
        from graphillion import setset
    except ImportError:
        raise DesignError("counting clue sets needs graphillion, the `design` extra:"
                          " pip install 'satlink[design]'", EXIT_MISSING) from None
    return setset


def good_sets(clues: Iterable[Hashable], family: Iterable[Iterable[Hashable]]) -> GoodSets:
    """The good sets over ``clues`` given the complete family of minimal
    difference sets (each inside ``clues``)."""
    setset = _setset()
    clues = list(dict.fromkeys(clues))
    order = diagram_order(clues)
    index = {c: i for i, c in enumerate(order)}
    sets = [{index[c] for c in f} for f in family]
    if any(not s for s in sets):  # another solution obeys every clue
        return GoodSets(clues, 0, 0, None, 0)
    if not sets:  # no other solution: every set is good, the empty one least
        return GoodSets(clues, 2 ** len(clues), 1, 0, 1, [set()], [set()], order)
    setset.set_universe(list(range(len(clues))))
    good = setset(sets).hitting()
    least = next(k for k in range(len(clues) + 1) if good.set_size(k).len())
    minimal = good - good.add_some_element()  # less the good sets with a clue more
    return GoodSets(clues, int(good.len()), int(minimal.len()), least,
                    int(good.set_size(least).len()), minimal, good, order)


def _cell(clue) -> tuple[int, int] | None:
    """The (row, column) a clue of the form ((row, column), value) sits on."""
    if isinstance(clue, tuple) and clue and isinstance(clue[0], tuple) and len(clue[0]) == 2 \
            and all(isinstance(x, int) for x in clue[0]):
        return clue[0]
    return None


def diagram_order(clues: list) -> list:
    """``clues`` in the diagram's order: when every clue sits on a cell,
    along the longer side of their bounding box and across the shorter one;
    otherwise as given."""
    cells = [_cell(c) for c in clues]
    if not clues or any(p is None for p in cells):
        return list(clues)
    rows = max(r for r, _ in cells) - min(r for r, _ in cells)
    cols = max(c for _, c in cells) - min(c for _, c in cells)
    across = 0 if rows <= cols else 1  # the shorter side varies fastest
    return [c for _, c in sorted(zip(cells, clues), key=lambda pc: (pc[0][1 - across],
                                                                   pc[0][across]))]
