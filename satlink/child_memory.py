"""What a child of :mod:`satlink.children` is measured and capped by under
a memory limit: what it allocated (:class:`Allocated`,
read by the parent), the base it counts from (:func:`settle`, in the child
once set up) and the address-space cap behind the watch
(:func:`cap_address_space`)."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .limits import Limits, inherited_memory, mib

if TYPE_CHECKING:
    from .child import Progress

#: Under a memory limit the parent reads what the child allocated (Linux)
#: and kills it when what it added passes the limit, and the
#: child's address space is capped too, at what the fork gave it plus this
#: many times the limit: a cap that strikes makes allocations
#: fail inside the child, and CPython then sometimes spun for ever in mmap
#: while unwinding the MemoryError (1 run in 5 of a 200 x 200 Numberlink at
#: 300M), and CaDiCaL aborts; the parent's watch kills it cleanly first.
BACKSTOP = 2
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def mapped(pid: int) -> tuple[int, int] | None:
    """Bytes of address space ``pid`` has and of those resident in memory
    (Linux), None where unknown."""
    try:
        with open(f"/proc/{pid}/statm") as fh:
            size, rss = fh.read().split()[:2]
        return int(size) * _PAGE, int(rss) * _PAGE
    except (OSError, ValueError):
        return None


class Allocated:
    """What a process (a child) has allocated, read from its
    ``/proc/PID/status`` (Linux), open while it lives: one ``pread`` and a
    few searches a reading (5 us; 20 readings a second per child under a
    memory limit).

    Counted: its anonymous pages resident (``RssAnon``), its shared-memory
    pages resident that it maps (``RssShmem``: ``mmap(-1, n)``, a /dev/shm
    file mapped) and its pages swapped out (``VmSwap``): what it allocated,
    wherever it lies. Not counted: file pages (the interpreter's and its
    libraries' code, mapped data), which come and go with the kernel's page
    cache whatever the process does: counted, a child whose inherited file
    pages were reclaimed under memory pressure could allocate that much
    more before its limit struck, and one that faulted its libraries back
    in would be charged for them. Swap counted: pages swapped out and back
    in are neither room for more nor growth. A tmpfs file written, not
    mapped, escapes the count (and the address-space cap): satlink writes
    none."""

    _FIELDS = (b"RssAnon:", b"RssShmem:", b"VmSwap:")

    #: How far a reading may be from the truth: from Linux 6.2 these counts
    #: are shown without the pages each processor has not yet added to them,
    #: fewer than max(32, 2 x processors) pages a processor, until a 2025
    #: fix ("mm: fix the inaccurate memory statistics issue for users";
    #: kernels before it are common). The
    #: least a child has held is lowered only by a fall larger than this,
    #: so that a low reading's error is never counted as growth after it
    #: (32 MiB on 64 processors, 256 KiB on 2).
    SLACK = (os.cpu_count() or 1) * max(32, 2 * (os.cpu_count() or 1)) * _PAGE

    def __init__(self, pid: int):
        try:
            self.fd = os.open(f"/proc/{pid}/status", os.O_RDONLY)
        except OSError:
            self.fd = -1

    def read(self) -> int | None:
        """Bytes allocated, None where unknown (not Linux, before Linux 4.5,
        the child gone). A field the kernel does not show (``VmSwap``
        without swap support) counts 0; ``RssAnon`` must be there."""
        if self.fd < 0:
            return None
        try:
            text = os.pread(self.fd, 4096, 0)
            total = 0
            for key in self._FIELDS:
                at = text.find(key)
                if at < 0:
                    if key == b"RssAnon:":
                        return None
                    continue
                at += len(key)
                total += int(text[at:text.index(b"kB", at)])
            return total << 10
        except (OSError, ValueError):
            return None

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def over(limits: Limits) -> str:
    """The reason of a memory limit that struck, naming the limit that held."""
    note = limits.memory_note()
    return (f"memory limit of {mib(limits.memory)} reached"
            + (f" ({mib(limits.max_memory)} asked; this process may have no more"
               " address space: ulimit -v)" if note else ""))


def libc():
    """The C library of this process through ctypes, None where there is none."""
    import ctypes  # here, in the child: 2 ms of every start otherwise

    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:  # pragma: no cover - no C library to load
        return None


def settle(progress: Progress) -> None:  # pragma: no cover - in the child
    """Give back the free memory the fork copied and publish what this child
    holds then as the base its memory limit counts from.

    A process's C heap keeps memory it freed (glibc trims it only past a
    threshold, and returns free pages inside the heap only when asked), and
    a fork copies that memory as resident. A child's first ``free`` next to
    it could then trim tens of MiB at once, and as much more than its limit
    went unseen: measured, a caller that had freed 150 MB of 100 kB objects
    let an item add 200 MiB under a 128 MiB limit (``tests/test_workers.py``).
    ``malloc_trim(0)`` (glibc) gives all of it back now, before the base is
    read; where it does not exist the parent's count from the lowest it has
    seen (:class:`satlink.children.Worker`) must do."""
    try:
        trim = libc().malloc_trim
    except AttributeError:  # not glibc
        pass
    else:
        import ctypes

        trim.argtypes = [ctypes.c_size_t]
        trim(0)
    mine = Allocated(os.getpid())
    progress.set_base(mine.read())
    mine.close()


def cap_address_space(limits: Limits) -> None:  # pragma: no cover - in the child
    """Cap this process's address space at what it has now (what the fork
    gave it) plus :data:`BACKSTOP` times the memory limit (where the
    resident watch runs; the limit itself elsewhere), never above the hard
    limit it inherited, which stays as it was."""
    import resource

    now = mapped(os.getpid())
    cap = address_cap(limits, watched=now is not None, mapped=None if now is None else now[0])
    resource.setrlimit(resource.RLIMIT_AS, (cap, resource.getrlimit(resource.RLIMIT_AS)[1]))


def address_cap(limits: Limits, watched: bool, mapped: int | None = None) -> int:
    """The address-space cap of a child under ``limits`` that has ``mapped``
    bytes of address space at its start (None: unknown, counted as 0; the
    caller's own, which the limit does not count): :data:`BACKSTOP` times
    the memory limit more where the parent watches its resident memory,
    the limit itself more elsewhere, and never above the inherited hard
    limit."""
    cap = (mapped or 0) + limits.memory * (BACKSTOP if watched else 1)
    ceiling = inherited_memory()
    return cap if ceiling is None else min(cap, ceiling)
