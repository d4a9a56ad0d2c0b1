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
from .search import account, encode
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

    def solve(self, instance, limit: int = 2, deadline: float | None = None) -> Result:
        puzzle = self.puzzle
        t0 = time.perf_counter()
        key = puzzle.batch_shape(instance)
        session = self._sessions.get(key)
        load_s = 0.0  # a session built for this puzzle: its load is this puzzle's
        if session is not None and session.retired >= self.RENEW and not session.pending():
            session.close()
            session.formula.pool.top = session.base_top
            session = Session(puzzle, session.encoding, self.solver_name, guarded=True,
                              sliced=self.sliced)
            load_s = session.built_seconds
            self._sessions[key] = session
        if session is None:
            enc = encode(puzzle, instance, Options(clues="selectors"))
            session = Session(puzzle, enc, self.solver_name, guarded=True, sliced=self.sliced)
            load_s = session.built_seconds
            self._sessions[key] = session
        assumptions = session.encoding.assumptions(puzzle.clues(instance))
        encode_s = time.perf_counter() - t0 - load_s
        load0 = session.load_total
        result = session.solve(instance, assumptions, limit=limit, deadline=deadline)
        account(result, t0, encode_s, load_s + session.load_total - load0)
        return result

    def close(self) -> None:
        for s in self._sessions.values():
            s.close()
        self._sessions.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
