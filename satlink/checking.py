"""``satlink check``: collections of puzzles, in order, here, in worker
processes or on a Dask cluster, each result as soon as it is known.

Files become units of work (chunks of a one-puzzle-per-line file, parsed
where they run; single puzzles otherwise), a runner (:mod:`satlink.runners`)
runs them, and :func:`check_events` hands back each unit's JSON records as
it finishes, which the CLI writes to ``--output`` at once and prints in
input order. ``--resume`` keys are (file, line), line 0 for a file of one
puzzle. The long-lived children that hold the limits for ``--jobs`` are
driven from :mod:`satlink.check_children`.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import closing
from dataclasses import replace
from pathlib import Path

from . import formats
from .api import Outcome, ReadLimitReached, load_text, with_difficulty, with_redundant
from .engine import DEFAULT_SOLVER
from .errors import InputError, Pos
from .formats import Item
from .children import Worker, can_fork, map_bounded
from .limited import outcomes, warm_up, worker
from .limits import Limits
from .records import frozen

#: Lines of a one-puzzle-per-line file (Sudoku collections) a worker takes at
#: a time: its batch solver is encoded once per chunk (chunks of 100 cost the
#: 17-clue set 70 % more CPU with --jobs 2); a chunk still running when a run
#: is stopped is done again by ``--resume``.
CHUNK = 500


@frozen
class CheckJob:
    """What every unit of a ``check`` shares: how to solve, and what to skip."""

    limit: int = 2
    solver: str = DEFAULT_SOLVER
    timeout: float | None = None
    max_memory: int | None = None
    #: (file, line) of puzzles already done (``--resume``); line 0 for a
    #: file of one puzzle
    skip: frozenset = frozenset()
    certify: bool = False  # certify unique and none verdicts (``--certify``)
    proof_dir: str | None = None  # keep the proofs there (``--proof DIR``)
    redundant: bool = False  # count the redundant clues of unique puzzles (``--redundant``)
    difficulty: bool = False  # rate unique puzzles by their explanation (``--difficulty``)
    #: the records wanted as JSON lines (``--json``, ``--output``): the
    #: children that read a file's lines write them (see
    #: :class:`satlink.check_children.Texts`)
    texts: bool = False


def record_kind(record: dict) -> str:
    """The exit kind of a result record (as ``Outcome.exit_kind``).

    >>> record_kind({"verdict": "error", "error": "internal error: ..."})
    'internal'
    """
    if record["verdict"] == "error":
        return "internal" if (record.get("error") or "").startswith("internal") else "input"
    return record["verdict"]


def source_key(record: dict) -> tuple[str, int]:
    """The key of a result record for ``--resume``: (file, line)."""
    src = record["source"]
    return src["file"], src.get("line", 0)


def run_unit(unit, job: CheckJob) -> list[tuple[dict, str]]:
    """Solve a unit of check work where this runs (a worker process, a Dask
    worker or here): a list of Items, or a chunk of a one-puzzle-per-line
    file to parse here. Batch solvers live for this call only."""
    items = [i for i in unit_items(unit) if (i.source.file, i.source.line) not in job.skip]
    return [(o.as_json(), o.exit_kind) for o in job_outcomes(items, job)]


def job_outcomes(items: list[Item], job: CheckJob, child: Worker | None = None
                 ) -> Iterator[Outcome]:
    """The outcomes of ``items`` as ``job`` asks, in order (solved by
    ``child`` if given)."""
    found = outcomes(items, job.limit, job.solver, job.timeout, job.max_memory,
                     job.certify, job.proof_dir, child)
    if not job.redundant and not job.difficulty:
        yield from found
        return
    for item, o in zip(items, found):
        if job.redundant:
            o = with_redundant(item, o, job.solver, job.timeout)
        if job.difficulty:
            o = with_difficulty(item, o, job.timeout)
        yield o


class Texts:
    """The records of a chunk of lines as the children wrote them
    (:class:`satlink.check_children.LineChunk`), JSON
    lines (``check --json``, ``--output``): they are printed and appended as
    they came, one string a chunk, and this process holds no record of its
    own (on the 17-clue Sudoku set, unpickling a record here and writing its
    JSON cost ~15 us a puzzle; a line costs the child ~6 us more than the
    record's pickle). Iterated, it gives (record, exit kind) pairs as any
    unit's records (each line read back: what a caller that wants the
    records pays, not ``check``)."""

    __slots__ = ("lines", "kinds", "mismatched")

    def __init__(self, lines: list[str], kinds: list[str], mismatched: list[int]):
        self.lines = lines  # each with its line end
        self.kinds = kinds  # the exit kind of each
        self.mismatched = mismatched  # where the solution differs from the one written

    def __len__(self) -> int:
        return len(self.lines)

    def __iter__(self) -> Iterator[tuple[dict, str]]:
        import json

        return ((json.loads(line), kind) for line, kind in zip(self.lines, self.kinds))

    def text(self) -> str:
        return "".join(self.lines)

    def exit_kinds(self, strict: bool) -> list[str]:
        """The exit kind of each record; under ``strict`` a solution that
        differs from the one written in the file is a mismatch."""
        if not (strict and self.mismatched):
            return self.kinds
        kinds = list(self.kinds)
        for k in self.mismatched:
            kinds[k] = "mismatch"
        return kinds


def unit_items(unit) -> list[Item]:
    """The Items of a unit (parsing a chunk of lines here)."""
    if not isinstance(unit, dict):
        return unit
    try:
        items = load_text(unit["text"], unit["file"], unit["fmt"], unit["type"],
                          unit["options"], unit["first_line"])
    except InputError as exc:
        if not formats.get(unit["fmt"]).puzzle_lines(unit["text"]):
            return []  # a chunk of comments (the file has puzzles: see _units)
        return [Item(exc.pos, None, error=exc)]
    skip = set(unit.get("skip", ()))
    return [i for i in items if i.source.line not in skip] if skip else items


def _read_bounded(text: str, path: str, fmt: str, puzzle_type, options,
                  limits: Limits, worker: Worker | None = None,
                  solve: bool = False) -> list[Item] | Outcome:
    """``load_text`` in a child process under ``limits`` (where there is
    fork; ``worker``'s if given): a file that takes too long or too much
    memory to read is one input error. With ``solve`` (and ``worker``) a
    file of one puzzle is solved there too, within the same limit, and its
    Outcome comes back instead of its Item (see :func:`satlink.limited.worker`);
    a limit that strikes then makes the file ``unknown``."""
    if not (limits.bounded and can_fork()):
        return load_text(text, path, fmt, puzzle_type, options)
    warm_up(text, path, fmt, puzzle_type)
    if worker is not None and solve:
        kind, value = worker.call(("file", text, path, fmt, puzzle_type, options))
        if kind == "ok":
            return value[1]
        if kind != "error":  # a limit struck, reading or solving
            named = formats.named_type(text, formats.get(fmt), puzzle_type)
            return Outcome(Pos(path), named.name if named else "unknown", "unknown",
                           reason=value)
    elif worker is not None:
        kind, value = worker.call(("read", text, path, fmt, puzzle_type, options))
    else:
        with closing(map_bounded(lambda _: load_text(text, path, fmt, puzzle_type, options),
                                 [None], limits)) as results:
            [(kind, value)] = results
    if kind == "ok":
        return value
    if kind == "error":
        raise value
    raise ReadLimitReached(f"{value} while reading the file", Pos(path))


def _units(path: str, fmt, puzzle_type, options, chunk: int, limits: Limits = Limits(),
           worker: Worker | None = None, solve: bool = False):
    """Work units of one file: line chunks for line-batch formats (parsed by
    the workers), otherwise chunks of Items read here (in a child process
    under ``limits``, ``worker``'s if given; with ``solve``, a file of one
    puzzle read and solved there, its unit the Outcome)."""
    try:
        text = formats.read_text(path)
        mod = formats.get(fmt) if fmt else formats.detect(text, path)
    except InputError as exc:
        yield [Item(Pos(path), None, error=exc)]
        return
    if getattr(mod, "LINE_BATCH", False):
        lines = text.splitlines()
        if not any(line.strip() and not line.lstrip().startswith("#") for line in lines):
            err = InputError(f"no puzzle found in this {mod.NAME} file", Pos(path, 1, 1))
            yield [Item(err.pos, formats.named_type(text, mod, puzzle_type), error=err)]
            return
        for i in range(0, len(lines), chunk):
            yield {"text": "\n".join(lines[i:i + chunk]), "file": path, "fmt": mod.NAME,
                   "type": puzzle_type, "options": options, "first_line": i + 1}
        return
    try:
        items = _read_bounded(text, path, mod.NAME, puzzle_type, options, limits, worker,
                              solve)
        if isinstance(items, Outcome):
            yield items
            return
    except InputError as exc:  # the file as a whole: keyed by the file, as --resume reads it
        items = [Item(Pos(path), formats.named_type(text, mod, puzzle_type), error=exc)]
    # puzzles solved on their own travel one by one: finer progress, and
    # nothing finished is held back in a worker when a run is stopped
    step = chunk if any(item.batch for item in items) else 1
    for i in range(0, len(items), step):
        yield items[i:i + step]


def expand_paths(paths: Iterable[str], suffixes: tuple[str, ...] = ()) -> list[str]:
    """Files named, and every regular file below directories named, sorted.
    A folder with no file in it, or a path that does not exist, is an input
    error."""
    out = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            # a dangling symlink is listed, to be reported as unreadable
            found = [str(f) for f in sorted(path.rglob("*"))
                     if (f.is_file() or (f.is_symlink() and not f.exists()))
                     and not f.name.startswith(".") and (not suffixes or f.suffix in suffixes)]
            if not found:
                raise InputError("this folder holds no puzzle file", Pos(p))
            out.extend(found)
        else:
            out.append(p)
    return out


def check_units(paths: Iterable[str], fmt: str | None = None, puzzle_type: str | None = None,
                options: dict | None = None, chunk: int = CHUNK,
                limits: Limits = Limits(), worker: Worker | None = None,
                solve: frozenset | None = None) -> Iterator:
    """The units of work of a ``check`` over ``paths``, in input order. With
    ``solve`` (the --resume keys to skip) a file of one puzzle is read and
    solved by ``worker`` at once, unless ``solve`` names the file."""
    skipped = {file for file, _ in solve} if solve else set()
    for path in expand_paths(paths):
        yield from _units(path, fmt, puzzle_type, options, chunk, limits, worker,
                          solve is not None and path not in skipped)


def check(paths: Iterable[str], jobs: int = 1, limit: int = 2, solver: str = DEFAULT_SOLVER,
          timeout: float | None = None, fmt: str | None = None, puzzle_type: str | None = None,
          options: dict | None = None, chunk: int = CHUNK, max_memory: int | None = None,
          skip: Iterable[tuple[str, int]] = (), certify: bool = False,
          proof_dir: str | None = None) -> Iterator[tuple[dict, str]]:
    """(JSON record, exit kind) for every puzzle in the files, in file order.

    With ``jobs > 1`` puzzles are solved in that many processes, in chunks
    of ``chunk`` lines (batch formats) or one by one; :func:`check_events`
    gives them as they finish instead.
    """
    job = CheckJob(limit, solver, timeout, max_memory, frozenset(skip), certify, proof_dir)
    pending: dict[int, list] = {}
    ahead = 0
    for index, records in check_events(paths, job, jobs, fmt, puzzle_type, options, chunk):
        pending[index] = records
        while ahead in pending:
            yield from pending.pop(ahead)
            ahead += 1


def check_events(paths: Iterable[str], job: CheckJob, jobs: int = 1, fmt: str | None = None,
                 puzzle_type: str | None = None, options: dict | None = None,
                 chunk: int = CHUNK, runner=None
                 ) -> Iterator[tuple[int, list[tuple[dict, str]]]]:
    """(unit index, [(record, exit kind), ...]) as units finish, in any
    order with ``jobs > 1`` or a ``runner``; one puzzle at a time, in order,
    otherwise. ``runner`` (see :mod:`satlink.runners`) sends units
    elsewhere, a Dask cluster for instance. With ``job.texts`` a chunk of
    lines solved by the long-lived children comes as :class:`Texts` (its
    records' JSON lines, which iterate as the pairs).

    ``jobs`` is bounded by the work: min(``jobs``, units still to do)
    processes, and none but this one when that is 1 (so ``--jobs 1000`` on
    one puzzle costs what ``--jobs 1`` costs)."""
    limits = Limits(job.timeout, job.max_memory)
    if runner is None and jobs <= 1 and limits.bounded and can_fork():
        # one child reads and solves file after file (a fresh one after a
        # limit strikes): two forks a file cost a folder of small files
        # three times its solving; a file of one puzzle is read and solved
        # in one call, and only its Outcome comes back
        with _child(job, limits) as child:
            yield from _here(check_units(paths, fmt, puzzle_type, options, chunk, limits, child,
                                         None if _extras(job) else job.skip), job, child)
        return
    free = replace(job, skip=frozenset())
    if runner is None and limits.bounded and can_fork():
        with _child(job, limits) as reader:
            work = _todo(check_units(paths, fmt, puzzle_type, options, chunk, limits, reader),
                         job.skip)
            if min(jobs, len(work)) <= 1:
                yield from _here(work, free, reader)
                return
        from .check_children import in_children

        yield from in_children(work, free, min(jobs, len(work)))
        return
    units = check_units(paths, fmt, puzzle_type, options, chunk, limits)
    if runner is None and jobs <= 1:
        yield from _here(units, job)
        return

    def todo() -> list:
        return _todo(units, job.skip)

    if runner is not None:  # a cluster that does not answer is known before any file is read
        with runner as run:
            yield from run.map_unordered(run_unit, todo(), free)
        return
    work = todo()
    if min(jobs, len(work)) <= 1:
        yield from _here(work, free)
        return
    from .runners import LocalRunner

    with LocalRunner(min(jobs, len(work))) as run:
        yield from run.map_unordered(run_unit, work, free)


def _todo(units: Iterable, skip: frozenset) -> list:
    """The units left when ``skip`` (what --resume skips) is taken out here,
    so that no task carries the set."""
    return [u for u in (_without(unit, skip) for unit in units) if u]


def _extras(job: CheckJob) -> bool:
    """Whether ``job`` asks for more than verdicts (certificates, redundant
    clues, difficulty), each of which holds its own limits."""
    return job.certify or job.redundant or job.difficulty


def _child(job: CheckJob, limits: Limits) -> Worker:
    """The long-lived child that reads and solves under ``limits`` when
    there is one: with ``--certify``, ``--redundant`` or ``--difficulty``
    it makes those too, each under its own limit (see
    :func:`satlink.check_children.in_child`)."""
    if not _extras(job):
        return worker(job.limit, job.solver, limits)
    from .check_children import extras_worker

    return extras_worker(job, limits)


def _here(units: Iterable, job: CheckJob, child: Worker | None = None
          ) -> Iterator[tuple[int, list[tuple[dict, str]]]]:
    """The units solved in this process (or ``child``, one made by
    :func:`_child`), one puzzle at a time, in order."""
    if child is not None and _extras(job):
        from .check_children import in_child

        def solved(items: list[Item]) -> Iterator[Outcome]:
            return in_child(items, job, child)
    else:
        def solved(items: list[Item]) -> Iterator[Outcome]:
            return job_outcomes(items, job, child)

    index = 0
    for unit in units:
        if isinstance(unit, Outcome):  # a file read and solved by ``child``
            yield index, [(unit.as_json(), unit.exit_kind)]
            index += 1
            continue
        items = [i for i in unit_items(unit) if (i.source.file, i.source.line) not in job.skip]
        for o in solved(items):
            yield index, [(o.as_json(), o.exit_kind)]
            index += 1


def _without(unit, skip: frozenset):
    """``unit`` less the puzzles in ``skip``; a line chunk takes the lines to
    skip with it (its worker parses it)."""
    if not skip:
        return unit
    if isinstance(unit, dict):
        last = unit["first_line"] + unit["text"].count("\n")
        lines = {line for file, line in skip
                 if file == unit["file"] and unit["first_line"] <= line <= last}
        return dict(unit, skip=sorted(lines))
    return [i for i in unit if (i.source.file, i.source.line) not in skip]


def default_jobs() -> int:
    return os.cpu_count() or 1


#: ``--jobs`` above this many times the CPUs gets a warning.
JOBS_PER_CPU = 4


def jobs_warning(jobs: int, option: str = "--jobs") -> str | None:
    """A one-line warning for ``jobs`` above :data:`JOBS_PER_CPU` times the
    CPUs here, None otherwise.

    >>> jobs_warning(1) is None
    True
    """
    cpus = default_jobs()
    if jobs <= JOBS_PER_CPU * cpus:
        return None
    return (f"warning: {option} {jobs} is more than {JOBS_PER_CPU} times the {cpus} CPUs here:"
            " no more processes start than there is work, and those beyond the CPUs wait")
