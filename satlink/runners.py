"""Where the units of a ``satlink check`` run: worker processes here
(:class:`LocalRunner`, ``--jobs N``) or a Dask cluster (``--dask``).

A runner is a context manager with ``map_unordered(fn, units, job)``, which
yields ``(index, fn(units[index], job))`` as units finish. Leaving the
``with`` block by an exception (Ctrl-C, a full disk) stops the work at once:
nothing waits for units still running (a Dask worker finishes the unit it
is running, unseen). A runner may name the lines per unit it wants
(``chunk``; ``checking.CHUNK`` otherwise).
"""
from __future__ import annotations

import signal
import socket
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from .errors import SearchError, UsageError
from .child import die_with_parent, readable


def _worker_init() -> None:
    """A worker leaves Ctrl-C to the main process (which kills it) and dies
    with it, even when the main process is killed outright."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent()


class LocalRunner:
    """``jobs`` worker processes on this machine (``checking.check_events``
    asks for no more than there are units)."""

    def __init__(self, jobs: int):
        self.jobs = jobs
        self.pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> LocalRunner:
        self.pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=_worker_init)
        return self

    def map_unordered(self, fn: Callable, units: list, job: Any) -> Iterator[tuple[int, Any]]:
        try:  # the processes start at the first submission
            futures = {self.pool.submit(fn, unit, job): i for i, unit in enumerate(units)}
        except OSError as exc:  # fork refused (a process limit): the ones started go
            raise UsageError(f"--jobs {self.jobs}: cannot start that many processes"
                             f" ({exc.strerror or exc})") from None
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


class ChildRunner:
    """``jobs`` long-lived children that hold the limits
    (:class:`satlink.children.Worker`, made by ``make``), for ``--jobs``
    under a limit: each puzzle of a unit is an item of its own, under its
    own limit, and a child is replaced only after a limit strikes (a pool
    process would fork a child per unit: a folder of small files paid a
    fork and its copied pages a file)."""

    def __init__(self, jobs: int, make: Callable[[], Any]):
        self.jobs, self.make = jobs, make
        self.workers: list = []

    def __enter__(self) -> ChildRunner:
        self.workers = [self.make() for _ in range(self.jobs)]
        return self

    def map_unordered(self, tasks: Iterable[tuple[int, list]]) -> Iterator[tuple[int, list]]:
        """(key, the answers to its items) as the (key, items) ``tasks``
        finish; a task is taken when a child is free for it."""
        try:
            yield from serve(self.workers, tasks)
        except OSError as exc:  # fork refused (a process limit)
            raise UsageError(f"--jobs {self.jobs}: cannot start that many processes"
                             f" ({exc.strerror or exc})") from None

    def __exit__(self, *exc) -> None:
        for w in self.workers:
            w.close()
        self.workers = []


def serve(workers: list, tasks: Iterable[tuple[Any, list]]
          ) -> Iterator[tuple[Any, list[tuple[str, Any]]]]:
    """Keep ``workers`` (:class:`satlink.children.Worker`) busy with ``tasks``, (key, items) pairs, a task to a
    free worker: yields (key, the outcomes of its items in order) as tasks
    finish, in any order. Closing the generator stops every child."""
    tasks = iter(tasks)
    owner: dict[int, tuple[Any, int, list]] = {}  # worker index -> (key, items, outcomes)
    try:
        while True:
            for i, w in enumerate(workers):
                if i not in owner:
                    task = next(tasks, None)
                    if task is not None:
                        key, items = task
                        owner[i] = (key, len(items), [])
                        w.put(items)
                        if not items:
                            yield owner.pop(i)[0], []
            if not owner:
                return
            waits = [t for t in (workers[i].wait_for() for i in owner) if t is not None]
            ready = set(readable([workers[i].answers for i in owner if workers[i].answers],
                                  min(waits) if waits else None))
            for i in list(owner):
                w = workers[i]
                key, n, outs = owner[i]
                outs.extend(w.step(w.answers in ready))
                if len(outs) >= n:
                    del owner[i]
                    yield key, outs
    finally:
        if owner:
            for w in workers:
                w.close()


#: Seconds ``--dask`` waits for the scheduler to answer before giving up.
DASK_CONNECT_TIMEOUT = 10.0
#: Seconds the client may take to close after an interruption.
DASK_CLOSE_TIMEOUT = 2.0
#: Lines of a one-puzzle-per-line file in one Dask task. A task costs a
#: Dask worker more beyond its puzzles than a unit costs a ``--jobs``
#: process (the fork that holds the limits, from a larger process with more
#: threads; the batch solver encoded again): at 100 lines the 17-clue
#: Sudoku set ran at about half the rate of ``--jobs 2`` (then at 100 lines
#: too), at 1000 at 94 % of it (``benchmarks/dask_check.py``). A unit still running
#: when a run is stopped is done again by ``--resume``; which of several
#: solutions a puzzle reports depends on the puzzles before it in its unit.
DASK_CHUNK = 1000


class DaskRunner:
    """Units sent to a running Dask scheduler (``--dask tcp://HOST:8786``).

    Every unit is one task, ``fn(unit, job)``: it carries its puzzles' text,
    so the workers need satlink installed but not the files. ``job`` goes
    to the cluster once, not with every task. Dask is imported here only,
    when a run uses it. ``chunk``: the lines per unit this runner asks for.
    """

    chunk = DASK_CHUNK

    def __init__(self, address: str, connect_timeout: float = DASK_CONNECT_TIMEOUT):
        self.address = address
        self.connect_timeout = connect_timeout
        self.client = None
        self.futures: list = []

    def __enter__(self) -> DaskRunner:
        try:
            from distributed import Client
        except ImportError:
            raise UsageError("--dask needs Dask: pip install 'satlink[dask]'") from None
        self._probe()
        try:
            self.client = Client(self.address, timeout=self.connect_timeout,
                                 set_as_default=False)
        except Exception as exc:  # OSError, TimeoutError, ValueError, junk on the line
            raise UsageError(f"--dask: no Dask scheduler answers at {self.address}"
                             f" ({_why(exc)})") from None
        try:
            if not self.client.scheduler_info().get("workers"):
                print(f"satlink: the Dask scheduler at {self.address} has no worker yet;"
                      " the puzzles wait for one", file=sys.stderr)
        except Exception:  # only a warning: the run goes on
            pass
        return self

    def _probe(self) -> None:
        """A TCP address that refuses connections is known at once; Dask
        itself would retry it until the timeout."""
        from distributed.comm.addressing import parse_address, parse_host_port

        try:
            scheme, loc = parse_address(self.address)
            host, port = parse_host_port(loc)
        except (ValueError, TypeError) as exc:
            raise UsageError(f"--dask: `{self.address}` is not a scheduler address"
                             f" ({_why(exc)}); write tcp://HOST:8786") from None
        if scheme != "tcp":  # tls, ucx, inproc: left to Dask
            return
        try:
            socket.create_connection((host, port), timeout=self.connect_timeout).close()
        except OSError as exc:
            raise UsageError(f"--dask: no Dask scheduler answers at {self.address}"
                             f" ({_why(exc)})") from None

    def map_unordered(self, fn: Callable, units: list, job: Any) -> Iterator[tuple[int, Any]]:
        from distributed import as_completed

        if not units:
            return
        client = self.client
        # one task holds ``job`` (a --resume skip set can be large); scatter
        # would wait for ever on a scheduler without workers
        shared = client.submit(_same, job, pure=False)
        self.futures = [shared] + client.map(fn, units, job=shared, pure=False)
        index = {future.key: i for i, future in enumerate(self.futures[1:])}
        for future in as_completed(self.futures[1:], loop=client.loop):
            try:
                value = future.result()
            except ImportError as exc:  # pickled functions name satlink's modules
                raise UsageError(f"--dask: a worker cannot run satlink ({_why(exc)});"
                                 " install satlink on every worker") from None
            except Exception as exc:
                if not _from_dask(exc):
                    raise
                raise SearchError(f"--dask: the cluster lost a unit ({type(exc).__name__}:"
                                  f" {_why(exc)})") from None
            future.release()  # the scheduler may forget the result now
            yield index[future.key], value

    def __exit__(self, exc_type, *exc) -> None:
        client, self.client = self.client, None
        futures, self.futures = self.futures, []
        if client is None:
            return
        try:
            if exc_type is not None and futures:
                # interrupted: tasks not started never start; a task that is
                # running finishes its unit on its worker (Dask cannot stop
                # a thread), and its result is dropped
                client.cancel(futures, force=True)
        finally:
            client.close(timeout=DASK_CLOSE_TIMEOUT)


def _same(x):
    return x


def _from_dask(exc: BaseException) -> bool:
    """Whether an exception comes from the cluster (a worker lost, the
    scheduler gone) rather than from the unit's work."""
    from concurrent.futures import CancelledError

    return isinstance(exc, CancelledError) or type(exc).__module__.split(".")[0] == "distributed"


def _why(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
