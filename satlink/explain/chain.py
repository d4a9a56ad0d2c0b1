"""How far a reason reaches: the rounds of unit propagation from a reason
and the fact's negation to the contradiction.

One round applies every rule (clause) that the facts so far make unit or
false, all at once, as a person scanning the board does. A fact whose
reason is refuted in round 1 follows from one rule applied to its
neighbourhood (a clue and the cells around it, a row whose other cells are
known); one that needs round 3 goes through a chain of rules, each applied
to what the one before gave. The step engine ranks the facts of a direct
step by their reason's size plus the rounds beyond the first
(:func:`cost`): the issue's "cheapest steps first (how many clues and
facts, and which rules they go through)".

The rounds are counted over the encoding's own clauses (the local rules,
given eagerly), in plain Python: the solver cannot say in which round it
found what, and its own propagation also uses the lazy rules' cuts and the
clauses it has learnt. A reason that only those refute (propagation over
the eager clauses stops short of a contradiction) gets ``None``: it goes
through a global rule (one loop, connected areas) or something a search
learnt, and costs :data:`UNCOUNTED` more than its size. (Counting over the
cuts too cost more than the rest of a Slitherlink explanation: thousands of
long cuts, scanned for every edge found false.)

>>> c = Chains([[-1, 2], [-2, 3], [-3, 6], [-6, -4], [-1, 5]])
>>> c.rounds([6, 4]), c.rounds([1, 4]), c.rounds([5, 4])
(1, 2, None)
"""
from __future__ import annotations

from collections import defaultdict

#: what a reason whose rounds cannot be counted adds to its cost
UNCOUNTED = 4


class Chains:
    """Unit propagation by rounds over a growing list of clauses."""

    def __init__(self, clauses=()):
        self.clauses: list[list[int]] = []
        self.occurs: dict[int, list[int]] = defaultdict(list)
        self.units: list[int] = []
        #: what propagation gives from the unit clauses alone (None: not yet)
        self._base: set[int] | None = None
        #: whether the last :meth:`rounds` stopped at its limit
        self.stopped = False
        #: whether the unit clauses alone contradict
        self.contradicted = False
        self.extend(clauses)

    def extend(self, clauses) -> None:
        for c in clauses:
            c = list(c)
            i = len(self.clauses)
            self.clauses.append(c)
            if len(c) == 1:
                self.units.append(c[0])
                self._base = None
            for lit in c:
                self.occurs[lit].append(i)

    def base(self) -> set[int]:
        """The literals propagation gives from the unit clauses alone (the
        rules' level 0), computed once for each new unit clause."""
        if self._base is None:
            self.contradicted = any(-u in self.units for u in self.units)
            true: set[int] = set()
            frontier = list(dict.fromkeys(self.units))
            true.update(frontier)
            while frontier:
                got = self._round(frontier, true, set())
                if got is None:  # the rules alone contradict (no solution)
                    self.contradicted = True
                    break
                frontier = got
                true.update(got)
            self._base = true
        return self._base

    def _round(self, frontier, true, new) -> list[int] | None:
        """The literals one round implies from ``frontier`` (added to
        ``new`` too); None on a contradiction."""
        clauses, occurs = self.clauses, self.occurs
        nxt: list[int] = []
        for t in frontier:
            for ci in occurs.get(-t, ()):
                free, count = None, 0
                for lit in clauses[ci]:
                    if lit in true or lit in new:
                        count = -1
                        break
                    if -lit not in true:
                        count += 1
                        free = lit
                        if count > 1:
                            break
                if count == 0:
                    return None
                if count == 1:
                    if -free in new:
                        return None
                    new.add(free)
                    nxt.append(free)
        return nxt

    def rounds(self, assumptions, limit: int = 64) -> int | None:
        """The round in which propagation from ``assumptions`` (after what
        the unit clauses give, round 0) reaches a contradiction; None when it
        stops without one or after ``limit`` rounds (then ``stopped``)."""
        self.stopped = False
        true = set(self.base())
        if self.contradicted:
            return 0
        frontier = []
        for lit in assumptions:
            if -lit in true:
                return 0
            if lit not in true:
                true.add(lit)
                frontier.append(lit)
        for n in range(1, limit + 1):
            if not frontier:
                return None
            new: set[int] = set()
            frontier = self._round(frontier, true, new)
            if frontier is None:
                return n
            true |= new
        self.stopped = bool(frontier)
        return None


def cost(size: int, rounds: int | None) -> int:
    """A reason's cost for ranking: its clues and facts plus the rounds
    beyond the first (``UNCOUNTED`` more when they cannot be counted)."""
    return size + (UNCOUNTED if rounds is None else max(rounds - 1, 0))
