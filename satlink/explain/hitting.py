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


def _packing(masks) -> int:
    """:func:`packing` of sets held as bit masks."""
    used = n = 0
    for s in sorted(masks, key=int.bit_count):
        if not used & s:
            used |= s
            n += 1
    return n


class Hitting:
    """The sets to hit (grown by :meth:`hit`) and the least size a hitting
    set may have (it only grows as sets are added). Members are held as
    bits of an int, the bit's place their rank: the order they are tried
    in, ``first``, then by first appearance (bit masks: the search's set
    operations are single integer operations, ten times the frozensets')."""

    def __init__(self, sets=(), nodes: int = NODES, first=(), total: int | None = None):
        #: member -> its bit's place (its rank); and back
        self.rank: dict[int, int] = {x: i for i, x in enumerate(dict.fromkeys(first))}
        self.members: list[int] = list(self.rank)
        self.sets: list[int] = []
        self.least = 0
        self.nodes = nodes
        #: nodes all calls together may visit (None: ``nodes`` a call)
        self.total = total
        for s in sets:
            self.hit(s)

    def hit(self, members) -> None:
        mask = 0
        for x in members:
            i = self.rank.get(x)
            if i is None:
                i = self.rank[x] = len(self.members)
                self.members.append(x)
            mask |= 1 << i
        if any(s & mask == s for s in self.sets):
            return  # a set within it is hit already when that one is
        self.sets = [s for s in self.sets if s & mask != mask]
        self.sets.append(mask)

    def smallest(self, limit: int) -> list[int] | None:
        """A hitting set of the least size when that size is at most
        ``limit``, else None; raises :class:`Unknown` past the node budget."""
        if any(not s for s in self.sets):
            return None  # an empty set cannot be hit
        if self.total is None:
            self._left = self.nodes
        elif not hasattr(self, "_left"):
            self._left = self.total
        for k in range(max(self.least, _packing(self.sets)), limit + 1):
            self.least = k
            got = self._search(self.sets, [], k)
            if got is not None:
                return [self.members[i] for i in sorted(got)]
        self.least = limit + 1
        return None

    def _search(self, unmet, chosen, k):
        if not unmet:
            return chosen
        room = k - len(chosen)
        if room == 0 or _packing(unmet) > room:
            return None
        self._left -= 1
        if self._left < 0:
            raise Unknown
        branch = min(unmet, key=int.bit_count)
        while branch:
            b = branch & -branch  # the member of least rank left in it
            branch ^= b
            rest = [s for s in unmet if not s & b]
            got = self._search(rest, [*chosen, b.bit_length() - 1], k)
            if got is not None:
                return got
            # then without that member: it leaves every set
            unmet = [s & ~b for s in unmet]
            if not all(unmet):
                return None
        return None
