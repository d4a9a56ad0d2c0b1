"""The good clue sets of a target, counted and listed as a ZDD.

A clue set is good (makes the target unique) exactly when it meets every
minimal difference set (:mod:`.families`). With that family complete, the
good sets are its hitting sets, built by graphillion's ``setset.hitting``
(a zero-suppressed decision diagram over the candidate clues); then

- minimal good sets: a good set S is minimal unless S - {c} is good for some
  c in S. The good sets are closed upwards, so the non-minimal ones are,
  over every clue c, the good sets without c with c added; they are taken
  away from the good sets one clue at a time (graphillion's own
  ``minimal()`` took 5 s where this takes 0.9 s, on 50 sets of a 5 x 7 loop);
- minimum good sets: the good sets of the least size k (every one is
  minimal), ``set_size(k)``.

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
        for s in family:
            yield [c for i, c in enumerate(self.clues) if i in s]


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
    index = {c: i for i, c in enumerate(clues)}
    sets = [{index[c] for c in f} for f in family]
    if any(not s for s in sets):  # another solution obeys every clue
        return GoodSets(clues, 0, 0, None, 0)
    if not sets:  # no other solution: every set is good, the empty one least
        return GoodSets(clues, 2 ** len(clues), 1, 0, 1, [set()], [set()])
    setset.set_universe(list(range(len(clues))))
    good = setset(sets).hitting() if sets else setset({})
    least = next(k for k in range(len(clues) + 1) if good.set_size(k).len())
    minimal = good
    for i in range(len(clues)):
        grown = good.non_supersets(i)
        grown.flip(i)  # in place: the good sets without clue i, with it added
        minimal = minimal - grown
    return GoodSets(clues, int(good.len()), int(minimal.len()), least,
                    int(good.set_size(least).len()), minimal, good)
