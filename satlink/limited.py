"""Solving many items and whole files under limits: in this process, or in a
child process that holds the limits (:mod:`satlink.children`), or a
long-lived :func:`worker`; batch items share solvers. One item's outcome is
:func:`satlink.api.outcome`.
"""
from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from contextlib import closing
from typing import Any

from . import engine, formats
from .api import (Outcome, certified, internal_error, load, load_text, outcome, outcome_of,
                  type_name)
from .children import Worker, can_fork, map_bounded
from .contract import objective_of
from .engine import DEFAULT_SOLVER, BatchSolver, VerificationError
from .errors import InputError, Pos, SatlinkError, SearchError
from .formats import Item
from .limits import Limits


def _batch_for(item: Item, solver: str, cache: dict, sliced: bool) -> BatchSolver | None:
    if not item.batch or item.puzzle is None or item.puzzle.batch_shape is None:
        return None
    if objective_of(item.puzzle, item.instance) is not None:  # optimised on its own
        return None
    if item.puzzle.batch_shape(item.instance) is None:  # a shape solved on its own
        return None
    key = (item.puzzle.name, solver)
    if key not in cache:
        cache[key] = BatchSolver(item.puzzle, solver, sliced=sliced)
    return cache[key]


def outcomes(items: Iterable[Item], limit: int = 2, solver: str = DEFAULT_SOLVER,
             timeout: float | None = None, max_memory: int | None = None,
             certify: bool = False, proof_dir: str | None = None,
             worker: Worker | None = None) -> Iterator[Outcome]:
    """Outcomes of many items in order, each as soon as it is known; batch
    items share solvers. With ``certify``, each ``unique`` and ``none``
    verdict is then certified by a checked DRAT proof, under the same limits
    (:func:`satlink.certify.certify`; ``proof_dir`` keeps the files).

    Under a limit (and where there is fork) the items are solved one after
    another in a child process that holds the limits
    (:func:`satlink.children.map_bounded`), and its batch solvers live there:
    an item that hits a limit is ``unknown`` with the reason, and the next
    one goes on in a fresh child. A ``worker`` made by :func:`worker`
    with the same limits solves them instead of a child of their own.
    """
    items = list(items)
    if certify:
        for item, o in zip(items, outcomes(items, limit, solver, timeout, max_memory,
                                           worker=worker)):
            yield certified(item, o, timeout, max_memory, proof_dir)
        return
    limits = Limits(timeout, max_memory)
    cache: dict = {}  # batch solvers, by puzzle type and solver
    if not (limits.bounded and can_fork()):
        try:
            for item in items:
                yield _outcome_here(item, limit, solver, limits, cache, sliced=True)
        finally:
            _close(cache)
        return

    def run(item: Item) -> Outcome:  # in the child, which owns ``cache``
        return _outcome_here(item, limit, solver, limits, cache, sliced=False)

    answers = (worker.map([("solve", item) for item in items]) if worker is not None
               else map_bounded(run, items, limits))
    with closing(answers) as results:
        for item, answer in zip(items, results):
            yield answered(item, answer)


def answered(item: Item, answer: tuple[str, Any]) -> Outcome:
    """The outcome of ``item`` from a child's answer (see
    :meth:`satlink.children.Worker.map`): its outcome, an internal error,
    or ``unknown`` when a limit struck."""
    kind, value = answer
    if kind == "ok":
        return value
    if kind == "error":
        return internal_error(item, value)
    return Outcome(item.source, type_name(item), "unknown", reason=value)


def worker(limit: int, solver: str, limits: Limits) -> Worker:
    """A long-lived child under ``limits`` for many files in turn
    (:class:`satlink.children.Worker`): it reads a file's text, ``("read",
    text, path, fmt, puzzle_type, options)``, or solves an item, ``("solve",
    item)``, as :func:`outcomes` does; its batch solvers live in it from one
    item to the next. ``("file", text, path, fmt, puzzle_type, options)``
    reads a file and, when it holds one puzzle, solves it within the same
    limit (as :func:`file_outcomes` does): ``("solved", outcome)``, else
    ``("items", items)`` for the caller to send back one by one (an Item
    costs ten times its Outcome to pickle: reading here and solving there
    sent each board four times)."""
    cache: dict = {}  # the child's batch solvers

    def run(task: tuple) -> Any:
        if task[0] == "read":
            return load_text(*task[1:])
        if task[0] == "file":
            deadline = None if limits.timeout is None else time.perf_counter() + limits.timeout
            items = load_text(*task[1:])
            if len(items) != 1:
                return "items", items
            return "solved", _outcome_here(items[0], limit, solver, limits, cache, False,
                                           deadline)
        return _outcome_here(task[1], limit, solver, limits, cache, sliced=False)

    return Worker(run, limits)


def _outcome_here(item: Item, limit: int, solver: str, limits: Limits, cache: dict,
                  sliced: bool, deadline: float | None = None) -> Outcome:
    """One item solved in this process; the clock is read between solver
    calls (and within them when ``sliced``). The deadline is ``limits``'
    time from now unless given."""
    if item.error is not None:
        return outcome(item)
    batch = _batch_for(item, solver, cache, sliced)
    if deadline is None and limits.timeout is not None:
        deadline = time.perf_counter() + limits.timeout
    try:
        if batch is not None:
            result = batch.solve(item.instance, limit=limit, deadline=deadline)
        else:
            result = engine.search(item.puzzle, item.instance, limit, solver, deadline,
                                   sliced=sliced)
    except (VerificationError, SearchError) as exc:
        return internal_error(item, exc)
    except InputError as exc:
        return Outcome(item.source, type_name(item), "error", error=exc.render(),
                       error_kind="input")
    return outcome_of(item, result)


def outcome_in_process(item: Item, limit: int = 2, solver: str = DEFAULT_SOLVER,
                       timeout: float | None = None) -> Outcome:
    """:func:`outcome` without a child process: for a caller that is itself
    a bounded child (a request of ``satlink serve``), which holds the memory
    limit and a hard time limit; here the clock is read within solver calls
    (conflict-budget slices), so the verdict is ``unknown`` on time."""
    cache: dict = {}
    try:
        return _outcome_here(item, limit, solver, Limits(timeout), cache, sliced=True)
    finally:
        _close(cache)


def file_outcomes(path: str, fmt: str | None = None, puzzle_type: str | None = None,
                  options: dict | None = None, limit: int = 2, solver: str = DEFAULT_SOLVER,
                  timeout: float | None = None, max_memory: int | None = None,
                  certify: bool = False, proof_dir: str | None = None
                  ) -> Iterator[tuple[Item | None, Outcome]]:
    """Read a file and solve its puzzles: (item, outcome) for each, in order.

    Under a limit the file is read in the child process that holds it, so a
    huge grid is bounded too: a file of one puzzle is read and solved there
    within one time limit; the puzzles of a larger file are then solved each
    under its own (:func:`outcomes`). A limit that strikes while reading
    gives one ``unknown`` outcome and no item. Input errors of the whole
    file raise, as :func:`load` does.
    """
    limits = Limits(timeout, max_memory)
    if not (limits.bounded and can_fork()):
        items = load(path, fmt, puzzle_type, options)
        yield from zip(items, outcomes(items, limit, solver, timeout, max_memory, certify,
                                       proof_dir))
        return

    def read_and_solve_one(_) -> tuple[list[Item], Outcome | None]:
        deadline = None if timeout is None else time.perf_counter() + timeout
        items = load(path, fmt, puzzle_type, options)
        if len(items) != 1:
            return items, None
        return items, _outcome_here(items[0], limit, solver, limits, {}, False, deadline)

    warm_up(None, str(path), fmt, puzzle_type)
    with closing(map_bounded(read_and_solve_one, [None], limits)) as results:
        [(kind, value)] = results
    if kind == "error":
        raise value
    if kind != "ok":
        yield None, Outcome(Pos(path), _named_type(path, fmt, puzzle_type), "unknown",
                            reason=value)
        return
    items, first = value
    if first is None:
        yield from zip(items, outcomes(items, limit, solver, timeout, max_memory, certify,
                                       proof_dir))
        return
    if certify:
        first = certified(items[0], first, timeout, max_memory, proof_dir)
    yield items[0], first


def _named_type(path: str, fmt: str | None, puzzle_type: str | None) -> str:
    """The type a file names (for reporting), or "unknown"."""
    try:
        text = formats.read_text(path)
        mod = formats.get(fmt) if fmt else formats.detect(text, path)
        found = formats.named_type(text, mod, puzzle_type)
    except SatlinkError:
        return "unknown"
    return found.name if found is not None else "unknown"


def warm_up(text: str | None = None, path: str = "", fmt: str | None = None,
            puzzle_type: str | None = None) -> None:
    """Import here the genre that ``--type`` or the first lines of a `.pzl`
    file (or ``text``) name, before children are forked: this process
    imports it anyway to read the child's answer (unpickling names its
    classes), and a child forked after inherits it instead of importing it
    again (40 ms of the 90 of a small Sudoku). (lark's .pzl parser is not
    built here: a plain document is read without it, see
    :func:`satlink.lang.parse_text`.) Nothing here is an error: the child
    reads the file and says what is wrong with it."""
    if puzzle_type is None:
        if fmt not in (None, "pzl") or (text is None and not path.endswith(".pzl")):
            return
        if text is None:
            try:
                with open(path, encoding="utf-8", errors="replace") as fh:
                    text = fh.read(4096)
            except (OSError, ValueError):
                return
    try:  # the type named as reports name it (formats.named_type), imported there
        formats.named_type((text or "")[:4096], formats.get("pzl"), puzzle_type)
    except SatlinkError:
        pass


def _close(cache: dict) -> None:
    for b in cache.values():
        b.close()
    cache.clear()
