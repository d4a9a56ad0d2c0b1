"""The `satlink` command: argument parsing and printing only; every command
calls :mod:`satlink.api`. Exit codes are in :data:`satlink.api.EXIT`."""
from __future__ import annotations

import argparse
import math
import os
import signal
import stat
import sys
from collections import Counter

from . import api, external, formats, limited, puzzles
from .engine import DEFAULT_SOLVER, VerificationError, check_solver_name, solver_names
from .contract import objective_of
from .errors import InputError, Pos, SatlinkError, UsageError
from .lang import format_document, read_source
from .limits import Limits, check_memory, parse_memory
from .writing import Appender, check_directory, check_file, write_file

def _json():
    """The json module, imported by the commands that print JSON."""
    import json

    return json


DESCRIPTION = ("satlink: a SAT-encoding compiler for pencil and logic puzzles. Solve a puzzle and"
               " prove its solution unique, validate collections, count solutions, or export"
               " DIMACS for any SAT solver.")
EPILOG = """exit codes: 0 every puzzle unique (or the command succeeded), 1 a puzzle has
several solutions, 2 usage error (or unwritable output), 3 a puzzle has no
solution, 4 input error, 5 time or memory limit reached (verdict unknown),
6 a solution failed verification, 7 (check --strict) a solution differs from
the one written in the file, 130 interrupted.
Over several puzzles the code is the worst of: 6, 7, 4, 5, 3, 1, 0."""
#: Memory a puzzle may use while it is solved, unless --max-memory says otherwise.
DEFAULT_MAX_MEMORY = "4G"


def _seconds(text: str) -> float:
    """argparse type of --timeout: a finite, positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"`{text}` is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError("must be a positive, finite number of seconds")
    return value


def _memory(text: str) -> int | None:
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


def _count(least: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"`{text}` is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}")
        return value
    return parse


def _common(p: argparse.ArgumentParser, solving: bool = True) -> None:
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
        p.add_argument("--timeout", type=_seconds, metavar="SECONDS",
                       help="give up on a puzzle after this many seconds (verdict unknown)")
        p.add_argument("--max-memory", type=_memory, default=parse_memory(DEFAULT_MAX_MEMORY),
                       metavar="SIZE", help="memory a puzzle may use while it is solved"
                       f" (default {DEFAULT_MAX_MEMORY}; `none`: no limit)")


def _certify(p: argparse.ArgumentParser) -> None:
    p.add_argument("--certify", action="store_true",
                   help="certify unique and none verdicts by a DRAT proof, checked")
    p.add_argument("--proof", metavar="DIR",
                   help="with --certify: keep each certified CNF and its proof in DIR")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone when it is one
    (a parser per command cost a start a sixth of its import time)."""
    ap = argparse.ArgumentParser(prog="satlink", description=DESCRIPTION,
                                 epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="version", version="satlink 0.1.0")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", required=True)
    if command is not None:
        sub = _Only(sub, command)

    p = sub.add_parser("solve", help="solve puzzles, draw them and state the verdict")
    p.add_argument("files", nargs="+", metavar="FILE", help="puzzle files (`-`: standard input)")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("--first", action="store_true",
                   help="stop at the first solution (verdict `solved`, uniqueness not checked)")
    p.add_argument("--svg", metavar="OUT.svg",
                   help="also draw the first solution (the puzzle alone when there is none)"
                   " as SVG")
    _certify(p)
    _common(p)

    p = sub.add_parser("check", help="validate collections: one line (or JSON) per puzzle",
                       epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="FILE-or-DIR")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--jobs", type=_count(0), default=1, metavar="N",
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
    _certify(p)
    _common(p)

    p = sub.add_parser("count", help="count solutions up to a limit")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--limit", type=_count(1), default=1000, metavar="N",
                   help="stop after N solutions (default 1000)")
    p.add_argument("--exact", action="store_true",
                   help="the exact count without listing: a decision diagram of the loops"
                   " (Slitherlink) or a projected model count (Ganak); the `design` extra")
    p.add_argument("--approx", action="store_true",
                   help="an ApproxMC estimate instead, within a factor 1.8 of the count with"
                   " probability at least 0.8 (said so); the `design` extra")
    p.add_argument("--json", action="store_true")
    _common(p)

    p = sub.add_parser("dimacs", help="write a complete CNF for an external SAT solver")
    p.add_argument("file", metavar="FILE")
    p.add_argument("-o", "--output", metavar="OUT.cnf", help="output file (default: stdout)")
    _common(p)  # an optimising puzzle's optimum is proved first, under these

    p = sub.add_parser("decode", help="read an external solver's answer, verify and draw it")
    p.add_argument("file", metavar="FILE")
    p.add_argument("answer", metavar="ANSWER")
    p.add_argument("--json", action="store_true")
    _common(p)

    p = sub.add_parser("draw", help="draw a puzzle (or the solution written in its file) as SVG")
    p.add_argument("file", metavar="FILE")
    p.add_argument("-o", "--output", metavar="OUT.svg", help="output file (default: stdout)")
    p.add_argument("--solution", action="store_true",
                   help="draw the solution written in the file (its `solution` block)")
    p.add_argument("--text", action="store_true",
                   help="box-drawing text instead of SVG")
    _common(p, solving=False)

    p = sub.add_parser("fmt", help="print puzzles in canonical .pzl form")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--url", action="store_true",
                   help="print each puzzle's puzz.link URL instead, one a line")
    _common(p, solving=False)

    more = _modules(command)
    if "cli_design" in more:
        more["cli_design"].add_parsers(sub, _common, _count)
    if "cli_explain" in more:
        more["cli_explain"].add_parsers(sub, _common)
    if "cli_serve" in more:
        more["cli_serve"].add_parser(sub, _seconds, _memory)

    sub.add_parser("list", help="puzzle types, aliases, input formats and solvers")
    if command is not None and not sub.built:  # not a command: the whole list in the error
        return build_parser()
    return ap


#: The commands whose parsers and code live in other modules, by module:
#: imported when one of their commands runs, or the whole list is built
#: (`solve` need not import the design tools' JSON and files).
ELSEWHERE = {"cli_design": ("minimize", "analyze", "generate"), "cli_explain": ("explain",),
             "cli_serve": ("serve",)}


def _modules(command: str | None) -> dict:
    """The modules of :data:`ELSEWHERE` that ``command`` needs (all of them
    for None, or a name that is no core command)."""
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


def plural(n: int, word: str) -> str:
    """``1 puzzle``, ``2 puzzles``.

    >>> plural(1, "solution"), plural(0, "puzzle")
    ('1 solution', '0 puzzles')
    """
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _options(args) -> dict:
    """The rule overrides the source's rule gives way to (Numberlink's)."""
    return {name: getattr(args, name) for name in ("fill", "touch")
            if getattr(args, name, None)}


def _load_one(args, path: str):
    items = api.load(path, args.fmt, args.puzzle_type, _options(args))
    return items


def _print_outcome(o: api.Outcome, item, out) -> None:
    head = f"{o.source}: {o.type}"
    if o.verdict == "error":
        print(o.error, file=sys.stderr)
        return
    print(head, file=out)
    if o.solutions and item is not None:
        print(item.puzzle.render_text(item.instance, o.solutions[0]), file=out)
    s = o.stats
    detail = (f"{s.calls} solver calls, {s.cuts} cuts, {s.variables} variables,"
              f" {s.clauses} clauses, encode {s.encode_seconds:.3f} s,"
              f" solve {s.solve_seconds:.3f} s")
    words = {"unique": "unique solution", "multiple": "several solutions",
             "none": "no solution", "unknown": f"unknown ({o.reason or 'time limit reached'})",
             "solved": "solved (the first solution; uniqueness not checked)"}
    objective = objective_of(item.puzzle, item.instance) if item is not None else None
    if o.objective is not None and objective is not None:
        print(f"{objective.sense} {objective.name}: {o.objective}"
              f" (proved: {objective.none_better(o.objective)})", file=out)
    print(f"verdict: {words[o.verdict]} ({detail})", file=out)
    if o.verdict == "multiple":
        cells = ", ".join(o.differing[:40]) + (" ..." if len(o.differing) > 40 else "")
        print(f"the first two solutions differ in: {cells}", file=out)
        if item is not None:
            print(item.puzzle.render_text(item.instance, o.solutions[1]), file=out)
    if o.expected_ok is False:
        print("note: this differs from the solution written in the file", file=out)
    if o.certificate is not None:
        c = o.certificate
        what = ("" if c.get("optimum") is None or objective is None else
                f" the optimum ({objective.describe(c['optimum'])}) and the verdict at it:")
        print(f"certified:{what} DRAT proof of {c['proof_bytes']} bytes checked in"
              f" {c['check_seconds']:.3f} s" if c["certified"]
              else f"not certified: {c['reason']}", file=out)


def cmd_solve(args) -> int:
    kinds = []
    limit = 1 if args.first else 2
    drawn = []  # --svg: (item, outcome) of each puzzle, the first drawn
    if args.svg:
        if len(args.files) != 1:
            raise UsageError("--svg draws one puzzle: give one FILE")
        check_file(args.svg)
    for path in args.files:
        results = limited.file_outcomes(path, args.fmt, args.puzzle_type, _options(args), limit,
                                    args.solver, args.timeout, args.max_memory, args.certify,
                                    args.proof)
        try:
            for item, o in results:
                args.interrupted.check()
                kinds.append(o.exit_kind)
                if args.svg:
                    drawn.append((item, o))
                if args.json:
                    print(_json().dumps(o.as_json()), flush=True)
                else:
                    _print_outcome(o, item, sys.stdout)
                    sys.stdout.flush()
        except InputError as exc:  # the file as a whole
            print(exc.render(), file=sys.stderr)
            kinds.append("input")
    if drawn:
        _solve_picture(args.svg, args.files[0], drawn)
    return api.exit_code(kinds)


def _solve_picture(path: str, source: str, drawn: list) -> None:
    """``solve --svg``: the first puzzle's first solution (or the puzzle)."""
    item, o = drawn[0]
    if item is None or item.instance is None:
        print(f"note: no picture written to {path}: the puzzle could not be read",
              file=sys.stderr)
        return
    _write_picture(path, _picture(item, o.solutions[0] if o.solutions else None))
    if len(drawn) > 1:
        print(f"note: {path} shows the first of the {len(drawn)} puzzles in {source}",
              file=sys.stderr)


def _picture(item, solution):
    """The Board of an item (its puzzle's ``picture``)."""
    return item.puzzle.picture(item.instance, solution)


def _write_picture(path: str | None, board, as_text: bool = False) -> None:
    from . import render  # only where a picture is asked for

    text = render.to_text(board) + "\n" if as_text else render.to_svg(board)
    if path is None:
        sys.stdout.write(text)
        return
    write_file(path, text)


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
            rec = _json().loads(raw)
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
    done = read_results(args.output, args.strict) if args.resume else {}
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
                            difficulty=args.difficulty)
    events = checking.check_events(args.paths, job, jobs, args.fmt, args.puzzle_type,
                              _options(args), getattr(runner, "chunk", checking.CHUNK), runner=runner)
    pending: dict[int, list] = {}
    ahead = 0
    try:
        for index, records in events:
            args.interrupted.check()
            if out is not None:  # as each finishes, whatever the order
                out.write("".join(_json().dumps(rec) + "\n" for rec, _ in records))
            pending[index] = records
            while ahead in pending:  # the screen, in input order
                for rec, kind in pending.pop(ahead):
                    kinds[_kind(rec, kind, args.strict)] += 1
                    _print_record(rec, args.json)
                    if bar is not None:
                        bar.update(1)
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


def _kind(rec: dict, kind: str, strict: bool) -> str:
    """A record's exit kind, a mismatch with the written solution counting
    under ``--strict``."""
    return "mismatch" if strict and rec.get("matches_expected") is False else kind


def _print_record(rec: dict, as_json: bool) -> None:
    if as_json:
        print(_json().dumps(rec), flush=True)
        return
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
    print(line, flush=True)


def _single(args, path: str):
    items = _load_one(args, path)
    if len(items) != 1:
        raise UsageError(f"{path} holds {len(items)} puzzles; this command takes one"
                         " (use `satlink check` for collections)")
    if items[0].error is not None:
        raise items[0].error
    return items[0]


def cmd_count(args) -> int:
    item = _single(args, args.file)
    if args.exact or args.approx:
        return _count_exact(args, item)
    try:
        result = api.count(item, args.limit, args.solver, args.timeout, args.max_memory)
    except VerificationError as exc:
        print(f"internal error: {exc}", file=sys.stderr)
        return api.EXIT["internal"]
    except InputError as exc:
        print(exc.render(), file=sys.stderr)
        return api.EXIT["input"]
    n = result.count
    complete = result.complete and n < args.limit
    objective = objective_of(item.puzzle, item.instance)
    if objective is not None and result.objective is None and result.verdict != "none":
        # no optimum proved: the solutions seen may not be optimal, so none count
        n, complete = 0, False
    if args.json:
        rec = api.outcome_of(item, result).as_json()
        rec["count"] = n
        rec["complete"] = complete
        print(_json().dumps(rec))
    else:
        what = "solution"
        if objective is not None:
            what = "optimal solution"
            if result.objective is not None:
                best = result.objective
                print(f"counting the optimal solutions only: {objective.describe(best)}"
                      f" (proved: {objective.none_better(best)})")
            elif result.verdict != "none":
                print(f"unknown: the {objective.sense} {objective.name} was not proved"
                      f" ({result.reason or 'time limit reached'}), so no solution is counted")
                return api.EXIT["unknown"]
        if complete:
            print(plural(n, what))
        elif n >= args.limit:
            print(f"at least {plural(n, what)} (limit reached)")
        else:
            print(f"at least {plural(n, what)} ({result.reason or 'time limit reached'})")
        if result.differing:
            print("cells that differ between solutions: " + ", ".join(result.differing[:60]))
    return api.EXIT["unknown"] if result.verdict == "unknown" else 0


def _count_exact(args, item) -> int:
    from .exact_count import ExactCountError, approximate, exact_count

    try:
        found = (approximate if args.approx else exact_count)(item.puzzle, item.instance)
    except ExactCountError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    if args.json:
        print(_json().dumps({"file": str(item.source), "type": item.puzzle.name,
                          "count": found.count, "complete": True, "method": found.method,
                          "exact": found.exact}))
    elif not found.exact:
        print(f"about {plural(found.count, 'solution')} ({found.method})")
    else:
        print(f"{plural(found.count, 'solution')} (exact: {found.method})")
    return 0


def cmd_dimacs(args) -> int:
    if args.output:
        check_file(args.output)
    item = _single(args, args.file)
    text = external.dimacs(item, args.solver, args.timeout, args.max_memory)
    if args.output:
        write_file(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


def cmd_decode(args) -> int:
    item = _single(args, args.file)
    answer = read_source(args.answer)
    d = external.decode(item, answer, args.answer, args.solver, args.timeout, args.max_memory)
    if args.json:
        rec = {"source": {"file": args.file}, "type": item.puzzle.name, "status": d.status,
               "solution": (item.puzzle.solution_json(item.instance, d.solution)
                            if d.solution is not None and not d.problems else None),
               "problems": d.problems}
        if d.objective is not None:
            rec["objective"] = d.objective
        print(_json().dumps(rec))
    if d.status == "unsat":
        if not args.json:
            print("the solver says: no solution (UNSATISFIABLE)")
        return api.EXIT["none"]
    if d.status != "sat":
        if not args.json:
            print("the solver gave no answer (UNKNOWN)")
        return api.EXIT["unknown"]
    if d.problems:
        print("error: the answer is not a solution:", file=sys.stderr)
        for p in d.problems[:20]:
            print(f"  {p}", file=sys.stderr)
        return api.EXIT["internal"]
    if not args.json:
        print(item.puzzle.render_text(item.instance, d.solution))
        objective = objective_of(item.puzzle, item.instance)
        print("verified: the answer is a solution" if objective is None else
              f"verified: the answer is an optimal solution ({objective.describe(d.objective)},"
              " proved the best)")
    return 0


def cmd_draw(args) -> int:
    item = _single(args, args.file)
    solution = None
    if args.solution:
        if item.expected is None:
            raise InputError("this file holds no solution to draw (a `solution` block)",
                             item.source)
        solution = item.expected
    _write_picture(args.output, _picture(item, solution), args.text)
    return 0


def cmd_fmt(args) -> int:
    """One puzzle in canonical `.pzl`; a batch file as one `.pzl` document
    per puzzle, separated by blank lines (a puzzle that cannot be read is
    reported and skipped, exit 4)."""
    items = _load_one(args, args.file)
    failed = False
    for n, item in enumerate(items):
        if item.error is not None:
            print(item.error.render(), file=sys.stderr)
            failed = True
            continue
        if args.url:  # the puzz.link URL
            from .formats import puzzlink
            try:
                print(puzzlink.encode(item.puzzle, item.instance))
            except InputError as exc:
                print(InputError(exc.message, item.source).render(), file=sys.stderr)
                failed = True
            continue
        if n:
            sys.stdout.write("\n")
        doc = item.extra.get("document")
        if doc is not None:  # a .pzl file: lay it out again, keeping comments and blocks
            sys.stdout.write(format_document(doc, item.puzzle.name))
        else:  # another format: convert to .pzl
            sys.stdout.write(item.puzzle.to_pzl(item.instance))
    return api.EXIT["input"] if failed else 0


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
COMMANDS = {"solve": cmd_solve, "check": cmd_check, "count": cmd_count, "dimacs": cmd_dimacs,
            "decode": cmd_decode, "draw": cmd_draw, "fmt": cmd_fmt, "list": cmd_list}


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
            return self._stream.write(text)
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
