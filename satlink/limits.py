"""Time and memory limits: the values a user names (``--timeout``,
``--max-memory``) and the memory that holds under them. The processes that
hold them are :mod:`satlink.children`'s.

A limit names the seconds an item (one puzzle, from reading to verdict) may
run and the bytes it may keep resident; an item that passes either is
reported as ``time`` or ``memory`` with the reason, never as a verdict. The
memory limit that holds is the smaller of ``max_memory`` and the address
space this process inherited (``ulimit -v``; :meth:`Limits.memory_note`
says when that is lower than asked).

>>> Limits(timeout=5).bounded, Limits().bounded
(True, False)
"""
from __future__ import annotations

import sys

from .records import frozen

#: The most memory a limit may name: what a 64-bit machine can address
#: (x86-64 and ARMv8 address 48 bits: 256 TiB), 4 GiB on a 32-bit one.
ADDRESSABLE = 1 << (48 if sys.maxsize > 1 << 32 else 32)


@frozen
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
