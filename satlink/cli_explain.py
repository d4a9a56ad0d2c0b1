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
                   " without it, --hint reads the file's `solution` block, if any, where"
                   " `?` marks a cell not known yet")
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
    from .source_files import read_source

    return read_state(read_source(args.state), args.state)


def cmd_explain(args) -> int:
    """The explanation is worked out in a child under ``--timeout`` and
    ``--max-memory`` (:func:`satlink.engine.bounded.bounded`), as ``solve``
    is: the child returns what to print and the pictures to write, and only
    then is anything printed or written. The steps read the clock between
    solver calls; a call that runs past the time limit is stopped with the
    child, one second later at most (verdict unknown, exit 5)."""
    from .engine.bounded import bounded
    from .limits import Limits
    from .writing import write_file

    item, partial = _item(args)
    if args.svg:
        from .writing import check_directory
        check_directory(args.svg)
    state = _state(args)
    timeout = args.timeout
    limits = Limits(None if timeout is None else timeout + STOP_AFTER, args.max_memory)
    code, out, err, pictures = bounded(
        lambda deadline, sliced: _report(args, item, state, timeout, partial),
        limits, lambda reason: (EXIT["unknown"], [], [f"{args.file}: unknown ({reason})"], []))
    if args.svg and pictures:
        from .writing import make_directory
        folder = make_directory(args.svg)
        for name, svg in pictures:
            write_file(folder / name, svg)
    for line in out:
        print(line)
    for line in err:
        print(line, file=sys.stderr)
    return code


#: Seconds past ``--timeout`` after which the child working out an
#: explanation is stopped (its steps stop themselves at ``--timeout`` between
#: solver calls, and say so).
STOP_AFTER = 1.0


def _item(args):
    """(the puzzle item, the solutions a partial `solution` block reads as,
    :mod:`.explain.partial`, or None). A block with ``?`` cells is read
    apart, so that the genre reads the puzzle without it."""
    from .cli_args import options as _options, single as _single
    from .explain.partial import UNKNOWN, answer_tokens, partial_solution, states
    from .formats import load_text, read_text

    if args.fmt not in (None, "pzl"):
        return _single(args, args.file), None
    try:
        text = read_text(args.file)
    except (OSError, InputError):
        return _single(args, args.file), None
    partial = partial_solution(text, args.file)
    if partial is None:
        return _single(args, args.file), None

    def load(source):
        items = load_text(source, args.file, args.fmt, args.puzzle_type, _options(args))
        if len(items) == 1 and items[0].error is not None:
            raise items[0].error
        return items[0]
    item = load(partial.puzzle_text)
    if not (args.hint and not args.state):
        return item, None
    extra = answer_tokens(getattr(item.puzzle, "text", None))
    partial.tokens += [t for t in extra if t not in partial.tokens and t != UNKNOWN]
    return item, states(partial, lambda filled: load(filled).expected)


def _report(args, item, state, timeout, partial=None):
    """(exit code, lines for stdout, lines for stderr, [(file name, svg)])."""
    from .explain import check_explanation, explain, rate
    from .explain.output import VERDICT_LINES, explanation_json, smallest_line, step_lines
    from .explain.pictures import step_svgs

    puzzle = item.puzzle
    written = item.expected if args.hint and not args.state else None
    ex = explain(puzzle, item.instance, timeout=timeout, state=state,
                 steps=1 if args.hint else None, solution_state=written,
                 partial_states=partial)
    out: list[str] = []
    if ex.wrong:
        facts = ", ".join(ex.names.text(x) for x in ex.wrong)
        cells = ", ".join(dict.fromkeys(ex.names.cell(x) for x in ex.wrong))
        message = (f"the state is wrong at {cells}: no solution has {facts}" if
                   len(ex.wrong) == 1 or all(_alone(ex, x) for x in ex.wrong) else
                   f"the state is wrong: {facts} cannot all hold")
        if args.json:
            out.append(json.dumps({"type": puzzle.name, "verdict": ex.verdict, "wrong": [
                {"fact": ex.names.text(x), "cell": ex.names.cell(x)} for x in ex.wrong]}))
        return EXIT["wrong"], out, [f"{args.file}: {message}"], []
    if not args.no_check:
        check_explanation(ex, ex.formula, args.solver)
    verdict = ex.verdict if ex.complete else "unknown"
    difficulty = rate(ex) if ex.complete and not args.hint and ex.verdict == "unique" else None
    pictures = step_svgs(ex) if args.svg else []
    if args.json:
        out.append(json.dumps(explanation_json(ex, difficulty)))
    else:
        lines = step_lines(ex)
        if args.hint and not lines:
            lines = ["nothing left to explain: the state holds every fact"]
        out += _picture_lines(ex) if args.pictures else lines
        if not args.hint:
            if ex.solution is not None and ex.complete and ex.verdict == "unique":
                out.append(puzzle.render_text(item.instance, ex.solution))
            out.append(VERDICT_LINES[verdict])
            if ex.steps:
                out.append(smallest_line(ex))
            if difficulty is not None:
                out.append(difficulty.text())
    return EXIT[verdict], out, [], pictures


def _picture_lines(ex) -> list[str]:
    from .explain.output import step_lines
    from .explain.pictures import step_board
    from .render import to_text

    out = []
    known = list(ex.given)
    for step in ex.steps:
        known += step.facts
        out += step_lines(ex, [step])
        out.append(to_text(step_board(ex, step, known)))
    return out


def _alone(ex, lit) -> bool:
    return -lit in set(ex.targets)


COMMANDS = {"explain": cmd_explain}

__all__ = ["add_parsers", "COMMANDS", "InputError"]
