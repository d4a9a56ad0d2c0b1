"""The child processes that hold the limits of :mod:`satlink.limits`.

PySAT's CaDiCaL cannot be interrupted (no ``interrupt``, the GIL held
through a call) and aborts the whole process when an allocation fails, so a
limit that must hold cannot live inside the process that solves. Here work
runs in a forked child (:class:`Worker`), item after item, and this process:

- kills the child when an item runs ``timeout`` + :data:`KILL_GRACE` seconds
  from its start (encoding included), reports that item as ``time`` and
  carries on with the next item in a fresh child (which first solves again
  the items the killed one had solved but not yet answered: answers go in
  batches, see :class:`Worker`);
- kills the child when the memory it has added passes the memory limit
  (what it allocated, :class:`~satlink.child_memory.Allocated`; read every :data:`WATCH`
  seconds on Linux, elsewhere the address-space cap alone), counted from
  the least it has held since it set up, after it gave back the free heap
  the fork copied (:func:`~satlink.child_memory.settle`): a page it shares with
  this process and drops frees nothing, so what it allocates after is all
  new. It caps its address space
  (``RLIMIT_AS``) at what it had at the fork plus
  :data:`~satlink.child_memory.BACKSTOP` times the limit, never above the hard
  limit this process inherited (``ulimit -v``). The pages a child shares
  with this process at the fork count as this process's, not the puzzle's:
  a caller that holds 2 GB does not make every puzzle under a 1 GB limit
  ``unknown``. Either limit, a ``MemoryError``, or a death by a signal while the cap is
  set is reported as ``memory`` for that item, and the next item gets a
  fresh child (:attr:`Limits.memory <satlink.limits.Limits.memory>` is the
  limit that holds);
- reports a child that fails for any other reason (its set-up raised, it
  exited) as an error that says what happened, never as a limit; a
  child that dies while it runs no item (between tasks, or sending
  answers it had made) has its unanswered items made again by a fresh
  child, and only a second such death in a row strikes the first of them;
- kills the child when it is itself interrupted (Ctrl-C) or dies (the child
  asks the kernel for SIGKILL when its parent goes, ``PR_SET_PDEATHSIG``).

The child searches exactly as it would without limits: nothing is sliced,
so a limit that does not strike changes no solver call. Where there is no
``fork`` (Windows) the work runs here and only the caller's own checks
bound it (:func:`can_fork`).

>>> list(map_bounded(lambda x: 10 // x, [5, 0], Limits(timeout=5)))[0]
('ok', 2)
"""
from __future__ import annotations

import os
import signal
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing
from typing import Any

from .child import Pipe, Progress, block_sigint, received, restore, run_child
from .child_memory import Allocated, over
from .limits import LimitReached, Limits, mib

#: Seconds a child may run past an item's time limit before it is killed;
#: the child stops by itself between solver calls, so this only bounds a
#: call (or an encoding) that is still running.
KILL_GRACE = 0.25
#: Under a memory limit the parent reads what the child has allocated this
#: often (Linux) and kills it above the limit (the child's address space is
#: capped too: :data:`satlink.child_memory.BACKSTOP`).
WATCH = 0.05


def can_fork() -> bool:
    """Whether limits are held by a child process here."""
    return hasattr(os, "fork")


def map_bounded(fn: Callable[[Any], Any], items: Iterable[Any], limits: Limits,
                grace: float = KILL_GRACE) -> Iterator[tuple[str, Any]]:
    """``fn(item)`` for each item in order, in forked children under ``limits``.

    Yields per item ``("ok", value)``, ``("error", exception)`` (raised by
    ``fn``), or ``("time" | "memory", message)``. Items after one that hit a
    limit run in a new child. The items are the child's from the fork (only
    their places travel); ``fn``'s value must pickle. Without fork the
    items run here, unbounded by this function.
    """
    items = list(items)
    if not can_fork():
        for item in items:
            try:
                yield "ok", fn(item)
            except Exception as exc:
                yield "error", exc
        return
    # closed here, not by the garbage collector, which would swallow a
    # Ctrl-C that lands while the child is reaped
    with Worker(lambda k: fn(items[k]), limits, grace) as child:
        yield from child.map(range(len(items)))


def run_bounded(fn: Callable[[], Any], limits: Limits, grace: float = KILL_GRACE) -> Any:
    """``fn()`` in a forked child under ``limits``: its value, its exception
    raised here, or :class:`~satlink.limits.LimitReached`."""
    with closing(map_bounded(lambda _: fn(), [None], limits, grace)) as outs:
        [(kind, value)] = outs
    if kind == "ok":
        return value
    if kind == "error":
        raise value
    raise LimitReached(kind, value)


class Worker:
    """One long-lived child that runs ``fn(item)`` for items sent to it,
    one after another, each under ``limits``; after a limit strikes (or the
    child dies) the next item gets a fresh child. Items travel to the child
    by pipe, a task (a list of items) at a time, so they must pickle; ``fn``
    is the child's from the fork (a closure may hold state that the child
    keeps between items, a batch solver for instance).

    Where many small files are checked, one child instead of two a file
    saves the fork and, above all, the copy-on-write of the pages each
    child touches (40 Hashi boards: ~25 ms a file).

    The child answers in batches (:data:`satlink.child.FLUSH`) and says in
    a shared :class:`~satlink.child.Progress` which item it runs since
    when: each item's time limit counts from its own start, and when a
    limit strikes (or the child dies) only the item it was on gets the
    limit's outcome; the items of the task it had solved but not yet
    answered are solved again by the next child, before the struck item's
    outcome (less than :data:`~satlink.child.FLUSH` seconds of work: the
    child sends what it holds once it has worked that long since its last
    batch; 17-clue Sudokus take a quarter of a millisecond each).

    :meth:`map` and :meth:`call` wait for the answers;
    :func:`satlink.runners.serve` keeps several workers busy at once through
    :meth:`put` and :meth:`step`.

    >>> with Worker(lambda x: 10 // x, Limits(timeout=5)) as w:
    ...     list(w.map([5, 0]))[0], w.call(2)
    (('ok', 2), ('ok', 5))
    """

    #: The share of the memory limit a child may keep from item to item.
    GROWTH = 1 / 8
    #: Seconds between looks at a child sent a task that has started no
    #: item of it yet (or is sending its last answers): nothing wakes this
    #: process when an item starts.
    LOOK = 0.02

    def __init__(self, fn: Callable[[Any], Any], limits: Limits, grace: float = KILL_GRACE):
        self.fn, self.limits, self.grace = fn, limits, grace
        #: the memory limit that holds (read once: it asks the kernel each time)
        self.memory = limits.memory
        self.pid = 0
        #: the least memory the child has held, from what it
        #: published when set up (None until then, or where unknown)
        self.base: int | None = None
        self.tasks = self.answers = None
        self.progress: Progress | None = None  # shared with the child
        self.allocated: Allocated | None = None  # what it allocated, read
        self.acked = 0  # the child's answers read, since it started
        self.queue: deque = deque()  # items not sent yet (and outcomes known: _Known)
        self.flight: deque = deque()  # items sent in the task the child runs, not answered
        self.watched = 0.0  # when its memory is next read (a multiple of WATCH)
        #: the items in flight were sent again after a child died on none of
        #: them (see _read); should the next die so before answering, the
        #: first is struck, so that no item is sent for ever
        self.redone = False

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def busy(self) -> bool:
        """Whether items wait for their answers."""
        return bool(self.queue or self.flight)

    def call(self, item: Any) -> tuple[str, Any]:
        """``fn(item)`` in the child: ("ok", value), ("error", exception) or
        ("time" | "memory", message)."""
        with closing(self.map([item])) as outs:
            return next(outs)

    def map(self, items: Iterable[Any]) -> Iterator[tuple[str, Any]]:
        """The outcomes of ``items`` in order, as :func:`map_bounded` gives
        them (sent as one task). A generator closed early stops the child."""
        items = list(items)
        got = 0
        self.put(items)
        try:
            while got < len(items):
                for out in self.step(self.answers.poll(self.wait_for())):
                    got += 1
                    yield out
        finally:
            if got < len(items):  # stopped early: the child may be busy with an item
                self.close()

    def put(self, items: Iterable[Any]) -> None:
        """Queue ``items`` (sent as one task when the child is free); their
        outcomes come from :meth:`step`, in order."""
        self.queue.extend(items)
        self._send([])

    def running(self) -> tuple[int, float] | None:
        """(index, start) of the item the child runs now, if any."""
        return self.progress.read() if self.flight and self.progress is not None else None

    def wait_for(self) -> float | None:
        """Seconds until this worker must look at its child again (a limit
        could strike then), None when only an answer can change anything."""
        if not self.flight:
            return None
        at = self.running()
        if at is None:  # not started yet, sending its last answers, or just moving on
            return self.LOOK if self.limits.timeout is not None or self._watching() else None
        now = time.monotonic()
        wait = None
        if self.limits.timeout is not None:
            wait = max(at[1] + self.limits.timeout + self.grace - now, 0)
        if self._watching():
            watch = max(self.watched - now, 0)
            wait = watch if wait is None else min(wait, watch)
        return wait

    def step(self, ready: bool) -> list[tuple[str, Any]]:
        """The outcomes known now, in order: the answers there are (when
        ``ready``: the answer pipe has something to read), else a limit
        that struck. A child that struck or died is gone; the items after
        it go to a fresh one."""
        outs: list = []
        if ready:
            self._read(outs)
        else:
            at = self.running()
            if at is not None:
                now = time.monotonic()
                struck = None
                if self._watching() and now >= self.watched:
                    # on a grid every worker shares: one wake-up reads every child
                    self.watched = (now // WATCH + 1) * WATCH
                    added = self._added()  # see the module's docstring
                    if added is not None and added > self.memory:
                        struck = "memory", over(self.limits)
                timeout = self.limits.timeout
                if struck is None and timeout is not None and now >= at[1] + timeout + self.grace:
                    struck = "time", _late(timeout)
                if struck is not None:
                    self._strike(outs, struck, at[0])
        self._send(outs)
        return outs

    def _read(self, outs: list) -> None:
        """Every message there is, while the task runs."""
        while self.flight:
            try:
                msg = self.answers.recv()
            except (EOFError, OSError):  # dead: the item it was on is the one
                status = _reap(self.pid)
                self.pid = 0
                at = self.progress.read(settled=True)
                if at is None and not self.redone:
                    # on no item (between tasks, sending answers): nothing
                    # it was doing is to blame; the next child does them again
                    self._take(self.answers.drain(), outs)
                    self.redone = True
                    self._requeue()
                    return
                self._strike(outs, _death(status, self.limits), None if at is None else at[0])
                return
            if msg[0] == "fatal":  # the child failed outside an item's own errors: say what
                at = self.progress.read(settled=True)  # it writes no more
                self._strike(outs, ("error", msg[1]), None if at is None else at[0])
                return
            self._take(msg[1], outs)
            if not self.flight and self._grown():
                self._requeue()  # the next item in a fresh child: see _grown
                return
            if not self.answers.poll(0):
                return

    def _take(self, answers: list, outs: list) -> None:
        """The outcomes of the first unanswered items."""
        if answers:
            self.redone = False
        for _ in answers:
            self.flight.popleft()
        self.acked += len(answers)
        outs.extend(answers)

    def _strike(self, outs: list, outcome: tuple[str, Any], index: int | None) -> None:
        """The child goes; the item it ran, ``index`` (the first not answered
        when None), ends with ``outcome``. The answers it sent before are
        taken; the items it solved but had not answered, and those after,
        wait for the next child (ahead of the outcome, in order)."""
        self._kill()
        if self.answers is not None:
            self._take(self.answers.drain(), outs)
        k = 0 if index is None else index - self.acked
        if k < 0 or not self.flight:  # answered after all (a kill in a close race)
            self._requeue()
            return
        flight = list(self.flight)
        k = min(k, len(flight) - 1)
        self.flight.clear()
        if k == 0:
            outs.append(outcome)
            self.queue.extendleft(reversed(flight[1:]))
        else:
            self.queue.extendleft(reversed([*flight[:k], _Known(outcome), *flight[k + 1:]]))
        self.close(keep=True)

    def _requeue(self) -> None:
        """Stop the child; the items it has not answered wait for the next."""
        self.queue.extendleft(reversed(self.flight))
        self.flight.clear()
        self.close(keep=True)

    def _watching(self) -> bool:
        """Whether the child's memory is watched (what it allocated can be read)."""
        return self.memory is not None and self.allocated is not None and self.allocated.fd >= 0

    def _added(self) -> int | None:
        """The memory the child added to the least it has held
        since it set up, within the readings' error (None: not known, or
        the child is gone)."""
        now = self.allocated.read()
        if self.base is None:
            self.base = self.progress.base()
        if now is None or self.base is None:
            return None
        self.base = min(self.base, now + Allocated.SLACK)
        return now - self.base

    def _grown(self) -> bool:
        """Whether the child, done with its task, kept more than
        :attr:`GROWTH` of the memory limit since it started (or its memory
        cannot be read): the next item then gets a fresh child, so that no
        item is measured against memory an earlier one left behind."""
        held = self.memory
        if held is None or self.flight:
            return False
        added = self._added()
        return added is None or added > held * self.GROWTH

    def _send(self, outs: list) -> None:
        """The queued items as one task, when the child runs none (a child
        is forked first unless one is running); outcomes already known
        that are next in order go to ``outs``. One task at a time: a second
        sent while the child is busy could fill the task pipe, and the child,
        sending a large answer, would wait for this process, which waits to
        send (no limit strikes while it does)."""
        if self.flight:
            return
        while self.queue and isinstance(self.queue[0], _Known):
            outs.append(self.queue.popleft().outcome)
        if not self.queue:
            return
        self._start()
        task = []
        while self.queue and not isinstance(self.queue[0], _Known):
            task.append(self.queue.popleft())
        self.flight.extend(task)
        try:
            self.tasks.send(task)
        except OSError:  # the child is gone: its death is read from the answers
            pass

    def _start(self) -> None:
        """A child, forked now unless one is running."""
        if self.pid:
            return
        tr, tw = os.pipe()
        ar, aw = os.pipe()
        progress = Progress()
        # no Ctrl-C inside fork's own handlers (logging's lock, among them): it
        # would be lost there and leave the lock held; it comes right after
        mask = block_sigint()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child; coverage does not follow forks
            os.close(tw)
            os.close(ar)
            run_child(Pipe(aw), self.fn, received(Pipe(tr)), self.limits, progress, mask)
        restore(mask)
        os.close(tr)
        os.close(aw)
        self.pid = pid
        self.allocated = Allocated(pid)
        self.base = None  # the child publishes it once set up
        self.tasks = Pipe(tw)
        self.answers = Pipe(ar)
        self.progress = progress
        self.acked = 0

    def _kill(self) -> None:
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            _reap(self.pid)
            self.pid = 0

    def close(self, keep: bool = False) -> None:
        """Stop the child (if one runs); the items not answered are dropped
        unless ``keep``."""
        if not keep:
            self.queue.clear()
            self.flight.clear()
        for conn in (self.tasks, self.answers, self.progress, self.allocated):
            if conn is not None:
                conn.close()
        self.tasks = self.answers = self.progress = self.allocated = None
        self._kill()


class _Known:
    """An outcome already known (a limit struck) in a worker's queue, behind
    items that must be answered first."""

    __slots__ = ("outcome",)

    def __init__(self, outcome: tuple[str, Any]):
        self.outcome = outcome


def _late(timeout: float | None) -> str:
    return f"time limit of {timeout:g} s reached"


def _reap(pid: int) -> int:
    """Wait for the child; its wait status."""
    while True:
        try:
            return os.waitpid(pid, 0)[1]
        except ChildProcessError:
            return 0
        except InterruptedError:  # pragma: no cover - PEP 475 retries this already
            continue


def _death(status: int, limits: Limits) -> tuple[str, Any]:
    """The outcome of a child that died without a word: killed by a signal
    under a memory limit, it most likely met the limit (CaDiCaL aborts when
    an allocation fails); any other death is an error that says how."""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            how = f"signal {sig}, {signal.Signals(sig).name}"
        except ValueError:
            how = f"signal {sig}"
    else:
        how = f"exit code {os.WEXITSTATUS(status) if os.WIFEXITED(status) else status}"
    if limits.max_memory is not None and os.WIFSIGNALED(status):
        return "memory", (f"the solving process died ({how}), most likely at the memory limit"
                          f" of {mib(limits.memory)}")
    return "error", RuntimeError(f"the solving process died without an answer ({how})")
