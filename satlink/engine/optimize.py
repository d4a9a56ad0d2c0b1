"""Optimising puzzles (:class:`satlink.contract.Objective`): the best value,
proved, and the solutions that reach it.

:func:`optimize`, on one guarded session (blocking clauses retire after each
search, cuts stay): find any solution, of value v; ask for a solution of
value ``step(v)`` or better under the objective's bound, again and again;
the first search that finds none proves the last value L the best. Then up
to ``limit`` solutions of value L or better (all of value L) give the
verdict, or the count. A limit that strikes before the proof makes the
verdict ``unknown``: the solutions found may not be the best. Every value
is the objective's ``value`` (from the rules), and a bound that lets
through a solution it should keep out is a :class:`VerificationError`.

:func:`bounded_encoding` is the complete encoding with the bound "L or
better" as unit clauses: what ``dimacs`` writes, ``decode`` reads back and
``--certify`` refutes.
"""
from __future__ import annotations

import time

from ..contract import Encoding, Objective, Options, objective_of
from ..formula import Formula
from ..genre import Genre
from .session import Result, Session, VerificationError


def optimize(session: Session, instance, objective: Objective, limit: int,
             deadline: float | None) -> Result:
    """Up to ``limit`` verified solutions of the best value, proved
    (``result.objective``; ``result.descent`` the values on the way)."""
    name = session.puzzle.name
    enc = session.encoding
    t0 = time.perf_counter()
    calls0, cuts0 = session.calls_total, session.cuts_total

    def value(solution) -> int:
        return objective.value(instance, solution)

    first = session.solve(instance, [], limit=1, deadline=deadline)
    if not first.solutions:
        return first
    best = value(first.solutions[0])
    descent = [best]
    while True:
        goal = objective.step(best)
        down = session.solve(instance, objective.bound(enc, goal), limit=1, deadline=deadline)
        if not down.solutions:
            proved = down.verdict == "none"
            break
        found = value(down.solutions[0])
        if objective.better(goal, found):  # outside the bound
            raise VerificationError(f"{name}: under the bound {objective.name} {goal} or better"
                                    f" the encoding gave a solution of {found}")
        best = found
        descent.append(best)
    result = session.solve(instance, objective.bound(enc, best), limit=limit, deadline=deadline)
    for sol in result.solutions:
        if value(sol) != best:  # better would contradict the proof, worse the bound
            raise VerificationError(f"{name}: under the bound {objective.name} {best} or better"
                                    f" the encoding gave a solution of {value(sol)}")
    result.descent = descent
    if proved:
        result.objective = best
    elif result.verdict in ("unique", "multiple", "solved"):
        result.verdict = "unknown"  # the solutions found may not be the best
        result.complete = False
        result.reason = result.reason or "time limit reached before the optimum was proved"
    result.stats.solve_seconds = time.perf_counter() - t0
    result.stats.calls = session.calls_total - calls0
    result.stats.cuts = session.cuts_total - cuts0
    return result


def bounded_encoding(puzzle: Genre, instance, value: int | None) -> Encoding:
    """The complete encoding of ``instance`` (every lazy rule eager, nothing
    pruned) and, for an optimising puzzle with ``value`` given, the bound
    "``value`` or better" as unit clauses after all the others: every model
    is then a solution of that value or better."""
    enc = puzzle.encode(instance, Formula(), Options(complete=True))
    objective = objective_of(puzzle, instance)
    if objective is not None and value is not None:
        enc.formula.extend([lit] for lit in objective.bound(enc, value))
    return enc
