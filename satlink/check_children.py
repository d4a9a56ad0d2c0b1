"""The long-lived children of ``satlink check`` under limits: verdicts, and
what ``--certify``, ``--redundant`` and ``--difficulty`` add to them, each
puzzle's work under its own limit in a child that lives from file to file
(:class:`satlink.children.Worker`).

:func:`in_children` keeps ``--jobs`` children busy (units in any order);
:func:`in_child` solves the puzzles of a run without ``--jobs`` one at a
time, in order, in its one child. An addition that hits a limit is missing as it is when it runs out of
time by itself (no checked proof, no count, no rating), and the verdict
stays.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator

from . import formats
from .api import Outcome, certified, with_difficulty, with_redundant
from .checking import CheckJob, Texts, unit_items
from .children import Worker
from .errors import Pos, UsageError
from .formats import Item
from .limited import answered, worker
from .limits import Limits


def in_children(work: list, job: CheckJob, jobs: int
                ) -> Iterator[tuple[int, list[tuple[dict, str]]]]:
    """Units solved by ``jobs`` long-lived children that hold the limits,
    each puzzle under its own; a chunk of lines is parsed here when a child
    is free for it (a child per chunk cost a fork and its batch solver
    encoded again; in a child that lives, the solver lives too). What
    ``--certify``, ``--redundant`` and ``--difficulty`` add to a unit's
    verdicts is a second task of the same children, each addition of each
    puzzle under its own limit (:func:`extra_tasks`)."""
    from .runners import ChildRunner

    limits = Limits(job.timeout, job.max_memory)
    held: dict = {}  # unit index -> its Items (then their Outcomes), until answered
    later: deque = deque()  # the second tasks, sent before any new unit

    lines = not (job.certify or job.redundant or job.difficulty)

    def units() -> Iterator[tuple[int, list]]:
        for index, unit in enumerate(work):
            if lines and isinstance(unit, dict):  # a chunk of lines: read in the children
                held[index] = chunk = LineChunk(unit, job.texts)
                yield index, chunk.tasks
                continue
            held[index] = items = unit_items(unit)
            yield index, [("solve", item) for item in items]

    first = units()

    def tasks() -> Iterator[tuple]:
        while True:  # serve asks again when a child is free
            yield later.popleft() if later else next(first, None)

    with ChildRunner(jobs, lambda: extras_worker(job, limits)) as run:
        for key, answers in run.map_unordered(_until_done(tasks(), later, held)):
            if isinstance(key, tuple):  # ("more", index): the additions came back
                index = key[1]
                items, found, asked = held.pop(index)
                for (k, kind), answer in zip(asked, answers):
                    add(found[k], kind, answer)
            elif isinstance(held[key], LineChunk):
                yield key, held.pop(key).records(answers)
                continue
            else:
                index, items = key, held[key]
                found = [answered(item, a) for item, a in zip(items, answers)]
                asked = extra_tasks(items, found, job)
                if asked:
                    held[index] = (items, found, asked)
                    later.append((("more", index), [(kind, items[k], found[k])
                                                    for k, kind in asked]))
                    continue
                del held[index]
            yield index, [(o.as_json(), o.exit_kind) for o in found]


class LineChunk:
    """A chunk of a one-puzzle-per-line file (a unit of :func:`satlink.checking._units`)
    sent to the children line by line: a child reads each line, solves it
    under its own limit and sends back its JSON record (see
    :func:`extras_worker`), or with ``texts`` that record's JSON line
    (:class:`Texts`). Nothing is parsed here and no Item or Outcome
    travels: on the 17-clue Sudoku set this process spent more CPU reading
    chunks, pickling Items and unpickling Outcomes than printing the records.
    Every line's task holds the chunk's lines (one tuple: it pickles once)
    so that the child can read a few ahead (:func:`line_record`)."""

    def __init__(self, unit: dict, texts: bool = False):
        mod = formats.get(unit["fmt"])
        skip = set(unit.get("skip", ()))
        self.file = unit["file"]
        self.texts = texts
        found = tuple((n, line) for n, line in mod.puzzle_lines(unit["text"], unit["first_line"])
                      if n not in skip)
        self.lines = [n for n, _ in found]
        #: the genre a record names when the child answers nothing (a limit struck)
        self.genre = formats.named_type(unit["text"], mod, unit["type"])
        head = (unit["file"], unit["fmt"], unit["type"], unit["options"])
        self.tasks = [("line", head, k, found) for k in range(len(found))]

    def records(self, answers: list[tuple[str, object]]) -> list[tuple[dict, str]] | Texts:
        """(record, exit kind) of each line from the children's answers; with
        ``texts`` their JSON lines and exit kinds (:class:`Texts`)."""
        out: list = []
        kinds: list[str] = []
        mismatched: list[int] = []
        for n, (kind, value) in zip(self.lines, answers):
            if kind == "ok":
                if self.texts:
                    text, kind, mismatch = value
                    if mismatch:
                        mismatched.append(len(out))
                    out.append(text)
                    kinds.append(kind)
                else:
                    out.append(value)
                continue
            if kind == "error" and isinstance(value, UsageError):
                raise value  # --type that the format cannot read: as when read here
            o = answered(Item(Pos(self.file, n, 1), self.genre), (kind, value))
            if self.texts:
                import json  # imported by now: --json and --output print with it

                out.append(json.dumps(o.as_json()) + "\n")
                kinds.append(o.exit_kind)
            else:
                out.append((o.as_json(), o.exit_kind))
        return Texts(out, kinds, mismatched) if self.texts else out


#: Lines of a :class:`LineChunk` a child reads at once, within the limits of
#: the first: one 17-clue line read alone cost 24 us, 7 us read with others
#: (``load_text``'s own work, once a call); reading 32 adds ~0.2 ms to one
#: puzzle's time.
READ_AHEAD = 32


def line_record(task: tuple, solve, ahead: dict, dumps=None) -> tuple:
    """In a child: the JSON record and exit kind of one line of a
    :class:`LineChunk`, read here (with the :data:`READ_AHEAD` lines from it
    on, kept in ``ahead`` by (file, line) for the tasks that follow) and
    solved by ``solve`` (a worker's); with ``dumps`` (``json.dumps``) the record's JSON line,
    its exit kind and whether its solution differs from the one written in
    the file (see :class:`Texts`)."""
    _, (file, fmt, puzzle_type, options), k, lines = task
    n = lines[k][0]
    item = ahead.pop((file, n), None)
    if item is None:
        ahead.clear()
        group = lines[k:k + READ_AHEAD]
        # the lines at their own numbers: those between (skipped, comments) are blank
        rows = [""] * (group[-1][0] - n + 1)
        for m, line in group:
            rows[m - n] = line
        try:
            ahead.update(((file, i.source.line), i) for i in unit_items(
                {"text": "\n".join(rows), "file": file, "fmt": fmt, "type": puzzle_type,
                 "options": options, "first_line": n}))
        except Exception:  # the line alone says what is wrong, as it did before
            ahead.clear()
        item = ahead.pop((file, n), None)
    if item is None:
        [item] = unit_items({"text": lines[k][1], "file": file, "fmt": fmt, "type": puzzle_type,
                             "options": options, "first_line": n})
    o = solve(("solve", item))
    if dumps is not None:
        return dumps(o.as_json()) + "\n", o.exit_kind, o.expected_ok is False
    return o.as_json(), o.exit_kind


def in_child(items: list[Item], job: CheckJob, child: Worker) -> Iterator[Outcome]:
    """The outcomes of ``items`` in order, each solved by ``child`` (made by
    :func:`extras_worker`) and then given there what ``job`` adds to it:
    without ``--jobs`` the certificate, the redundant count and the rating
    are made under the limits too, in the child that lives, not in a fork
    of their own (the certificate) or in this process (the others)."""
    for item in items:
        found = [answered(item, child.call(("solve", item)))]
        asked = extra_tasks([item], found, job)
        if asked:
            tasks = [(kind, item, found[0]) for _, kind in asked]
            for (_, kind), answer in zip(asked, child.map(tasks)):
                add(found[0], kind, answer)
        yield found[0]


def _until_done(tasks: Iterator, later: deque, held: dict) -> Iterator:
    """``tasks`` until no unit is left to send and none waits for its
    additions; None while a second task may still come (serve skips it)."""
    for task in tasks:
        if task is None and not later and not held:
            return
        yield task


def extra_tasks(items: Iterable[Item], found: list[Outcome], job: CheckJob
                ) -> list[tuple[int, str]]:
    """(puzzle's place, "certify" | "redundant" | "difficulty") of what the
    children add to these verdicts; what needs no work is marked here."""
    if job.certify:  # here: only --certify needs it (not imported before the first puzzle)
        from .certify import CERTIFIABLE
    asked = []
    for k, (item, o) in enumerate(zip(items, found)):
        if item.error is not None:
            continue
        if job.certify and o.verdict in CERTIFIABLE:
            asked.append((k, "certify"))
        if job.redundant:
            o.redundant_asked = True
            if o.verdict == "unique":
                asked.append((k, "redundant"))
        if job.difficulty:
            o.difficulty_asked = True
            if o.verdict == "unique":
                asked.append((k, "difficulty"))
    return asked


def add(o: Outcome, kind: str, answer: tuple[str, object]) -> None:
    """An addition a child made to ``o`` (or the limit that struck it: no
    checked proof, no count, no rating, as each says when it runs out of
    time by itself)."""
    what, value = answer
    if what == "error":
        raise value
    if kind == "certify":
        from .certify import Certificate

        o.certificate = (value if what == "ok" else
                         Certificate(False, f"no checked proof: {value}").as_json())
    elif kind == "redundant":
        o.redundant = value if what == "ok" else None
    else:
        o.difficulty = value if what == "ok" else None


def extras_worker(job: CheckJob, limits: Limits) -> Worker:
    """:func:`satlink.limited.worker` that also adds to an Outcome: ``(kind,
    item, outcome)`` for each kind of :func:`extra_tasks`, under the
    child's limits (the certificate's proof is checked in the child, not in
    a child of its own)."""
    child = worker(job.limit, job.solver, limits)
    solve = child.fn
    ahead: dict = {}  # lines read, not yet solved (line_record)
    dumps = None
    if job.texts:  # imported before the fork: the children share it
        import json

        # json.dumps's text (its defaults) without the check for a list
        # that holds itself, which a record made by ``as_json`` never is:
        # 9.7 us a 17-clue record against 11.5
        dumps = json.JSONEncoder(check_circular=False).encode

    def run(task: tuple):
        kind = task[0]
        if kind == "certify":
            return certified(task[1], task[2], None, None, job.proof_dir).certificate
        if kind == "redundant":
            return with_redundant(task[1], task[2], job.solver, job.timeout).redundant
        if kind == "difficulty":
            return with_difficulty(task[1], task[2], job.timeout).difficulty
        if kind == "line":
            return line_record(task, solve, ahead, dumps)
        return solve(task)

    child.fn = run
    return child
