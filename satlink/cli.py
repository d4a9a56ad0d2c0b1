"""The `satlink` command: the parser, the dispatch to the commands and what
every command shares at its end (exit codes, output errors, Ctrl-C).

Each command's options and code live in a module of its own, imported only
when it runs (or when the whole list is printed): :mod:`.cli_solve`,
:mod:`.cli_check`, :mod:`.cli_count`, :mod:`.cli_dimacs` (``dimacs`` and
``decode``), :mod:`.cli_draw` (``draw`` and ``fmt``), :mod:`.cli_design`,
:mod:`.cli_explain` and :mod:`.cli_serve`; ``list`` is here. Options they
share are in :mod:`.cli_args`. Every command calls :mod:`satlink.api`;
exit codes are in :data:`satlink.api.EXIT`."""
from __future__ import annotations

import argparse
import os
import signal
import sys

from . import api, formats, puzzles
from .cli_args import EPILOG, check_paths, common, count_at_least, memory, seconds
from .engine import DEFAULT_SOLVER, VerificationError, check_solver_name, solver_names
from .errors import InputError, SatlinkError, UsageError
from .limits import Limits
from .writing import check_directory

DESCRIPTION = ("satlink: a SAT-encoding compiler for pencil and logic puzzles. Solve a puzzle and"
               " prove its solution unique, validate collections, count solutions, or export"
               " DIMACS for any SAT solver.")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone when it is one
    (a parser per command cost a start a sixth of its import time)."""
    ap = argparse.ArgumentParser(prog="satlink", description=DESCRIPTION,
                                 epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="version", version="satlink 0.1.0")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", required=True)
    if command is not None:
        sub = _Only(sub, command)
    for name, module in _modules(command).items():  # in the order of ELSEWHERE
        if name == "cli_design":
            module.add_parsers(sub, common, count_at_least)
        elif name == "cli_explain":
            module.add_parsers(sub, common)
        elif name == "cli_serve":
            module.add_parser(sub, seconds, memory)
        else:
            module.add_parsers(sub)
    sub.add_parser("list", help="puzzle types, aliases, input formats and solvers")
    if command is not None and not sub.built:  # not a command: the whole list in the error
        return build_parser()
    return ap


#: The commands whose parsers and code live in other modules, by module, in
#: the order `satlink --help` lists them: a module is imported when one of
#: its commands runs, or the whole list is built (`solve` need not import the
#: design tools' JSON and files, nor `check`'s collections).
ELSEWHERE = {"cli_solve": ("solve",), "cli_check": ("check",), "cli_count": ("count",),
             "cli_dimacs": ("dimacs", "decode"), "cli_draw": ("draw", "fmt"),
             "cli_design": ("minimize", "analyze", "generate"), "cli_explain": ("explain",),
             "cli_serve": ("serve",)}


def _modules(command: str | None) -> dict:
    """The modules of :data:`ELSEWHERE` that ``command`` needs (all of them
    for None, or a name that is no command)."""
    from importlib import import_module

    names = [name for name, commands in ELSEWHERE.items() if command in commands]
    if command is None or (not names and command not in COMMANDS):
        names = list(ELSEWHERE)
    return {name: import_module(f".{name}", __package__) for name in names}


class _Only:
    """Subcommands whose parser is built for one name only; the others'
    arguments go nowhere (:class:`_Unbuilt`)."""

    def __init__(self, sub, name: str):
        self.sub, self.name, self.built = sub, name, False

    def add_parser(self, name: str, **kwargs):
        if name != self.name:
            return _Unbuilt()
        self.built = True
        return self.sub.add_parser(name, **kwargs)


class _Unbuilt:
    """A parser not built: every call is taken and dropped."""

    def __getattr__(self, name: str):
        return self._drop

    def _drop(self, *args, **kwargs):
        return self


def _command(argv: list[str] | None) -> str | None:
    """The command ``argv`` names first, if any."""
    argv = sys.argv[1:] if argv is None else argv
    return argv[0] if argv and not argv[0].startswith("-") else None


def cmd_list(args) -> int:
    print("puzzle types:")
    for m in puzzles.types():
        aliases = f" (aliases: {', '.join(m.aliases)})" if m.aliases else ""
        print(f"  {m.name}{aliases}: {m.summary}")
    print("input formats:")
    for name, m in sorted(formats.registry().items()):
        reads = f" [{', '.join(m.TYPES)}]" if m.TYPES else ""
        print(f"  {name}{reads}: {m.DESCRIPTION}")
    print(f"solvers (PySAT; default {DEFAULT_SOLVER}):")
    print("  " + ", ".join(solver_names()))
    return 0


#: The commands of this module; the others are in :data:`ELSEWHERE`.
COMMANDS = {"list": cmd_list}


def command_function(name: str):
    """The function that runs the command ``name``."""
    if name in COMMANDS:
        return COMMANDS[name]
    [module] = _modules(name).values()
    return module.COMMANDS[name]


class OutputError(UsageError):
    """Standard output cannot be written (a full disk): exit 2."""


class _GuardedStream:
    """Standard output whose write errors become an :class:`OutputError`."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            try:
                return self._stream.write(text)
            except UnicodeEncodeError:
                # a lone surrogate: a JSON escape ("\ud800" in a puzzlekit
                # collection) or a file name's undecodable byte; written escaped
                encoding = getattr(self._stream, "encoding", None) or "utf-8"
                return self._stream.write(text.encode(encoding, "backslashreplace")
                                          .decode(encoding))
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write standard output: {exc.strerror}") from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write standard output: {exc.strerror}") from None

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that the flush at exit (of
    what could not be written) neither fails nor prints a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


class _Interrupted:
    """Whether a SIGINT came. Its KeyboardInterrupt can be lost: Python
    swallows one raised inside a finalizer (a ``__del__`` that happens to
    run then), so the loops over results and ``main`` ask this too."""

    def __init__(self):
        self.seen = False

    def __call__(self, signum, frame):
        self.seen = True
        raise KeyboardInterrupt

    def check(self) -> None:
        if self.seen:
            raise KeyboardInterrupt


def _watch_interrupts() -> _Interrupted:
    flag = _Interrupted()
    default_hook = sys.unraisablehook

    def unraisable(info) -> None:
        # a Ctrl-C that landed in a finalizer: the flag has it; no traceback
        if not isinstance(info.exc_value, KeyboardInterrupt):
            default_hook(info)

    sys.unraisablehook = unraisable
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not ignored
        try:
            signal.signal(signal.SIGINT, flag)
        except ValueError:  # not the main thread (main() called from a thread)
            pass
    return flag


def _note_memory(args) -> None:
    """Say once when the memory limit that holds is lower than --max-memory
    (an inherited ``ulimit -v``); not for --dask, whose workers have their own."""
    if getattr(args, "max_memory", None) is None or getattr(args, "dask", None):
        return
    note = Limits(max_memory=args.max_memory).memory_note()
    if note:
        print(f"note: {note}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run the command ``argv`` names and return its exit code. Run as the
    program (``argv`` None: the `satlink` script, ``python -m satlink``),
    it ends the process itself once its output is out (:func:`_end`)."""
    code = _main(argv)
    if argv is None:
        _end(code)
    return code


def _end(code: int) -> None:
    """End the process at once with ``code``: Python's own exit frees every
    module and object one by one, about 13 ms of CPU after a small `solve`
    (a tenth of its run), where the system frees the process whole. Output
    is flushed and the ``atexit`` functions run first, as at any exit. With
    another thread alive (whose end Python would wait for), under a tracer
    or a profiler (which report at exit), or when output cannot be flushed,
    Python exits as usual."""
    import atexit
    import threading

    if threading.active_count() > 1 or sys.gettrace() is not None or sys.getprofile() is not None:
        return
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(code)


def _main(argv: list[str] | None) -> int:
    args = build_parser(_command(argv)).parse_args(argv)
    real_stdout = sys.stdout
    sys.stdout = _GuardedStream(real_stdout)
    previous, previous_hook = signal.getsignal(signal.SIGINT), sys.unraisablehook
    args.interrupted = _watch_interrupts()
    try:
        check_paths(args)
        if getattr(args, "proof", None):
            if not args.certify:
                raise UsageError("--proof DIR keeps the proofs of --certify; add --certify")
            check_directory(args.proof)
        if getattr(args, "solver", None):
            check_solver_name(args.solver, getattr(args, "timeout", None))
        if getattr(args, "puzzle_type", None):
            try:
                puzzles.get(args.puzzle_type)
            except InputError as exc:
                raise UsageError(f"--type: {exc.message}") from None
        _note_memory(args)
        code = command_function(args.command)(args)
        args.interrupted.check()
        sys.stdout.flush()
        return code
    except OutputError as exc:
        print(exc.render(), file=sys.stderr)
        _silence_stdout()
        return exc.exit_code
    except SatlinkError as exc:
        print(exc.render(), file=sys.stderr)
        return exc.exit_code
    except VerificationError as exc:  # an encoding or solver bug, said as such
        print(f"internal error: {exc}", file=sys.stderr)
        return api.EXIT["internal"]
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return api.EXIT["interrupted"]
    except BrokenPipeError:
        _silence_stdout()
        sys.stderr.close()
        return 0
    finally:
        sys.stdout = real_stdout
        sys.unraisablehook = previous_hook
        try:
            signal.signal(signal.SIGINT, previous)
        except (ValueError, TypeError):
            pass


if __name__ == "__main__":
    sys.exit(main())
