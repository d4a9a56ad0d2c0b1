"""``satlink dimacs`` and ``satlink decode``: a complete CNF for an external SAT
solver, and its answer read back, verified and drawn."""
from __future__ import annotations

import sys

from . import api, external
from .cli_args import common, json_module, single
from .contract import objective_of
from .source_files import read_source
from .writing import check_file, write_file


def add_parsers(sub) -> None:
    """The `dimacs`, `decode` commands."""
    p = sub.add_parser("dimacs", help="write a complete CNF for an external SAT solver")
    p.add_argument("file", metavar="FILE")
    p.add_argument("-o", "--output", metavar="OUT.cnf", help="output file (default: stdout)")
    common(p)  # an optimising puzzle's optimum is proved first, under these

    p = sub.add_parser("decode", help="read an external solver's answer, verify and draw it")
    p.add_argument("file", metavar="FILE")
    p.add_argument("answer", metavar="ANSWER")
    p.add_argument("--json", action="store_true")
    common(p)


def cmd_dimacs(args) -> int:
    if args.output:
        check_file(args.output)
    item = single(args, args.file)
    text = external.dimacs(item, args.solver, args.timeout, args.max_memory)
    if args.output:
        write_file(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


def cmd_decode(args) -> int:
    item = single(args, args.file)
    answer = read_source(args.answer)
    d = external.decode(item, answer, args.answer, args.solver, args.timeout, args.max_memory)
    if args.json:
        rec = {"source": {"file": args.file}, "type": item.puzzle.name, "status": d.status,
               "solution": (item.puzzle.solution_json(item.instance, d.solution)
                            if d.solution is not None and not d.problems else None),
               "problems": d.problems}
        if d.objective is not None:
            rec["objective"] = d.objective
        print(json_module().dumps(rec))
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


COMMANDS = {"dimacs": cmd_dimacs, "decode": cmd_decode}
