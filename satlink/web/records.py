"""What the API answers, as plain dicts: a request's puzzle read and solved
(:func:`solve_record`), analysed (:func:`analysis_record`), or minimized
(:func:`minimize_record`).

These run in the child that :mod:`satlink.web.app` forks under the limits;
they return ``(status, dict)``. Input the puzzle readers refuse is a 400
with the reader's message (``<input>:3:5: error: ...``); a question a genre
cannot answer (a design tool on a genre whose clues are structure) is said
in the record, never raised.

>>> status, rec = analysis_record({"text": "puzzle sudoku\\nsize 4\\ngrid\\n"
...     "  1 2 3 4\\n  3 4 1 2\\n  2 1 4 3\\n  4 3 . .\\n"}, timeout=10)
>>> status, rec["verdict"], rec["redundant"]
(200, 'unique', ['r1c1', 'r1c2', 'r1c3', 'r1c4', 'r2c1', 'r2c2', 'r2c3', 'r2c4', 'r3c1', 'r3c2', 'r3c3', 'r3c4', 'r4c1', 'r4c2'])
>>> solve_record({"url": "https://puzz.link/p?slither/3/3/zz"}, timeout=5)[0]
400
"""
from __future__ import annotations

import time
from typing import Any

from .. import api, limited
from ..design.oracle import DesignError, TimeUp, clock
from ..errors import InputError, SatlinkError
from ..formats import Item
from .overlay import marked, shared

#: Characters of input a request may send (the app refuses more, 413).
MAX_INPUT = 1 << 20


class BadRequest(Exception):
    """A request the API cannot take: status 400 and the message."""


#: Characters of a dropped file's name the API keeps.
MAX_NAME = 255


def _label(name: Any) -> str:
    """The name of the file a page sent (its last path part only; never
    opened): the label of messages and what format sniffing reads."""
    if name is None:
        return "<input>"
    if not isinstance(name, str):
        raise BadRequest("`name` must be a string")
    base = name.replace("\\", "/").rsplit("/", 1)[-1].strip()
    if not base or len(base) > MAX_NAME or any(ch < " " for ch in base):
        raise BadRequest(f"`name` must be a file name of 1 to {MAX_NAME} printable characters")
    return base


def read(body: Any) -> Item:
    """The one puzzle a request names: ``{"url": ...}`` or ``{"text": ...,
    "type": ..., "format": ..., "name": ...}`` (``name``: the file it came
    from, for messages and for telling its format, never opened).

    >>> read({"text": "9" * 81, "name": "dropped/one.txt"}).puzzle.name
    'sudoku'
    """
    if not isinstance(body, dict):
        raise BadRequest("send a JSON object: {\"url\": ...} or {\"text\": ..., \"type\": ...}")
    url, text = body.get("url"), body.get("text")
    for key in ("type", "format"):
        if body.get(key) is not None and not isinstance(body[key], str):
            raise BadRequest(f"`{key}` must be a string")
    if url is not None:
        if not isinstance(url, str):
            raise BadRequest("`url` must be a string")
        text, fmt, file = url.strip(), "puzzlink", "<url>"
    elif isinstance(text, str):
        fmt, file = body.get("format") or None, _label(body.get("name"))
    else:
        raise BadRequest("give `url` (a puzz.link URL) or `text` (a .pzl or another format)")
    if not text.strip():
        raise BadRequest("the input is empty")
    if len(text) > MAX_INPUT:
        raise BadRequest(f"the input is over {MAX_INPUT} characters")
    try:
        items = api.load_text(text, file, fmt, body.get("type") or None)
    except SatlinkError as exc:
        raise BadRequest(exc.render()) from None
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        # a reader that let a malformed input through as a Python error: still the input's fault
        raise BadRequest(f"{file}: error: cannot read this input ({type(exc).__name__}: {exc})")
    if len(items) != 1:
        raise BadRequest(f"{file}: error: this input holds {len(items)} puzzles; send one")
    if items[0].error is not None:
        raise BadRequest(items[0].error.render())
    return items[0]


def _url(item: Item) -> str | None:
    from ..formats import puzzlink

    try:
        return puzzlink.encode(item.puzzle, item.instance)
    except (SatlinkError, AttributeError, KeyError, TypeError, ValueError):
        return None  # a genre (or an instance) puzz.link cannot write


def _picture(item: Item, solution=None, marks: dict | None = None) -> str:
    return marked(item.puzzle.picture(item.instance, solution), marks or {})


class Refused(Exception):
    """A request answered with an error: ``status`` and ``message``."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


def _solved(body: Any, timeout: float | None):
    """The request's item and its Outcome (2 solutions asked)."""
    try:
        item = read(body)
    except BadRequest as exc:
        raise Refused(400, str(exc)) from None
    o = limited.outcome_in_process(item, 2, timeout=timeout)  # this is the request's child
    if o.verdict == "error":
        raise Refused(400 if o.error_kind == "input" else 500, o.error)
    return item, o


def solve_record(body: Any, timeout: float | None = None) -> tuple[int, dict]:
    """Read and solve the puzzle of a request: the ``--json`` record, its
    puzz.link URL, the puzzle and its (first) solution drawn."""
    started = time.perf_counter()
    try:
        item, o = _solved(body, timeout)
    except Refused as exc:
        return exc.status, {"error": exc.message}
    rec = o.as_json()
    rec.update(type=item.puzzle.name, url=_url(item), puzzle_svg=_picture(item))
    if o.solutions:
        rec["solution_svg"] = _picture(item, o.solutions[0])
    rec["seconds"] = round(time.perf_counter() - started, 3)
    return 200, rec


def analysis_record(body: Any, timeout: float | None = None) -> tuple[int, dict]:
    """What ``analyze`` says of the puzzle of a request, by its verdict:
    the redundant clues (unique), the forced facts and where solutions
    differ (several), the clues that cannot all hold (none), each drawn;
    ``analysis`` is ``ok`` or says why there is none."""
    started = time.perf_counter()
    try:
        item, o = _solved(body, timeout)
    except Refused as exc:
        return exc.status, {"error": exc.message}
    rec = {"type": item.puzzle.name, "verdict": o.verdict, "analysis": None}
    rest = None if timeout is None else timeout - (time.perf_counter() - started)
    try:
        if rest is not None and rest <= 0:
            raise TimeUp
        _analyse(item, o, rec, rest)
    except TimeUp:
        rec["analysis"] = "time limit reached before the analysis was done"
    except DesignError as exc:
        rec["analysis"] = str(exc)
    rec["seconds"] = round(time.perf_counter() - started, 3)
    return 200, rec


def _analyse(item: Item, o, rec: dict, timeout: float | None) -> None:
    """Redundant clues (unique), forced facts and differing cells (several),
    clues that cannot all hold (none), into ``rec``."""
    from ..design import designable
    from ..design.analyze import backbone, conflict, redundant
    from ..design.oracle import Oracle

    puzzle, inst = item.puzzle, item.instance
    deadline = clock(timeout)
    if o.verdict == "multiple":
        b = backbone(puzzle, inst, deadline=deadline, optimum=o.objective)
        rec.update(forced=len(b.forced), free=b.free, backbone_complete=b.complete,
                   forced_svg=marked(shared(lambda s: puzzle.picture(inst, s), b.witnesses),
                                     {"free": b.free}),
                   differ_svgs=[_picture(item, w, {"free": b.free}) for w in b.witnesses[:2]])
        rec["analysis"] = "ok"
        return
    if o.verdict not in ("unique", "none"):
        return
    designable(puzzle, "analyze")
    name = puzzle.design.clue_name
    clues = list(puzzle.clues(inst))
    if o.verdict == "unique":
        with Oracle(puzzle, inst, o.solutions[0], clues, "cadical195", deadline) as oracle:
            names = [name(c) for c in redundant(oracle, clues)]
        rec.update(redundant=names, redundant_svg=_picture(item, None, {"redundant": names}))
    else:
        found = conflict(puzzle, inst, deadline=deadline)
        names = None if found is None else [name(c) for c in found]
        rec.update(conflict=names, conflict_svg=_picture(item, None, {"conflict": names or []}))
    rec["analysis"] = "ok"


def minimize_record(body: Any, timeout: float | None = None) -> tuple[int, dict]:
    """The puzzle of a request with a minimal set of its clues that keeps
    its solution unique: drawn, as .pzl and as a puzz.link URL."""
    from ..design.tasks import minimize_puzzle

    try:
        item = read(body)
    except BadRequest as exc:
        return 400, {"error": str(exc)}
    puzzle = item.puzzle
    try:
        done = minimize_puzzle(puzzle, item.instance, timeout=timeout)
    except DesignError as exc:
        return 422, {"error": f"minimize: {exc}"}
    except InputError as exc:
        return 400, {"error": exc.render()}
    small = Item(item.source, puzzle, done.instance)
    return 200, {"type": puzzle.name, "count": len(done.clues), "before": done.before,
                 "minimal": done.complete, "clues": [puzzle.design.clue_name(c) for c in done.clues],
                 "pzl": puzzle.to_pzl(done.instance), "url": _url(small),
                 "svg": _picture(small)}
