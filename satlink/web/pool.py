"""The children that answer ``satlink serve``'s requests: long-lived
:class:`satlink.children.Worker` processes, each under the CLI's time and
memory limits, a request at a time.

- A request waits for one of ``jobs`` *fast* places and takes an idle child
  (forked once, warm: no fork and no copy-on-write of the imported genres
  per request; a 5 x 5 Slitherlink's child time ~45 -> ~12 ms).
- A request still running after ``slow_after`` seconds is *slow*: its child
  is niced (priority 19) and its fast place goes to the requests behind it,
  whose children are forked as needed, so that a board that runs to the time
  limit does not hold up the quick ones. At most ``slow_jobs`` requests are
  slow at once; past that a long request keeps its fast place.
- A child that hit a limit is gone (the Worker forks a fresh one); one that
  died without a word is tried once more in a fresh child; a slow
  child is stopped after its request (it cannot be un-niced), and no more
  than ``jobs`` idle children are kept.

The requests' functions are the children's from the fork: ``work`` maps a
name to ``fn(body, timeout) -> (status, record)``; only the name and the
request's JSON body travel (by pipe).
"""
from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..children import Worker, can_fork
from ..limits import Limits

#: Seconds after which a running request is slow (see the module).
SLOW_AFTER = 0.5
#: Whether a child's priority can be lowered here (not on Windows).
_NICE = hasattr(os, "setpriority")


def _ping(body: Any, timeout: float | None) -> tuple[int, dict]:
    """The item that starts a child before the first request."""
    return 200, {}


def _call(w: Worker, item) -> tuple[str, Any]:
    """``w.call(item)``, once more in a fresh child when the child died
    without a word (killed while idle, by the OOM killer or by hand: no
    fault of this request); a second death is the request's."""
    if not can_fork():  # no child processes here (Windows): the work runs in this thread
        try:
            return "ok", w.fn(item)
        except Exception as exc:
            return "error", exc
    try:
        out = w.call(item)
        if out[0] == "error" and not w.pid:
            out = w.call(item)
    except OSError as exc:  # fork or pipe refused: too many processes or open files
        w.close()
        return "busy", f"the server cannot start a solving process now ({exc}); try again"
    return out


class Pool:
    """The children of one server (see the module); use in its event loop."""

    def __init__(self, work: dict[str, Callable[[Any, float | None], tuple[int, dict]]],
                 limits: Limits, timeout: float | None, jobs: int = 2,
                 slow_after: float = SLOW_AFTER, slow_jobs: int | None = None):
        table = {**work, "ping": _ping}
        self.fn = lambda item: table[item[0]](item[1], timeout)
        self.limits, self.jobs = limits, jobs
        self.slow_after = slow_after
        self.slow_jobs = jobs if slow_jobs is None else slow_jobs
        self.slow = 0  # requests running slow now
        self.idle: list[Worker] = []
        self.places: asyncio.Semaphore | None = None  # made in the event loop
        self.threads = ThreadPoolExecutor(jobs + self.slow_jobs, thread_name_prefix="satlink-serve")

    def start(self) -> None:
        """Fork the ``jobs`` children now, before the first request."""
        for _ in range(self.jobs - len(self.idle)):
            w = Worker(self.fn, self.limits)
            _call(w, ("ping", None))
            self.idle.append(w)

    def close(self) -> None:
        """Stop the idle children (a running one stops after its request)."""
        for w in self.idle:
            w.close()
        self.idle.clear()
        self.threads.shutdown(wait=False, cancel_futures=True)

    async def run(self, name: str, body: Any) -> tuple[str, Any]:
        """``work[name](body, timeout)`` in a child: the Worker's outcome,
        ``("ok", (status, record))``, ``("error", exception)``,
        ``("time" | "memory", message)``, or ``("busy", message)`` when no
        child can be started (fork refused)."""
        loop = asyncio.get_running_loop()
        if self.places is None:
            self.places = asyncio.Semaphore(self.jobs)
        await self.places.acquire()
        w = self.idle.pop() if self.idle else Worker(self.fn, self.limits)
        job = loop.run_in_executor(self.threads, _call, w, (name, body))
        slow = [False]

        def demote() -> None:
            if job.done() or self.slow >= self.slow_jobs or not w.pid or not _NICE:
                return
            try:
                os.setpriority(os.PRIO_PROCESS, w.pid, 19)
            except OSError:  # the child is gone already: its answer is on the way
                return
            slow[0] = True
            self.slow += 1
            self.places.release()

        timer = loop.call_later(self.slow_after, demote)

        def done(_) -> None:  # here, not after the await: a cancelled request still owns its child
            timer.cancel()
            if slow[0]:
                self.slow -= 1
                w.close()
                return
            if len(self.idle) < self.jobs:
                self.idle.append(w)
            else:
                w.close()
            self.places.release()

        job.add_done_callback(done)
        return await asyncio.shield(job)
