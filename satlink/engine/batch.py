"""Batches of puzzles of one shape on one solver.

A genre that defines ``shape(instance)`` is solved in batches: the rules of
one shape are encoded once with the clues behind selectors
(``Options(clues="selectors")``), each puzzle's clues are assumptions, and
blocking clauses are guarded by a per-puzzle activation literal that is
retired afterwards.
"""
from __future__ import annotations

import time
from typing import Any

from ..contract import Options
from .search import account, encode, search
from .session import Result, Session
from .solvers import DEFAULT_SOLVER
from ..genre import Genre


class BatchSolver:
    """Solves many instances of one shape with one solver and assumptions.

    Each puzzle retires one activation literal; after ``RENEW`` puzzles the
    solver is rebuilt from the rules so the variable count stays small.
    """

    #: Every puzzle leaves a retired variable that each call still carries
    #: (``get_model`` lists them all): on the 17-clue Sudoku set in one
    #: process, 214-217 us a puzzle at 2000, 197-203 at 300, with a rebuild
    #: (the rules loaded again) costing 2.8 ms.
    RENEW = 300

    def __init__(self, puzzle: Genre, solver: str = DEFAULT_SOLVER, sliced: bool = False):
        self.puzzle = puzzle
        self.solver_name = solver
        self.sliced = sliced  # see Session: only where no child process holds the limits
        self._sessions: dict[Any, Session] = {}
        #: by shape: how many clauses the formula held when its session was built
        self._built: dict[Any, int] = {}

    def solve(self, instance, limit: int = 2, deadline: float | None = None) -> Result:
        puzzle = self.puzzle
        t0 = time.perf_counter()
        key = puzzle.batch_shape(instance)
        if key is None:  # a shape solved on its own
            return search(puzzle, instance, limit, self.solver_name, deadline, sliced=self.sliced)
        session = self._sessions.get(key)
        load_s = 0.0  # a session built for this puzzle: its load is this puzzle's
        if session is not None and session.retired >= self.RENEW and not session.pending():
            session.close()
            # the retired activation literals are numbered again; not below a
            # variable the formula gained since (a selector an encoding made
            # for a later puzzle's clue: see ``Encoding.assumptions``)
            session.formula.pool.top = max(session.base_top, self._highest_since(key, session))
            session = Session(puzzle, session.encoding, self.solver_name, guarded=True,
                              sliced=self.sliced)
            load_s = session.built_seconds
            self._sessions[key] = session
            self._built[key] = len(session.formula.clauses)
        if session is None:
            enc = encode(puzzle, instance, Options(clues="selectors"))
            session = Session(puzzle, enc, self.solver_name, guarded=True, sliced=self.sliced)
            load_s = session.built_seconds
            self._sessions[key] = session
            self._built[key] = len(session.formula.clauses)
        assumptions = session.encoding.assumptions(puzzle.clues(instance))
        encode_s = time.perf_counter() - t0 - load_s
        load0 = session.load_total
        result = session.solve(instance, assumptions, limit=limit, deadline=deadline)
        account(result, t0, encode_s, load_s + session.load_total - load0)
        return result

    def _highest_since(self, key, session: Session) -> int:
        """The highest variable of the clauses the formula gained since its
        session was built (0 without any)."""
        start = self._built[key]
        return max((abs(x) for c in session.formula.clauses[start:] for x in c), default=0)

    def close(self) -> None:
        for s in self._sessions.values():
            s.close()
        self._sessions.clear()
        self._built.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
