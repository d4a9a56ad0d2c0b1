"""Where the units of a ``satlink check`` run: worker processes here
(:class:`LocalRunner`, ``--jobs N``) or a Dask cluster (``--dask``).

A runner is a context manager with ``map_unordered(fn, units, job)``, which
yields ``(index, fn(units[index], job))`` as units finish. Leaving the
``with`` block by an exception (Ctrl-C, a full disk) stops the work at once:
nothing waits for units still running.
"""
from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from .limits import die_with_parent


def _worker_init() -> None:
    """A worker leaves Ctrl-C to the main process (which kills it) and dies
    with it, even when the main process is killed outright."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent()


class LocalRunner:
    """``jobs`` worker processes on this machine."""

    def __init__(self, jobs: int):
        self.jobs = jobs
        self.pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> LocalRunner:
        self.pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=_worker_init)
        return self

    def map_unordered(self, fn: Callable, units: list, job: Any) -> Iterator[tuple[int, Any]]:
        futures = {self.pool.submit(fn, unit, job): i for i, unit in enumerate(units)}
        pending = set(futures)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=futures.get):
                yield futures[future], future.result()

    def __exit__(self, exc_type, *exc) -> None:
        pool, self.pool = self.pool, None
        if exc_type is None:
            pool.shutdown()
            return
        # interrupted: the workers (and the searches they forked) go now;
        # ProcessPoolExecutor has no public way to kill its workers
        for process in list(getattr(pool, "_processes", {}).values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)
