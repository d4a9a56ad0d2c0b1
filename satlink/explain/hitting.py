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

When the branch and bound runs out of nodes and ``conflicts`` allows, the
question goes to a MaxSAT solver instead (:class:`MaxSatHitting`: pysat's
RC2, a hard clause a set, a soft "not in" a member), for that call and
every later one of the fact's search, on one solver whose cores stay
valid as sets come: on a 10 x 10 Slitherlink the sets of a reason of 8 to
49 clues and facts among 150 to 250 candidates made the branch and bound
visit tens of thousands of nodes a call (the packing bound is weak
there), and a totalizer "at most k" SAT search rebuilt each call took
0.5 to 16 s for a fact's hitting sets where RC2 takes 0.02 to 2
(``encodings/explain.md``).

>>> Hitting([[1, 2], [2, 3], [3, 4]]).smallest(3)
[1, 3]
>>> Hitting([[1], [2], [3]]).smallest(2) is None
True
"""
from __future__ import annotations

from pysat.examples.rc2 import RC2
from pysat.formula import WCNF

#: the SAT solver inside :class:`MaxSatHitting` (a small formula; a conflict budget)
SAT_SOLVER = "glucose4"
#: nodes a call of the branch and bound may visit before the question goes
#: to the MaxSAT solver (when it may: ``conflicts``); on the hitting sets of
#: two 10 x 10 Slitherlink explanations, 300 took the least time of 300,
#: 2,000 and 10,000
SWITCH_NODES = 300
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

    def __init__(self, sets=(), nodes: int = NODES, first=(), total: int | None = None,
                 conflicts: int = 0):
        #: member -> its bit's place (its rank); and back
        self.rank: dict[int, int] = {x: i for i, x in enumerate(dict.fromkeys(first))}
        self.members: list[int] = list(self.rank)
        self.sets: list[int] = []
        self.least = 0
        self.nodes = nodes
        #: nodes all calls together may visit (None: ``nodes`` a call)
        self.total = total
        #: conflicts the MaxSAT solver may spend in all once the nodes ran out (0: none)
        self.conflicts = conflicts
        self._sat: MaxSatHitting | None = None
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
        if self._sat is not None:
            self._sat.hit(mask)

    def smallest(self, limit: int) -> list[int] | None:
        """A hitting set of the least size when that size is at most
        ``limit``, else None; raises :class:`Unknown` past the node budget."""
        if any(not s for s in self.sets):
            return None  # an empty set cannot be hit
        if self._sat is None:
            try:
                return self._smallest(limit)
            except Unknown:
                if self.conflicts <= 0:
                    raise
                self._sat = MaxSatHitting(self.conflicts)
                for mask in self.sets:
                    self._sat.hit(mask)
        got = self._sat.smallest(limit)
        self.least = self._sat.least
        return None if got is None else [self.members[i] for i in sorted(got)]

    def close(self) -> None:
        """Frees the MaxSAT solver, when one was made."""
        if self._sat is not None:
            self._sat.close()

    def _smallest(self, limit):
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


class _Budgeted(RC2):
    """RC2 whose SAT calls share one conflict budget (``left``); past it,
    :class:`Unknown` (the MaxSAT state is then dropped)."""

    left = 0

    def _call_oracle(self, assumptions=[], expect_interrupt=False):
        before = self.oracle.accum_stats().get("conflicts", 0)
        self.oracle.conf_budget(max(self.left, 1))
        got = self.oracle.solve_limited(assumptions=assumptions)
        self.left -= self.oracle.accum_stats().get("conflicts", 0) - before
        if got is None:
            raise Unknown
        return got


class MaxSatHitting:
    """The same question asked of a MaxSAT solver (pysat's RC2, core-guided):
    a hard clause for each set over the members' places (``i + 1``) and a
    soft unit "not in" for each member. One solver serves every later call
    of a fact's search: sets only come, so the cores RC2 has found (its
    lower bound) stay valid and each call goes on from them (the totalizer
    "at most k" search it replaced rebuilt its formula each call and proved
    "no hitting set of k - 1" from scratch: 10.5 s where RC2 took 0.07 s on
    the 109 hitting sets of one Slitherlink reason, ``encodings/explain.md``).
    ``conflicts``: for all calls together, then :class:`Unknown`."""

    def __init__(self, conflicts: int):
        self.rc2 = _Budgeted(WCNF(), solver=SAT_SOLVER)
        self.rc2.left = conflicts
        self.seen: set[int] = set()
        self.least = 0
        self.broken = False

    def close(self) -> None:
        self.rc2.delete()

    def hit(self, mask: int) -> None:
        places = [i for i in range(mask.bit_length()) if mask >> i & 1]
        self.rc2.add_clause([i + 1 for i in places])
        for i in places:
            if i not in self.seen:
                self.seen.add(i)
                self.rc2.add_clause([-(i + 1)], weight=1)

    def smallest(self, limit: int) -> list[int] | None:
        """The places of a hitting set of the least size when that is at
        most ``limit``, else None."""
        if self.broken:
            raise Unknown
        try:
            model = self.rc2.compute()
        except Unknown:
            self.broken = True
            raise
        got = [v - 1 for v in model if v > 0 and v - 1 in self.seen]
        self.least = len(got)
        return got if len(got) <= limit else None
