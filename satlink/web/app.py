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

Every request is solved in a forked child under the CLI's time and memory
limits (:func:`satlink.children.run_bounded`); at most ``jobs`` children run at
once and at most ``queue`` requests wait, later ones get a 503. Input the
server cannot take is a 4xx with ``{"error": message}``.
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..children import run_bounded
from ..limits import LimitReached, Limits
from .hints import difficulty_record, hint_record
from .records import MAX_INPUT, analysis_record, minimize_record, solve_record

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
    busy: list = field(default_factory=lambda: [0])  # requests admitted, running or waiting


def _static_dir():
    from importlib.resources import files

    return files("satlink.web") / "static"


def create_app(settings: Settings | None = None) -> Starlette:
    """The application, bounded by ``settings``."""
    settings = settings or Settings()
    _warm_up()
    gate = asyncio.Semaphore(settings.jobs)
    limits = Limits(timeout=settings.timeout + MARGIN, max_memory=settings.max_memory)
    static = str(_static_dir())

    async def index(request: Request):
        return FileResponse(f"{static}/index.html", media_type="text/html")

    async def types(request: Request):
        from .. import formats, puzzles

        return JSONResponse({
            "types": [{"name": g.name, "aliases": list(g.aliases), "summary": g.summary}
                      for g in puzzles.types()],
            "formats": [{"name": n, "types": list(m.TYPES), "description": m.DESCRIPTION}
                        for n, m in sorted(formats.registry().items())]})

    async def bounded(request: Request, work):
        raw = await request.body()
        if len(raw) > MAX_INPUT + 4096:
            return JSONResponse({"error": f"the request is over {MAX_INPUT} bytes"}, 413)
        try:
            body = json.loads(raw)
        except (ValueError, RecursionError):
            return JSONResponse({"error": "the request body is not JSON"}, 400)
        if settings.busy[0] >= settings.jobs + settings.queue:
            return JSONResponse({"error": "the server is busy; try again"}, 503)
        settings.busy[0] += 1
        try:
            async with gate:
                status, record = await asyncio.to_thread(_run, work, body, settings, limits)
        finally:
            settings.busy[0] -= 1
        return JSONResponse(record, status)

    async def solve(request: Request):
        return await bounded(request, solve_record)

    async def analyze(request: Request):
        return await bounded(request, analysis_record)

    async def minimize(request: Request):
        return await bounded(request, minimize_record)

    async def hint(request: Request):
        return await bounded(request, hint_record)

    async def difficulty(request: Request):
        return await bounded(request, difficulty_record)

    routes = [Route("/", index), Route("/api/types", types),
              Route("/api/solve", solve, methods=["POST"]),
              Route("/api/analyze", analyze, methods=["POST"]),
              Route("/api/minimize", minimize, methods=["POST"]),
              Route("/api/hint", hint, methods=["POST"]),
              Route("/api/difficulty", difficulty, methods=["POST"]),
              Mount("/static", StaticFiles(directory=static), name="static")]
    return Starlette(routes=routes)


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


def _run(work, body, settings: Settings, limits: Limits) -> tuple[int, dict]:
    """``work(body)`` in a child under ``limits``: its (status, record)."""
    try:
        return run_bounded(lambda: work(body, settings.timeout), limits)
    except LimitReached as exc:
        if work in (solve_record, analysis_record):  # a verdict, as the CLI says it
            return 200, {"verdict": "unknown", "reason": str(exc), "analysis": None}
        return 422, {"error": str(exc)}
    except Exception as exc:  # a bug, said as such; never a traceback on the page
        return 500, {"error": f"internal error: {type(exc).__name__}: {exc}"}
