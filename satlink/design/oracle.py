"""The uniqueness oracle the design tools ask: is the puzzle with clue set S
unique, with the target as its solution? One incremental call.

One selector-mode encoding of the board carrying every candidate clue is
built once (:class:`satlink.contract.Options` ``clues="selectors"``: the
clauses and lazy cuts hold for any subset of the clues), the target's
answer is blocked once it turns up, and each question assumes the
selectors of S. A model then is a solution of the puzzle with clues S other
than the target, a *counter-solution*; the candidates it breaks are a set
of which every unique clue set must keep one (it obeys all the others).
No model means unique, and the solver's core names a subset of S that is
unique already. ``encodings/design.md`` argues both.

For an optimising puzzle (its genre's :class:`satlink.contract.Objective`)
the question is whether the target is the only *optimal* solution, so every
call also assumes the objective's bound at the target's value: a model is
then a solution with clues S at least as good as the target, other than it,
and the argument above holds unchanged (removing clues only adds solutions,
and adding them only removes some).
"""
from __future__ import annotations

import time
from collections.abc import Hashable, Iterable

from ..contract import Options, objective_of
from ..engine.search import encode
from ..engine.session import Session, VerificationError
from ..engine.solvers import DEFAULT_SOLVER
from ..errors import SatlinkError
from ..genre import Genre


class DesignError(SatlinkError):
    """A design question that has no answer for this input (exit code
    ``exit_code``: 1 several solutions, 3 none, 2 a type whose clues are
    structure, 4 bad clue names)."""

    def __init__(self, message: str, exit_code: int = 4):
        super().__init__(message)
        self.exit_code = exit_code


class TimeUp(Exception):
    """The deadline struck during an oracle call."""


class Bench:
    """One selector-mode encoding of a board and its solver, which oracles
    for many targets can share: each blocks its target behind its own
    activation literal and retires it when closed (``generate``)."""

    def __init__(self, puzzle: Genre, inst, solver: str = DEFAULT_SOLVER):
        self.puzzle = puzzle
        self.encoding = encode(puzzle, inst, Options(clues="selectors"))
        self.session = Session(puzzle, self.encoding, solver)

    def covers(self, clues: Iterable[Hashable]) -> bool:
        """Whether every clue has a selector here."""
        try:
            for c in clues:
                self.encoding.selector(c)
        except KeyError:
            return False
        return True

    def close(self) -> None:
        self.session.close()


class Oracle:
    """Asks whether a subset of ``candidates`` makes ``target`` the only
    solution on ``inst``'s board.

    ``candidates`` are clues in the genre's ``clues`` form; the target must
    obey all of them. ``deadline`` is a ``time.perf_counter()`` value:
    a call that starts after it raises :class:`TimeUp`. ``bench``: a
    :class:`Bench` of the same board to share, used when its selectors
    cover the candidates (else the oracle builds its own).
    """

    def __init__(self, puzzle: Genre, inst, target, candidates: Iterable[Hashable],
                 solver: str = DEFAULT_SOLVER, deadline: float | None = None,
                 bench: Bench | None = None):
        self.puzzle = puzzle
        self.target = target
        self.candidates = list(dict.fromkeys(candidates))
        self.base = puzzle.design.with_clues(inst, self.candidates)
        problems = puzzle.verify(self.base, target)
        if problems:
            raise DesignError("the solution breaks the puzzle's rules or clues: "
                              + "; ".join(problems[:3]))
        #: whether ``clues_of`` can misread a clue as broken (see :meth:`breaks`)
        self.loose = puzzle.design.several_ways or not set(self.candidates) <= set(
            puzzle.design.clues_of(self.base, target))
        self.shared = bench is not None and bench.covers(self.candidates)
        if not self.shared:
            bench = Bench(puzzle, self.base, solver)
        self.bench = bench
        self.encoding, self.session = bench.encoding, bench.session
        self.selector = {c: self.encoding.selector(c) for c in self.candidates}
        self.clue_of = {v: c for c, v in self.selector.items()}
        # an optimising puzzle is its optimal solutions: a counter-solution
        # is one as good as the target or better (a better one makes the
        # target no answer at all, an equal one a second answer)
        objective = objective_of(puzzle, self.base)
        self.within = ([] if objective is None else
                       objective.bound(self.encoding, objective.value(self.base, target)))
        #: the literal that switches this oracle's blocking clause on
        self.act = self.encoding.formula.new_aux()
        self.deadline = deadline
        self.blocked = False
        self.calls = 0

    def close(self) -> None:
        if self.shared:
            self.session.add([[-self.act]])  # retired: the bench goes on without it
        else:
            self.bench.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def instance(self, clues: Iterable[Hashable]):
        """The puzzle on this board with exactly ``clues``."""
        return self.puzzle.design.with_clues(self.base, list(clues))

    def counter(self, clues: Iterable[Hashable]):
        """A counter-solution to the clue set ``clues``: (the candidates it
        breaks, as a frozenset, and the solution), or None when ``clues``
        make the target the only solution. The set is empty when the
        counter-solution obeys every candidate: then none is unique."""
        clues = list(clues)
        return self.other(self.instance(clues), [self.selector[c] for c in clues])

    def other(self, inst, extra: list[int]):
        """A solution other than the target under the selectors or other
        literals ``extra``, verified on ``inst``: (the candidates it breaks,
        the solution), or None when there is none (TimeUp on the deadline)."""
        assumptions = [self.act, *self.within, *extra]
        while True:
            self.calls += 1
            model, solution = self.session.next(inst, assumptions, self.deadline)
            if model is None:
                if solution is None:
                    raise TimeUp
                return None
            if solution == self.target:
                if self.blocked:
                    raise VerificationError(
                        f"{self.puzzle.name}: the target came back after it was blocked")
                self._block_target(model)
                continue
            return self.breaks(solution), solution

    def breaks(self, solution) -> frozenset:
        """The candidates ``solution`` (a solution of the clue-less board)
        breaks. Read from the genre's ``clues_of``; where that reading may
        take a clue obeyed another way for a broken one (``several_ways``,
        or a candidate the target obeys that ``clues_of`` does not give),
        each clue it reads broken is asked of ``verify`` on its own."""
        holds = set(self.puzzle.design.clues_of(self.base, solution))
        broken = [c for c in self.candidates if c not in holds]
        if self.loose:
            broken = [c for c in broken if self.puzzle.verify(self.instance([c]), solution)]
        return frozenset(broken)

    def _block_target(self, model) -> None:
        """Exclude the target from now on, and make the solver try the
        target's values first: counter-solutions then break few clues."""
        self.session.add([[-self.act, *self.session.blocking(model)]])
        self.blocked = True
        if self.session.incremental:
            try:
                self.session.solver.set_phases(
                    [v if model.value(v) else -v for v in range(1, self.session.base_top + 1)])
            except NotImplementedError:  # a solver without phase control: any order
                pass

    def core(self) -> list[Hashable]:
        """After :meth:`counter` said unique: the clues of the solver's
        core, a subset of the clues asked that is unique already."""
        failed = self.session.solver.get_core() or ()
        return [self.clue_of[v] for v in failed if v in self.clue_of]


def clock(timeout: float | None) -> float | None:
    """The deadline ``timeout`` seconds from now (None: no deadline)."""
    return None if timeout is None else time.perf_counter() + timeout
