"""The search session: solve, cut, verify, block, verdict.

One PySAT solver holds one encoding. Rules left to lazy checking are
enforced by the encoding's ``cuts``: the session adds the clauses a
candidate violates and solves again. A real solution is checked by the
genre's independent ``verify`` and then blocked over the answer variables,
so asking for two solutions proves uniqueness.
"""
from __future__ import annotations

import array
import gc
import time
from dataclasses import field
from typing import Any

from ..contract import Encoding, Focusing, implements
from ..model import Model
from .bounded import sliced_call
from .solvers import DEFAULT_SOLVER, abilities, check_solver_name, clause_loader, new_solver
from ..genre import Genre
from ..records import record

#: Verdicts, in the order the CLI documents them; ``solved``: one solution
#: found where only one was asked for (limit 1), uniqueness not examined.
VERDICTS = ("unique", "multiple", "none", "unknown", "error", "solved")


class VerificationError(RuntimeError):
    """A decoded solution broke the puzzle's rules: a bug in an encoding."""


@record
class Stats:
    """What a search cost. The times are its parts, each counted once:
    reading the puzzle (``parse``), building its formula (``encode``),
    handing the clauses to the solver (``load``), and everything after
    (``solve``: solver calls, cuts, verification, blocking); their sum is
    the verdict's time."""

    variables: int = 0
    clauses: int = 0
    cuts: int = 0
    calls: int = 0
    parse_seconds: float = 0.0
    encode_seconds: float = 0.0
    load_seconds: float = 0.0
    solve_seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        for k in ("parse_seconds", "encode_seconds", "load_seconds", "solve_seconds"):
            d[k] = round(d[k], 6)
        return d


@record
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
    #: For an optimising puzzle (:class:`satlink.contract.Objective`): the
    #: least objective value, proved (None when no solution, or a limit struck
    #: before the proof), and the values found on the way down.
    objective: int | None = None
    descent: list[int] = field(default_factory=list)

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
    """An incremental solver holding one encoding; solves instances of its shape.

    ``session.solve(instance, assumptions, limit)`` enumerates up to ``limit``
    verified solutions under the assumptions. Cuts are added permanently
    (they are valid for every puzzle of the shape); blocking clauses are
    guarded when ``guarded`` so later puzzles are unaffected.
    """

    def __init__(self, puzzle: Genre, encoding: Encoding, solver: str = DEFAULT_SOLVER,
                 guarded: bool = False, sliced: bool = False):
        self.puzzle = puzzle
        self.encoding = encoding
        self.formula = formula = encoding.formula
        self.guarded = guarded
        self.solver_name = check_solver_name(solver)
        #: Look for the first solution of each ``solve`` under the encoding's
        #: ``focus`` assumptions (set by ``search`` when one solution is asked).
        self.focus = False
        #: With a deadline, search in conflict-budget slices (only where no
        #: child process can hold the limit: it changes the search).
        self.sliced = sliced
        #: A ``time.perf_counter()`` value past which the session resumes
        #: Python's cycle collector between solver calls (None: leave it as
        #: it is); set by a search that paused it (``search.gc_paused``).
        self.gc_resume_at: float | None = None
        self.incremental = "incremental" in (abilities(solver) or ())
        #: Clauses given to the solver beyond the formula (cuts, blocking
        #: clauses): a non-incremental solver is rebuilt from them each call.
        self._extra: list[list[int]] = []
        #: Seconds spent handing the formula's clauses to the solver, in all
        #: (``built_seconds`` of them when the session was built).
        self.load_total = 0.0
        self.solver = self._new_solver(formula.clauses)
        self.built_seconds = self.load_total
        self._loaded = len(formula.clauses)
        self.base_top = formula.num_vars
        self.retired = 0  # activation literals used up by guarded blocking
        self.cuts_total = 0
        self.calls_total = 0

    def _new_solver(self, clauses):
        t0 = time.perf_counter()
        solver = new_solver(self.solver_name)
        self._load = clause_loader(solver, self.solver_name)
        self._load(clauses)
        if self.formula.num_vars == 0:
            # a genre that decided everything before encoding leaves no
            # variable; maplesat crashes solving a solver without one
            solver.add_clause([1, -1])
        if self.formula.phases:
            try:
                solver.set_phases(self.formula.phases)
            except NotImplementedError:  # a solver without phase control searches as usual
                pass
        self.load_total += time.perf_counter() - t0
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
            self._load(clauses)
        else:  # kept for the next fresh solver
            self._extra.extend(clauses)

    def pending(self) -> bool:
        """Whether the formula gained clauses the solver has not seen."""
        return len(self.formula.clauses) > self._loaded

    def _sync(self) -> None:
        """Hand the solver clauses the formula gained since the last call."""
        if self.pending():
            if self.incremental:
                t0 = time.perf_counter()
                self._load(self.formula.clauses[self._loaded:])
                self.load_total += time.perf_counter() - t0
            self._loaded = len(self.formula.clauses)

    def _call(self, assumptions: list[int], deadline: float | None) -> bool | None:
        """One satisfiability call; None when the deadline had passed.

        The call itself is not cut short unless ``sliced`` (see
        :func:`satlink.engine.bounded.sliced_call`). A Ctrl-C during the call
        is a KeyboardInterrupt, whatever the solver.
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
            return sliced_call(self.solver, self.solver_name, assumptions, deadline)
        except Exception as exc:
            if type(exc).__module__ == "pysolvers" and "interrupt" in str(exc):
                raise KeyboardInterrupt from None
            raise

    def next(self, instance, assumptions: list[int], deadline: float | None):
        """The next verified solution under the assumptions, as (model,
        solution), adding lazy cuts on the way; (None, False) when there is
        none, (None, None) when the deadline struck first."""
        enc = self.encoding
        while True:
            if self.gc_resume_at is not None and time.perf_counter() >= self.gc_resume_at:
                self.gc_resume_at = None
                gc.enable()
            self._sync()
            status = self._call(assumptions, deadline)
            if not status:
                return None, status
            model = Model(self.formula, self.solver.get_model(), dense=True)
            cuts = enc.cuts(model)
            if cuts:
                self.cuts_total += len(cuts)
                self.add(cuts)
                continue
            solution = enc.decode(model)
            problems = self.puzzle.verify(instance, solution)
            if problems:
                raise VerificationError(
                    f"{self.puzzle.name}: a solution from the encoding breaks the rules: "
                    + "; ".join(problems[:5]))
            return model, solution

    def _focused(self, instance, assumptions: list[int], deadline: float | None):
        """``next`` for a first solution, looked for under the encoding's
        ``focus`` assumptions (a narrowing of the search), widened where the
        solver's core says, until a solution turns up or the focus is gone;
        a core holding none of them means no solution at all."""
        enc = self.encoding
        narrow = enc.focus(None) if self.incremental else []
        while True:
            model, solution = self.next(instance, [*assumptions, *narrow], deadline)
            if model is not None or solution is None or not narrow:
                return model, solution
            core = set(self.solver.get_core() or ())
            failed = [x for x in narrow if x in core]
            if not failed:
                return None, False
            narrow = enc.focus(failed)

    def solve(self, instance, assumptions: list[int] = (), limit: int = 2,
              deadline: float | None = None) -> Result:
        formula = self.formula
        start = self.mark()
        assumptions = list(assumptions)
        act = None
        if self.guarded:
            act = formula.new_aux()
            assumptions.append(act)
        solutions: list = []
        # digests of the blocking clauses so far (whole clauses would double the
        # memory of a long count); a 64-bit collision would be a false alarm,
        # never a wrong verdict. Made from the second solution on (the first
        # one's then too): a uniqueness verdict, one solution, makes none
        blocked: set[int] = set()
        first: list[int] | None = None
        exhausted = False
        focused = self.focus and implements(self.encoding, Focusing)
        while len(solutions) < limit:
            if not solutions and focused:
                model, solution = self._focused(instance, assumptions, deadline)
            else:
                model, solution = self.next(instance, assumptions, deadline)
            if model is None:
                exhausted = solution is False
                break
            block = self.blocking(model)
            if first is None:
                first = list(block)
            else:
                if not blocked:
                    blocked.add(block_digest(first))
                key = block_digest(block)
                if key in blocked:
                    raise VerificationError(
                        f"{self.puzzle.name}: the solver ({self.solver_name}) returned a"
                        " solution it had already found: its blocking clause was lost")
                blocked.add(key)
            solutions.append(solution)
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
        return self.result(instance, start, Result(verdict, solutions, complete=exhausted))

    def blocking(self, model: Model) -> list[int]:
        """The clause that excludes ``model``'s solution: some answer
        variable differs (with one-hot answers, some true one is false)."""
        if self.formula.answer_one_hot:
            return [-v for v in model.true_answer()]
        return model.block(self.formula.answer)

    def mark(self) -> tuple[float, int, int, float]:
        """The clock, the call and cut counters and the load time, at the
        start of a search."""
        return time.perf_counter(), self.calls_total, self.cuts_total, self.load_total

    def result(self, instance, start: tuple[float, int, int, float], result: Result) -> Result:
        """``result`` with the statistics of the search since ``start`` (see
        ``mark``) and, with two solutions or more, the cells that differ.
        Clauses the formula gained meanwhile and handed to the solver count
        as ``load_seconds``, the rest of the time as ``solve_seconds``."""
        t0, calls0, cuts0, load0 = start
        if len(result.solutions) >= 2:
            result.differing = differing_cells(self.puzzle, instance, result.solutions)
        load = self.load_total - load0
        result.stats = Stats(variables=self.formula.num_vars,
                             clauses=len(self.formula.clauses) + self.cuts_total,
                             cuts=self.cuts_total - cuts0, calls=self.calls_total - calls0,
                             load_seconds=load, solve_seconds=time.perf_counter() - t0 - load)
        return result


def block_digest(block: list[int]) -> int:
    """64 bits of a blocking clause, as blake2b's 8 bytes were (without the
    3 ms of importing hashlib at every start). The clause as ``blocking``
    makes it: the same solution gives the same literals in the same order
    (the answer's), so they need no sorting. Python's own hash of a set or
    tuple of small ints is no such digest: it collided within the 4,104
    fillings of a 2 x 2 Kakuro block.

    >>> block_digest([-3, 1, 2]) == block_digest([-3, 1, 2]) != block_digest([-3, 1, -2])
    True
    """
    return hash(array.array("q", block).tobytes())


def differing_cells(puzzle: Genre, instance, solutions: list) -> list[str]:
    """Names of answer cells whose value is not the same in every solution."""
    cells_fn = puzzle.cells
    if cells_fn is None:
        return []
    maps = [cells_fn(instance, s) for s in solutions]
    first, rest = maps[0], maps[1:]
    keys = list(first) + [k for m in rest for k in m if k not in first]
    missing = object()
    return [k for k in keys if any(m.get(k, missing) != first.get(k, missing) for m in rest)]
