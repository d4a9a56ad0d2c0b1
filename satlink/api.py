"""satlink as functions: load, solve one item, its outcome, count (many items
and whole files under limits: :mod:`satlink.limited`; ``check``, over
collections, is :mod:`satlink.checking`; DIMACS export and an external
solver's answer, :mod:`satlink.external`).

>>> from satlink import api
>>> item = api.load_text("puzzle sudoku\\nsize 4\\ngrid\\n  1 2 3 4\\n  3 4 1 2\\n  2 1 4 3\\n  4 3 . .\\n")[0]
>>> api.solve(item).verdict
'unique'
"""
from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import field
from typing import Any

from . import engine, formats
from .contract import objective_of
from .engine import DEFAULT_SOLVER, BatchSolver, Result, Stats, VerificationError
from .errors import InputError, Pos, SatlinkError, SearchError
from .formats import Item
from .records import record

#: Exit codes, shared by every command (documented in the README).
EXIT = {"unique": 0, "solved": 0, "ok": 0, "multiple": 1, "usage": 2, "none": 3, "input": 4,
        "unknown": 5, "internal": 6, "mismatch": 7, "interrupted": 130}
#: When a run covers several puzzles, the exit code is that of the worst
#: outcome in this order.
SEVERITY = ("internal", "mismatch", "input", "unknown", "none", "multiple", "unique")

load = formats.load
load_text = formats.load_text


@record
class Outcome:
    """A solved (or failed) item as plain data, ready for JSON."""

    source: Pos
    type: str
    verdict: str
    solutions: list = field(default_factory=list)  # puzzle-native solutions
    solution_json: Any = None
    stats: Stats = field(default_factory=Stats)
    differing: list[str] = field(default_factory=list)
    error: str | None = None
    error_kind: str | None = None  # "input" or "internal" when verdict is "error"
    expected_ok: bool | None = None  # matches the solution written in the source
    reason: str | None = None  # why the verdict is unknown (a time or memory limit)
    certificate: dict | None = None  # --certify: see satlink.certify.Certificate.as_json
    objective: int | None = None  # an optimising puzzle's least value, proved
    #: ``check --redundant``: how many clues of a unique puzzle could each go
    #: (None: not asked, or a genre whose clues are structure, or time up)
    redundant: int | None = None
    redundant_asked: bool = False
    #: ``check --difficulty``: the rating of a unique puzzle's explanation and
    #: its parts (:class:`satlink.explain.Difficulty`); None when not asked,
    #: for other verdicts, or when time ran out
    difficulty: dict | None = None
    difficulty_asked: bool = False

    @property
    def exit_kind(self) -> str:
        return self.error_kind if self.verdict == "error" else self.verdict

    def as_json(self) -> dict:
        src = {"file": self.source.file}
        if self.source.line:
            src["line"] = self.source.line
        d = {"source": src, "type": self.type, "verdict": self.verdict,
             "solution": self.solution_json, "count": len(self.solutions),
             "stats": self.stats.as_dict()}
        if self.differing:
            d["differing"] = self.differing
        if self.expected_ok is not None:
            d["matches_expected"] = self.expected_ok
        if self.reason is not None:
            d["reason"] = self.reason
        if self.objective is not None:
            d["objective"] = self.objective
        if self.redundant_asked:
            d["redundant"] = self.redundant
        if self.difficulty_asked:
            d["difficulty"] = self.difficulty
        if self.certificate is not None:
            d["certified"] = self.certificate["certified"]
            d["certificate"] = self.certificate
        d["error"] = self.error
        return d


def exit_code(kinds: Iterable[str]) -> int:
    seen = set(kinds)
    for kind in SEVERITY:
        if kind in seen:
            return EXIT[kind]
    return 0


def solve(item: Item, limit: int = 2, solver: str = DEFAULT_SOLVER,
          timeout: float | None = None, batch: BatchSolver | None = None,
          max_memory: int | None = None) -> Result:
    """Solve one item under the limits (see :func:`satlink.engine.solve`);
    ``batch`` reuses a shared solver for batch formats (in this process:
    only the time limit holds, by slices of search)."""
    if item.error is not None:
        raise item.error
    if batch is not None:
        deadline = None if timeout is None else time.perf_counter() + timeout
        return batch.solve(item.instance, limit=limit, deadline=deadline)
    return engine.solve(item.puzzle, item.instance, limit=limit, solver=solver, timeout=timeout,
                        max_memory=max_memory)


def type_name(item: Item) -> str:
    """The genre name of an item, or "unknown" when it has none (unreadable input)."""
    return item.puzzle.name if item.puzzle is not None else "unknown"


def outcome(item: Item, limit: int = 2, solver: str = DEFAULT_SOLVER,
            timeout: float | None = None, batch: BatchSolver | None = None,
            max_memory: int | None = None) -> Outcome:
    """Solve an item and wrap the result (or the error) as an Outcome."""
    if isinstance(item.error, ReadLimitReached):
        return Outcome(item.source, type_name(item), "unknown", reason=item.error.message)
    if item.error is not None:
        return Outcome(item.source, type_name(item), "error", error=item.error.render(),
                       error_kind="input")
    try:
        result = solve(item, limit, solver, timeout, batch, max_memory)
    except VerificationError as exc:
        return internal_error(item, exc)
    except SearchError as exc:
        return internal_error(item, exc)
    except InputError as exc:
        return Outcome(item.source, type_name(item), "error", error=exc.render(),
                       error_kind="input")
    return outcome_of(item, result)


def internal_error(item: Item, exc: BaseException) -> Outcome:
    """The Outcome of an internal failure (a bug, not bad input) on ``item``."""
    return Outcome(item.source, type_name(item), "error", error=f"internal error: {exc}",
                   error_kind="internal")


def outcome_of(item: Item, result: Result) -> Outcome:
    """The Outcome of a Result the engine gave for ``item``."""
    result.stats.parse_seconds = item.parse_seconds
    out = Outcome(item.source, item.puzzle.name, result.verdict, result.solutions,
                  stats=result.stats, differing=result.differing, reason=result.reason,
                  objective=result.objective)
    if result.solutions:
        out.solution_json = item.puzzle.solution_json(item.instance, result.solutions[0])
    if item.expected is not None and result.solutions:
        out.expected_ok = (result.solutions[0] == item.expected
                           and result.verdict in ("unique", "solved"))
    return out


def with_redundant(item: Item, o: Outcome, solver: str = DEFAULT_SOLVER,
                   timeout: float | None = None) -> Outcome:
    """``o`` with the number of redundant clues of a unique puzzle (each
    removable on its own, the others kept), counted within ``timeout``
    seconds; None for other verdicts, genres whose clues are structure, or
    when time runs out."""
    from .design.oracle import TimeUp, clock
    from .design.tasks import redundant_count

    o.redundant_asked = True
    if o.verdict != "unique" or item.error is not None:
        return o
    try:
        o.redundant = redundant_count(item.puzzle, item.instance, o.solutions[0], solver,
                                      clock(timeout))
    except TimeUp:
        o.redundant = None
    return o


def with_difficulty(item: Item, o: Outcome, timeout: float | None = None) -> Outcome:
    """``o`` with the difficulty of a unique puzzle (``satlink explain``'s
    rating, its reasons checked), explained within ``timeout`` seconds;
    None for other verdicts, optimising puzzles (which explain refuses) or
    when time runs out."""
    from .explain import check_explanation, explain, rate

    o.difficulty_asked = True
    if (o.verdict != "unique" or item.error is not None
            or objective_of(item.puzzle, item.instance) is not None):
        return o
    ex = explain(item.puzzle, item.instance, timeout=timeout)
    if ex.complete and ex.verdict == "unique":
        check_explanation(ex, ex.formula)
        o.difficulty = rate(ex).as_json()
    return o


def certified(item: Item, o: Outcome, timeout: float | None = None,
              max_memory: int | None = None, proof_dir: str | None = None) -> Outcome:
    """``o`` with the certificate of its verdict (``unique`` or ``none``;
    other verdicts are left as they are). The certifier is imported here:
    a command that certifies nothing does not load it."""
    from .certify import CERTIFIABLE, certify as certify_verdict

    if o.verdict not in CERTIFIABLE or item.error is not None:
        return o
    from pathlib import Path  # here: 4 ms of every start otherwise (urllib.parse)

    name = Path(item.source.file).stem + (f"-{item.source.line}" if item.source.line else "")
    cert = certify_verdict(item.puzzle, item.instance, o.verdict, o.solutions, timeout,
                           proof_dir, name, max_memory)
    o.certificate = cert.as_json()
    return o


class ReadLimitReached(InputError):
    """A limit struck while a file was read: its Item's verdict is
    ``unknown`` (exit 5), not an input error."""


def count(item: Item, limit: int, solver: str = DEFAULT_SOLVER,
          timeout: float | None = None, max_memory: int | None = None) -> Result:
    """Count the solutions of one item, up to ``limit``: ``result.count``.

    Puzzles with a counting hook (Battleship) and more than
    ``engine.COUNT_PROBE`` solutions are counted by projection
    (:func:`satlink.engine.count`): ``result.solutions`` then holds one
    verified solution per projection, not every solution counted. The count
    is capped at ``limit``; ``result.complete`` says whether it is exact."""
    if item.error is not None:
        raise item.error
    return engine.count(item.puzzle, item.instance, limit=limit, solver=solver, timeout=timeout,
                        max_memory=max_memory)


__all__ = ["load", "load_text", "solve", "outcome", "outcome_of", "count",
           "Outcome", "EXIT", "exit_code", "SatlinkError"]
