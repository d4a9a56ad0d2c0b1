"""A smallest hitting set of a few small sets, by branch and bound.

The smallest-reason search (:mod:`.smallest`) asks, after each correction
set it finds, for a smallest set of candidates that meets every correction
set so far, up to a size limit of a few (a reason is rarely larger than ten
clues and facts). pysat's ``Hitman`` answers with RC2, a MaxSAT solver in
Python, built anew for each fact and fed every seed: on a 10 x 10
Slitherlink that cost more than the solver calls it steered
(``encodings/explain.md``). Here the question is answered directly:
iterative deepening on the size ``k``; at each node the unmet set with the
fewest members is branched on, one member in, then that member out and the
next in (no set of members is visited twice); a node is cut when more
pairwise disjoint unmet sets remain than members may still be added (each
needs a member of its own). The answer is a hitting set of the least size;
``nodes`` bounds the work (then the answer is "unknown").

>>> Hitting([[1, 2], [2, 3], [3, 4]]).smallest(3)
[1, 3]
>>> Hitting([[1], [2], [3]]).smallest(2) is None
True
"""
from __future__ import annotations

#: nodes one :meth:`Hitting.smallest` call may visit before it says "unknown"
NODES = 20000


class Unknown(Exception):
    """The node budget ran out before the search decided."""


def packing(sets) -> int:
    """How many pairwise disjoint sets a greedy pass (smallest first) finds:
    a lower bound on the size of every hitting set."""
    used: set[int] = set()
    n = 0
    for s in sorted(sets, key=len):
        if used.isdisjoint(s):
            used.update(s)
            n += 1
    return n


class Hitting:
    """The sets to hit (grown by :meth:`hit`) and the least size a hitting
    set may have (it only grows as sets are added)."""

    def __init__(self, sets=(), nodes: int = NODES, first=()):
        self.sets: list[frozenset[int]] = []
        #: the order members are tried in: ``first``, then by first appearance
        self.rank: dict[int, int] = {x: i for i, x in enumerate(dict.fromkeys(first))}
        self.least = 0
        self.nodes = nodes
        for s in sets:
            self.hit(s)

    def hit(self, members) -> None:
        for x in members:
            self.rank.setdefault(x, len(self.rank))
        self.sets.append(frozenset(members))

    def smallest(self, limit: int) -> list[int] | None:
        """A hitting set of the least size when that size is at most
        ``limit``, else None; raises :class:`Unknown` past the node budget."""
        if any(not s for s in self.sets):
            return None  # an empty set cannot be hit
        self._left = self.nodes
        for k in range(max(self.least, packing(self.sets)), limit + 1):
            self.least = k
            got = self._search(self.sets, frozenset(), [], k)
            if got is not None:
                return sorted(got, key=self.rank.__getitem__)
        self.least = limit + 1
        return None

    def _search(self, unmet, out, chosen, k):
        if not unmet:
            return chosen
        room = k - len(chosen)
        if room == 0 or packing(unmet) > room:
            return None
        self._left -= 1
        if self._left < 0:
            raise Unknown
        branch = min(unmet, key=len)
        for x in sorted(branch, key=self.rank.__getitem__):
            rest = [s - {x} if x in s else s for s in unmet if x not in s]
            rest = [s - out for s in rest]
            if all(rest):
                got = self._search(rest, out, [*chosen, x], k)
                if got is not None:
                    return got
            out = out | {x}
            unmet = [s - {x} for s in unmet]
            if not all(unmet):
                return None
        return None
