"""The one question the step engine asks: do these assumptions leave a
solution? On a lazy selector-mode encoding, with the genre's cuts added
until the answer is either no model or a model that breaks no lazy rule.

Every cut is valid for every solution whatever clues are selected (the
contract of ``Encoding.cuts``), so "no model" is a proof that the
assumptions leave no solution of the puzzle's rules; "a model" is a true
solution of the rules and the assumed clues (``encodings/explain.md``).
"""
from __future__ import annotations

import time

from pysat.solvers import Solver

from ..model import Model


class TimeUp(Exception):
    """The deadline passed before a solver call."""


class OutOfBudget(Exception):
    """The conflicts allowed for one question ran out before its answer."""


class Refuter:
    """One incremental solver over an encoding's formula and its cuts.

    ``deadline`` is a ``time.perf_counter()`` value read before each call;
    ``follow``: another refuter whose cuts this one takes too (both hold the
    same rules: each cut is valid for every solution)."""

    def __init__(self, encoding, solver: str, deadline: float | None = None,
                 follow: Refuter | None = None):
        self.encoding = encoding
        self.formula = encoding.formula
        self.solver = Solver(name=solver)
        self.solver.append_formula(self.formula.clauses)
        if self.formula.num_vars == 0:
            self.solver.add_clause([1, -1])
        self._loaded = len(self.formula.clauses)
        self.deadline = deadline
        self.calls = 0
        self.cuts = 0
        #: every cut added, in order (what a refuter that follows this one takes)
        self.cut_log: list[list[int]] = []
        self.follow, self._followed = follow, 0

    def close(self) -> None:
        self.solver.delete()

    def add(self, clauses) -> None:
        self._sync()
        for c in clauses:
            self.solver.add_clause(c)

    def _sync(self) -> None:
        fresh = self.formula.clauses[self._loaded:]
        if fresh:
            self.solver.append_formula(fresh)
            self._loaded = len(self.formula.clauses)
        if self.follow is not None and self._followed < len(self.follow.cut_log):
            self.solver.append_formula(self.follow.cut_log[self._followed:])
            self._followed = len(self.follow.cut_log)

    def _time(self) -> None:
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise TimeUp

    def model(self, assumptions, conflicts: int | None = None) -> Model | None:
        """A model of the rules (every lazy rule holding) under the
        assumptions, or None when there is none; ``conflicts``: for all the
        calls the question takes, then :class:`OutOfBudget`."""
        while True:
            self._sync()
            self._time()
            self.calls += 1
            if conflicts is None:
                found = self.solver.solve(assumptions=list(assumptions))
            else:
                before = self.solver.accum_stats().get("conflicts", 0)
                self.solver.conf_budget(max(conflicts, 1))
                found = self.solver.solve_limited(assumptions=list(assumptions))
                conflicts -= self.solver.accum_stats().get("conflicts", 0) - before
                if found is None:
                    raise OutOfBudget
            if not found:
                return None
            model = Model(self.formula, self.solver.get_model(), dense=True)
            cuts = self.encoding.cuts(model)
            if not cuts:
                return model
            self.cuts += len(cuts)
            self.cut_log.extend(cuts)
            self.add(cuts)

    def refutes(self, assumptions, conflicts: int | None = None) -> bool:
        """Whether the assumptions leave no solution."""
        return self.model(assumptions, conflicts) is None

    def core(self) -> set[int]:
        """After a refutation: the assumptions the solver's core used."""
        return set(self.solver.get_core() or ())

    def propagate(self, assumptions) -> tuple[bool, list[int]]:
        """Unit propagation alone from the assumptions: (no conflict, the
        literals it sets)."""
        self._sync()
        self._time()
        ok, lits = self.solver.propagate(assumptions=list(assumptions))
        return bool(ok), lits
