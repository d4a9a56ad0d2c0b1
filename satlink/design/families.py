"""Every minimal difference set of a target over its candidate clues.

A *difference set* is the set of candidate clues that some solution other
than the target breaks (the solution obeys every clue of the board's shape
but not the candidates); a clue set S makes the target unique exactly when
S meets every difference set, and so exactly when it meets every *minimal*
one. :func:`difference_sets` finds the whole family of minimal difference
sets with the design oracle, by size, and proves it complete:

- a guarded clause per set F found says that some clue of F has its
  selector on (the solution obeys it), and a totalizer over the selectors
  bounds how many are off. At size k the solver is asked, again and again,
  for a solution other than the target with at most k selectors off that
  breaks no whole found set; its difference set D has at most k clues;
- D is minimal: a difference set strictly inside D has fewer than k clues,
  and the call at size k - 1 that found none proved that every such set
  contains a found F; D would then contain F too, which the clauses forbid;
- when size k finds none, the next size is asked; after the size of all
  candidates, every other solution breaks a whole found set: the family is
  complete. One solver call per minimal set, plus one per size.

``encodings/clue_sets.md`` has the argument; the
counting over the family is in :mod:`.hitting`.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field

from pysat.card import ITotalizer

from .oracle import DesignError, Oracle, TimeUp


@dataclass
class Family:
    """The minimal difference sets found (each a frozenset of clues), in
    the order found; ``complete`` when the solver proved there is no other;
    ``calls`` the oracle's questions."""

    sets: list[frozenset] = field(default_factory=list)
    complete: bool = False
    calls: int = 0


def difference_sets(oracle: Oracle, allowed: Iterable[Hashable],
                    report: Callable[[int], None] | None = None) -> Family:
    """The family of minimal difference sets of ``oracle``'s target over
    ``allowed`` (the oracle's candidates: every clue outside them is off the
    board). On the oracle's deadline, the family found so far, not
    complete. ``report(n)`` after each set."""
    allowed = list(dict.fromkeys(allowed))
    if set(oracle.candidates) != set(allowed):
        raise ValueError("the oracle's candidates must be the allowed clues")
    family = Family()
    session, formula = oracle.session, oracle.encoding.formula
    guard = formula.new_aux()
    # off[k] true: more than k selectors off (a totalizer over their negations)
    counter = ITotalizer([-oracle.selector[c] for c in allowed], ubound=len(allowed),
                         top_id=formula.num_vars)
    formula.pool.top = counter.top_id
    session.add(counter.cnf.clauses)
    blank = oracle.instance([])
    try:
        for size in range(1, len(allowed) + 1):
            limit = [-counter.rhs[size]] if size < len(allowed) else []
            while True:
                found = _avoiding(oracle, blank, [guard, *limit])
                if found is None:
                    break
                if not found:
                    raise DesignError("another solution obeys every candidate clue, so no"
                                      " clue set among them makes the solution unique", 1)
                family.sets.append(found)
                session.add([[-guard, *(oracle.selector[c] for c in found)]])
                if report is not None:
                    report(len(family.sets))
        family.complete = True
    except TimeUp:
        pass
    finally:
        session.add([[-guard]])  # retired: the oracle goes on without these clauses
        counter.delete()
        family.calls = oracle.calls
    return family


def _avoiding(oracle: Oracle, blank, extra: list[int]) -> frozenset | None:
    """The difference set of a solution other than the target under the
    assumptions ``extra``, or None when there is none (TimeUp on the
    deadline). The solution is verified on the clue-less board, and which
    candidates it breaks is read from it (:meth:`Oracle.breaks`), not from
    the selectors."""
    found = oracle.other(blank, extra)
    return None if found is None else found[0]
