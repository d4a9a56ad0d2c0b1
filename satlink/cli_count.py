"""``satlink count``: count a puzzle's solutions up to a limit, or exactly."""
from __future__ import annotations

import sys

from . import api
from .cli_args import common, count_at_least, json_module, plural, single
from .contract import objective_of
from .engine import VerificationError
from .errors import InputError


def add_parsers(sub) -> None:
    """The `count` command."""
    p = sub.add_parser("count", help="count solutions up to a limit")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--limit", type=count_at_least(1), default=1000, metavar="N",
                   help="stop after N solutions (default 1000)")
    p.add_argument("--exact", action="store_true",
                   help="the exact count without listing: a decision diagram of the loops"
                   " (Slitherlink) or a projected model count (Ganak); the `design` extra")
    p.add_argument("--approx", action="store_true",
                   help="an ApproxMC estimate instead, within a factor 1.8 of the count with"
                   " probability at least 0.8 (said so); the `design` extra")
    p.add_argument("--json", action="store_true")
    common(p)


def cmd_count(args) -> int:
    item = single(args, args.file)
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
        print(json_module().dumps(rec))
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
        print(json_module().dumps({"file": str(item.source), "type": item.puzzle.name,
                          "count": found.count, "complete": True, "method": found.method,
                          "exact": found.exact}))
    elif not found.exact:
        print(f"about {plural(found.count, 'solution')} ({found.method})")
    else:
        print(f"{plural(found.count, 'solution')} (exact: {found.method})")
    return 0


COMMANDS = {"count": cmd_count}
