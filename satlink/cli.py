"""The `satlink` command: argument parsing and printing only; every command
calls :mod:`satlink.api`. Exit codes are in :data:`satlink.api.EXIT`."""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

from . import api, formats, puzzles
from .engine import DEFAULT_SOLVER, VerificationError, check_solver_name, solver_names
from .errors import InputError, SatlinkError, UsageError
from .lang import format_document, read_source

EPILOG = """exit codes: 0 every puzzle unique (or the command succeeded), 1 a puzzle has
several solutions, 2 usage error, 3 a puzzle has no solution, 4 input error,
5 time limit reached (verdict unknown), 6 a solution failed verification.
Over several puzzles the code is the worst of: 6, 4, 5, 3, 1, 0."""


def _common(p: argparse.ArgumentParser, solving: bool = True) -> None:
    p.add_argument("--format", dest="fmt", metavar="NAME",
                   help="input format (default: detected; see `satlink list`)")
    p.add_argument("--type", dest="puzzle_type", metavar="TYPE",
                   help="puzzle type, for formats that do not name it (grid-text)")
    p.add_argument("--fill", choices=("all", "any"),
                   help="Numberlink: must every cell be used (overrides the source's rule)")
    if solving:
        p.add_argument("--solver", default=DEFAULT_SOLVER, metavar="NAME",
                       help=f"PySAT solver (default {DEFAULT_SOLVER}; `satlink list` names them)")
        p.add_argument("--timeout", type=float, metavar="SECONDS",
                       help="give up on a puzzle after this many seconds (verdict unknown)")


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="satlink", description=__doc__.split("\n")[0].strip(),
                                 epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="version", version="satlink 0.1.0")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("solve", help="solve puzzles, draw them and state the verdict")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("--first", action="store_true",
                   help="stop at the first solution (verdict `solved`, uniqueness not checked)")
    _common(p)

    p = sub.add_parser("check", help="validate collections: one line (or JSON) per puzzle",
                       epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="FILE-or-DIR")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="solve in N processes (0 = one per core)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on a terminal")
    _common(p)

    p = sub.add_parser("count", help="count solutions up to a limit")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--limit", type=int, default=1000, metavar="N",
                   help="stop after N solutions (default 1000)")
    p.add_argument("--json", action="store_true")
    _common(p)

    p = sub.add_parser("dimacs", help="write a complete CNF for an external SAT solver")
    p.add_argument("file", metavar="FILE")
    p.add_argument("-o", "--output", metavar="OUT.cnf", help="output file (default: stdout)")
    _common(p, solving=False)

    p = sub.add_parser("decode", help="read an external solver's answer, verify and draw it")
    p.add_argument("file", metavar="FILE")
    p.add_argument("answer", metavar="ANSWER")
    p.add_argument("--json", action="store_true")
    _common(p, solving=False)

    p = sub.add_parser("fmt", help="print a puzzle in canonical .pzl form")
    p.add_argument("file", metavar="FILE")
    _common(p, solving=False)

    sub.add_parser("list", help="puzzle types, aliases, input formats and solvers")
    return ap


def _options(args) -> dict:
    return {"fill": args.fill} if getattr(args, "fill", None) else {}


def _load_one(args, path: str):
    items = api.load(path, args.fmt, args.puzzle_type, _options(args))
    return items


def _print_outcome(o: api.Outcome, item, out) -> None:
    head = f"{o.source}: {o.type}"
    if o.verdict == "error":
        print(o.error, file=sys.stderr)
        return
    print(head, file=out)
    if o.solutions:
        print(item.puzzle.render_text(item.instance, o.solutions[0]), file=out)
    s = o.stats
    detail = (f"{s.calls} solver calls, {s.cuts} cuts, {s.variables} variables,"
              f" {s.clauses} clauses, encode {s.encode_seconds:.3f} s,"
              f" solve {s.solve_seconds:.3f} s")
    words = {"unique": "unique solution", "multiple": "several solutions",
             "none": "no solution", "unknown": "unknown (time limit reached)",
             "solved": "solved (the first solution; uniqueness not checked)"}
    print(f"verdict: {words[o.verdict]} ({detail})", file=out)
    if o.verdict == "multiple":
        cells = ", ".join(o.differing[:40]) + (" ..." if len(o.differing) > 40 else "")
        print(f"the first two solutions differ in: {cells}", file=out)
        print(item.puzzle.render_text(item.instance, o.solutions[1]), file=out)
    if o.expected_ok is False:
        print("note: this differs from the solution written in the file", file=out)


def cmd_solve(args) -> int:
    kinds = []
    limit = 1 if args.first else 2
    for path in args.files:
        try:
            items = _load_one(args, path)
        except InputError as exc:
            print(exc.render(), file=sys.stderr)
            kinds.append("input")
            continue
        for item, o in zip(items, api.outcomes(items, limit, args.solver, args.timeout)):
            kinds.append(o.exit_kind)
            if args.json:
                print(json.dumps(o.as_json()), flush=True)
            else:
                _print_outcome(o, item, sys.stdout)
    return api.exit_code(kinds)


def cmd_check(args) -> int:
    jobs = args.jobs if args.jobs > 0 else api.default_jobs()
    kinds: Counter = Counter()
    bar = None
    if not args.no_progress and sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(unit=" puzzles", file=sys.stderr, dynamic_ncols=True)
    results = api.check(args.paths, jobs, 2, args.solver, args.timeout, args.fmt,
                        args.puzzle_type, _options(args))
    try:
        for rec, kind in results:
            kinds[kind] += 1
            if args.json:
                print(json.dumps(rec), flush=bar is not None)
            else:
                src = rec["source"]
                where = f"{src['file']}:{src['line']}" if "line" in src else src["file"]
                secs = rec["stats"]["solve_seconds"] + rec["stats"]["encode_seconds"]
                line = f"{where}\t{rec['type']}\t{rec['verdict']}\t{secs:.4f}s"
                if rec["error"]:
                    line += "\t" + rec["error"].splitlines()[0]
                print(line)
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    total = sum(kinds.values())
    summary = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
    print(f"{total} puzzles: {summary}", file=sys.stderr)
    return api.exit_code(kinds)


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
    if args.limit < 1:
        raise UsageError("--limit must be at least 1")
    try:
        result = api.count(item, args.limit, args.solver, args.timeout)
    except VerificationError as exc:
        print(f"internal error: {exc}", file=sys.stderr)
        return api.EXIT["internal"]
    except InputError as exc:
        print(exc.render(), file=sys.stderr)
        return api.EXIT["input"]
    n = result.count
    complete = result.complete and n < args.limit
    if args.json:
        rec = api.outcome_of(item, result).as_json()
        rec["count"] = n
        rec["complete"] = complete
        print(json.dumps(rec))
    else:
        if complete:
            print(f"{n} solutions")
        elif n >= args.limit:
            print(f"at least {n} solutions (limit reached)")
        else:
            print(f"at least {n} solutions (time limit reached)")
        if result.differing:
            print("cells that differ between solutions: " + ", ".join(result.differing[:60]))
    return api.EXIT["unknown"] if result.verdict == "unknown" else 0


def write_atomically(path: str, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file, so nothing is half-written."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def cmd_dimacs(args) -> int:
    item = _single(args, args.file)
    text = api.dimacs(item)
    if args.output:
        try:
            write_atomically(args.output, text)
        except OSError as exc:
            raise UsageError(f"cannot write {args.output}: {exc.strerror}") from None
    else:
        sys.stdout.write(text)
    return 0


def cmd_decode(args) -> int:
    item = _single(args, args.file)
    answer = read_source(args.answer)
    d = api.decode(item, answer, args.answer)
    if args.json:
        rec = {"source": {"file": args.file}, "type": item.puzzle.NAME, "status": d.status,
               "solution": (item.puzzle.solution_json(item.instance, d.solution)
                            if d.solution is not None and not d.problems else None),
               "problems": d.problems}
        print(json.dumps(rec))
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
        print("verified: the answer is a solution")
    return 0


def cmd_fmt(args) -> int:
    item = _single(args, args.file)
    doc = item.extra.get("document")
    if doc is not None:  # a .pzl file: lay it out again, keeping comments and blocks
        sys.stdout.write(format_document(doc, item.puzzle.NAME))
    else:  # another format: convert to .pzl
        sys.stdout.write(item.puzzle.to_pzl(item.instance))
    return 0


def cmd_list(args) -> int:
    print("puzzle types:")
    for m in puzzles.types():
        aliases = f" (aliases: {', '.join(m.ALIASES)})" if m.ALIASES else ""
        print(f"  {m.NAME}{aliases}: {getattr(m, 'SUMMARY', '')}")
    print("input formats:")
    for name, m in sorted(formats.registry().items()):
        reads = f" [{', '.join(m.TYPES)}]" if m.TYPES else ""
        print(f"  {name}{reads}: {m.DESCRIPTION}")
    print(f"solvers (PySAT; default {DEFAULT_SOLVER}):")
    print("  " + ", ".join(solver_names()))
    return 0


COMMANDS = {"solve": cmd_solve, "check": cmd_check, "count": cmd_count, "dimacs": cmd_dimacs,
            "decode": cmd_decode, "fmt": cmd_fmt, "list": cmd_list}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if getattr(args, "timeout", None) is not None and args.timeout <= 0:
            raise UsageError("--timeout must be a positive number of seconds")
        if getattr(args, "solver", None):
            check_solver_name(args.solver, getattr(args, "timeout", None))
        return COMMANDS[args.command](args)
    except SatlinkError as exc:
        print(exc.render(), file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
