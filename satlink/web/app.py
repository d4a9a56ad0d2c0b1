"""The ASGI application of ``satlink serve``: the page (static files shipped
in the package) and the JSON API under ``/api/``.

- ``GET /api/types``: puzzle types and input formats (the page's choosers);
- ``POST /api/solve`` ``{"url": ...}`` or ``{"text": ..., "type": ...,
  "format": ...}``: the ``--json`` record of the puzzle and its pictures
  (:func:`satlink.web.records.solve_record`);
- ``POST /api/analyze``: the same input: what ``analyze`` says of it, drawn
  (redundant clues, forced facts and where solutions differ, clues that
  cannot all hold);
- ``POST /api/minimize``: the same input, minimized;
- ``POST /api/hint``: the same input and ``"state"`` (facts known, as
  ``explain`` writes them): the next step (:mod:`satlink.web.hints`);
- ``POST /api/difficulty``: the rating of a unique puzzle.

Every request is answered by a long-lived child under the CLI's time and
memory limits (:class:`satlink.web.pool.Pool`): at most ``jobs`` at once,
plus up to ``jobs`` that ran past half a second (niced, so that a board that runs
to the time limit does not hold up the quick ones); at most ``queue``
requests wait, later ones get a 503. Input the server cannot take is a 4xx
with ``{"error": message}``; a request that reaches the time or memory limit
is a 200 ``unknown`` verdict with the reason (solve, analyze) or a 422 with
the message (the other tools).
"""
from __future__ import annotations

import json
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..limits import Limits
from .hints import difficulty_record, hint_record
from .pool import SLOW_AFTER, Pool
from .records import MAX_INPUT, BadRequest, analysis_record, minimize_record, solve_record

#: Defaults of ``satlink serve`` (the README's table).
DEFAULT_TIMEOUT = 10.0
DEFAULT_MEMORY = 1 << 30
#: Seconds past the engine's own time limit before the child is killed:
#: the child stops itself between solver calls and says what it has.
MARGIN = 1.0


@dataclass
class Settings:
    """How the server bounds its work (passed to :func:`create_app`)."""

    timeout: float = DEFAULT_TIMEOUT
    max_memory: int | None = DEFAULT_MEMORY
    jobs: int = 2
    queue: int = 64
    slow_after: float = SLOW_AFTER  # seconds after which a request is slow (see the Pool)
    busy: list = field(default_factory=lambda: [0])  # requests admitted, running or waiting


def _static_dir():
    from importlib.resources import files

    return files("satlink.web") / "static"


def create_app(settings: Settings | None = None) -> Starlette:
    """The application, bounded by ``settings``."""
    settings = settings or Settings()
    _warm_up()
    limits = Limits(timeout=settings.timeout + MARGIN, max_memory=settings.max_memory)
    pool = Pool(WORK, limits, settings.timeout, settings.jobs, settings.slow_after)
    static = str(_static_dir())

    async def index(request: Request):
        return FileResponse(f"{static}/index.html", media_type="text/html")

    known = _types()

    async def types(request: Request):
        return JSONResponse(known)

    async def bounded(request: Request, work):
        raw = await _body(request, MAX_INPUT + 4096)
        if raw is None:
            return JSONResponse({"error": f"the request is over {MAX_INPUT} bytes"}, 413)
        try:
            body = _json(raw)
        except BadRequest as exc:
            return JSONResponse({"error": str(exc)}, 400)
        if settings.busy[0] >= settings.jobs + settings.queue:
            return JSONResponse({"error": "the server is busy; try again"}, 503)
        settings.busy[0] += 1
        try:
            status, record = answer(work, await pool.run(work, body), settings.timeout)
        finally:
            settings.busy[0] -= 1
        return JSONResponse(record, status)

    async def solve(request: Request):
        return await bounded(request, "solve")

    async def analyze(request: Request):
        return await bounded(request, "analyze")

    async def minimize(request: Request):
        return await bounded(request, "minimize")

    async def hint(request: Request):
        return await bounded(request, "hint")

    async def difficulty(request: Request):
        return await bounded(request, "difficulty")

    routes = [Route("/", index), Route("/api/types", types),
              Route("/api/solve", solve, methods=["POST"]),
              Route("/api/analyze", analyze, methods=["POST"]),
              Route("/api/minimize", minimize, methods=["POST"]),
              Route("/api/hint", hint, methods=["POST"]),
              Route("/api/difficulty", difficulty, methods=["POST"]),
              Mount("/static", StaticFiles(directory=static), name="static")]

    @asynccontextmanager
    async def lifespan(app):
        pool.start()
        try:
            yield
        finally:
            pool.close()

    async def bug(request: Request, exc: Exception):  # said as JSON, never a traceback
        return JSONResponse({"error": f"internal error: {type(exc).__name__}: {exc}"}, 500)

    return Starlette(routes=routes, lifespan=lifespan, exception_handlers={Exception: bug})


async def _body(request: Request, limit: int) -> bytes | None:
    """The request's body, or None when it is over ``limit`` bytes: said by
    its Content-Length, or found reading it, read no further."""
    size = request.headers.get("content-length", "")
    if size.isdigit() and int(size) > limit:
        return None
    chunks, total = [], 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _json(raw: bytes) -> Any:
    """The JSON of a request body. A string with a lone surrogate
    (``"\\ud800"``: JSON, but no Unicode text) is refused here: the answer,
    which repeats the input in its messages, could not be written (a 500)."""
    try:
        body = json.loads(raw)
    except RecursionError:
        raise BadRequest("the request body is nested too deeply") from None
    except ValueError:  # not UTF-8, not JSON, a number of over 4300 digits
        raise BadRequest("the request body is not JSON") from None
    try:
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise BadRequest(f"the request holds a lone surrogate ({exc.object[exc.start]!a}),"
                         " which is not text") from None
    except RecursionError:  # nested deeper for dumps than for loads
        raise BadRequest("the request body is nested too deeply") from None
    return body


def _types() -> dict:
    """What ``GET /api/types`` answers: the puzzle types and input formats."""
    from .. import formats, puzzles

    return {"types": [{"name": g.name, "aliases": list(g.aliases), "summary": g.summary}
                      for g in puzzles.types()],
            "formats": [{"name": n, "types": list(m.TYPES), "description": m.DESCRIPTION}
                        for n, m in sorted(formats.registry().items())]}


def _warm_up() -> None:
    """Import every genre, format and tool here, once, so that the child
    forked for each request has them (a 10 x 10 Slitherlink: the child's
    imports were most of its time)."""
    from .. import formats, puzzles
    from ..design import analyze, tasks  # noqa: F401
    from ..explain import difficulty, pictures, steps  # noqa: F401
    from ..render import svg  # noqa: F401

    puzzles.types()
    formats.registry()


#: What each ``POST /api/<name>`` runs in a child.
WORK = {"solve": solve_record, "analyze": analysis_record, "minimize": minimize_record,
        "hint": hint_record, "difficulty": difficulty_record}


def answer(name: str, outcome: tuple[str, Any], timeout: float | None = None
           ) -> tuple[int, dict]:
    """The (status, record) of a request from its child's outcome (see
    :meth:`Pool.run <satlink.web.pool.Pool.run>`); ``timeout`` is the
    server's (the child is killed :data:`MARGIN` seconds later)."""
    kind, value = outcome
    if kind == "ok":
        return value
    if kind == "busy":
        return 503, {"error": value}
    if kind == "time" and timeout is not None:
        value = f"time limit of {timeout:g} s reached"
    if kind in ("time", "memory"):
        if name in ("solve", "analyze"):  # a verdict, as the CLI says it
            return 200, {"verdict": "unknown", "reason": str(value), "analysis": None}
        return 422, {"error": str(value)}
    # a bug in satlink (the child raised, or died without a word), said as
    # such: the one 500, never a traceback on the page
    return 500, {"error": f"internal error: {type(value).__name__}: {value}"}
