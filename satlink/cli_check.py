"""``satlink check``: validate collections, one line (or JSON) per puzzle, as
each is known; ``--output`` keeps them and ``--resume`` goes on from them."""
from __future__ import annotations

import argparse
import os
import stat
import sys
from collections import Counter

from . import api
from .cli_args import (EPILOG, certify_options, common, count_at_least, json_module, options,
                       plural)
from .errors import InputError, Pos, UsageError
from .writing import Appender, check_file


def add_parsers(sub) -> None:
    """The `check` command."""
    p = sub.add_parser("check", help="validate collections: one line (or JSON) per puzzle",
                       epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="FILE-or-DIR")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--jobs", type=count_at_least(0), default=1, metavar="N",
                   help="solve in N processes (0 = one per core)")
    p.add_argument("--output", metavar="FILE.jsonl",
                   help="append each result to FILE as a JSON line as soon as it is known")
    p.add_argument("--resume", action="store_true",
                   help="with --output: skip the puzzles FILE already holds")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="send the puzzles to a running Dask scheduler (tcp://HOST:8786)")
    p.add_argument("--strict", action="store_true",
                   help="a solution that differs from the one written in the file is an error"
                   " (exit 7)")
    p.add_argument("--redundant", action="store_true",
                   help="count the clues of each unique puzzle that could each go (`redundant`)")
    p.add_argument("--difficulty", action="store_true",
                   help="rate each unique puzzle 1..5 by its explanation (`difficulty`;"
                   " see explain)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on a terminal")
    certify_options(p)
    common(p)


def read_results(path: str, strict: bool = False) -> dict[tuple[str, int], str]:
    """The results in a ``--output`` file (for ``--resume``): key -> exit
    kind. A torn last line (a run killed while writing it) is cut off the
    file. Only a regular file can be resumed from (a device such as
    /dev/zero would never end)."""
    from . import checking

    try:
        with open(path, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise UsageError(f"--resume: {path} is not a regular file, so it holds no"
                                 " results to go on from")
            data = fh.read()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    done, good = {}, 0
    for lineno, raw in enumerate(data.splitlines(keepends=True), 1):
        try:
            if not raw.endswith(b"\n"):
                raise ValueError("no line end")
            rec = json_module().loads(raw)
            done[checking.source_key(rec)] = _kind(rec, checking.record_kind(rec), strict)
        except (ValueError, KeyError, TypeError, AttributeError):
            if good + len(raw) < len(data):  # not the last line: not torn, but broken
                raise InputError("not a satlink result line; is this the --output of"
                                 " `satlink check`?", Pos(path, lineno, 1),
                                 raw.decode("utf-8", "replace")) from None
            break
        good += len(raw)
    if good < len(data):
        with open(path, "r+b") as fh:
            fh.truncate(good)
    return done


def cmd_check(args) -> int:
    from . import checking  # imported by the commands that check: not for solve

    jobs = args.jobs if args.jobs > 0 else checking.default_jobs()
    warning = None if args.dask else checking.jobs_warning(jobs)
    if warning:
        print(warning, file=sys.stderr)
    if args.resume and not args.output:
        raise UsageError("--resume needs --output FILE (the results to resume from)")
    if args.output:
        check_file(args.output)
    files = checking.expand_paths(args.paths)
    if args.output:
        files = _without_output(files, args.output)
    done = read_results(args.output, args.strict) if args.resume else {}
    # the results of this run's files only: another file's, or a line that
    # names no line, is not skipped, so not counted as done either
    named = set(files)
    done = {k: v for k, v in done.items() if k[0] in named and isinstance(k[1], int)}
    skip = set(done)
    out = Appender(args.output, args.resume) if args.output else None
    kinds: Counter = Counter()
    finished = False
    bar = None
    if not args.no_progress and sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(unit=" puzzles", file=sys.stderr, dynamic_ncols=True)
    runner = None
    if args.dask:
        from .runners import DaskRunner

        runner = DaskRunner(args.dask)
    job = checking.CheckJob(2, args.solver, args.timeout, args.max_memory, frozenset(skip),
                            args.certify, args.proof, args.redundant,
                            difficulty=args.difficulty,
                            texts=bool(args.json or args.output))
    events = checking.check_events(files, job, jobs, args.fmt, args.puzzle_type,
                              options(args), getattr(runner, "chunk", checking.CHUNK), runner=runner)
    # unit index -> (its records, their text on the screen if known, their exit kinds)
    pending: dict[int, tuple] = {}
    ahead = 0
    dumps = json_module().dumps
    try:
        for index, records in events:
            args.interrupted.check()
            if isinstance(records, checking.Texts):  # JSON lines the children wrote
                text = records.text()
                found = records.exit_kinds(args.strict)
            else:
                text = None
                if out is not None or args.json:
                    text = "".join([dumps(rec) + "\n" for rec, _ in records])
                found = [_kind(rec, kind, args.strict) for rec, kind in records]
            if out is not None:  # as each finishes, whatever the order
                out.write(text)
            pending[index] = records, text if args.json else None, found
            while ahead in pending:  # the screen, in input order: a unit's records at once
                records, text, found = pending.pop(ahead)
                sys.stdout.write(text if text is not None else
                                 "".join([record_line(rec, False) for rec, _ in records]))
                sys.stdout.flush()
                kinds.update(found)
                if bar is not None:
                    bar.update(len(found))
                ahead += 1
        finished = True
    except KeyboardInterrupt:
        finished = True  # say what was done, then stop
        raise
    finally:
        events.close()
        if bar is not None:
            bar.close()
        if out is not None:
            out.close()
        total = sum(kinds.values())
        if total and finished:
            summary = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
            print(f"{plural(total, 'puzzle')}: {summary}", file=sys.stderr)
    if done:
        print(f"({plural(len(done), 'puzzle')} already in {args.output}, not checked again;"
              " the exit code covers them too)", file=sys.stderr)
    if not total and not done:
        raise InputError("no puzzle found", Pos(" ".join(args.paths)))
    return api.exit_code([*kinds, *done.values()])


def _without_output(files: list[str], output: str) -> list[str]:
    """The files to check less ``output``, which a folder being checked may
    hold: the results file (a result file of an earlier run, or the one
    this run is about to create) is no puzzle. A puzzle file there is a
    usage error: writing the results over it would destroy it."""
    where = os.path.realpath(output)
    ours = [f for f in files if os.path.realpath(f) == where]
    if not ours:
        return files
    if os.path.getsize(where) and not _results_file(where):
        raise UsageError(f"--output {output} is the puzzle file {ours[0]} of a folder"
                         " checked: writing it would destroy the puzzle")
    return [f for f in files if f not in ours]


def _results_file(path: str) -> bool:
    """Whether the file's first line is a result record (read, never changed)."""
    try:
        with open(path, "rb") as fh:
            first = fh.readline(1 << 20)
        return isinstance(json_module().loads(first).get("source"), dict)
    except (OSError, ValueError, AttributeError):
        return False


def _kind(rec: dict, kind: str, strict: bool) -> str:
    """A record's exit kind, a mismatch with the written solution counting
    under ``--strict``."""
    return "mismatch" if strict and rec.get("matches_expected") is False else kind


def record_line(rec: dict, as_json: bool) -> str:
    """A result record as ``check`` prints it: its JSON, or a tab-separated
    line (file:line, type, verdict, seconds, what else it says); with its
    line end."""
    if as_json:
        return json_module().dumps(rec) + "\n"
    src = rec["source"]
    where = f"{src['file']}:{src['line']}" if "line" in src else src["file"]
    secs = rec["stats"]["solve_seconds"] + rec["stats"]["encode_seconds"]
    line = f"{where}\t{rec['type']}\t{rec['verdict']}\t{secs:.4f}s"
    if rec.get("matches_expected") is False:
        line += "\tdiffers from the solution written in the file"
    if rec.get("reason"):
        line += "\t" + rec["reason"]
    if rec.get("redundant") is not None:
        line += f"\t{rec['redundant']} redundant clues"
    if rec.get("difficulty") is not None:
        line += f"\tdifficulty {rec['difficulty']['rating']}"
    if rec.get("certificate"):
        cert = rec["certificate"]
        line += "\tcertified" if cert["certified"] else f"\tnot certified: {cert['reason']}"
    if rec["error"]:
        line += "\t" + rec["error"].splitlines()[0]
    return line + "\n"


COMMANDS = {"check": cmd_check}
