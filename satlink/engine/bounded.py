"""A run under limits for the engine: in a child, or sliced here.

Where there is fork, a limited run happens in a child process that
:mod:`satlink.limits` stops on time (or when its memory passes the limit),
so a limit that does not strike changes no solver call. Where there is no
fork (Windows), the time limit is held in-process: each solver call runs in
slices bounded by a conflict budget, the clock read between them.
"""
from __future__ import annotations

import threading
import time

from ..children import can_fork, run_bounded
from ..limits import LimitReached, Limits
from .solvers import abilities

#: A slice of an in-process limited call should take about this long (the
#: conflict budget doubles until it does).
SLICE_SECONDS = 0.05


def bounded(run, limits: Limits, unknown):
    """``run(deadline, sliced)`` under ``limits``: in a child process where
    there is fork (``sliced`` False: the child is stopped on time), else
    here with the search sliced by conflict budgets (memory unbounded).
    A limit that strikes in the child gives ``unknown(reason)``: what the
    child had found is lost."""
    def deadline() -> float | None:
        return None if limits.timeout is None else time.perf_counter() + limits.timeout

    if limits.bounded and can_fork():
        try:
            return run_bounded(lambda: run(deadline(), False), limits)
        except LimitReached as exc:
            return unknown(str(exc))
    return run(deadline(), True)


def sliced_call(solver, name: str, assumptions: list[int], deadline: float) -> bool | None:
    """``solver.solve(assumptions)`` in conflict-budget slices, the clock
    read between them (PySAT's CaDiCaL neither releases the GIL nor supports
    ``interrupt``); solvers without budgets are interrupted by a timer.
    None when the deadline struck."""
    budget = 1000
    while True:
        start = time.perf_counter()
        if start >= deadline:
            return None
        if "budget" not in (abilities(name) or ()):
            return _call_with_interrupt(solver, assumptions, deadline)
        solver.conf_budget(budget)
        status = solver.solve_limited(assumptions=assumptions)
        if status is not None:
            return status
        if time.perf_counter() - start < SLICE_SECONDS:
            budget *= 2


def _call_with_interrupt(solver, assumptions: list[int], deadline: float) -> bool | None:
    timer = threading.Timer(max(deadline - time.perf_counter(), 0), solver.interrupt)
    timer.start()
    try:
        return solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
    finally:
        timer.cancel()
        solver.clear_interrupt()
