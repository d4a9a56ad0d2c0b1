"""Solving one puzzle: encode it, search under the limits, and complete a
pruned verdict with the encoding's ``alternative``."""
from __future__ import annotations

import gc
import time
from collections.abc import Mapping
from typing import Any

from ..contract import Encoding, Options, Pruning, implements, objective_of
from ..formula import Formula
from ..limits import Limits
from .bounded import bounded
from .optimize import optimize
from .session import Result, Session, VerificationError, differing_cells
from .solvers import DEFAULT_SOLVER
from ..genre import Genre


def encode(puzzle: Genre, instance, options: Options | None = None) -> Encoding:
    """The genre's encoding of ``instance`` into a fresh formula."""
    return puzzle.encode(instance, Formula(), options or Options())


def solve(puzzle: Genre, instance, limit: int = 2, solver: str = DEFAULT_SOLVER,
          timeout: float | None = None, complete: bool = False,
          max_memory: int | None = None, settings: Mapping[str, Any] | None = None) -> Result:
    """Find up to ``limit`` verified solutions of one instance.

    ``limit=2`` gives a uniqueness verdict; ``timeout`` (seconds) bounds the
    whole run, encoding included, and ``max_memory`` (bytes) its memory:
    either gives verdict ``unknown`` (with ``result.reason``) when it
    strikes first. Under a limit the run takes place in a child process
    (:mod:`satlink.limits`) and searches exactly as it would without one.
    ``settings`` are the genre's knobs (:class:`satlink.contract.Options`).

    Verdict mode (``limit`` 1 or 2) lets the genre prune (an encoding that
    implements :class:`satlink.contract.Pruning`): the pruned formula keeps a
    solution whenever there is one, and when it has exactly one,
    ``alternative`` says whether the puzzle has another. Counting (``limit``
    > 2) never prunes. With ``limit`` 1 the search starts under the
    encoding's ``focus`` when it has one (see ``Session._focused``).

    An optimising puzzle (its genre's :class:`satlink.contract.Objective`
    applies) is its optimal solutions: the best value is proved first
    (``result.objective``), and the ``limit`` solutions are among those of
    that value (:func:`satlink.engine.optimize.optimize`).
    """
    return bounded(lambda deadline, sliced: search(puzzle, instance, limit, solver, deadline,
                                                   complete, sliced, settings),
                   Limits(timeout, max_memory), unknown)


def unknown(reason: str) -> Result:
    """The result of a run a limit stopped in its child process."""
    return Result("unknown", complete=False, reason=reason)


def search(puzzle: Genre, instance, limit: int = 2, solver: str = DEFAULT_SOLVER,
           deadline: float | None = None, complete: bool = False,
           sliced: bool = False, settings: Mapping[str, Any] | None = None) -> Result:
    """:func:`solve` in this process: the clock (``deadline``, a
    ``time.perf_counter()`` value) is read between solver calls, and within
    them too when ``sliced``."""
    t0 = time.perf_counter()
    objective = objective_of(puzzle, instance)
    # pruning keeps a solution, not every optimal one: never under an objective
    options = Options(complete=complete, prune=limit <= 2 and not complete and objective is None,
                      deadline=deadline, settings=settings or {})
    with gc_paused() as resumes:  # see gc_paused: the whole search, to a budget
        # in a function of its own, so that the encoding and the session are
        # freed (by reference counts) when it returns, before the collector runs
        return _search(puzzle, instance, limit, solver, deadline, sliced, objective, options,
                       t0, resumes)


def _search(puzzle: Genre, instance, limit: int, solver: str, deadline: float | None,
            sliced: bool, objective, options: Options, t0: float, resumes: bool) -> Result:
    """:func:`search`'s work, under :func:`gc_paused` (``resumes``: the
    session may resume the collector past ``GC_PAUSE_SECONDS``)."""
    enc = encode(puzzle, instance, options)
    encode_s = time.perf_counter() - t0
    session = Session(puzzle, enc, solver, sliced=sliced, guarded=objective is not None)
    if resumes:
        session.gc_resume_at = time.perf_counter() + GC_PAUSE_SECONDS
    pruned = implements(enc, Pruning)
    with session:
        # a narrowed first search pays for one solution; for a verdict the
        # proof of the second dominates and it cost more (janko Numberlink:
        # 109 verdicts within 10 s against 110, 179 s in total against 142)
        session.focus = pruned and limit == 1
        if objective is not None:
            result = optimize(session, instance, objective, limit, deadline)
        else:
            result = session.solve(instance, limit=limit, deadline=deadline)
        load_s = session.load_total
    if pruned and limit == 2 and result.verdict == "unique":
        if resumes:  # a search of the genre's own, of no bounded length
            gc.enable()
        _second_by_alternative(puzzle, enc, instance, result)
    account(result, t0, encode_s, load_s)
    enc.formula.release()
    return result


#: How long a search may run with Python's cycle collector paused (see
#: :func:`gc_paused`): past it the session resumes the collector between
#: solver calls, so that a long run of cuts cannot pile up cyclic garbage.
GC_PAUSE_SECONDS = 0.25


class gc_paused:
    """Python's cycle collector paused inside the block (as it was after);
    the value says whether this pause may be ended early (the collector was
    running before it), which a session does past ``GC_PAUSE_SECONDS``.

    Encoding a board makes tens of thousands of small lists (the clauses)
    that all live on: every 700 allocations the collector scans the
    youngest objects, and now and then everything the process holds (every
    imported genre module), finding next to no garbage. Paused while the
    formula is built and loaded, it still scanned them all once, at the
    first allocation after the pause, when they were still alive: a tenth
    to a fifth of a small board's verdict (0.2-0.5 ms of Kuromasu's 5 ms
    and Shikaku's 2.2 ms). Paused for the whole search, and the formula
    released at its end (:meth:`satlink.formula.Formula.release`), the
    clauses are freed by their reference counts before the collector runs,
    and it scans only what survives: the collector's share of the verdicts
    of 11 genres' dev boards, one after another, 12.5 % -> 0.5 % of their
    CPU, five full collections -> none (benchmarks/core14_collector.py). A search that runs past ``GC_PAUSE_SECONDS`` resumes
    the collector between solver calls (``Session.gc_resume_at``).

    A class, not a generator under ``contextlib.contextmanager``: entered
    and left once a search, it costs a fifth as much.

    >>> with gc_paused() as resumes:
    ...     gc.isenabled()
    False
    """
    __slots__ = ("was",)

    def __enter__(self) -> bool:
        self.was = gc.isenabled()
        gc.disable()
        return self.was

    def __exit__(self, *exc) -> None:
        if self.was:
            gc.enable()


def account(result: Result, t0: float, encode_s: float, load_s: float) -> None:
    """Set the result's times so that they add up to the run's since ``t0``
    (a ``time.perf_counter()`` value): ``encode_s`` building the formula,
    ``load_s`` loading clauses into the solver, the rest solving."""
    s = result.stats
    s.encode_seconds = encode_s
    s.load_seconds = load_s
    s.solve_seconds = max(time.perf_counter() - t0 - encode_s - load_s, 0.0)


def _second_by_alternative(puzzle: Genre, enc, instance, result: Result) -> None:
    """Complete a pruned uniqueness verdict: the encoding's ``alternative``
    either finds a second solution (verified here) or proves there is none."""
    first = result.solutions[0]
    other = enc.alternative(first)
    if other is None:
        return
    problems = puzzle.verify(instance, other)
    if problems or other == first:
        raise VerificationError(
            f"{puzzle.name}: the alternative to the pruned solution is not a second solution: "
            + ("; ".join(problems[:5]) or "it is the same"))
    result.solutions.append(other)
    result.verdict = "multiple"
    result.differing = differing_cells(puzzle, instance, result.solutions)
