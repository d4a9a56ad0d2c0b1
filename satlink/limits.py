"""Time and memory limits, held around the process that solves.

PySAT's CaDiCaL cannot be interrupted (no ``interrupt``, the GIL held
through a call) and aborts the whole process when an allocation fails, so a
limit that must hold cannot live inside the process that solves. Here work
runs in a forked child, one item after another, and the parent:

- kills the child when an item runs ``timeout`` + :data:`KILL_GRACE` seconds
  from its start (encoding included), reports that item as ``time`` and
  carries on with the next item in a fresh child;
- kills the child when its resident memory passes ``max_memory`` bytes
  (read every :data:`WATCH` seconds on Linux; elsewhere the address-space
  cap alone), and caps its address space (``RLIMIT_AS``) at
  :data:`BACKSTOP` times that, never above the hard limit this process
  inherited (``ulimit -v``): either, a ``MemoryError``, or a death by a
  signal while the cap is set is reported as ``memory`` for that item, and
  the next item gets a fresh child; the effective limit is the smaller of
  ``max_memory`` and the inherited one (:meth:`Limits.memory_note` says
  when that is lower than asked);
- reports a child that fails for any other reason (its set-up raised, it
  exited) as an error that says what happened, never as a limit;
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

import ctypes
import gc
import os
import pickle
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

#: Seconds a child may run past an item's time limit before it is killed;
#: the child stops by itself between solver calls, so this only bounds a
#: call (or an encoding) that is still running.
KILL_GRACE = 0.25
#: Seconds the parent lets answers gather before it reads them.
GATHER = 0.005
#: Under a memory limit the parent reads the child's resident memory this
#: often (Linux) and kills it above the limit. The child's address space is
#: capped too, at :data:`BACKSTOP` times the limit: a cap that strikes makes
#: allocations fail inside the child, and CPython then sometimes spun for
#: ever in mmap while unwinding the MemoryError (1 run in 5 of a 200 x 200
#: Numberlink at 300M), and CaDiCaL aborts; the watch kills it cleanly first.
WATCH = 0.05
BACKSTOP = 2
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
#: The most memory a limit may name: what a 64-bit machine can address
#: (x86-64 and ARMv8 address 48 bits: 256 TiB), 4 GiB on a 32-bit one.
ADDRESSABLE = 1 << (48 if sys.maxsize > 1 << 32 else 32)


@dataclass(frozen=True)
class Limits:
    """Per-item bounds: ``timeout`` in seconds, ``max_memory`` in bytes
    (at most :data:`ADDRESSABLE`; a ValueError otherwise)."""

    timeout: float | None = None
    max_memory: int | None = None

    def __post_init__(self) -> None:
        m = self.max_memory
        if m is not None and not (isinstance(m, int) and 0 < m <= ADDRESSABLE):
            raise ValueError(f"max_memory must be a number of bytes from 1 to {ADDRESSABLE}"
                             f" ({_addressable()}, what this machine can address), not {m!r}")

    @property
    def bounded(self) -> bool:
        return self.timeout is not None or self.max_memory is not None

    @property
    def memory(self) -> int | None:
        """The memory limit that holds: the smaller of ``max_memory`` and the
        address space this process may have (:func:`inherited_memory`)."""
        if self.max_memory is None:
            return None
        ceiling = inherited_memory()
        return self.max_memory if ceiling is None else min(self.max_memory, ceiling)

    def memory_note(self) -> str | None:
        """Why the memory limit that holds is lower than ``max_memory`` (None
        when it is not)."""
        held = self.memory
        if held is None or held >= self.max_memory:
            return None
        return (f"the memory limit is {mib(held)}, not the {mib(self.max_memory)} asked:"
                " this process may have no more address space (ulimit -v)")


def inherited_memory() -> int | None:
    """The address space this process may have (the hard ``RLIMIT_AS`` it
    inherited), None when unlimited or unknown. No limit is set above it:
    the kernel refuses, and a child that tried would die at its start."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not POSIX
        return None
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    return None if hard == resource.RLIM_INFINITY or hard < 0 else hard


def _addressable() -> str:
    return f"{ADDRESSABLE >> 40} TiB" if ADDRESSABLE >= 1 << 40 else f"{ADDRESSABLE >> 30} GiB"


def mib(size: int) -> str:
    """``4096 MiB``.

    >>> mib(4 << 30), mib(3 << 19)
    ('4096 MiB', '1.5 MiB')
    """
    return f"{size / (1 << 20):.{0 if size % (1 << 20) == 0 or size >= 100 << 20 else 1}f} MiB"


class LimitReached(Exception):
    """An item hit a limit: ``kind`` is ``time`` or ``memory``."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


def can_fork() -> bool:
    """Whether limits are held by a child process here."""
    return hasattr(os, "fork")


def parse_memory(text: str) -> int:
    """Bytes in ``4G``, ``512M``, ``800K`` or a plain number of bytes.

    >>> parse_memory("4G"), parse_memory("512m"), parse_memory("1000")
    (4294967296, 536870912, 1000)
    """
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    t = text.strip().upper().removesuffix("B").removesuffix("I")
    scale = units.get(t[-1:], 1) if t else 1
    number = t[:-1] if t[-1:] in units else t
    value = float(number)  # ValueError for junk, handled by the caller
    if not value > 0 or value == float("inf"):
        raise ValueError(text)
    return int(value * scale)


def check_memory(size: int) -> int:
    """``size`` when a machine can address that much memory, else a
    ValueError that says so.

    >>> check_memory(1 << 30)
    1073741824
    >>> check_memory(10 ** 30)
    Traceback (most recent call last):
    ValueError: 1e+30 bytes is more than this machine can address (256 TiB)
    """
    if size > ADDRESSABLE:
        raise ValueError(f"{size:.3g} bytes is more than this machine can address"
                         f" ({_addressable()})")
    return size


def map_bounded(fn: Callable[[Any], Any], items: Iterable[Any], limits: Limits,
                grace: float = KILL_GRACE) -> Iterator[tuple[str, Any]]:
    """``fn(item)`` for each item in order, in forked children under ``limits``.

    Yields per item ``("ok", value)``, ``("error", exception)`` (raised by
    ``fn``), or ``("time" | "memory", message)``. Items after one that hit a
    limit run in a new child. ``fn``'s value must pickle. Without fork the
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
    i = 0
    while i < len(items):
        # a child that hit a limit or died has ended the inner loop; closed
        # here, not by the garbage collector, which would swallow a Ctrl-C
        # that lands while the child is reaped
        with closing(_one_child(fn, items[i:], limits, grace)) as outs:
            for _, out in outs:
                yield out
                i += 1


def run_bounded(fn: Callable[[], Any], limits: Limits, grace: float = KILL_GRACE) -> Any:
    """``fn()`` in a forked child under ``limits``: its value, its exception
    raised here, or :class:`LimitReached`."""
    with closing(map_bounded(lambda _: fn(), [None], limits, grace)) as outs:
        [(kind, value)] = outs
    if kind == "ok":
        return value
    if kind == "error":
        raise value
    raise LimitReached(kind, value)


def _one_child(fn, items, limits: Limits, grace: float):
    """Run ``items`` in one child; yield (index, outcome) as they finish.
    The child is gone when this generator ends (or is closed)."""
    r, w = os.pipe()
    # no Ctrl-C inside fork's own handlers (logging's lock, among them): it
    # would be lost there and leave the lock held; it comes right after
    mask = _block_sigint()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child; coverage does not follow forks
        os.close(r)
        _child(Connection(w, readable=False), fn, items, limits, mask)
    _restore(mask)
    os.close(w)
    conn = Connection(r, writable=False)
    started: float | None = None
    current = 0
    held = limits.memory  # the effective memory limit (see Limits.memory)
    watch = held is not None and _resident(pid) is not None
    try:
        while current < len(items):
            wait = None
            if limits.timeout is not None and started is not None:
                wait = max(started + limits.timeout + grace - time.monotonic(), 0)
            step = wait
            if watch:
                step = WATCH if wait is None else min(wait, WATCH)
            if not conn.poll(step):
                if watch and (_resident(pid) or 0) > held:
                    yield current, ("memory", _over(limits))
                    return
                if wait is not None and step >= wait:
                    yield current, ("time", _late(limits.timeout))
                    return
                continue
            if wait is None or wait > GATHER:
                # let the answers of quick items gather: one wake-up for many
                # (one per item cost a file of Sudoku lines a third more time)
                time.sleep(GATHER)
            while True:  # read every message there is
                try:
                    msg = conn.recv()
                except (EOFError, OSError):
                    yield current, _death(_reap(pid), limits)
                    pid = 0
                    return
                if msg[0] == "start":
                    started = msg[1]
                elif msg[0] == "fatal":  # the child failed outside an item: say what
                    yield current, ("error", msg[1])
                    return
                else:  # ("done", outcome, the next item's start or None)
                    yield current, msg[1]
                    current += 1
                    started = msg[2]
                if current >= len(items) or not conn.poll(0):
                    break
    finally:
        conn.close()
        if pid:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            _reap(pid)


class Worker:
    """One long-lived child that runs ``fn(item)`` for items sent to it,
    one after another, each under ``limits`` as :func:`map_bounded` holds
    them; after a limit strikes (or the child dies) the next item gets a
    fresh child. Items travel to the child by pipe, so they must pickle;
    ``fn`` is the child's from the fork (a closure may hold state that the
    child keeps between items, a batch solver for instance).

    Where many small files are checked, one child instead of two a file
    saves the fork and, above all, the copy-on-write of the pages each
    child touches (40 Hashi boards: ~25 ms a file).

    >>> with Worker(lambda x: 10 // x, Limits(timeout=5)) as w:
    ...     list(w.map([5, 0]))[0], w.call(2)
    (('ok', 2), ('ok', 5))
    """

    #: Items sent ahead of the answers. One: a second item sent while the
    #: child is busy could fill the task pipe, and the child, sending a large
    #: answer, would wait for this process, which waits to send (no limit
    #: strikes while it does).
    AHEAD = 1
    #: The share of the memory limit a child may keep from item to item.
    GROWTH = 1 / 8

    def __init__(self, fn: Callable[[Any], Any], limits: Limits, grace: float = KILL_GRACE):
        self.fn, self.limits, self.grace = fn, limits, grace
        self.pid = 0
        self.base: int | None = None  # the child's resident memory when it started
        self.tasks = self.answers = None

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def call(self, item: Any) -> tuple[str, Any]:
        """``fn(item)`` in the child: ("ok", value), ("error", exception) or
        ("time" | "memory", message)."""
        with closing(self.map([item])) as outs:
            return next(outs)

    def map(self, items: Iterable[Any]) -> Iterator[tuple[str, Any]]:
        """The outcomes of ``items`` in order, as :func:`map_bounded` gives
        them. A generator closed early stops the child."""
        items = list(items)
        i = 0  # items answered
        try:
            while i < len(items):
                self._start()
                for out in self._answers(items[i:]):
                    i += 1
                    yield out
        finally:
            if i < len(items):  # stopped early: the child may be busy with an item
                self.close()

    def _answers(self, items: list) -> Iterator[tuple[str, Any]]:
        """Answers of the running child to ``items``; ends after a limit or
        a death (the child is then gone) or after the last item."""
        sent = current = 0
        started: float | None = None
        held = self.limits.memory
        watch = held is not None and self.base is not None
        while current < len(items):
            while sent < len(items) and sent - current < self.AHEAD:
                try:
                    self.tasks.send(items[sent])
                except OSError:  # the child is gone: its death is read below
                    break
                sent += 1
            wait = None
            if self.limits.timeout is not None and started is not None:
                wait = max(started + self.limits.timeout + self.grace - time.monotonic(), 0)
            step = wait
            if watch:
                step = WATCH if wait is None else min(wait, WATCH)
            if not self.answers.poll(step):
                if watch and (_resident(self.pid) or 0) > held:
                    self.close()
                    yield "memory", _over(self.limits)
                    return
                if wait is not None and step >= wait:
                    self.close()
                    yield "time", _late(self.limits.timeout)
                    return
                continue
            try:
                msg = self.answers.recv()
            except (EOFError, OSError):
                status = _reap(self.pid)
                self.pid = 0
                self.close()
                yield _death(status, self.limits)
                return
            if msg[0] == "start":
                started = msg[1]
            elif msg[0] == "fatal":
                self.close()
                yield "error", msg[1]
                return
            else:
                started = None
                current += 1
                if held is not None and self._grown(held):
                    self.close()  # the next item in a fresh child: see _grown
                yield msg[1]
                if not self.pid:
                    return

    def _grown(self, held: int) -> bool:
        """Whether the child kept more than :attr:`GROWTH` of the memory
        limit ``held`` since it started (or its memory cannot be read):
        the next item then gets a fresh child, so that no item is measured
        against memory an earlier one left behind."""
        now = _resident(self.pid) if self.base is not None else None
        return now is None or now - self.base > held * self.GROWTH

    def _start(self) -> None:
        """A child, forked now unless one is running."""
        if self.pid:
            return
        from multiprocessing.connection import Connection

        tr, tw = os.pipe()
        ar, aw = os.pipe()
        mask = _block_sigint()  # as in _one_child
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            os.close(tw)
            os.close(ar)
            _child(Connection(aw, readable=False), self.fn,
                   _received(Connection(tr, writable=False)), self.limits, mask, stream=True)
        _restore(mask)
        os.close(tr)
        os.close(aw)
        self.pid = pid
        self.base = _resident(pid)
        self.tasks = Connection(tw, readable=False)
        self.answers = Connection(ar, writable=False)

    def close(self) -> None:
        """Stop the child (if one runs)."""
        for conn in (self.tasks, self.answers):
            if conn is not None:
                conn.close()
        self.tasks = self.answers = None
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            _reap(self.pid)
            self.pid = 0


def _received(conn) -> Iterator[Any]:  # pragma: no cover - in the child
    """Items as the parent sends them, until it closes the pipe."""
    while True:
        try:
            yield conn.recv()
        except EOFError:
            return


def _bare(exc: BaseException) -> BaseException:
    """``exc`` without its traceback and chained exceptions: what the parent
    needs, and all that pickles (once distributed is imported, tblib makes
    exceptions pickle their tracebacks, which name modules)."""
    exc.__context__ = exc.__cause__ = None
    return exc.with_traceback(None)


def _block_sigint():
    """Block SIGINT in this thread; the previous mask (None where there is
    no ``pthread_sigmask``)."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _restore(mask) -> None:
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _resident(pid: int) -> int | None:
    """Bytes of ``pid`` resident in memory (Linux), None where unknown."""
    try:
        with open(f"/proc/{pid}/statm") as fh:
            return int(fh.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


def _over(limits: Limits) -> str:
    """The reason of a memory limit that struck, naming the limit that held."""
    note = limits.memory_note()
    return (f"memory limit of {mib(limits.memory)} reached"
            + (f" ({mib(limits.max_memory)} asked; this process may have no more"
               " address space: ulimit -v)" if note else ""))


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


def die_with_parent() -> None:
    """Ask Linux to SIGKILL this process when its parent dies."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the parent's kill must do
        pass


def _child(conn: Connection, fn, items, limits: Limits, mask=None,
           stream: bool = False) -> None:  # pragma: no cover
    """The child: run the items; send ("start", t), then for each item
    ("done", outcome, the next item's start time or None); should anything
    fail outside an item (its set-up), ("fatal", the exception). With
    ``stream`` the items come one by one (:class:`Worker`): ("start", t)
    as each is taken, ("done", outcome, None) when it is done."""
    code = 0
    try:
        # objects copied from the parent are never collected here: a full
        # collection would walk them all and copy every page they sit on
        # (190 ms per child in a Dask worker); freeze() itself walks nothing
        gc.freeze()
        die_with_parent()
        # a Ctrl-C is the parent's to handle: it kills this process
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        _restore(mask)
        # what goes wrong here reaches the parent through the pipe; the C++
        # runtime's last words at the memory limit (std::bad_alloc) need not
        # reach the user's terminal
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        os.close(devnull)
        if limits.max_memory is not None:
            _cap_address_space(limits)
        if not stream:
            conn.send(("start", time.monotonic()))
        for k, item in enumerate(items):
            if stream:
                conn.send(("start", time.monotonic()))
            try:
                out = ("ok", fn(item))
            except MemoryError:
                out = ("memory", _over(limits) if limits.max_memory else "out of memory")
            except Exception as exc:
                out = ("error", _bare(exc))
            # one message per item: its outcome and when the next one starts
            following = time.monotonic() if not stream and k + 1 < len(items) else None
            try:
                conn.send(("done", out, following))
            except (pickle.PicklingError, TypeError, AttributeError) as exc:
                conn.send(("done", ("error", RuntimeError(
                    f"the solving process could not send its answer: {exc}")), following))
            except MemoryError:
                conn.send(("done", ("memory", "memory limit reached while sending the answer"),
                           following))
    except BaseException as exc:
        code = 1
        try:
            conn.send(("fatal", RuntimeError(
                f"the solving process failed: {type(exc).__name__}: {exc}")))
        except BaseException:
            pass
    finally:
        # no exit handlers: they would flush stdio buffers copied from the parent
        os._exit(code)


def _cap_address_space(limits: Limits) -> None:  # pragma: no cover - in the child
    """Cap this process's address space at :data:`BACKSTOP` times the memory
    limit (where the resident watch runs; at the limit itself elsewhere),
    never above the hard limit it inherited, which stays as it was."""
    import resource

    cap = address_cap(limits, watched=_resident(os.getpid()) is not None)
    resource.setrlimit(resource.RLIMIT_AS, (cap, resource.getrlimit(resource.RLIMIT_AS)[1]))


def address_cap(limits: Limits, watched: bool) -> int:
    """The address-space cap of a child under ``limits``: :data:`BACKSTOP`
    times the memory limit where the parent watches its resident memory,
    the limit itself elsewhere, and never above the inherited hard limit."""
    cap = limits.memory * (BACKSTOP if watched else 1)
    ceiling = inherited_memory()
    return cap if ceiling is None else min(cap, ceiling)
