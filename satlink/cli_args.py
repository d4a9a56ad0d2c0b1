"""What the commands of :mod:`satlink.cli` share: the options that take a
value (their argparse types), the options every solving command has,
reading the one puzzle of a file, and the checks of file and path
arguments that every command gets before it runs."""
from __future__ import annotations

import argparse
import math
import os

from . import api
from .engine import DEFAULT_SOLVER
from .errors import UsageError
from .limits import check_memory, parse_memory


def json_module():
    """The json module, imported by the commands that print JSON."""
    import json

    return json


EPILOG = """exit codes: 0 every puzzle unique (or the command succeeded), 1 a puzzle has
several solutions, 2 usage error (or unwritable output), 3 a puzzle has no
solution, 4 input error, 5 time or memory limit reached (verdict unknown),
6 a solution failed verification, 7 (check --strict) a solution differs from
the one written in the file, 130 interrupted.
Over several puzzles the code is the worst of: 6, 7, 4, 5, 3, 1, 0."""
#: Memory a puzzle may use while it is solved, unless --max-memory says otherwise.
DEFAULT_MAX_MEMORY = "4G"


def seconds(text: str) -> float:
    """argparse type of --timeout: a finite, positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"`{text}` is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError("must be a positive, finite number of seconds")
    return value


def memory(text: str) -> int | None:
    """argparse type of --max-memory: ``4G``, ``512M``, or ``none``."""
    if text.lower() in ("none", "unlimited"):
        return None
    try:
        value = parse_memory(text)
    except (ValueError, IndexError, OverflowError):
        raise argparse.ArgumentTypeError(
            f"`{text}` is not a size (such as 4G, 512M, or none)") from None
    if value < 64 << 20:
        raise argparse.ArgumentTypeError("must be at least 64M")
    try:
        return check_memory(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def count_at_least(least: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"`{text}` is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}")
        return value
    return parse


def common(p: argparse.ArgumentParser, solving: bool = True) -> None:
    p.add_argument("--format", dest="fmt", metavar="NAME",
                   help="input format (default: detected; see `satlink list`)")
    p.add_argument("--type", dest="puzzle_type", metavar="TYPE",
                   help="puzzle type, for formats that do not name it (grid-text)")
    p.add_argument("--fill", choices=("all", "any"),
                   help="Numberlink: must every cell be used (overrides the source's rule)")
    p.add_argument("--touch", choices=("yes", "no"),
                   help="Numberlink: may a path touch itself (`no`: two adjacent cells of one"
                   " label are consecutive on its path; overrides the source's rule)")
    if solving:
        p.add_argument("--solver", default=DEFAULT_SOLVER, metavar="NAME",
                       help=f"PySAT solver (default {DEFAULT_SOLVER}; `satlink list` names them)")
        p.add_argument("--timeout", type=seconds, metavar="SECONDS",
                       help="give up on a puzzle after this many seconds (verdict unknown)")
        p.add_argument("--max-memory", type=memory, default=parse_memory(DEFAULT_MAX_MEMORY),
                       metavar="SIZE", help="memory a puzzle may use while it is solved"
                       f" (default {DEFAULT_MAX_MEMORY}; `none`: no limit)")


def certify_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--certify", action="store_true",
                   help="certify unique and none verdicts by a DRAT proof, checked")
    p.add_argument("--proof", metavar="DIR",
                   help="with --certify: keep each certified CNF and its proof in DIR")


def plural(n: int, word: str) -> str:
    """``1 puzzle``, ``2 puzzles``.

    >>> plural(1, "solution"), plural(0, "puzzle")
    ('1 solution', '0 puzzles')
    """
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def options(args) -> dict:
    """The rule overrides the source's rule gives way to (Numberlink's)."""
    return {name: getattr(args, name) for name in ("fill", "touch")
            if getattr(args, name, None)}


def load_one(args, path: str):
    """The items of the file ``path``, read with the command's options."""
    return api.load(path, args.fmt, args.puzzle_type, options(args))


def single(args, path: str):
    """The one puzzle of the file ``path`` (a usage error if it holds more)."""
    items = load_one(args, path)
    if len(items) != 1:
        raise UsageError(f"{path} holds {len(items)} puzzles; this command takes one"
                         " (use `satlink check` for collections)")
    if items[0].error is not None:
        raise items[0].error
    return items[0]


def check_paths(args) -> None:
    """The file and path arguments of any command, before it runs: none is
    empty, and no output that is not a puzzle goes over a puzzle it reads
    (both usage errors, exit 2)."""
    _not_empty(args)
    _not_over_input(args)


#: Arguments that an empty value (an unset shell variable, most often) would
#: turn into something else: "not given" (no output written, a format
#: detected), or the current folder (`check ""` checked every file below it).
NOT_EMPTY = {"files": "FILE", "paths": "FILE-or-DIR", "file": "FILE", "answer": "ANSWER",
             "output": "--output", "svg": "--svg", "proof": "--proof", "state": "--state",
             "target": "--target", "from_solution": "--from-solution",
             "solutions": "--solutions", "fmt": "--format", "puzzle_type": "--type",
             "solver": "--solver"}


def _not_empty(args) -> None:
    for dest, name in NOT_EMPTY.items():
        value = getattr(args, dest, None)
        if value == "" or (isinstance(value, list) and "" in value):
            raise UsageError(f"{name} is an empty string (an unset shell variable?)")


#: Outputs that are no puzzle (command -> option): written over a puzzle file
#: given as input they destroy it (`check set.pzl --output set.pzl` replaced
#: the puzzle by its result, `dimacs p.pzl -o p.pzl` by its CNF).
NOT_OVER_INPUT = {"check": ("output", "--output"), "dimacs": ("output", "--output"),
                  "draw": ("output", "--output"), "solve": ("svg", "--svg")}


def _not_over_input(args) -> None:
    dest, option = NOT_OVER_INPUT.get(args.command, (None, None))
    target = getattr(args, dest, None) if dest else None
    if not target or not os.path.isfile(target):
        return
    inputs = [*(getattr(args, "files", None) or getattr(args, "paths", None) or []),
              getattr(args, "file", None)]
    for path in inputs:
        if path and path != "-" and os.path.isfile(path) and os.path.samefile(path, target):
            raise UsageError(f"{option} {target} is the puzzle file {path}: writing it would"
                             " destroy the puzzle")
