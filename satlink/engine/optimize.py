"""Optimising puzzles: the least objective value, proved, and the verdict
among the solutions that reach it (:class:`satlink.contract.Optimizing`).

One guarded session (blocking clauses retire after each search, cuts stay):
find any solution, of value v; ask for a solution of value at most v - 1
under the encoding's assumptions, again and again; the first search that
finds none proves the last value L least. Then up to ``limit`` solutions of
value at most L (all of value L) give the verdict. A limit that strikes
before the proof makes the verdict ``unknown``: the solutions found may not
be the best.
"""
from __future__ import annotations

import time

from .session import Result, Session


def minimize(session: Session, instance, limit: int, deadline: float | None) -> Result:
    enc = session.encoding
    t0 = time.perf_counter()
    calls0, cuts0 = session.calls_total, session.cuts_total
    first = session.solve(instance, [], limit=1, deadline=deadline)
    if not first.solutions:
        return first
    best = enc.objective(first.solutions[0])
    descent = [best]
    while True:
        down = session.solve(instance, enc.at_most(best - 1), limit=1, deadline=deadline)
        if not down.solutions:
            proved = down.verdict == "none"
            break
        best = enc.objective(down.solutions[0])
        descent.append(best)
    result = session.solve(instance, enc.at_most(best), limit=limit, deadline=deadline)
    result.descent = descent
    if proved:
        result.objective = best
    elif result.verdict in ("unique", "multiple"):
        result.verdict = "unknown"  # the solutions found may not be the best
        result.complete = False
    result.stats.solve_seconds = time.perf_counter() - t0
    result.stats.calls = session.calls_total - calls0
    result.stats.cuts = session.cuts_total - cuts0
    return result
