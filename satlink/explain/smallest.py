"""Smallest reasons: an implicit hitting-set search over the clues and facts
a step may cite, bounded so that a step costs about what it did before.

A reason is a set ``S`` of candidates (clue selectors, earlier facts) such
that ``S`` with the fact negated is refuted. Every set ``K`` of candidates
that some non-refuted set's model falsifies (a *correction set*) must be
hit by every reason; so the smallest set hitting all correction sets found
so far is a lower bound, and when it is refuted it is a smallest reason
(the loop of pysat's OptUx, here over the engine's own incremental solver,
lazy cuts included). :class:`.hitting.Hitting` gives a smallest hitting
set by branch and bound (pysat's ``Hitman``, RC2 in Python built anew for
every fact, cost more than the solver calls it steered).

A set is refuted by a full solver call (:func:`by_search`); a search by unit
propagation alone for direct steps was tried and dropped
(``encodings/explain.md``). The search stops when it finds the
smallest reason, when the hitting sets grow past ``cap`` (no reason small
enough to matter exists), or after ``rounds`` hitting sets (the budget
that keeps explanations the same from run to run) or ``seconds`` (a
safety net against a slow solver call; then the reason made minimal by
deletion stays).
"""
from __future__ import annotations

import time

from .hitting import SWITCH_NODES, Hitting, Unknown

#: hitting sets tried per fact before the minimal reason is kept
ROUNDS = 40
#: CPU seconds per fact before the minimal reason is kept
SECONDS = 1.0
#: solutions kept to seed later searches (:func:`seeds`)
POOL = 64


def smallest(candidates, minimal, test, cap=None, rounds=ROUNDS, seconds=SECONDS,
             seeds=(), nodes=None, conflicts=0):
    """(a reason, settled, hitting sets tried): the smallest subset of ``candidates`` that
    ``test`` refutes when one no larger than ``cap`` and smaller than
    ``minimal`` (a reason already found) exists, else ``minimal``;
    ``settled`` False when the budget ran out first.

    ``test(subset)`` returns None when the subset is refuted, else a
    correction set: candidates outside it, one of which every reason holds.
    ``seeds``: correction sets known before (:func:`seeds`); ``nodes``:
    the hitting-set search's nodes for all rounds together (default: its
    own budget each round); ``conflicts``: with it, a hitting set the
    branch and bound does not find within :data:`.hitting.SWITCH_NODES`
    nodes is asked of a MaxSAT solver, with this many conflicts for all
    rounds together (:class:`.hitting.MaxSatHitting`). ``test`` may
    return several correction sets at once (a list of lists:
    :func:`by_search` with ``disjoint``).

    >>> from itertools import combinations
    >>> reasons = [{1, 2, 3}, {4, 5}]      # the sets that are refuted: supersets of these
    >>> cands = [1, 2, 3, 4, 5, 6]
    >>> def test(h):
    ...     if any(r <= set(h) for r in reasons): return None
    ...     return [c for c in cands if c not in h and c != 6]
    >>> smallest(cands, [1, 2, 3], test)
    ([4, 5], True, 14)
    """
    best = list(minimal)
    limit = len(best) - 1 if cap is None else min(len(best) - 1, cap)
    if limit < 0:
        return best, True, 0
    end = time.process_time() + seconds  # CPU: the same under any load
    if conflicts:  # the known reason's members tried first
        hs = Hitting(seeds, first=best, nodes=SWITCH_NODES, conflicts=conflicts)
    else:
        hs = Hitting(seeds, first=best, total=nodes)
    try:
        for n in range(1, rounds + 1):
            h = hs.smallest(limit)
            if h is None:
                return best, True, n
            correction = test(h)
            if correction is None:
                return list(h), True, n
            several = bool(correction) and isinstance(correction[0], list)
            for one in correction if several else [correction]:
                if not one:  # nothing can hit it: no reason at all (cannot happen)
                    return best, True, n
                hs.hit(one)
            if time.process_time() > end:
                break
    except Unknown:  # the hitting sets grew too many to search within the budget
        return best, False, n
    finally:
        hs.close()
    return best, False, rounds


def seeds(pool, candidates, lit) -> list[list[int]]:
    """Correction sets for ``lit`` from solutions found before (``pool``:
    sets of true literals): a solution where the fact is false falsifies at
    least one member of every reason, so the candidates it falsifies are a
    correction set whatever fact it was found for."""
    return [[a for a in candidates if a not in m] for m in pool if -lit in m]


def by_search(refuter, candidates, lit, pool=None, grow=False, disjoint=0):
    """``test`` for a reason refuted by a full solver call. The subset is
    assumed with every other candidate and, while that is refuted, the
    members of the core outside the subset are left out (all at once: one
    at a time took thirty solver calls a test on a Sudoku); a core within
    the subset refutes it; else the candidates the model reached (a
    solution, the fact false) falsifies are the correction set, as small as
    the cores let it be. The subset is never asked alone: with few clues
    assumed a lazy genre's solver loops through many cuts (a Slitherlink
    of few clues has many separate loops) before its answer, where with
    nearly all assumed the answer comes at once.

    ``disjoint``: after a correction set, up to this many more, each
    disjoint from the subset and the sets before it (their members assumed
    too), so that one hitting set yields several (then ``test`` returns a
    list of correction sets)."""
    def correction(inside):
        fixed = set(inside)
        keep = [a for a in candidates if a not in fixed]
        while True:
            model = refuter.model([*inside, *keep, -lit])
            if model is not None:
                if pool is not None:
                    pool.append(set(refuter.solver.get_model()))
                out = [a for a in candidates if model.value(abs(a)) != (a > 0)]
                return out if not grow else grown(refuter, candidates, lit, out, pool)
            used = refuter.core()
            left = [a for a in keep if a not in used]
            if len(left) == len(keep):  # the core lies within the subset: refuted
                return None
            keep = left

    def test(h):
        first = correction(h)
        if first is None or not disjoint:
            return first
        sets, inside = [first], [*h, *first]
        for _ in range(disjoint):
            more = correction(inside)
            if not more:
                break
            sets.append(more)
            inside += more
        return sets
    return test


def grown(refuter, candidates, lit, falsified, pool=None):
    """A correction set made minimal (an MCS): each candidate the model
    falsifies is tried with every candidate it satisfies; while a model
    is found, the candidates it satisfies join them. What stays cannot be
    added: every reason holds one of them, and no smaller set of them says
    so. Minimal correction sets bound the hitting sets far sooner than
    the models' own (on a 17-clue Sudoku the search settled in about a
    third of the rounds)."""
    out = set(falsified)
    sat = [a for a in candidates if a not in out]
    for c in falsified:
        if c not in out:
            continue  # a later model satisfied it
        model = refuter.model([*sat, c, -lit])
        if model is None:
            continue  # it stays in the correction set
        if pool is not None:
            pool.append(set(refuter.solver.get_model()))
        out = {a for a in out if model.value(abs(a)) != (a > 0)}
        sat = [a for a in candidates if a not in out]
    return [a for a in candidates if a in out]


def optimal(clauses, candidates, lit) -> list[int]:
    """A smallest reason by pysat's OptUx over ``clauses`` (a formula whose
    rules are all clauses: no lazy cut): the second engine the benchmark and
    the tests hold the search against."""
    from pysat.examples.optux import OptUx
    from pysat.formula import WCNF

    w = WCNF()
    w.extend(clauses)
    w.append([-lit])
    for a in candidates:
        w.append([a], weight=1)
    with OptUx(w) as opt:
        return [candidates[i - 1] for i in opt.compute()]
