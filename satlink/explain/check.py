"""The independent check of every reason, before it is shown.

A fresh encoding of the puzzle in its own solver (CaDiCaL, where the step
engine uses Glucose): for each fact, the named clues' selectors, the named
facts and the fact's negation are assumed, and the solver must find no
model that breaks no lazy rule (its cuts, valid for every solution
whatever clues are selected, are found again here). The complete form
(``complete=True``: every lazy rule eagerly) can be asked for instead; it
was dropped as the default because refuting a fact under a few clues with
the eager single-loop encoding took minutes on a 10 x 7 Slitherlink where
the lazy form takes a second. The check shares nothing with the step engine but the genre's
encode: not the solver, not its learnt clauses, not its cuts. Variables
are matched by their readable keys.

One checking solver serves every reason of an explanation: what it learns
while checking one reason follows from the rules and the cuts (each valid
for every solution) alone, never from that reason's assumptions, so it
cannot make another reason pass. Each reason is first tried by unit
propagation (a conflict there is a refutation by the same argument), then
by the solver within :data:`CONFLICTS`; past them, by a solver of its own,
built afresh from the encoding's clauses, without a budget. The shared
solver's state (saved phases, learnt clauses of other reasons) made single
questions that a fresh solver answers in milliseconds take 2 to 5 s, on
one Masyu and one Slitherlink 10 x 10 dev board in four, with each of
CaDiCaL 1.9.5, Glucose 4 and MiniSat (``encodings/explain.md``).
"""
from __future__ import annotations

from ..contract import Options
from ..engine.search import encode
from ..engine.solvers import DEFAULT_SOLVER
from .refute import OutOfBudget, Refuter

#: conflicts the shared checking solver may spend on one reason before the
#: reason goes to a solver of its own
CONFLICTS = 10000


class ReasonError(RuntimeError):
    """A reason the independent check refutes: a bug in the step engine."""


class Checker:
    """Checks reasons of facts named by another encoding of the same puzzle."""

    def __init__(self, puzzle, inst, solver: str = DEFAULT_SOLVER, complete: bool = False):
        self.encoding = encode(puzzle, inst, Options(clues="selectors", complete=complete))
        self.solver = solver
        self.refuter = Refuter(self.encoding, solver)
        #: reasons the shared solver did not settle within :data:`CONFLICTS`
        self.fresh = 0
        self.puzzle = puzzle
        self.checked = 0

    def close(self) -> None:
        self.refuter.close()

    def _lit(self, other_formula, lit: int) -> int:
        key = other_formula.key(abs(lit))
        v = self.encoding.formula.pool.obj2id.get(key)
        if v is None:
            raise ReasonError(f"the checking encoding has no variable {key!r}")
        return v if lit > 0 else -v

    def holds(self, formula, clues, facts, fact: int) -> bool:
        """Whether ``clues`` and ``facts`` (literals of ``formula``) leave
        no solution in which ``fact`` is false."""
        assumptions = [self.encoding.selector(c) for c in clues]
        assumptions += [self._lit(formula, x) for x in facts]
        assumptions.append(-self._lit(formula, fact))
        self.checked += 1
        if not self.refuter.propagate(assumptions)[0]:
            return True  # unit propagation alone refutes them (see the module's note)
        try:
            return self.refuter.refutes(assumptions, CONFLICTS)
        except OutOfBudget:
            self.fresh += 1
            alone = Refuter(self.encoding, self.solver)
            try:
                return alone.refutes(assumptions)
            finally:
                alone.close()


def check_explanation(explanation, formula, solver: str = DEFAULT_SOLVER,
                      complete: bool = False) -> int:
    """Check every reason of ``explanation`` (whose literals are those of
    ``formula``); raise :class:`ReasonError` naming the first that fails,
    and check that each reason's facts came before it. The number checked."""
    ex = explanation
    names = ex.names
    checker = Checker(ex.puzzle, ex.instance, solver, complete)
    try:
        when = {lit: 0 for lit in ex.given}
        for step in ex.steps:
            for lit, reason in zip(step.facts, step.reasons):
                late = [x for x in reason.facts if when.get(x, step.index) >= step.index]
                if late:
                    raise ReasonError(f"step {step.index}: {names.text(lit)} cites"
                                      f" {names.text(late[0])}, not known before it")
                if not checker.holds(formula, reason.clues, reason.facts, lit):
                    raise ReasonError(f"step {step.index}: the reason given for"
                                      f" {names.text(lit)} does not force it")
            for lit in step.facts:
                when[lit] = step.index
        return checker.checked
    finally:
        checker.close()
