"""A proven minimum clue set by rising bounds: one SAT formula over the
clue variables, "at most k clues" (an incremental totalizer) and one
clause per known set that every unique clue set must hit; k rises from
the trivial bound.

- UNSAT at k proves that no unique set has k clues or fewer (every unique
  set hits every known set, so it would be a model): the minimum is > k.
- A model is a candidate clue set; the oracle either finds it unique (a
  set of the fewest clues: none of k - 1 or fewer exists) or returns a
  counter-solution, whose broken clues (shrunk to a minimal such set)
  become a new clause. The candidate is then grown by one clue of that set
  and asked again, so that one SAT call yields several sets, none hit by
  the candidate; a grown candidate that turns unique gives a new best
  (made minimal).

Unlike :func:`.clue_sets.minimum` the formula is not re-optimised from
scratch (RC2) after every set: the solver keeps what it learnt, and the
genre's ``unavoidable`` sets (Sudoku: found from the grid's structure)
are clauses from the start. ``encodings/design.md`` ("Lower bounds for
Sudoku") has the arguments and the measurements.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Iterable

from pysat.card import ITotalizer
from pysat.solvers import Solver

from ..engine.bounded import sliced_call
from .clue_sets import Minimum, _shrink, minimal
from .oracle import DesignError, Oracle, TimeUp

#: The solver of the hitting-set formula (small, over the clue variables).
SOLVER = "cadical195"
#: Minimal sets tried in random orders (after the one in ``allowed``'s
#: order) for the first best, when no ``start`` is given.
TRIES = 20
#: Sets harvested from one candidate at most (by growing it) before the
#: next SAT call.
GROW = 8


def proven_minimum(oracle: Oracle, allowed: Iterable[Hashable], keep: Iterable[Hashable] = (),
                   seeds: Iterable[Iterable[Hashable]] = (),
                   report: Callable[[int, int], None] | None = None,
                   start: Iterable[Hashable] | None = None) -> Minimum:
    """A unique clue set of the fewest clues among ``allowed`` holding
    ``keep``, with its proof; with the oracle's deadline, the best found
    and the bound proved so far (never more than proved).

    ``seeds``: sets every unique set must hit (the genre's ``unavoidable``
    hook); only their parts inside ``allowed`` count. ``start``: a unique
    set to begin with as the best (default: the smallest of a few minimal
    ones found here).
    ``report(lower, best)`` is called whenever either changes.
    """
    allowed = list(dict.fromkeys(allowed))
    keep = list(dict.fromkeys(keep))
    var = {c: i + 1 for i, c in enumerate(allowed)}
    t0 = time.perf_counter()
    if start is None:
        best = None
        try:
            best = minimal(oracle, allowed, keep)  # raises when allowed is not unique
            rng = random.Random(0)
            for _ in range(TRIES):  # a few more minimal sets, in random orders
                found = minimal(oracle, allowed, keep, rng.sample(allowed, len(allowed)))
                if len(found) < len(best):
                    best = found
        except TimeUp as stop:  # the best so far (or unique, not yet minimal)
            best = best if best is not None else getattr(stop, "partial", None)
            if best is None:  # no unique set known yet: the caller's TimeUp
                raise
            return Minimum(best, len(keep), False,
                           bounds=[(round(time.perf_counter() - t0, 3), len(keep), len(best))])
    else:
        best = list(dict.fromkeys(start))
        if not set(keep) <= set(best) or not set(best) <= set(var):
            raise DesignError("the starting clue set must hold --keep and lie within the"
                              " allowed clues")
        try:
            unique = oracle.counter(best) is None
        except TimeUp:  # taken as given: the bound is still the trivial one
            unique = True
        if not unique:
            raise DesignError("the starting clue set does not make the solution unique", 1)
    result = Minimum(best, len(keep), len(best) == len(keep))

    def note():
        result.bounds.append((round(time.perf_counter() - t0, 3), result.lower,
                              len(result.clues)))
        if report is not None:
            report(result.lower, len(result.clues))

    note()
    if result.optimal:
        return result
    tot = ITotalizer(lits=list(var.values()), ubound=len(best), top_id=len(allowed))
    solver = Solver(name=SOLVER, bootstrap_with=tot.cnf.clauses)
    try:
        for c in keep:
            solver.add_clause([var[c]])
        for seed in seeds:
            clause = sorted({var[c] for c in seed if c in var})
            if clause:  # a seed with no allowed clue cannot be hit: see minimal above
                solver.add_clause(clause)
        while not result.optimal:
            k = result.lower
            status = sliced_call(solver, SOLVER, [-tot.rhs[k]], oracle.deadline) \
                if oracle.deadline is not None else solver.solve(assumptions=[-tot.rhs[k]])
            if status is None:
                break  # the deadline struck
            if not status:  # no set of k clues or fewer hits every known set
                result.lower = k + 1
                result.optimal = result.lower >= len(result.clues)
                note()
                continue
            model = solver.get_model()
            result.rounds += 1
            candidate = [c for c in allowed if model[var[c] - 1] > 0]
            if _harvest(oracle, allowed, candidate, solver, var, result, keep, k):
                note()
    except TimeUp:
        pass
    finally:
        solver.delete()
        tot.delete()
    return result


def _harvest(oracle: Oracle, allowed: list, candidate: list, solver, var: dict,
             result: Minimum, keep: list, k: int) -> bool:
    """Ask the oracle about ``candidate`` (at most ``k`` clues) and its
    growths; add the sets found as clauses. True when the best changed."""
    allowed_set = set(allowed)
    grown = list(candidate)
    for _ in range(GROW):
        found = oracle.counter(grown)
        if found is None:
            if len(grown) <= k:  # the lower bound is k: this set is a minimum
                result.clues, result.optimal = list(grown), True
                result.lower = len(grown)
                return True
            better = minimal(oracle, grown, keep)
            if len(better) < len(result.clues):
                result.clues = better
                result.optimal = result.lower >= len(better)
                return True
            return False
        broken = found[0] & allowed_set
        if not broken:
            raise DesignError("no clue set among the allowed ones is unique", 1)
        broken = _shrink(oracle, allowed, broken, var)
        solver.add_clause(sorted(var[c] for c in broken))
        result.sets += 1
        grown.append(min(broken, key=var.__getitem__))
    return False
