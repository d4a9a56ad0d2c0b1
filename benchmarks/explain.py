"""`satlink explain`: the time of a full explanation (step engine plus the
independent check of every reason) and of a hint, and the difficulty rating
over Sudoku collections of known difficulty.

    python benchmarks/explain.py                      # the issue's targets
    python benchmarks/explain.py --sudoku 100 --boards 10
    python benchmarks/explain.py --calibrate 50       # ratings per Sudoku set
    python benchmarks/explain.py --smallest 20        # reasons against a smallest-reason search

Targets (issue 27): median full explanation on 9 x 9 Sudoku (the 17-clue
set) within 2 s, Zebra 1962 within 5 s, the janko 10 x 10 Slitherlink,
Masyu, Nurikabe and Akari dev boards within 10 s; a hint within 1 s. CPU
seconds (``time.process_time``), medians; a hint is asked from the state
the first half of the explanation's steps reach.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from _common import DATASETS, ROOT, median, table  # also puts the project on sys.path

import satlink  # noqa: E402
from satlink.explain import check_explanation, explain, rate  # noqa: E402

SUDOKU_SETS = ("puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt",
               "puzzles6_forum_hardest_1106.txt")
GENRES = ("Slitherlink", "Masyu", "Nurikabe", "Akari")


def sudoku_lines(name: str, n: int, seed: int) -> list[str]:
    lines = [x.strip() for x in open(DATASETS / "sudoku" / name)
             if x.strip() and not x.startswith("#")]
    random.Random(seed).shuffle(lines)
    return lines[:n]


def dev_boards(genre: str, n: int) -> list:
    data = json.loads((DATASETS / "puzzlekit-dev" / f"{genre}.json").read_text())["data"]
    keys = sorted(k for k in data if k.endswith("_10x10"))[:n]
    return [satlink.load_text(data[k]["problem"], k, fmt="grid-text",
                              puzzle_type=genre.lower())[0] for k in keys]


def measure(item) -> dict:
    """CPU seconds of the engine, of the check, of a hint from half way."""
    t0 = time.process_time()
    ex = explain(item.puzzle, item.instance)
    t1 = time.process_time()
    check_explanation(ex, ex.formula)
    t2 = time.process_time()
    half = ex.steps[:len(ex.steps) // 2]
    state = [(ex.names.text(lit), None, "") for s in half for lit in s.facts]
    t3 = time.process_time()
    hint = explain(item.puzzle, item.instance, state=state, steps=1)
    t4 = time.process_time()
    assert ex.complete and hint.complete and ex.verdict == "unique", item.source
    return {"engine": t1 - t0, "check": t2 - t1, "full": t2 - t0, "hint": t4 - t3,
            "steps": len(ex.steps), "rating": rate(ex).rating}


def targets(args) -> None:
    rows = []
    sets = [("sudoku 17-clue", [satlink.load_text(x, "17.txt")[0]
                                for x in sudoku_lines(SUDOKU_SETS[0], args.sudoku, args.seed)],
             2.0),
            ("zebra 1962", satlink.load(str(ROOT / "instances" / "zebra" /
                                            "life-international-1962.pzl")), 5.0)]
    sets += [(f"{g.lower()} 10x10", dev_boards(g, args.boards), 10.0) for g in GENRES]
    for name, items, target in sets:
        got = [measure(it) for it in items]
        rows.append([name, len(got), median([g["engine"] for g in got]),
                     median([g["check"] for g in got]), median([g["full"] for g in got]),
                     max(g["full"] for g in got), target, median([g["hint"] for g in got]),
                     max(g["hint"] for g in got), median([g["steps"] for g in got]),
                     statistics.mean(g["rating"] for g in got)])
        print(table(["set", "n", "engine", "check", "full", "max", "target", "hint",
                     "hint max", "steps", "rating"], rows[-1:]), flush=True)
    print()
    print(table(["set", "n", "engine", "check", "full", "max", "target", "hint", "hint max",
                 "steps", "rating"], rows))


def calibrate(args) -> None:
    """Mean rating and score per Sudoku set (they should rise in this order)."""
    rows = []
    for name in SUDOKU_SETS:
        rated = []
        for line in sudoku_lines(name, args.calibrate, args.seed):
            it = satlink.load_text(line, "s.txt")[0]
            rated.append(rate(explain(it.puzzle, it.instance)))
        counts = [sum(r.rating == k for r in rated) for k in range(1, 6)]
        rows.append([name, len(rated), statistics.mean(r.rating for r in rated),
                     statistics.mean(r.score for r in rated),
                     statistics.mean(r.trials for r in rated),
                     statistics.mean(r.deductions for r in rated),
                     statistics.mean(r.hardest_search for r in rated), " ".join(map(str, counts))])
        print(table(["set", "n", "rating", "score", "trials", "deductions", "search cost",
                     "ratings 1..5"], rows[-1:]), flush=True)
    print()
    print(table(["set", "n", "rating", "score", "trials", "deductions", "search cost",
                 "ratings 1..5"], rows))


def smallest(args) -> None:
    """Each sampled reason against a smallest one (pysat's OptUx: a smallest
    unsatisfiable subset of the clues and facts known before the step, with
    the fact negated), on genres whose rules are all clauses (no cut: the
    formula is the whole rule set). Counts the steps whose reason is larger."""
    from pysat.examples.optux import OptUx
    from pysat.formula import WCNF

    items = [("sudoku 17-clue", satlink.load_text(x, "17.txt")[0])
             for x in sudoku_lines(SUDOKU_SETS[0], 3, args.seed)]
    items += [("sudoku top1465", satlink.load_text(x, "t.txt")[0])
              for x in sudoku_lines(SUDOKU_SETS[1], 3, args.seed)]
    items += [("akari 10x10", it) for it in dev_boards("Akari", 3)]
    items += [("zebra 1962", it) for it in satlink.load(
        str(ROOT / "instances" / "zebra" / "life-international-1962.pzl"))]
    rng = random.Random(args.seed)
    rows = []
    for name, item in items:
        ex = explain(item.puzzle, item.instance)
        sels = [v for v in ex.names.encoding.selectors.values()]
        known, sampled = list(ex.given), []
        for step in ex.steps:
            for lit, reason in zip(step.facts, step.reasons):
                sampled.append((list(known), lit, reason))
            known += step.facts
        larger, same, sizes = 0, 0, []
        for before, lit, reason in rng.sample(sampled, min(args.smallest, len(sampled))):
            soft = list(dict.fromkeys([*before, *sels]))
            w = WCNF()
            w.extend(ex.formula.clauses)
            w.append([-lit])
            for a in soft:
                w.append([a], weight=1)
            with OptUx(w) as opt:
                best = len(opt.compute() or ())
            sizes.append((reason.size, best))
            larger += reason.size > best
            same += reason.size == best
        rows.append([name, len(sizes), same, larger,
                     statistics.mean(a for a, _ in sizes), statistics.mean(b for _, b in sizes),
                     max(a - b for a, b in sizes)])
        print(table(["puzzle", "sampled", "= smallest", "> smallest", "mean size",
                     "mean smallest", "most over"], rows[-1:]), flush=True)
    print()
    print(table(["puzzle", "sampled", "= smallest", "> smallest", "mean size", "mean smallest",
                 "most over"], rows))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sudoku", type=int, default=100, help="17-clue puzzles (default 100)")
    ap.add_argument("--boards", type=int, default=10, help="10x10 dev boards per genre")
    ap.add_argument("--calibrate", type=int, default=0, metavar="N",
                    help="rate N puzzles of each Sudoku set instead")
    ap.add_argument("--smallest", type=int, default=0, metavar="N",
                    help="compare N sampled reasons per puzzle with a smallest-reason search")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.calibrate:
        calibrate(args)
    elif args.smallest:
        smallest(args)
    else:
        targets(args)


if __name__ == "__main__":
    main()
