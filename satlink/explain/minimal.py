"""Reasons made small: a solver's core cut down by deletion until no
member can go (under unit propagation alone, or under full solver calls),
then, within a budget of hitting sets, replaced by a smallest one where
the search of :mod:`.smallest` finds it."""
from __future__ import annotations

from .explanation import NOT_PROVEN, NOT_SEARCHED, SMALLEST
from .ranking import ROUNDS as RANK_ROUNDS
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


def settle(engine, chosen, candidates, rank, trial=False, refuter=None):
    """The step's reasons ``chosen`` ((fact, Reason) pairs, ranked by their
    minimal or budget-searched reasons) each replaced by a smallest one:
    the search of :mod:`.smallest` run until it settles (within
    :data:`SETTLE_ROUNDS` hitting sets and :data:`SETTLE_SECONDS` a
    fact, with minimal correction sets: :func:`.smallest.grown`), so that no reason shown has more clues and facts than a smallest
    one (issue 27); a reason already proven smallest is kept. ``refuter``:
    the solver whose candidates ``candidates`` are (default: the engine's);
    ``rank``: the :class:`.ranking.Ranking` that recounts the rounds;
    ``trial``: the reasons of a trial step (past the engine's bound, 30
    clues and facts and more), searched within fewer rounds."""
    if not engine.search:
        return chosen
    refuter = refuter or engine.refuter
    out = []
    for lit, reason in chosen:
        if reason.smallest == SMALLEST:
            out.append((lit, reason))
            continue
        core = [*(engine.selector[c] for c in reason.clues), *reason.facts]
        if engine.lazy:
            rounds = LAZY_TRIAL_ROUNDS if trial else LAZY_SETTLE_ROUNDS
        else:
            rounds = TRIAL_ROUNDS if trial else SETTLE_ROUNDS
        if not rounds:
            out.append((lit, reason))
            continue
        got, settled, _ = smallest(
            candidates, core, by_search(refuter, candidates, lit, engine.pool, grow=True,
                                        disjoint=SETTLE_DISJOINT if engine.lazy else 0),
            rounds=rounds,
            seconds=SETTLE_SECONDS, nodes=SETTLE_NODES,
            conflicts=SETTLE_CONFLICTS if engine.lazy else 0,
            seeds=seeds(engine.pool, candidates, lit))
        status = SMALLEST if settled else NOT_PROVEN
        if len(got) < len(core):
            rounds = rank.rounds(got, lit, refuter=refuter)
            if rounds is not None and rounds > RANK_ROUNDS:
                rounds = None
            out.append((lit, rank.reason(got, status, rounds)))
        else:
            out.append((lit, rank.reason(core, status, reason.rounds)))
    return out


#: hitting sets a shown fact's search may try before its reason stays as found
#: (on 17-clue Sudoku boards the searches settled within 40; 100 made the
#: median explanation reach the 2 s target at load 18)
SETTLE_ROUNDS = 50
#: the same for a trial's reason (past the engine's bound: of 30 and more on
#: a 10 x 10 Slitherlink, 16 ms a round, rarely settled within 100)
TRIAL_ROUNDS = 20
#: on a genre with lazy rules a round is a loop of solver calls with cuts
#: (3 to 15 ms on a 10 x 10 Slitherlink); 60 rounds within 0.5 s left 23 of
#: 660 reasons on three Slitherlink dev boards "not proven" (each stopped by
#: the rounds, once the hitting sets came from RC2), 100 within 1 s with a
#: disjoint correction set a round (:data:`SETTLE_DISJOINT`) 7 to 13; a
#: trial's reason (not searched before: twenty rounds of the old SAT hitting
#: sets made an explanation 1.5 times slower) is searched too
LAZY_SETTLE_ROUNDS = 100
LAZY_TRIAL_ROUNDS = 60
#: CPU seconds a shown fact's search may take: a net against a slow solver
#: call only, the rounds bound the search (the slowest settled searches
#: with 100 rounds: 0.4 s on a Sudoku, 0.6 s on a 10 x 10 Slitherlink)
SETTLE_SECONDS = 1.0
#: nodes a shown fact's hitting sets may visit in all (:mod:`.hitting`): a
#: reason of 30 and more (a trial) whose search cannot settle spent a second
#: and more in the branch and bound; this stops it at about a tenth of that
SETTLE_NODES = 40000
#: on genres with lazy rules, a hitting set the branch and bound does not find
#: within :data:`.hitting.SWITCH_NODES` nodes goes to RC2 (MaxSAT), with this
#: many conflicts for a fact's hitting sets in all (then the reason stays "not
#: proven"): a Slitherlink reason of 8 to 15 among 150 to 250 candidates
#: needed 30 to 60 hitting sets of 5 to 9 members, where the branch and bound
#: (its packing bound weak there) ran out of nodes; on Sudoku the branch and
#: bound alone left fewer reasons unsettled (20 17-clue boards)
SETTLE_CONFLICTS = 20000
#: on genres with lazy rules, the correction sets a shown fact's search reads
#: after each of its own, disjoint from it and the hitting set
#: (:func:`.smallest.by_search`: one more solver loop, no hitting-set call);
#: three Slitherlink dev boards, 60 rounds, same load: 0 -> 23 reasons "not
#: proven" in 16.1 s, 1 -> 13 in 16.2 s, 3 -> 18 in 23.6 s
SETTLE_DISJOINT = 1
