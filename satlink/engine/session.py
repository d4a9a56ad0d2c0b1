"""The incremental solving loop: solve, cut, verify, block.

One PySAT solver per solve. Rules left to lazy checking are enforced by the
puzzle's ``cuts``: the engine adds the clauses a candidate violates and
solves again. A real solution is checked by the puzzle's independent
``verify`` and then blocked over the answer variables, so asking for two
solutions proves uniqueness.

Puzzle modules that define ``shape`` and ``clue_literals`` can be solved in
batches: the rules of one shape are encoded once, each puzzle's clues are
assumptions, and blocking clauses are guarded by a per-puzzle activation
literal that is retired afterwards.

Puzzle modules that define ``focus`` look for a single solution (limit 1)
under narrowing assumptions first, widened by the solver's unsatisfiable
cores (:meth:`Session._focused`).

Puzzle modules that define ``count_projection`` and ``count_completions``
are counted by projection (:func:`count`): the loop enumerates only the
distinct values of a few answer variables and the module counts, exactly,
the solutions that extend each one.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from pysat.solvers import NoSuchSolverError, Solver, SolverNames

from .errors import UsageError
from .formula import Formula
from .limits import LimitReached, Limits, can_fork, run_bounded
from .model import Model

DEFAULT_SOLVER = "cadical195"
#: Where there is no fork (Windows), a time limit is held in-process by
#: slices of search bounded by a conflict budget; a slice should take about
#: this long (the budget doubles until it does). Elsewhere the search runs
#: unsliced in a child process that :mod:`satlink.limits` stops on time, so
#: a limit that does not strike changes no solver call.
SLICE_SECONDS = 0.05
#: Solvers PySAT runs only once per instance: adding clauses after a call
#: aborts the process (Kissat) and assumptions are ignored. The engine gives
#: them a fresh solver per call, built from every clause so far, with the
#: assumptions as unit clauses (see ``Session._call``).
NON_INCREMENTAL = frozenset({"kissat404"})

#: Counting by projection first lists solutions as :func:`solve` does, one
#: more than this many: a puzzle with no more is counted by that list, which
#: is quicker than counting (uniquely solvable puzzles); otherwise it is
#: counted by projection.
COUNT_PROBE = 2

#: Verdicts, in the order the CLI documents them; ``solved``: one solution
#: found where only one was asked for (limit 1), uniqueness not examined.
VERDICTS = ("unique", "multiple", "none", "unknown", "error", "solved")


_ABILITIES: dict[str, set[str] | None] = {}


def _abilities(name: str) -> set[str] | None:
    """What solver ``name`` of this PySAT build can do: "budget" (conflict
    budgets), "interrupt", "incremental" (clauses and assumptions between
    calls); None when the build lacks the solver (PySAT names some, such as
    cryptosat, that it only offers when built with them)."""
    if name not in _ABILITIES:
        try:
            probe = Solver(name=name, bootstrap_with=[[1, 2]])
        except NoSuchSolverError:
            _ABILITIES[name] = None
        else:
            found = set() if name in NON_INCREMENTAL else {"incremental"}
            try:
                probe.conf_budget(10)
                found.add("budget")
            except NotImplementedError:
                pass
            try:
                probe.solve_limited(expect_interrupt=True)
                probe.clear_interrupt()
                found.add("interrupt")
            except NotImplementedError:
                pass
            probe.delete()
            _ABILITIES[name] = found
    return _ABILITIES[name]


def solver_names() -> list[str]:
    """The solvers this PySAT build offers."""
    return sorted(k for k in vars(SolverNames)
                  if not k.startswith("_") and _abilities(k) is not None)


def check_solver_name(name: str, timeout: float | None = None) -> str:
    """``name`` if this PySAT build offers that solver (and, with a
    ``timeout``, can stop it); else a UsageError naming the choices."""
    # probe this solver alone: probing them all cost every command a few tenths of a second
    if name.startswith("_") or name not in vars(SolverNames) or _abilities(name) is None:
        raise UsageError(f"unknown solver `{name}`; PySAT offers: {', '.join(solver_names())}")
    if timeout is not None and not can_fork() and not _abilities(name) & {"budget", "interrupt"}:
        able = [n for n in solver_names() if _abilities(n) & {"budget", "interrupt"}]
        raise UsageError(f"solver `{name}` cannot be stopped by a time limit; with --timeout"
                         f" use one of: {', '.join(able)}")
    return name


class VerificationError(RuntimeError):
    """A decoded solution broke the puzzle's rules: a bug in an encoding."""


@dataclass
class Stats:
    variables: int = 0
    clauses: int = 0
    cuts: int = 0
    calls: int = 0
    parse_seconds: float = 0.0
    encode_seconds: float = 0.0
    solve_seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        for k in ("parse_seconds", "encode_seconds", "solve_seconds"):
            d[k] = round(d[k], 6)
        return d


@dataclass
class Result:
    """What a solve found: verdict, verified solutions, statistics."""

    verdict: str
    solutions: list = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)
    differing: list[str] = field(default_factory=list)
    complete: bool = True  # False when a limit or timeout stopped the search early
    #: Solutions counted without being listed (projected counting); None when
    #: every solution counted is in ``solutions``.
    total: int | None = None
    #: Why the search stopped short (a limit), when it did.
    reason: str | None = None

    @property
    def count(self) -> int:
        return len(self.solutions) if self.total is None else self.total


def verdict_for(found: int, exhausted: bool, limit: int) -> str:
    """The verdict of a search that found ``found`` solutions (at most
    ``limit``) and, when ``exhausted``, proved there are no others.

    >>> [verdict_for(1, True, 2), verdict_for(1, False, 1), verdict_for(1, False, 2)]
    ['unique', 'solved', 'unknown']
    """
    if found == 0:
        return "none" if exhausted else "unknown"
    if found >= 2:
        return "multiple"
    if exhausted:
        return "unique"
    return "solved" if limit == 1 else "unknown"


class Session:
    """An incremental solver holding one formula; solves instances of one shape.

    ``session.solve(instance, assumptions, limit)`` enumerates up to ``limit``
    verified solutions under the assumptions. Cuts are added permanently
    (they are valid for every puzzle of the shape); blocking clauses are
    guarded so later puzzles are unaffected.
    """

    def __init__(self, puzzle: ModuleType, formula: Formula, solver: str = DEFAULT_SOLVER,
                 guarded: bool = False, sliced: bool = False):
        self.puzzle = puzzle
        self.formula = formula
        self.guarded = guarded
        self.solver_name = check_solver_name(solver)
        #: Look for the first solution of each ``solve`` under the puzzle's
        #: ``focus`` assumptions (set by :func:`solve` when one solution is asked).
        self.focus = False
        #: With a deadline, search in conflict-budget slices (only where no
        #: child process can hold the limit: it changes the search).
        self.sliced = sliced
        self.incremental = "incremental" in (_abilities(solver) or ())
        #: Clauses given to the solver beyond the formula (cuts, blocking
        #: clauses): a non-incremental solver is rebuilt from them each call.
        self._extra: list[list[int]] = []
        self.solver = self._new_solver(formula.clauses)
        self._loaded = len(formula.clauses)
        self.base_top = formula.num_vars
        self.retired = 0  # activation literals used up by guarded blocking
        self.cuts_total = 0
        self.calls_total = 0

    def _new_solver(self, clauses) -> Solver:
        solver = Solver(name=self.solver_name, bootstrap_with=clauses)
        if self.formula.phases:
            try:
                solver.set_phases(self.formula.phases)
            except NotImplementedError:  # a solver without phase control searches as usual
                pass
        return solver

    def close(self) -> None:
        self.solver.delete()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def add(self, clauses: list[list[int]]) -> None:
        """Clauses valid from now on (cuts, blocking clauses)."""
        if self.incremental:
            self.solver.append_formula(clauses)
        else:  # kept for the next fresh solver
            self._extra.extend(clauses)

    def _sync(self) -> None:
        """Hand the solver clauses the formula gained since the last call."""
        if len(self.formula.clauses) > self._loaded:
            if self.incremental:
                self.solver.append_formula(self.formula.clauses[self._loaded:])
            self._loaded = len(self.formula.clauses)

    def _call(self, assumptions: list[int], deadline: float | None) -> bool | None:
        """One satisfiability call; None when the deadline had passed.

        The call itself is not cut short unless ``sliced``: then it runs in
        slices bounded by a conflict budget, checking the clock between
        them (PySAT's CaDiCaL neither releases the GIL nor supports
        ``interrupt``); solvers without budgets fall back to ``interrupt``.
        A Ctrl-C during the call is a KeyboardInterrupt, whatever the solver.
        """
        if deadline is not None and time.perf_counter() >= deadline:
            return None
        self.calls_total += 1
        if not self.incremental:
            # a fresh solver from every clause so far, the assumptions as units
            self.solver.delete()
            self.solver = self._new_solver(
                [*self.formula.clauses, *self._extra, *([a] for a in assumptions)])
            assumptions = []
        try:
            if deadline is None or not self.sliced:
                return self.solver.solve(assumptions=assumptions)
            return self._sliced_call(assumptions, deadline)
        except Exception as exc:
            if type(exc).__module__ == "pysolvers" and "interrupt" in str(exc):
                raise KeyboardInterrupt from None
            raise

    def _sliced_call(self, assumptions: list[int], deadline: float) -> bool | None:
        budget = 1000
        while True:
            start = time.perf_counter()
            if start >= deadline:
                return None
            if "budget" not in (_abilities(self.solver_name) or ()):
                return self._call_with_interrupt(assumptions, deadline)
            self.solver.conf_budget(budget)
            status = self.solver.solve_limited(assumptions=assumptions)
            if status is not None:
                return status
            took = time.perf_counter() - start
            if took < SLICE_SECONDS:
                budget *= 2

    def _call_with_interrupt(self, assumptions: list[int], deadline: float) -> bool | None:
        timer = threading.Timer(max(deadline - time.perf_counter(), 0), self.solver.interrupt)
        timer.start()
        try:
            return self.solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
        finally:
            timer.cancel()
            self.solver.clear_interrupt()

    def _next(self, instance, assumptions: list[int], deadline: float | None):
        """The next verified solution under the assumptions, as (model,
        solution), adding lazy cuts on the way; (None, False) when there is
        none, (None, None) when the deadline struck first."""
        puzzle = self.puzzle
        cuts_fn = getattr(puzzle, "cuts", None)
        while True:
            status = self._call(assumptions, deadline)
            if not status:
                return None, status
            model = Model(self.formula, self.solver.get_model(), dense=True)
            if cuts_fn is not None:
                cuts = cuts_fn(instance, model)
                if cuts:
                    self.cuts_total += len(cuts)
                    self.add(cuts)
                    continue
            solution = puzzle.decode(instance, model)
            problems = puzzle.verify(instance, solution)
            if problems:
                raise VerificationError(
                    f"{puzzle.NAME}: a solution from the encoding breaks the rules: "
                    + "; ".join(problems[:5]))
            return model, solution

    def _focused(self, instance, assumptions: list[int], deadline: float | None):
        """``_next`` for a first solution, looked for under the puzzle's
        ``focus`` assumptions (a narrowing of the search), widened where the
        solver's core says, until a solution turns up or the focus is gone;
        a core holding none of them means no solution at all."""
        narrow = self.puzzle.focus(instance, self.formula, None) if self.incremental else []
        while True:
            self._sync()
            model, solution = self._next(instance, [*assumptions, *narrow], deadline)
            if model is not None or solution is None or not narrow:
                return model, solution
            core = set(self.solver.get_core() or ())
            failed = [x for x in narrow if x in core]
            if not failed:
                return None, False
            narrow = self.puzzle.focus(instance, self.formula, failed)

    def solve(self, instance, assumptions: list[int] = (), limit: int = 2,
              deadline: float | None = None) -> Result:
        formula = self.formula
        start = self._mark()
        assumptions = list(assumptions)
        act = None
        if self.guarded:
            act = formula.new_aux()
            assumptions.append(act)
        solutions: list = []
        # hashes of the blocking clauses so far (whole clauses would double the
        # memory of a long count); a 64-bit collision would be a false alarm,
        # never a wrong verdict
        blocked: set[int] = set()
        exhausted = False
        self._sync()
        while len(solutions) < limit:
            if not solutions and self.focus:
                model, solution = self._focused(instance, assumptions, deadline)
            else:
                model, solution = self._next(instance, assumptions, deadline)
            if model is None:
                exhausted = solution is False
                break
            if formula.answer_one_hot:
                block = [-v for v in model.true_answer()]
            else:
                block = [-v if model.value(v) else v for v in formula.answer]
            key = hash(frozenset(block))
            if key in blocked:
                raise VerificationError(
                    f"{self.puzzle.NAME}: the solver ({self.solver_name}) returned a solution"
                    " it had already found: its blocking clause was lost")
            solutions.append(solution)
            blocked.add(key)
            if act is not None:
                block.append(-act)
            if not block:  # nothing to vary: the only solution
                exhausted = True
                break
            self.add([block])
        if act is not None:
            self.add([[-act]])
            self.retired += 1
        verdict = verdict_for(len(solutions), exhausted, limit)
        return self._result(instance, start, Result(verdict, solutions, complete=exhausted))

    def count(self, instance, projection: list[int], true_only: bool, limit: int,
              deadline: float | None = None) -> Result:
        """Count up to ``limit`` solutions by projection.

        Enumerates the distinct values of the ``projection`` variables among
        the solutions: each model is cut (lazy rules), decoded and verified
        like a solution, the puzzle's ``count_completions`` gives the exact
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
        puzzle = self.puzzle
        start = self._mark()
        witnesses: list = []
        total = 0
        exhausted = False
        self._sync()
        while total < limit:
            model, solution = self._next(instance, [], deadline)
            if model is None:
                exhausted = solution is False
                break
            witnesses.append(solution)
            if total + 1 >= limit:  # this solution reaches the limit: no need to count
                total += 1
                break
            n = puzzle.count_completions(instance, model, deadline)
            if n is None:  # the deadline struck: this model is one more solution
                total += 1
                break
            if n < 1:
                raise VerificationError(
                    f"{puzzle.NAME}: counted {n} solutions sharing the projection of a"
                    " verified solution")
            total += n
            if true_only:
                block = [-v for v in projection if model.value(v)]
            else:
                block = [-v if model.value(v) else v for v in projection]
            if not block:  # every solution shares this projection
                exhausted = True
                break
            self.add([block])
        complete = exhausted and total < limit
        found = min(total, limit)
        return self._result(instance, start, Result(verdict_for(found, complete, limit),
                                                    witnesses, complete=complete, total=found))

    def _mark(self) -> tuple[float, int, int]:
        """The clock and the call and cut counters, at the start of a search."""
        return time.perf_counter(), self.calls_total, self.cuts_total

    def _result(self, instance, start: tuple[float, int, int], result: Result) -> Result:
        """``result`` with the statistics of the search since ``start`` (see
        ``_mark``) and, with two solutions or more, the cells that differ."""
        t0, calls0, cuts0 = start
        result.stats = Stats(variables=self.formula.num_vars,
                             clauses=len(self.formula.clauses) + self.cuts_total,
                             cuts=self.cuts_total - cuts0, calls=self.calls_total - calls0,
                             solve_seconds=time.perf_counter() - t0)
        if len(result.solutions) >= 2:
            result.differing = differing_cells(self.puzzle, instance, result.solutions)
        return result


def differing_cells(puzzle: ModuleType, instance, solutions: list) -> list[str]:
    """Names of answer cells whose value is not the same in every solution."""
    cells_fn = getattr(puzzle, "cells", None)
    if cells_fn is None:
        return []
    maps = [cells_fn(instance, s) for s in solutions]
    first, rest = maps[0], maps[1:]
    keys = list(first) + [k for m in rest for k in m if k not in first]
    missing = object()
    return [k for k in keys if any(m.get(k, missing) != first.get(k, missing) for m in rest)]


def encode(puzzle: ModuleType, instance, complete: bool = False, prune: bool = False) -> Formula:
    formula = Formula()
    if prune:
        puzzle.encode(instance, formula, complete=complete, prune=True)
    else:
        puzzle.encode(instance, formula, complete=complete)
    return formula


def solve(puzzle: ModuleType, instance, limit: int = 2, solver: str = DEFAULT_SOLVER,
          timeout: float | None = None, complete: bool = False,
          max_memory: int | None = None) -> Result:
    """Find up to ``limit`` verified solutions of one instance.

    ``limit=2`` gives a uniqueness verdict; ``timeout`` (seconds) bounds the
    whole run, encoding included, and ``max_memory`` (bytes) its memory:
    either gives verdict ``unknown`` (with ``result.reason``) when it
    strikes first. Under a limit the run takes place in a child process
    (:mod:`satlink.limits`) and searches exactly as it would without one.

    Verdict mode (``limit`` 1 or 2) uses a puzzle's pruning when it has one
    (an ``alternative`` function): the pruned formula keeps a solution
    whenever there is one, and when it has exactly one, ``alternative``
    says whether the puzzle has another. Counting (``limit`` > 2) never prunes.
    With ``limit`` 1 the search starts under a puzzle's ``focus`` when it has
    one (see ``Session._focused``).
    """
    return bounded(lambda deadline, sliced: search(puzzle, instance, limit, solver, deadline,
                                                   complete, sliced),
                   Limits(timeout, max_memory))


def bounded(run, limits: Limits) -> Result:
    """``run(deadline, sliced)`` under ``limits``: in a child process where
    there is fork (``sliced`` False: the child is stopped on time), else
    here with the search sliced by conflict budgets (memory unbounded).
    A limit that strikes in the child gives verdict ``unknown``: what the
    child had found is lost."""
    def deadline() -> float | None:
        return None if limits.timeout is None else time.perf_counter() + limits.timeout

    if limits.bounded and can_fork():
        try:
            return run_bounded(lambda: run(deadline(), False), limits)
        except LimitReached as exc:
            return Result("unknown", complete=False, reason=str(exc))
    return run(deadline(), True)


def search(puzzle: ModuleType, instance, limit: int = 2, solver: str = DEFAULT_SOLVER,
           deadline: float | None = None, complete: bool = False,
           sliced: bool = False) -> Result:
    """:func:`solve` in this process: the clock (``deadline``, a
    ``time.perf_counter()`` value) is read between solver calls, and within
    them too when ``sliced``."""
    t0 = time.perf_counter()
    prune = limit <= 2 and not complete and hasattr(puzzle, "alternative")
    formula = encode(puzzle, instance, complete=complete, prune=prune)
    encode_s = time.perf_counter() - t0
    with Session(puzzle, formula, solver, sliced=sliced) as session:
        # a narrowed first search pays for one solution; for a verdict the
        # proof of the second dominates and it cost more (janko Numberlink:
        # 109 verdicts within 10 s against 110, 179 s in total against 142)
        session.focus = prune and limit == 1 and hasattr(puzzle, "focus")
        result = session.solve(instance, limit=limit, deadline=deadline)
    if prune and limit == 2 and result.verdict == "unique":
        _second_by_alternative(puzzle, instance, result)
    result.stats.encode_seconds = encode_s
    return result


def _second_by_alternative(puzzle: ModuleType, instance, result: Result) -> None:
    """Complete a pruned uniqueness verdict: the puzzle's ``alternative``
    either finds a second solution (verified here) or proves there is none."""
    first = result.solutions[0]
    t0 = time.perf_counter()
    other = puzzle.alternative(instance, first)
    result.stats.solve_seconds += time.perf_counter() - t0
    if other is None:
        return
    problems = puzzle.verify(instance, other)
    if problems or other == first:
        raise VerificationError(
            f"{puzzle.NAME}: the alternative to the pruned solution is not a second solution: "
            + ("; ".join(problems[:5]) or "it is the same"))
    result.solutions.append(other)
    result.verdict = "multiple"
    result.differing = differing_cells(puzzle, instance, result.solutions)


def count(puzzle: ModuleType, instance, limit: int, solver: str = DEFAULT_SOLVER,
          timeout: float | None = None, max_memory: int | None = None) -> Result:
    """Count the solutions of one instance, up to ``limit``, under the
    limits of :func:`solve`.

    A puzzle module may define ``count_projection(instance, formula)`` ->
    ``(variables, true_only)`` or None, and ``count_completions(instance,
    model, deadline)`` -> the exact number of solutions that agree with
    ``model`` on those variables (None when the deadline struck). Then a
    puzzle with at most :data:`COUNT_PROBE` solutions is counted by listing
    them, as :func:`solve` does (quicker); one with more is counted by
    :meth:`Session.count`, which enumerates projections instead of
    solutions, so that ``result.count`` can exceed the number of solutions
    listed. Without the hook (or when ``count_projection`` returns None, or
    when a limit of 1 or 2 asks for a verdict that :func:`solve` prunes for)
    this is :func:`solve`.
    """
    return bounded(lambda deadline, sliced: count_here(puzzle, instance, limit, solver,
                                                       deadline, sliced),
                   Limits(timeout, max_memory))


def count_here(puzzle: ModuleType, instance, limit: int, solver: str = DEFAULT_SOLVER,
               deadline: float | None = None, sliced: bool = False) -> Result:
    """:func:`count` in this process (the clock as in :func:`search`)."""
    project = getattr(puzzle, "count_projection", None)
    if project is None or (limit <= 2 and hasattr(puzzle, "alternative")):
        return search(puzzle, instance, limit, solver, deadline, sliced=sliced)
    t0 = time.perf_counter()
    formula = encode(puzzle, instance)
    plan = project(instance, formula)
    encode_s = time.perf_counter() - t0
    # guarded: the listing's blocking clauses are retired before counting
    with Session(puzzle, formula, solver, guarded=plan is not None, sliced=sliced) as session:
        if plan is None:
            found = session.solve(instance, limit=limit, deadline=deadline)
        else:
            first = min(limit, COUNT_PROBE + 1)
            found = session.solve(instance, limit=first, deadline=deadline)
            # more solutions than listed, and neither the limit nor the clock stopped it
            if not found.complete and found.count == first < limit:
                variables, true_only = plan
                counted = session.count(instance, list(variables), true_only, limit, deadline)
                for name in ("calls", "cuts", "solve_seconds"):
                    setattr(counted.stats, name,
                            getattr(counted.stats, name) + getattr(found.stats, name))
                if counted.complete or counted.count >= first:  # else the clock struck first
                    found = counted
    found.stats.encode_seconds = encode_s
    return found


class BatchSolver:
    """Solves many instances of one shape with one solver and assumptions.

    Each puzzle retires one activation literal; after ``RENEW`` puzzles the
    solver is rebuilt from the rules so the variable count stays small.
    """

    RENEW = 2000

    def __init__(self, puzzle: ModuleType, solver: str = DEFAULT_SOLVER, sliced: bool = False):
        self.puzzle = puzzle
        self.solver_name = solver
        self.sliced = sliced  # see Session: only where no child process holds the limits
        self._sessions: dict[Any, Session] = {}

    def solve(self, instance, limit: int = 2, deadline: float | None = None) -> Result:
        puzzle = self.puzzle
        t0 = time.perf_counter()
        key = puzzle.shape(instance)
        session = self._sessions.get(key)
        if session is not None and session.retired >= self.RENEW and not session.formula.clauses[
                session._loaded:]:
            session.close()
            session.formula.pool.top = session.base_top
            session = Session(puzzle, session.formula, self.solver_name, guarded=True,
                              sliced=self.sliced)
            self._sessions[key] = session
        if session is None:
            formula = Formula()
            puzzle.encode(instance, formula, complete=False, rules_only=True)
            session = Session(puzzle, formula, self.solver_name, guarded=True,
                              sliced=self.sliced)
            self._sessions[key] = session
        assumptions = puzzle.clue_literals(instance, session.formula)
        encode_s = time.perf_counter() - t0
        result = session.solve(instance, assumptions, limit=limit, deadline=deadline)
        result.stats.encode_seconds = encode_s
        return result

    def close(self) -> None:
        for s in self._sessions.values():
            s.close()
        self._sessions.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
