"""``satlink solve``: solve puzzles, draw them and state each verdict."""
from __future__ import annotations

import sys

from . import api, limited
from .cli_args import certify_options, common, json_module, options
from .contract import objective_of
from .errors import InputError, UsageError
from .writing import check_file


def add_parsers(sub) -> None:
    """The `solve` command."""
    p = sub.add_parser("solve", help="solve puzzles, draw them and state the verdict")
    p.add_argument("files", nargs="+", metavar="FILE", help="puzzle files (`-`: standard input)")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("--first", action="store_true",
                   help="stop at the first solution (verdict `solved`, uniqueness not checked)")
    p.add_argument("--svg", metavar="OUT.svg",
                   help="also draw the first solution (the puzzle alone when there is none)"
                   " as SVG")
    certify_options(p)
    common(p)


def print_outcome(o: api.Outcome, item, out) -> None:
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
        results = limited.file_outcomes(path, args.fmt, args.puzzle_type, options(args), limit,
                                    args.solver, args.timeout, args.max_memory, args.certify,
                                    args.proof)
        try:
            for item, o in results:
                args.interrupted.check()
                kinds.append(o.exit_kind)
                if args.svg:
                    drawn.append((item, o))
                if args.json:
                    print(json_module().dumps(o.as_json()), flush=True)
                else:
                    print_outcome(o, item, sys.stdout)
                    sys.stdout.flush()
        except InputError as exc:  # the file as a whole
            print(exc.render(), file=sys.stderr)
            kinds.append("input")
    if drawn:
        _solve_picture(args.svg, args.files[0], drawn)
    return api.exit_code(kinds)


def _solve_picture(path: str, source: str, drawn: list) -> None:
    """``solve --svg``: the first puzzle's first solution (or the puzzle)."""
    from .cli_draw import picture, write_picture  # only with --svg

    item, o = drawn[0]
    if item is None or item.instance is None:
        print(f"note: no picture written to {path}: the puzzle could not be read",
              file=sys.stderr)
        return
    write_picture(path, picture(item, o.solutions[0] if o.solutions else None))
    if len(drawn) > 1:
        print(f"note: {path} shows the first of the {len(drawn)} puzzles in {source}",
              file=sys.stderr)


COMMANDS = {"solve": cmd_solve}
