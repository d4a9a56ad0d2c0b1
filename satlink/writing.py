"""Every file and folder the command line writes, written one way.

- :func:`write_file`: a whole file (``dimacs -o``, ``draw -o``, ``solve
  --svg``, ``minimize -o``, the puzzles of ``generate -o`` and its
  ``--solutions``, the proofs of ``--proof``), through a temporary file in
  the same folder renamed over the target: a failure at any point leaves
  nothing half-written under the final name (and no temporary file). A
  device or a pipe is written through; a symlink is followed, never
  replaced; a new file gets the mode the umask gives, an old one keeps its.
- :class:`Appender`: ``check --output``, where appending is the point: each
  write is flushed at once, so that a run killed at any point loses nothing
  written.
- :func:`make_directory`: a folder to write into (``generate -o``,
  ``--proof``), with its missing parents.
- :func:`check_file`, :func:`check_directory`: the same refusals before a
  long run, so that it is not lost at the end for a typing error.

Whatever goes wrong (a file where a folder is expected or the reverse, a
missing parent, no permission, a full disk) is a :class:`CannotWrite`: exit
2, ``error: cannot write PATH: reason``, never a traceback.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> write_file(os.path.join(folder, "a.txt"), "hello\\n")
>>> try:
...     write_file(folder, "hello\\n")
... except CannotWrite as exc:
...     print(exc.render().replace(folder, "DIR"))
error: cannot write DIR: Is a directory
"""
from __future__ import annotations

import errno
import os
import stat
import tempfile
from typing import IO, TYPE_CHECKING

from .errors import UsageError

if TYPE_CHECKING:  # pathlib (4 ms) is imported by the functions that write, when they run
    from pathlib import Path


class CannotWrite(UsageError):
    """A path the command cannot write (exit 2)."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"cannot write {path}: {reason}")
        self.path, self.reason = path, reason

    def __reduce__(self):  # travels from worker and child processes
        return (CannotWrite, (self.path, self.reason))


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def cannot(path: str, exc: OSError | str) -> CannotWrite:
    """The error for ``path``: ``exc`` is the OSError or the reason."""
    return CannotWrite(path, exc if isinstance(exc, str) else _reason(exc))


def _parent_problem(target: Path) -> str | None:
    """Why a new entry cannot be made in ``target``'s folder, None if it can."""
    parent = target.parent
    if not parent.exists():
        return f"no directory {parent}"
    if not parent.is_dir():
        return os.strerror(errno.ENOTDIR)
    if not os.access(parent, os.W_OK | os.X_OK):
        return os.strerror(errno.EACCES)
    return None


def check_file(path: str) -> None:
    """Refuse, before the work, a file path that :func:`write_file` could
    not write: a folder, a missing or unwritable parent, a device or file
    without permission."""
    from pathlib import Path  # here: a command that writes no file never needs it

    target = Path(os.path.realpath(path))
    try:
        st = target.stat()
    except FileNotFoundError:
        st = None
    except OSError as exc:  # a file where a folder is expected on the way
        raise cannot(path, exc) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise cannot(path, os.strerror(errno.EISDIR))
    if st is not None and not stat.S_ISREG(st.st_mode):  # a device, a pipe: written through
        if not os.access(target, os.W_OK):
            raise cannot(path, os.strerror(errno.EACCES))
        return
    problem = _parent_problem(target)
    if problem is not None:
        raise cannot(path, problem)


def check_directory(path: str) -> None:
    """Refuse, before the work, a folder path that :func:`make_directory`
    could not make or that could not be written into."""
    from pathlib import Path  # here: a command that writes no file never needs it

    target = Path(os.path.realpath(path))
    probe = target
    while not probe.exists():  # the nearest part that exists must be a writable folder
        if probe.parent == probe:
            break
        probe = probe.parent
    if not probe.is_dir():
        raise cannot(path, os.strerror(errno.ENOTDIR))
    if not os.access(probe, os.W_OK | os.X_OK):
        raise cannot(path, os.strerror(errno.EACCES))


def make_directory(path: str | Path) -> Path:
    """The folder ``path``, made with its missing parents if need be."""
    from pathlib import Path  # here: a command that writes no file never needs it

    try:
        os.makedirs(path, exist_ok=True)
    except FileExistsError:  # a file stands there
        raise cannot(str(path), os.strerror(errno.ENOTDIR)) from None
    except OSError as exc:
        raise cannot(str(path), exc) from None
    return Path(path)


def write_file(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole (see the module docstring)."""
    from pathlib import Path  # here: a command that writes no file never needs it

    path = str(path)
    target = Path(os.path.realpath(path))
    try:
        st = target.stat()
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise cannot(path, exc) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise cannot(path, os.strerror(errno.EISDIR))
    if st is not None and not stat.S_ISREG(st.st_mode):  # a device, a pipe
        try:
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            raise cannot(path, exc) from None
        return
    problem = _parent_problem(target)
    if problem is not None:
        raise cannot(path, problem)
    if st is not None:
        mode = stat.S_IMODE(st.st_mode)
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    except OSError as exc:
        raise cannot(path, exc) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise cannot(path, exc) from None
        raise


class Appender:
    """``check --output``: lines appended and flushed as they come. The
    file is opened (and, unless ``resume``, emptied) at the first write, so
    that a run that fails before any result leaves an earlier file as it
    was. After a failed write, closing raises nothing more."""

    def __init__(self, path: str, resume: bool):
        self.path, self.resume = path, resume
        self.fh: IO[str] | None = None
        self.failed = False

    def write(self, text: str) -> None:
        try:
            if self.fh is None:
                self.fh = open(self.path, "a" if self.resume else "w", encoding="utf-8")
            self.fh.write(text)
            self.fh.flush()
        except OSError as exc:
            self.failed = True
            raise cannot(self.path, f"{_reason(exc)}; `--resume` goes on from the last whole"
                         " line") from None

    def close(self) -> None:
        fh, self.fh = self.fh, None
        if fh is None:
            return
        try:
            fh.close()
        except OSError as exc:
            if not self.failed:
                raise cannot(self.path, exc) from None
            # what could not be written the first time cannot be now either
