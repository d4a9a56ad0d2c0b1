"""The design commands of the CLI: ``minimize``, ``analyze``, ``generate``.

They print what :mod:`satlink.design.tasks` returns; the parsers are added
to the main parser by :func:`add_parsers`.
"""
from __future__ import annotations

import json
import sys
from . import puzzles
from .errors import InputError, UsageError
from .children import can_fork
from .writing import check_directory, check_file, make_directory, write_file


def add_parsers(sub, common, count) -> None:
    """The three commands; ``common`` adds the shared options, ``count``
    parses a whole number."""
    p = sub.add_parser("minimize", help="drop clues while the solution stays unique")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--minimum", action="store_true",
                   help="the fewest clues, proved (with --timeout: the best so far and the"
                   " lower bound)")
    p.add_argument("--keep", metavar="CELLS", help="clues that must stay: r3c4,r5c6,row3,col5")
    p.add_argument("--only", metavar="CELLS", help="the only clues that may be used")
    p.add_argument("--seed", type=int, help="the order in which clues are tried (minimal)")
    p.add_argument("--url", action="store_true", help="print the puzz.link URL instead")
    p.add_argument("--json", action="store_true", help="a JSON object instead of .pzl")
    p.add_argument("-o", "--output", metavar="OUT.pzl", help="output file (default: stdout)")
    common(p)

    p = sub.add_parser("analyze", help="redundant clues, forced cells, what makes it unique")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--target", metavar="FILE",
                   help="several solutions: the solution to make unique, from the `solution`"
                   " block of FILE (default: the first one found)")
    p.add_argument("--json", action="store_true", help="a JSON object")
    p.add_argument("--clue-sets", action="store_true",
                   help="count every good, minimal and minimum clue set of the solution"
                   " (needs the `design` extra)")
    p.add_argument("--only", metavar="CELLS", help="--clue-sets: the candidate clues")
    p.add_argument("--list", choices=("minimal", "minimum"),
                   help="--clue-sets: also list the minimal or the minimum clue sets")
    common(p)

    p = sub.add_parser("generate", help="make puzzles with a unique solution")
    p.add_argument("type", metavar="TYPE")
    p.add_argument("--size", metavar="WxH", help="board size (`9` or `10x10`)")
    p.add_argument("--count", type=count(1), default=1, metavar="N", help="how many (default 1)")
    p.add_argument("--seed", type=int, default=0, help="same seed, same puzzles (default 0)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--minimal", action="store_true",
                     help="minimal clue sets (the default): no clue can go")
    how.add_argument("--minimum", action="store_true",
                     help="the fewest clues for each solution (with --timeout per puzzle:"
                     " the best found)")
    p.add_argument("--from-solution", metavar="FILE",
                   help="make the puzzle of the solution written in FILE's `solution` block")
    p.add_argument("--fleet", metavar="LENGTHS", help="Battleship: ship lengths, `4,3,3,2`")
    p.add_argument("-o", "--output", metavar="DIR", help="write one .pzl per puzzle into DIR")
    p.add_argument("--solutions", metavar="FILE",
                   help="Sudoku lines: write each puzzle's solution line to FILE")
    p.add_argument("--jobs", type=count(0), default=1, metavar="N",
                   help="generate in N processes (0 = one per core)")
    common(p)


# -- minimize -------------------------------------------------------------------------
def cmd_minimize(args) -> int:
    from .design.tasks import minimize_puzzle
    from .cli_args import single as _single

    item = _single(args, args.file)
    puzzle = item.puzzle
    if args.url and puzzle.puzzlink is None:  # say so before the search, not after
        _url(puzzle, item.instance)
    if args.output:
        check_file(args.output)

    def report(lower: int, best: int) -> None:
        print(f"minimum: at least {lower} clues, best found {best}", file=sys.stderr, flush=True)

    done = minimize_puzzle(puzzle, item.instance, args.minimum, args.keep, args.only, args.seed,
                           args.solver, args.timeout, report if args.minimum else None)
    if args.json:
        text = json.dumps(_minimized_json(puzzle, done)) + "\n"
    elif args.url:
        text = _url(puzzle, done.instance) + "\n"
    else:
        text = puzzle.to_pzl(done.instance, done.solution)
    _emit(args.output, text)
    what = ("minimum" if done.minimum is not None and done.minimum.optimal else
            "best found" if done.minimum is not None else
            "minimal" if done.complete else "not yet minimal")
    print(f"{what}: {len(done.clues)} of {done.before} clues kept"
          f" ({done.before - len(done.clues)} removed, {done.calls} solver questions)",
          file=sys.stderr)
    if done.minimum is not None and not done.minimum.optimal:
        print(f"time limit reached: the minimum is at least {done.minimum.lower}",
              file=sys.stderr)
        return 5
    return 0 if done.complete else 5


def _minimized_json(puzzle, done) -> dict:
    d = {"type": puzzle.name, "clues": [puzzle.design.clue_name(c) for c in done.clues],
         "count": len(done.clues), "before": done.before, "minimal": done.complete,
         "solution": puzzle.solution_json(done.instance, done.solution),
         "pzl": puzzle.to_pzl(done.instance, done.solution)}
    if done.minimum is not None:
        d.update(minimum=done.minimum.optimal, lower_bound=done.minimum.lower,
                 bounds=done.minimum.bounds)
    return d


# -- analyze --------------------------------------------------------------------------
def cmd_analyze(args) -> int:
    from .design.tasks import analyze_puzzle
    from .cli_args import single as _single

    item = _single(args, args.file)
    puzzle = item.puzzle
    if args.clue_sets:
        return _clue_sets(args, item)
    if args.only or args.list:
        raise UsageError("--only and --list go with --clue-sets")
    target = None
    if args.target:
        other = _single(args, args.target)
        if other.expected is None:
            raise InputError("--target: this file holds no `solution` block", other.source)
        target = other.expected
    a = analyze_puzzle(puzzle, item.instance, target, args.solver, args.timeout)
    name = puzzle.design.clue_name
    d: dict = {"type": puzzle.name, "verdict": a.verdict, "clues": a.clues}
    if a.verdict == "unique":
        d["redundant"] = [name(c) for c in a.redundant]
    elif a.verdict == "multiple":
        b = a.backbone
        d.update(forced=len(b.forced), free=b.free, backbone_complete=b.complete,
                 solutions_seen=len(b.witnesses),
                 add=None if a.added is None else [name(c) for c in a.added],
                 add_is_minimum=a.added_minimum,
                 pzl=None if a.added is None else puzzle.to_pzl(
                     puzzle.design.with_clues(item.instance, [*puzzle.clues(item.instance), *a.added]),
                     a.solution))
    else:
        d["conflict"] = None if a.conflict is None else [name(c) for c in a.conflict]
    if args.json:
        print(json.dumps(d))
    else:
        print(_analysis_text(d))
    return {"unique": 0, "multiple": 1, "none": 3}[a.verdict]


def _analysis_text(d: dict) -> str:
    lines = [f"{d['type']}: {d['verdict']}, {d['clues']} clues"]
    if d["verdict"] == "unique":
        red = d["redundant"]
        lines.append(f"redundant clues (each can go on its own): {len(red)}"
                     + (f": {', '.join(red)}" if red else ""))
    elif d["verdict"] == "multiple":
        free = d["free"]
        lines.append(f"forced in every solution: {d['forced']} cells;"
                     f" not forced: {len(free)}: {', '.join(free[:40])}"
                     + (" ..." if len(free) > 40 else "")
                     + ("" if d["backbone_complete"] else " (time limit: not all solutions seen)"))
        if d["add"] is None:
            lines.append("no clue this genre can show makes it unique: another solution"
                         " obeys every clue the chosen one obeys")
        else:
            lines.append(f"adding {len(d['add'])} clues makes it unique"
                         f" ({'the fewest' if d['add_is_minimum'] else 'a minimal set'}):"
                         f" {', '.join(d['add'])}")
            lines.append(d["pzl"].rstrip("\n"))
    elif d["conflict"] == []:
        lines.append("the board has no solution even without its clues")
    else:
        lines.append(f"these {len(d['conflict'])} clues cannot all hold (each smaller set"
                     f" can): {', '.join(d['conflict'])}")
    return "\n".join(lines)


def _clue_sets(args, item) -> int:
    from .design.tasks import EXIT_LIMIT, clue_sets_of

    if args.target:
        raise UsageError("--clue-sets counts the clue sets of a unique puzzle: no --target")
    puzzle = item.puzzle
    found = clue_sets_of(puzzle, item.instance, args.only, args.solver, args.timeout)
    name = puzzle.design.clue_name
    d: dict = {"type": puzzle.name, "candidates": len(found.candidates),
               "difference_sets": len(found.family), "complete": found.complete,
               "solver_calls": found.calls}
    g = found.good
    if g is not None:
        d.update(good=g.good, minimal=g.minimal, minimum_size=g.minimum,
                 minimum=g.minimum_count)
        if args.list:
            sets = g.minimal_sets() if args.list == "minimal" else g.minimum_sets()
            d[f"{args.list}_sets"] = [[name(c) for c in s] for s in sets]
    if args.json:
        print(json.dumps(d))
    else:
        print(f"{puzzle.name}: {d['candidates']} candidate clues,"
              f" {d['difference_sets']} minimal difference sets"
              + ("" if found.complete else " found before the time limit (not all)"))
        if g is not None:
            print(f"good clue sets: {g.good}; minimal: {g.minimal}; minimum: {g.minimum_count}"
                  f" of {g.minimum} clues")
            for s in d.get(f"{args.list}_sets", []):
                print(" ".join(s))
    return 0 if found.complete else EXIT_LIMIT


# -- generate -------------------------------------------------------------------------
def cmd_generate(args) -> int:
    try:
        return _generate(args)
    except InputError as exc:
        if args.from_solution or exc.pos.file != "<input>":
            raise
        # the board the options ask for, refused by the genre (`<input>: error: size
        # 9999 x 3 is outside 1..200`, exit 4): the options are what is wrong
        given = " ".join(f"--{k} {getattr(args, k)}" for k in ("size", "fleet")
                         if getattr(args, k, None))
        raise UsageError(f"{given}: {exc.message}") from None


def _generate(args) -> int:
    from concurrent.futures import ProcessPoolExecutor

    from .design import designable
    from .design.tasks import CHUNK
    from .cli_args import single as _single

    try:
        puzzle = puzzles.get(args.type)
    except InputError as exc:
        raise UsageError(exc.message) from None
    structured = puzzle.design is not None and puzzle.design.layout is not None
    if not structured:
        designable(puzzle, "generate", need_blank=not args.from_solution)
    elif args.from_solution or args.minimum:
        raise UsageError(f"{puzzle.name}: its clues are structure, so generate draws whole"
                         " layouts: --from-solution and --minimum do not apply")
    solution = None
    if args.from_solution:
        item = _single(args, args.from_solution)
        if item.puzzle is not puzzle:
            raise UsageError(f"--from-solution: {args.from_solution} is a {item.puzzle.name}"
                             f" puzzle, not {puzzle.name}")
        if item.expected is None:
            raise InputError("--from-solution: this file holds no `solution` block", item.source)
        shape, solution = puzzle.design.with_clues(item.instance, []), item.expected
    else:
        if not args.size:
            raise UsageError("generate needs --size (`9`, `10x10`) or --from-solution")
        width, height = _size(args.size)
        params = {"fleet": _fleet(args.fleet)} if args.fleet else {}
        params.update({k: getattr(args, k) for k in ("fill", "touch") if getattr(args, k, None)})
        shape = (height, width, params) if structured else puzzle.design.blank(height, width, params)
    lines = puzzle.name == "sudoku" and not structured and _line_size(shape)
    if not lines and args.count > 1 and not args.output:
        raise UsageError("generate --count N writes one .pzl per puzzle: give -o DIR")
    if args.solutions and not lines:
        raise UsageError("--solutions is for Sudoku lines; a .pzl carries its solution")
    if args.output:
        check_directory(args.output)
    if args.solutions:
        check_file(args.solutions)
    from .checking import default_jobs, jobs_warning

    jobs = args.jobs or default_jobs()
    warning = jobs_warning(jobs)
    if warning:
        print(warning, file=sys.stderr)
    chunks = [(puzzle.name, shape, args.seed, range(i, min(i + CHUNK, args.count)),
               args.minimum, args.solver, args.timeout, solution)
              for i in range(0, args.count, CHUNK)]
    if jobs > 1 and len(chunks) > 1 and can_fork():
        with ProcessPoolExecutor(min(jobs, len(chunks))) as pool:
            made = [g for part in pool.map(_generate_task, chunks) for g in part]
    else:
        made = [g for task in chunks for g in _generate_task(task)]
    solution_lines = []
    for i, g in enumerate(made, 1):
        if lines:
            sys.stdout.write(_sudoku_line(g.instance.givens) + "\n")
            solution_lines.append(_sudoku_line(g.solution))
        elif args.output:  # the folder is made when there is something to put in it
            folder = make_directory(args.output)
            write_file(folder / f"{puzzle.name}-{args.seed}-{i:04d}.pzl",
                       puzzle.to_pzl(g.instance, g.solution))
        else:
            sys.stdout.write(puzzle.to_pzl(g.instance, g.solution))
    if args.solutions:
        write_file(args.solutions, "".join(s + "\n" for s in solution_lines))
    clues = [g.clues for g in made]
    span = f", {min(clues)} to {max(clues)} clues" if max(clues) else ""
    print(f"generated {len(made)} {puzzle.name} puzzles{span}", file=sys.stderr)
    return 0


def _generate_task(task):
    name, *rest = task
    from .design.tasks import generate_chunk

    return generate_chunk(puzzles.get(name), *rest)


def _size(text: str) -> tuple[int, int]:
    parts = text.lower().replace(" ", "").split("x")
    try:
        nums = [int(p) for p in parts]
    except ValueError:
        raise UsageError(f"--size `{text}`: write `9` or `10x10`") from None
    if len(nums) == 1:
        nums *= 2
    if len(nums) != 2 or min(nums) < 1:
        raise UsageError(f"--size `{text}`: write `9` or `10x10`, sides of 1 or more")
    return nums[0], nums[1]


def _fleet(text: str) -> list[int]:
    try:
        fleet = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise UsageError(f"--fleet `{text}`: ship lengths separated by commas") from None
    if not fleet or min(fleet) < 1:
        raise UsageError(f"--fleet `{text}`: ship lengths of 1 or more")
    return fleet


def _line_size(shape) -> bool:
    from .formats.sudoku_lines import SIZES

    return shape.size in SIZES.values() and shape.box_w == shape.box_h


def _sudoku_line(grid) -> str:
    from .formats.sudoku_lines import ALPHABET

    return "".join(ALPHABET[v - 1] if v else "." for row in grid for v in row)


# -- output ---------------------------------------------------------------------------
def _url(puzzle, inst) -> str:
    """The puzz.link URL; a UsageError (exit 2, ``error: --url: ...``) where there is none."""
    from .cli_draw import puzzlink_url

    try:
        return puzzlink_url(puzzle, inst)
    except UsageError as exc:
        raise UsageError(f"--url: {exc}") from None


def _emit(path: str | None, text: str) -> None:
    """``text`` to standard output, or whole to the file ``path``."""
    if path is None:
        sys.stdout.write(text)
    else:
        write_file(path, text)


COMMANDS = {"minimize": cmd_minimize, "analyze": cmd_analyze, "generate": cmd_generate}

__all__ = ["add_parsers", "COMMANDS"]
