"""satlink as functions: load, solve, count, check, export DIMACS, decode.

>>> from satlink import api
>>> item = api.load_text("puzzle sudoku\\nsize 4\\ngrid\\n  1 2 3 4\\n  3 4 1 2\\n  2 1 4 3\\n  4 3 . .\\n")[0]
>>> api.solve(item).verdict
'unique'
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import engine, formats
from .engine import DEFAULT_SOLVER, BatchSolver, Result, Stats, VerificationError
from .errors import InputError, Pos, SatlinkError
from .formats import Item
from .lang import read_source
from .model import Model

#: Exit codes, shared by every command (documented in the README).
EXIT = {"unique": 0, "solved": 0, "ok": 0, "multiple": 1, "usage": 2, "none": 3, "input": 4,
        "unknown": 5, "internal": 6}
#: When a run covers several puzzles, the exit code is that of the worst
#: outcome in this order.
SEVERITY = ("internal", "input", "unknown", "none", "multiple", "unique")

load = formats.load
load_text = formats.load_text


@dataclass
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
        d["error"] = self.error
        return d


def exit_code(kinds: Iterable[str]) -> int:
    seen = set(kinds)
    for kind in SEVERITY:
        if kind in seen:
            return EXIT[kind]
    return 0


def solve(item: Item, limit: int = 2, solver: str = DEFAULT_SOLVER,
          timeout: float | None = None, batch: BatchSolver | None = None) -> Result:
    """Solve one item; ``batch`` reuses a shared solver for batch formats."""
    if item.error is not None:
        raise item.error
    if batch is not None:
        return batch.solve(item.instance, limit=limit, timeout=timeout)
    return engine.solve(item.puzzle, item.instance, limit=limit, solver=solver, timeout=timeout)


def outcome(item: Item, limit: int = 2, solver: str = DEFAULT_SOLVER,
            timeout: float | None = None, batch: BatchSolver | None = None) -> Outcome:
    """Solve an item and wrap the result (or the error) as an Outcome."""
    type_name = item.puzzle.NAME if item.puzzle is not None else "unknown"
    if item.error is not None:
        return Outcome(item.source, type_name, "error", error=item.error.render(),
                       error_kind="input")
    try:
        result = solve(item, limit, solver, timeout, batch)
    except VerificationError as exc:
        return Outcome(item.source, type_name, "error", error=f"internal error: {exc}",
                       error_kind="internal")
    except InputError as exc:
        return Outcome(item.source, type_name, "error", error=exc.render(), error_kind="input")
    return outcome_of(item, result)


def outcome_of(item: Item, result: Result) -> Outcome:
    """The Outcome of a Result the engine gave for ``item``."""
    result.stats.parse_seconds = item.parse_seconds
    out = Outcome(item.source, item.puzzle.NAME, result.verdict, result.solutions,
                  stats=result.stats, differing=result.differing)
    if result.solutions:
        out.solution_json = item.puzzle.solution_json(item.instance, result.solutions[0])
    if item.expected is not None and result.solutions:
        out.expected_ok = (result.solutions[0] == item.expected
                           and result.verdict in ("unique", "solved"))
    return out


def _batch_for(item: Item, solver: str, cache: dict) -> BatchSolver | None:
    if not item.batch or not hasattr(item.puzzle, "shape") or item.puzzle is None:
        return None
    key = (item.puzzle.NAME, solver)
    if key not in cache:
        cache[key] = BatchSolver(item.puzzle, solver)
    return cache[key]


def outcomes(items: Iterable[Item], limit: int = 2, solver: str = DEFAULT_SOLVER,
             timeout: float | None = None) -> Iterator[Outcome]:
    """Outcomes of many items in order; batch items share solvers."""
    cache: dict = {}
    try:
        for item in items:
            yield outcome(item, limit, solver, timeout, _batch_for(item, solver, cache))
    finally:
        for b in cache.values():
            b.close()


# -- check: many files, several processes --------------------------------------------
_WORKER_CACHE: dict = {}


def _work(args) -> list[tuple[dict, str]]:
    """Solve a unit of check work in this process: a list of Items, or a
    chunk of a one-puzzle-per-line file to parse here."""
    unit, limit, solver, timeout = args
    if isinstance(unit, dict):
        unit = load_text(unit["text"], unit["file"], unit["fmt"], unit["type"],
                         unit["options"], unit["first_line"])
    res = []
    for item in unit:
        o = outcome(item, limit, solver, timeout, _batch_for(item, solver, _WORKER_CACHE))
        res.append((o.as_json(), o.exit_kind))
    return res



def _units(path: str, fmt, puzzle_type, options, chunk: int):
    """Work units of one file: line chunks for line-batch formats (parsed by
    the workers), otherwise chunks of loaded Items."""
    try:
        text = read_source(path)
        mod = formats.get(fmt) if fmt else formats.detect(text, path)
    except InputError as exc:
        yield [Item(exc.pos if exc.pos.file == path else Pos(path), None, error=exc)]
        return
    if getattr(mod, "LINE_BATCH", False):
        lines = text.splitlines()
        for i in range(0, len(lines), chunk):
            yield {"text": "\n".join(lines[i:i + chunk]), "file": path, "fmt": mod.NAME,
                   "type": puzzle_type, "options": options, "first_line": i + 1}
        return
    try:
        items = load_text(text, path, mod.NAME, puzzle_type, options)
    except InputError as exc:
        items = [Item(exc.pos if exc.pos.file == path else Pos(path), None, error=exc)]
    for i in range(0, len(items), chunk):
        yield items[i:i + chunk]


def expand_paths(paths: Iterable[str], suffixes: tuple[str, ...] = ()) -> list[str]:
    """Files named, and every regular file below directories named, sorted."""
    out = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(str(f) for f in sorted(path.rglob("*"))
                       if f.is_file() and not f.name.startswith(".")
                       and (not suffixes or f.suffix in suffixes))
        else:
            out.append(p)
    return out


def check(paths: Iterable[str], jobs: int = 1, limit: int = 2, solver: str = DEFAULT_SOLVER,
          timeout: float | None = None, fmt: str | None = None, puzzle_type: str | None = None,
          options: dict | None = None, chunk: int = 500) -> Iterator[tuple[dict, str]]:
    """(JSON record, exit kind) for every puzzle in the files, in file order.

    With ``jobs > 1`` puzzles are solved in that many processes, in chunks
    of ``chunk`` puzzles (or lines); each process keeps its own batch solvers.
    """
    work = ((unit, limit, solver, timeout)
            for path in expand_paths(paths)
            for unit in _units(path, fmt, puzzle_type, options, chunk))
    if jobs <= 1:
        try:
            for w in work:
                yield from _work(w)
        finally:
            _close_worker_cache()
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for res in pool.map(_work, work):
            yield from res


def _close_worker_cache() -> None:
    for b in _WORKER_CACHE.values():
        b.close()
    _WORKER_CACHE.clear()


def default_jobs() -> int:
    return os.cpu_count() or 1


# -- DIMACS ------------------------------------------------------------------------
def dimacs(item: Item) -> str:
    """A complete CNF for an external solver: every model is a solution."""
    if item.error is not None:
        raise item.error
    f = engine.encode(item.puzzle, item.instance, complete=True)
    header = [f"satlink DIMACS export: puzzle {item.puzzle.NAME} from {item.source}",
              "every model of this formula is a solution; `satlink decode` reads the answer back"]
    return f.to_dimacs(header)


def parse_answer(text: str, file: str = "<answer>") -> tuple[str, list[int]]:
    """Read an external solver's answer: competition `s`/`v` lines or a
    minisat result file (`SAT` then the model, or `UNSAT`).

    Returns (status, literals) with status "sat", "unsat" or "unknown".
    """
    status, lits, saw_v = None, [], False
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("c"):
            continue
        word = line.split()[0]
        if word == "s":
            rest = line[1:].strip().upper()
            status = {"SATISFIABLE": "sat", "UNSATISFIABLE": "unsat"}.get(rest, "unknown")
            continue
        if word in ("SAT", "SATISFIABLE"):
            status = "sat"
            continue
        if word in ("UNSAT", "UNSATISFIABLE"):
            status = "unsat"
            continue
        if word in ("INDET", "UNKNOWN"):
            status = "unknown"
            continue
        nums = line[1:].split() if word == "v" else line.split()
        saw_v = True
        for tok in nums:
            try:
                lits.append(int(tok))
            except ValueError:
                raise InputError(f"`{tok}` is not a literal in the solver's answer",
                                 Pos(file, lineno, raw.find(tok) + 1), raw) from None
    if status is None:
        if not saw_v:
            raise InputError("not a SAT solver answer: no `s` line, no SAT/UNSAT line",
                             Pos(file, 1, 1))
        status = "sat"
    return status, [x for x in lits if x != 0]


@dataclass
class Decoded:
    status: str
    solution: Any = None
    problems: list[str] = field(default_factory=list)


def decode(item: Item, answer_text: str, answer_file: str = "<answer>") -> Decoded:
    """Read an external solver's answer for the DIMACS of ``item`` and check it."""
    if item.error is not None:
        raise item.error
    status, lits = parse_answer(answer_text, answer_file)
    if status != "sat":
        return Decoded(status)
    f = engine.encode(item.puzzle, item.instance, complete=True)
    model = Model(f, lits)
    unsatisfied = sum(1 for c in f.clauses if not any(model.value(x) for x in c))
    solution = item.puzzle.decode(item.instance, model)
    problems = list(item.puzzle.verify(item.instance, solution))
    if unsatisfied:
        problems.insert(0, f"the answer leaves {unsatisfied} clauses of the CNF unsatisfied"
                           " (was it made for this puzzle?)")
    return Decoded("sat", solution, problems)


def count(item: Item, limit: int, solver: str = DEFAULT_SOLVER,
          timeout: float | None = None) -> Result:
    """Count the solutions of one item, up to ``limit``: ``result.count``.

    Puzzles with a counting hook (Battleship) and more than
    ``engine.COUNT_PROBE`` solutions are counted by projection
    (:func:`satlink.engine.count`): ``result.solutions`` then holds one
    verified solution per projection, not every solution counted. The count
    is capped at ``limit``; ``result.complete`` says whether it is exact."""
    if item.error is not None:
        raise item.error
    return engine.count(item.puzzle, item.instance, limit=limit, solver=solver, timeout=timeout)


__all__ = ["load", "load_text", "solve", "outcome", "outcome_of", "outcomes", "check", "dimacs",
           "decode", "count", "parse_answer", "Outcome", "Decoded", "EXIT", "exit_code",
           "SatlinkError"]
