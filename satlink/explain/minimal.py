"""Reasons made small: a solver's core cut down by deletion until no
member can go (under unit propagation alone, or under full solver calls),
then, within a budget of hitting sets, replaced by a smallest one where
the search of :mod:`.smallest` finds it."""
from __future__ import annotations

from .explanation import NOT_PROVEN, NOT_SEARCHED, SMALLEST
from .smallest import by_search, seeds, smallest


def deletion_order(core, known: dict[int, int]) -> list[int]:
    """Assumptions in the order deletion tries them: clues first, then
    facts, the oldest first (so that the latest facts, which sum up the
    most, stay)."""
    facts = sorted((x for x in core if x in known), key=lambda x: known[x])
    return [x for x in core if x not in known] + facts


def minimal_up(refuter, core: list[int], lit: int, known) -> list[int]:
    """A subset of ``core`` from which unit propagation alone refutes
    ``-lit``, minimal so (no member can go); the solver's core when
    propagation alone does not refute it."""
    if refuter.propagate([*core, -lit])[0]:
        return core
    keep = list(core)
    for x in deletion_order(core, known):
        trial = [y for y in keep if y != x]
        if not refuter.propagate([*trial, -lit])[0]:
            keep = trial
    return keep


def minimal(refuter, core: list[int], lit: int, known) -> list[int]:
    """A subset of ``core`` whose clues and facts refute ``-lit`` and
    none of whose members can go (deletion, shrinking to each new core)."""
    keep = list(core)
    for x in deletion_order(core, known):
        if x not in keep:
            continue
        trial = [y for y in keep if y != x]
        if refuter.refutes([*trial, -lit]):
            used = refuter.core()
            keep = [y for y in trial if y in used]
    return keep


def shrink(engine, found, candidates):
    """The reasons ``found`` ((fact, minimal reason) pairs) as (fact,
    reason, what the search proved: ``Reason.smallest``), each replaced
    by a smallest one where the bounded search finds it (all of them
    within ``engine.search`` hitting sets, reasons of more than
    ``engine.search_above`` members only); a fact whose reason cannot beat
    the smallest so far is searched only for one that does."""
    if not engine.search:
        return [(lit, core, NOT_SEARCHED) for lit, core in found]
    found = sorted(found, key=lambda t: len(t[1]))
    cap, out = None, []
    left = engine.search
    for lit, core in found:
        if left > 0 and len(core) > engine.search_above:
            size = len(core)
            core, settled, used = smallest(
                candidates, core, by_search(engine.refuter, candidates, lit, engine.pool),
                cap, rounds=left,
                seeds=seeds(engine.pool, candidates, lit))
            left -= used
            # searched only below ``cap`` and none found: not proven either
            capped = cap is not None and cap < size - 1 and len(core) == size
            status = SMALLEST if settled and not capped else NOT_PROVEN
        else:
            status = NOT_SEARCHED
        cap = len(core) if cap is None else min(cap, len(core))
        out.append((lit, core, status))
    return out
