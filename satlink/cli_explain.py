"""The ``explain`` command of the CLI: the steps that solve a puzzle, each
with the clues and facts behind it, a hint from a partial state, a
difficulty rating. It prints what :mod:`satlink.explain` returns."""
from __future__ import annotations

import json
import sys

from .errors import InputError

#: exit codes: unique, several solutions, none, a wrong state, time limit
EXIT = {"unique": 0, "multiple": 1, "none": 3, "wrong": 3, "unknown": 5}


def add_parsers(sub, common) -> None:
    p = sub.add_parser("explain", help="solve step by step: each fact with the clues and"
                       " facts behind it; a hint; a difficulty rating")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="a JSON object")
    p.add_argument("--hint", action="store_true",
                   help="only the next step (from --state when given)")
    p.add_argument("--state", metavar="FILE",
                   help="facts already known, one a line as explain prints them (`r3c4 = 5`);"
                   " without it, --hint reads the file's `solution` block, if any")
    p.add_argument("--svg", metavar="DIR", help="also draw every step as DIR/step-NNN.svg")
    p.add_argument("--pictures", action="store_true",
                   help="text: the picture after every step (new facts shaded, reasons dotted)")
    p.add_argument("--no-check", action="store_true",
                   help="skip the independent check of every reason")
    common(p)


def _state(args):
    if not args.state:
        return []
    from .explain.state import read_state
    from .lang import read_source

    return read_state(read_source(args.state), args.state)


def cmd_explain(args) -> int:
    from .cli import _single
    from .explain import check_explanation, explain, rate
    from .explain.output import VERDICT_LINES, explanation_json, step_lines

    item = _single(args, args.file)
    puzzle = item.puzzle
    if args.svg:
        from .writing import check_directory
        check_directory(args.svg)
    written = item.expected if args.hint and not args.state else None
    ex = explain(puzzle, item.instance, timeout=args.timeout, state=_state(args),
                 steps=1 if args.hint else None, solution_state=written)
    if ex.wrong:
        facts = ", ".join(ex.names.text(x) for x in ex.wrong)
        cells = ", ".join(dict.fromkeys(ex.names.cell(x) for x in ex.wrong))
        message = (f"the state is wrong at {cells}: no solution has {facts}" if
                   len(ex.wrong) == 1 or all(_alone(ex, x) for x in ex.wrong) else
                   f"the state is wrong: {facts} cannot all hold")
        if args.json:
            print(json.dumps({"type": puzzle.name, "verdict": ex.verdict, "wrong": [
                {"fact": ex.names.text(x), "cell": ex.names.cell(x)} for x in ex.wrong]}))
        print(f"{args.file}: {message}", file=sys.stderr)
        return EXIT["wrong"]
    if not args.no_check:
        check_explanation(ex, ex.formula, args.solver)
    verdict = ex.verdict if ex.complete else "unknown"
    difficulty = rate(ex) if ex.complete and not args.hint and ex.verdict == "unique" else None
    if args.svg:
        from .explain.pictures import write_steps
        write_steps(ex, args.svg)
    if args.json:
        print(json.dumps(explanation_json(ex, difficulty)))
    else:
        lines = step_lines(ex)
        if args.hint and not lines:
            lines = ["nothing left to explain: the state holds every fact"]
        if args.pictures:
            _print_pictures(ex)
        else:
            for line in lines:
                print(line)
        if not args.hint:
            if ex.solution is not None and ex.complete and ex.verdict == "unique":
                print(puzzle.render_text(item.instance, ex.solution))
            print(VERDICT_LINES[verdict])
            if difficulty is not None:
                print(difficulty.text())
    return EXIT[verdict]


def _print_pictures(ex) -> None:
    from .explain.output import step_lines
    from .explain.pictures import step_board
    from .render import to_text

    known = list(ex.given)
    for step in ex.steps:
        known += step.facts
        for line in step_lines(ex, [step]):
            print(line)
        print(to_text(step_board(ex, step, known)))


def _alone(ex, lit) -> bool:
    return -lit in set(ex.targets)


COMMANDS = {"explain": cmd_explain}

__all__ = ["add_parsers", "COMMANDS", "InputError"]
