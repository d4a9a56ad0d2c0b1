"""What runs inside a child process of :mod:`satlink.children`, and the
pipe it talks through.

The child runs its tasks' items one after another under the address-space
cap (:func:`~satlink.child_memory.address_cap`, counted from what the fork gave it). Before each item it writes into a
:class:`Progress` it shares with the parent which item it starts and when;
the answers go through a :class:`Pipe` in batches, ("done", [outcome, ...]),
once :data:`FLUSH` seconds of work (or :data:`FLUSH_WALL` on the clock) have
passed since the previous batch, and at the end of each task; should anything fail outside an item (its set-up), ("fatal",
the exception). It dies with its parent (:func:`die_with_parent`) and leaves
Ctrl-C to it.
"""
from __future__ import annotations

import gc
import math
import mmap
import os
import pickle
import select
import signal
import struct
import time
from collections.abc import Iterator
from typing import Any

from .child_memory import cap_address_space, libc, over, settle
from .limits import Limits

#: CPU seconds of work a child keeps the answers of before it sends them
#: (it sends at the end of a task too, and after :data:`FLUSH_WALL` seconds
#: on the clock). One message an item cost the 17-clue Sudoku set (250 us an
#: item) ~30 us an item in the two processes (a pickle and a write, a
#: wake-up, a poll and an unpickle); the limits do not wait for the
#: answers (they read :class:`Progress`), and after a kill the next child
#: solves again what the answers held back: at most this much work. CPU,
#: not the clock: on a loaded machine 0.1 s on the clock was a dozen puzzles.
FLUSH = 0.1
#: Seconds on the clock a child keeps answers at most before it starts another
#: item (what is shown waits). It looks between items only: an answer can
#: also wait for the item after it, up to that item's time limit.
FLUSH_WALL = 1.0


class Progress:
    """Where a child is, shared with its parent through memory, not a
    message: the index of the item it runs (counted from its start) and
    when it began (``time.monotonic``), or no item (before its first,
    between tasks, while it sends a task's last answers). The parent holds
    each item's time and memory limit from it, so the answers can travel
    in batches, and after a kill it knows which item struck.

    A sequence lock keeps a read whole: the writer makes the counter odd,
    writes, makes it even; a reader takes the fields only between two equal
    even counts (x86 keeps stores, and loads, in order).

    Under a memory limit the child also writes here, once and before its
    first item, the memory it holds when set up (:func:`settle`): the base
    its parent counts what it adds from."""

    _SEQ = struct.Struct("=q")
    _AT = struct.Struct("=qd")
    _BASE = struct.Struct("=q")  # at 24: bytes, -1 while not known

    def __init__(self):
        self.buf = mmap.mmap(-1, 32)  # anonymous and shared: the fork keeps it one
        self.seq = 0
        self.mark(-1, 0.0)
        self._BASE.pack_into(self.buf, 24, -1)

    def set_base(self, nbytes: int | None) -> None:
        """What the child has allocated once set up (None: unknown)."""
        self._BASE.pack_into(self.buf, 24, -1 if nbytes is None else nbytes)

    def base(self) -> int | None:
        """What :meth:`set_base` wrote, None before (an aligned word: read whole)."""
        value = self._BASE.unpack_from(self.buf, 24)[0]
        return None if value < 0 else value

    def mark(self, index: int, start: float) -> None:
        """The child starts item ``index`` at ``start`` (-1: none)."""
        self.seq += 1
        self._SEQ.pack_into(self.buf, 0, self.seq)
        self._AT.pack_into(self.buf, 8, index, start)
        self.seq += 1
        self._SEQ.pack_into(self.buf, 0, self.seq)

    def read(self, settled: bool = False) -> tuple[int, float] | None:
        """(index, start) of the item the child runs, None when it runs
        none or is writing (then it has just moved on: the caller looks
        again later). ``settled``: the child is dead, its last write is
        taken as it stands."""
        seq = self._SEQ.unpack_from(self.buf, 0)[0]
        at = self._AT.unpack_from(self.buf, 8)
        if not settled and (seq & 1 or self._SEQ.unpack_from(self.buf, 0)[0] != seq):
            return None
        return at if at[0] >= 0 else None

    def close(self) -> None:
        self.buf.close()


class Pipe:
    """One end of a pipe that carries pickled objects, each after its
    length (what ``multiprocessing.connection`` does, without the 30 ms of
    importing it at every start). What is read comes in blocks of up to
    :data:`BLOCK` bytes and waits here until asked for: the many small
    answers a child sends in a row (a Sudoku's record) cost one read, not
    two and a poll each."""

    def __init__(self, fd: int):
        self.fd = fd
        self._buf = b""  # bytes read, not yet taken from _pos on
        self._pos = 0

    def send(self, obj: Any) -> None:
        data = pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)
        view = memoryview(struct.pack("!Q", len(data)) + data)
        while view:
            view = view[os.write(self.fd, view):]

    def recv(self) -> Any:
        """The next object; EOFError when the other end is closed."""
        (size,) = struct.unpack("!Q", self._exactly(8))
        return pickle.loads(self._exactly(size))

    def _exactly(self, size: int) -> bytes:
        end = self._pos + size
        if end > len(self._buf):
            chunks = [self._buf[self._pos:]]
            have = len(chunks[0])
            while have < size:
                chunk = os.read(self.fd, max(size - have, BLOCK))
                if not chunk:
                    raise EOFError
                chunks.append(chunk)
                have += len(chunk)
            self._buf, self._pos, end = b"".join(chunks), 0, size
        data = self._buf[self._pos:end]
        self._pos = end
        return data

    def drain(self) -> list[Any]:
        """The whole objects readable now, without waiting (the writer is
        dead: what it was writing when it died is dropped)."""
        chunks = [self._buf[self._pos:]]
        while readable([self], 0):
            try:
                chunk = os.read(self.fd, BLOCK)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        data, pos, out = b"".join(chunks), 0, []
        while pos + 8 <= len(data):
            (size,) = struct.unpack_from("!Q", data, pos)
            if pos + 8 + size > len(data):
                break
            out.append(pickle.loads(data[pos + 8:pos + 8 + size]))
            pos += 8 + size
        self._buf, self._pos = b"", 0
        return out

    def buffered(self) -> bool:
        """Whether bytes read wait here (the start of an object at least)."""
        return self._pos < len(self._buf)

    def poll(self, timeout: float | None = 0.0) -> bool:
        """Whether there is something to read (or the other end closed)
        within ``timeout`` seconds (None: wait for it)."""
        return self.buffered() or bool(readable([self], timeout))

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
        self._buf, self._pos = b"", 0


#: Bytes a :class:`Pipe` reads at most at a time (a pipe holds 64 KiB on Linux).
BLOCK = 1 << 16


def readable(pipes: list[Pipe], timeout: float | None) -> list[Pipe]:
    """The pipes among ``pipes`` with something to read within ``timeout``
    (at once, those with bytes read and waiting)."""
    waiting = [p for p in pipes if p.buffered()]
    poller = select.poll()
    by_fd = {}
    for p in pipes:
        if p not in waiting:
            poller.register(p.fd, select.POLLIN)
            by_fd[p.fd] = p
    ms = 0 if waiting else None if timeout is None else math.ceil(timeout * 1000)
    return waiting + [by_fd[fd] for fd, _ in poller.poll(ms)]


def received(conn) -> Iterator[Any]:  # pragma: no cover - in the child
    """Tasks as the parent sends them, until it closes the pipe."""
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


def block_sigint():
    """Block SIGINT in this thread; the previous mask (None where there is
    no ``pthread_sigmask``)."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def restore(mask) -> None:
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def die_with_parent() -> None:
    """Ask Linux to SIGKILL this process when its parent dies."""
    try:
        libc().prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except AttributeError:  # not Linux: the parent's kill must do
        pass


def run_child(conn: Pipe, fn, tasks, limits: Limits, progress: Progress,
              mask=None) -> None:  # pragma: no cover
    """The child: run the tasks' items, each marked in ``progress`` before
    it starts; send their outcomes in batches, ("done", [outcome, ...]),
    after :data:`FLUSH` seconds of work (:data:`FLUSH_WALL` on the clock) and
    at the end of each task; should
    anything fail outside an item (its set-up), ("fatal", the exception)."""
    code = 0
    try:
        # objects copied from the parent are never collected here: a full
        # collection would walk them all and copy every page they sit on
        # (190 ms per child in a Dask worker); freeze() itself walks nothing
        gc.freeze()
        die_with_parent()
        # a Ctrl-C is the parent's to handle: it kills this process
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        restore(mask)
        # what goes wrong here reaches the parent through the pipe; the C++
        # runtime's last words at the memory limit (std::bad_alloc) need not
        # reach the user's terminal
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        os.close(devnull)
        if limits.max_memory is not None:
            settle(progress)
            cap_address_space(limits)
        count = 0  # items started, as the parent counts its answers
        for task in tasks:
            if not task:
                continue
            batch: list = []
            sent, spent = time.monotonic(), time.process_time()
            progress.mark(count, sent)
            last = len(task) - 1
            for k, item in enumerate(task):
                try:
                    out = ("ok", fn(item))
                except MemoryError:
                    out = ("memory", over(limits) if limits.max_memory else "out of memory")
                except Exception as exc:
                    out = ("error", _bare(exc))
                batch.append(out)
                count += 1
                now = time.monotonic()
                if k == last:
                    progress.mark(-1, now)  # the last answers go: no item runs
                    _answer(conn, batch)
                    break
                # the next item starts now: sending what is due counts as its time
                progress.mark(count, now)
                # the CPU clock is a system call: read only once FLUSH seconds
                # have passed on the clock (one thread: no more CPU time than that)
                if now - sent < FLUSH:
                    continue
                cpu = time.process_time()
                if cpu - spent >= FLUSH or now - sent >= FLUSH_WALL:
                    _answer(conn, batch)
                    batch, sent, spent = [], now, cpu
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


def _answer(conn: Pipe, batch: list) -> None:  # pragma: no cover - in the child
    """Send a batch of outcomes; should one not pickle (or memory run out
    while pickling), one by one, each that cannot go an error of its own."""
    try:
        conn.send(("done", batch))
        return
    except (pickle.PicklingError, TypeError, AttributeError, MemoryError):
        pass
    for out in batch:
        try:
            conn.send(("done", [out]))
        except (pickle.PicklingError, TypeError, AttributeError) as exc:
            conn.send(("done", [("error", RuntimeError(
                f"the solving process could not send its answer: {exc}"))]))
        except MemoryError:
            conn.send(("done", [("memory", "memory limit reached while sending the answer")]))
