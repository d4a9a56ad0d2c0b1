"""Counting solutions, by listing them or by projection.

An encoding that implements :class:`satlink.contract.Projecting` is counted
by projection: the loop enumerates only the distinct values of a few answer
variables and the encoding counts, exactly, the solutions that extend each
one.
"""
from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from ..contract import Options, Projecting, implements, objective_of
from ..limits import Limits
from .bounded import bounded
from .optimize import optimize
from .search import account, encode, gc_paused, search, unknown
from .session import Result, Session, VerificationError, verdict_for
from .solvers import DEFAULT_SOLVER
from ..genre import Genre

#: Counting by projection first lists solutions as ``solve`` does, one
#: more than this many: a puzzle with no more is counted by that list, which
#: is quicker than counting (uniquely solvable puzzles); otherwise it is
#: counted by projection.
COUNT_PROBE = 2


def count(puzzle: Genre, instance, limit: int, solver: str = DEFAULT_SOLVER,
          timeout: float | None = None, max_memory: int | None = None,
          settings: Mapping[str, Any] | None = None) -> Result:
    """Count the solutions of one instance, up to ``limit``, under the
    limits of :func:`satlink.engine.solve`.

    With a :class:`~satlink.contract.Projecting` encoding whose
    ``count_projection()`` is not None, a puzzle with at most
    :data:`COUNT_PROBE` solutions is counted by listing them (quicker); one
    with more by :func:`count_projections`, which enumerates projections
    instead of solutions, so that ``result.count`` can exceed the number of
    solutions listed. Otherwise, and for a limit of 1 or 2 (a verdict), this
    is :func:`satlink.engine.solve`.

    An optimising puzzle counts its optimal solutions: the best value is
    proved first (``result.objective``), then its solutions are listed
    (never by projection, whose counts know no bound).
    """
    return bounded(lambda deadline, sliced: count_here(puzzle, instance, limit, solver,
                                                       deadline, sliced, settings),
                   Limits(timeout, max_memory), unknown)


def count_here(puzzle: Genre, instance, limit: int, solver: str = DEFAULT_SOLVER,
               deadline: float | None = None, sliced: bool = False,
               settings: Mapping[str, Any] | None = None) -> Result:
    """:func:`count` in this process (the clock as in ``search``)."""
    if limit <= 2:
        return search(puzzle, instance, limit, solver, deadline, sliced=sliced, settings=settings)
    t0 = time.perf_counter()
    objective = objective_of(puzzle, instance)
    with gc_paused():  # as in ``search``: the formula and the solver built
        enc = encode(puzzle, instance, Options(deadline=deadline, settings=settings or {}))
        plan = (enc.count_projection() if implements(enc, Projecting) and objective is None
                else None)
        encode_s = time.perf_counter() - t0
        # guarded: the listing's blocking clauses are retired before counting
        session = Session(puzzle, enc, solver, guarded=plan is not None or objective is not None,
                          sliced=sliced)
    with session:
        if objective is not None:
            found = optimize(session, instance, objective, limit, deadline)
        elif plan is None:
            found = session.solve(instance, limit=limit, deadline=deadline)
        else:
            first = min(limit, COUNT_PROBE + 1)
            found = session.solve(instance, limit=first, deadline=deadline)
            # more solutions than listed, and neither the limit nor the clock stopped it
            if not found.complete and found.count == first < limit:
                variables, true_only = plan
                counted = count_projections(session, instance, list(variables), true_only,
                                            limit, deadline)
                for name in ("calls", "cuts", "solve_seconds"):
                    setattr(counted.stats, name,
                            getattr(counted.stats, name) + getattr(found.stats, name))
                if counted.complete or counted.count >= first:  # else the clock struck first
                    found = counted
        load_s = session.load_total
    account(found, t0, encode_s, load_s)
    return found


def count_projections(session: Session, instance, projection: list[int], true_only: bool,
                      limit: int, deadline: float | None = None) -> Result:
    """Count up to ``limit`` solutions by projection.

    Enumerates the distinct values of the ``projection`` variables among
    the solutions: each model is cut (lazy rules), decoded and verified
    like a solution, the encoding's ``count_completions`` gives the exact
    number of solutions that share its projection (at least one: the
    model itself), and the projection is blocked. The blocking clause
    holds the projection's true literals only when ``true_only`` (valid
    when no other solution's projection contains them all), else every
    projected literal. ``result.solutions`` holds one verified solution
    per projection; ``result.count`` is the number of solutions, capped
    at ``limit`` (then ``complete`` is False, as when plain enumeration
    stops at the limit). Raises VerificationError when a solution breaks
    the rules or a projection is said to have no solution.
    """
    name = session.puzzle.name
    start = session.mark()
    witnesses: list = []
    total = 0
    exhausted = False
    while total < limit:
        model, solution = session.next(instance, [], deadline)
        if model is None:
            exhausted = solution is False
            break
        witnesses.append(solution)
        if total + 1 >= limit:  # this solution reaches the limit: no need to count
            total += 1
            break
        n = session.encoding.count_completions(model, deadline)
        if n is None:  # the deadline struck: this model is one more solution
            total += 1
            break
        if n < 1:
            raise VerificationError(
                f"{name}: counted {n} solutions sharing the projection of a verified solution")
        total += n
        if true_only:
            block = [-v for v in projection if model.value(v)]
        else:
            block = [-v if model.value(v) else v for v in projection]
        if not block:  # every solution shares this projection
            exhausted = True
            break
        session.add([block])
    complete = exhausted and total < limit
    found = min(total, limit)
    return session.result(instance, start, Result(verdict_for(found, complete, limit),
                                                  witnesses, complete=complete, total=found))
