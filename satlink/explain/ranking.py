"""How steps are ranked: a reason's cost and the cheapest candidates.

A reason's cost (:func:`.chain.cost`) is its clues and facts plus the
rounds of unit propagation beyond the first that take it to the
contradiction (:mod:`.chain`), :data:`.chain.UNCOUNTED` more when only
the cut of a lazily added rule, a learnt clause or a search refutes it. The engine
(:mod:`.steps`) takes the cheapest step first whatever rules it needs: a
step that is not direct (a contradiction: the other value tried and
propagated) costs :data:`NOT_DIRECT` more, what the rating
(:mod:`.difficulty`) adds for each such step; so a contradiction comes
before the direct facts when it is cheaper by that much. Rounds are counted
only as far as they can still make a reason the cheapest.
"""
from __future__ import annotations

from .chain import Chains, cost
from .difficulty import EXTRA_WEIGHT
from .explanation import NOT_SEARCHED, Reason

#: what a step that is not direct costs beyond its reason (the rating's weight)
NOT_DIRECT = int(EXTRA_WEIGHT)

#: Rounds of propagation counted for a reason's cost (:mod:`.chain`); a
#: longer chain is not counted (the rounds are Python's, not the solver's).
ROUNDS = 6


class Ranking:
    """Costs of reasons over one encoding (its formula's clauses, read as
    they grow) and its refuter."""

    def __init__(self, encoding, refuter, clue_of: dict):
        self.formula, self.refuter, self.clue_of = encoding.formula, refuter, clue_of
        #: propagation by rounds over the formula's clauses, and how many it holds
        self.chains, self._chained = Chains(), 0

    def reason(self, lits, smallest: str = NOT_SEARCHED, rounds: int | None = None) -> Reason:
        """The reason of the clue selectors and facts ``lits``."""
        clues = tuple(self.clue_of[x] for x in lits if x in self.clue_of)
        facts = tuple(x for x in lits if x not in self.clue_of)
        return Reason(clues, facts, smallest, rounds)

    def rounds(self, lits, lit: int, limit: int | None = None, refuter=None) -> int | None:
        """Rounds of unit propagation over the rules' eager clauses from the
        clues and facts ``lits`` to the refutation of ``lit`` (:mod:`.chain`):
        None when a lazy rule's cut (a global rule) or a learnt clause is
        needed; ``limit + 1`` when more than ``limit`` rounds would be.
        ``refuter``: the one whose propagation found the reason (default: the
        engine's)."""
        limit = ROUNDS if limit is None else limit
        assumptions = [*lits, -lit]
        if (refuter or self.refuter).propagate(assumptions)[0]:
            return None  # the solver's propagation, which knows more, does not refute it
        f = self.formula
        self.chains.extend(f.clauses[self._chained:])
        self._chained = len(f.clauses)
        got = self.chains.rounds(assumptions, limit)
        return limit + 1 if got is None and self.chains.stopped else got

    def cheapest(self, found, below: int | None = None,
                 refuter=None) -> list[tuple[int, Reason]]:
        """Of ``found`` ((fact, clues and facts, what the search proved)),
        the facts of least cost with their reasons; with ``below``, only
        facts that cost less than it (none: an empty list)."""
        best, out = (None if below is None else below - 1), []
        for lit, core, status in sorted(found, key=lambda t: len(t[1])):
            size = len(core)
            if best is not None and size > best:
                break
            limit = ROUNDS if best is None else min(ROUNDS, best - size + 1)
            rounds = self.rounds(core, lit, limit, refuter)
            if rounds is not None and rounds > limit:
                if limit < ROUNDS:
                    continue  # dearer than the cheapest so far
                rounds = None  # a chain too long to count
            c = cost(size, rounds)
            if best is not None and c > best:
                continue
            best = c if best is None else min(best, c)
            out.append((c, lit, self.reason(core, status, rounds)))
        return [(lit, reason) for c, lit, reason in out if c <= best]


def step_cost(reasons) -> int:
    """What a step costs in the engine's order: its dearest reason."""
    return max((cost(r.size, r.rounds) for r in reasons), default=0)
