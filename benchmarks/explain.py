"""`satlink explain`: the time of a full explanation (step engine plus the
independent check of every reason) and of a hint, and the difficulty rating
over Sudoku collections of known difficulty.

    python benchmarks/explain.py                      # the issue's targets
    python benchmarks/explain.py --sudoku 100 --boards 10
    python benchmarks/explain.py --calibrate 50       # ratings per Sudoku set
    python benchmarks/explain.py --smallest 20        # reasons against a smallest-reason search
    python benchmarks/explain.py --smallest 1 --every --sets 17-clue  # every reason, not a sample
    python benchmarks/explain.py --spearman 40        # rating against files sorted by difficulty

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
from satlink.explain.smallest import optimal  # noqa: E402
from satlink.explain.steps import LAZY_SEARCH_ROUNDS, SEARCH_ROUNDS  # noqa: E402

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
    reasons = [r for s in ex.steps for r in s.reasons]
    return {"engine": t1 - t0, "check": t2 - t1, "full": t2 - t0, "hint": t4 - t3,
            "steps": len(ex.steps), "rating": rate(ex).rating, "reasons": len(reasons),
            "size": sum(r.size for r in reasons),
            "unsettled": sum(r.smallest == "not proven" for r in reasons)}


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


#: Files whose order is a difficulty order: magictour.free.fr/sudoku.htm
#: lists "1465 hardest sudokus sorted by rating: top1465" and "95 hardest
#: sudokus sorted by rating: top95" (its suexrate rating; the page does not
#: give the direction or the ratings themselves).
RANKED_SETS = ("puzzles3_magictour_top1465.txt", "norvig_top95.txt")


def ranks(xs) -> list[float]:
    """Ranks 1..n, ties sharing their mean rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs, ys) -> float:
    """Spearman's rank correlation (Pearson's over the ranks, ties averaged)."""
    a, b = ranks(xs), ranks(ys)
    ma, mb = statistics.mean(a), statistics.mean(b)
    num = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    den = (sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b)) ** 0.5
    return num / den if den else 0.0


def rank_order(args) -> None:
    """The score and the rating against each puzzle's place in a file sorted
    by difficulty (:data:`RANKED_SETS`): N puzzles at evenly spaced places,
    Spearman's correlation of place with score and with rating (negative:
    the earlier puzzles rate harder)."""
    rows = []
    for name in RANKED_SETS:
        lines = [x.strip() for x in open(DATASETS / "sudoku" / name)
                 if x.strip() and not x.startswith("#")]
        n = min(args.spearman, len(lines))
        places = [round(i * (len(lines) - 1) / max(n - 1, 1)) for i in range(n)]
        got = []
        for p in places:
            it = satlink.load_text(lines[p], "s.txt")[0]
            got.append((p + 1, rate(explain(it.puzzle, it.instance))))
        pos = [p for p, _ in got]
        half = len(got) // 2
        rows.append([name, n, spearman(pos, [d.score for _, d in got]),
                     spearman(pos, [d.rating for _, d in got]),
                     statistics.mean(d.rating for _, d in got[:half]),
                     statistics.mean(d.rating for _, d in got[half:])])
        print(table(RANK_HEAD, rows[-1:]), flush=True)
    print()
    print(table(RANK_HEAD, rows))


RANK_HEAD = ["set", "n", "rho(place, score)", "rho(place, rating)", "rating, first half",
             "second half"]


#: seconds the reference search may take per reason (lazy genres)
REFERENCE_SECONDS = 20.0


def reference_smallest(ex, before, lit, clauses_only: bool) -> int | None:
    """The size of a smallest reason for ``lit`` from the clues and the facts
    ``before``: pysat's OptUx on the formula where every rule is a clause;
    else (lazy cuts) the engine's own hitting-set search without a budget
    (its hitting sets past the branch and bound's first 300 nodes by RC2), on
    a fresh solver (the cuts it needs found again); None when that takes
    more than REFERENCE_SECONDS."""
    sels = list(ex.names.encoding.selectors.values())
    soft = list(dict.fromkeys([*before, *sels]))
    if clauses_only:
        return len(optimal(ex.formula.clauses, soft, lit))
    from satlink.explain.refute import Refuter
    from satlink.explain.smallest import by_search, smallest

    ref = Refuter(ex.names.encoding, "glucose4")
    try:
        # hitting sets past 300 nodes by RC2 (MaxSAT), without a conflict budget
        got, settled, _ = smallest(soft, soft, by_search(ref, soft, lit), rounds=10**6,
                                   seconds=REFERENCE_SECONDS, conflicts=10**9)
        return len(got) if settled else None
    finally:
        ref.close()


SMALLEST_SETS = (("sudoku 17-clue", 3), ("sudoku top1465", 3), ("akari 10x10", 3),
                 ("zebra 1962", 1), ("slitherlink 10x10", 3), ("masyu 10x10", 3),
                 ("nurikabe 10x10", 2))


def smallest_items(args):
    for name, n in SMALLEST_SETS:
        if args.sets and args.sets not in name:
            continue
        if name.startswith("sudoku"):
            which = SUDOKU_SETS[0] if "17" in name else SUDOKU_SETS[1]
            for x in sudoku_lines(which, n, args.seed):
                yield name, satlink.load_text(x, "s.txt")[0]
        elif name.startswith("zebra"):
            for it in satlink.load(str(ROOT / "instances" / "zebra" /
                                       "life-international-1962.pzl")):
                yield name, it
        else:
            for it in dev_boards(name.split()[0].capitalize(), n):
                yield name, it


def smallest(args) -> None:
    """Each sampled reason against a smallest one (:func:`reference_smallest`),
    the engine with and without its smallest-reason search, in the same run:
    the reasons that are a smallest one, CPU seconds per step."""
    rng = random.Random(args.seed)
    rows = []
    for name, item in smallest_items(args):
        clauses_only = _no_cuts(item)
        row = [name, str(getattr(item.source, "file", item.source)).split("/")[-1][:18]]
        for search in (0, args.search):  # None: the engine's own budget for the genre
            t0 = time.process_time()
            ex = explain(item.puzzle, item.instance, search=search)
            spent = time.process_time() - t0
            known, sampled = list(ex.given), []
            for step in ex.steps:
                for lit, reason in zip(step.facts, step.reasons):
                    sampled.append((list(known), lit, reason))
                known += step.facts
            pick = random.Random(rng.random()).sample(sampled, min(args.smallest, len(sampled)))
            if args.every:  # every reason of two or more (one cannot be smaller)
                pick = [t for t in sampled if t[2].size > 1]
            sizes = [(reason.size, reference_smallest(ex, before, lit, clauses_only),
                      reason.smallest, ex.names.text(lit)) for before, lit, reason in pick]
            # the reference settled; a reason larger than its answer: was it marked?
            missed = [(a, b, m, f) for a, b, m, f in sizes if b is not None and a != b]
            if missed:
                print(f"  {row[1]} search={search}: larger than the reference:",
                      ", ".join(f"{f} {a} > {b} ({m})" for a, b, m, f in missed), flush=True)
            unsettled = [(a, f) for a, b, _, f in sizes if b is None]
            if unsettled:
                print(f"  {row[1]} search={search}: the reference did not settle on",
                      ", ".join(f"{f} ({a})" for a, f in unsettled), flush=True)
            sizes = [(a, b) for a, b, _, _ in sizes if b is not None]
            row += [f"{sum(a == b for a, b in sizes)}/{len(sizes)}",
                    statistics.mean(a for a, _ in sizes), statistics.mean(b for _, b in sizes),
                    1000 * spent / max(len(ex.steps), 1)]
        rows.append(row)
        print(table(HEAD, rows[-1:]), flush=True)
    print()
    print(table(HEAD, rows))


HEAD = ["set", "board", "smallest (min.)", "size", "ref", "ms/step", "smallest (search)",
        "size", "ref", "ms/step"]


def _no_cuts(item) -> bool:
    """Whether the genre's selector encoding has no lazy rule (OptUx can use it)."""
    from satlink.contract import Options
    from satlink.engine.search import encode

    from satlink.contract import Encoding

    enc = encode(item.puzzle, item.instance, Options(clues="selectors"))
    return type(enc).cuts is Encoding.cuts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sudoku", type=int, default=100, help="17-clue puzzles (default 100)")
    ap.add_argument("--boards", type=int, default=10, help="10x10 dev boards per genre")
    ap.add_argument("--calibrate", type=int, default=0, metavar="N",
                    help="rate N puzzles of each Sudoku set instead")
    ap.add_argument("--smallest", type=int, default=0, metavar="N",
                    help="compare N sampled reasons per puzzle with a smallest-reason search")
    ap.add_argument("--search", type=int, default=None, metavar="N",
                    help="--smallest: hitting sets per step of the smallest-reason search,"
                    f" compared with none (default: the engine's, {SEARCH_ROUNDS}, or"
                    f" {LAZY_SEARCH_ROUNDS} on genres with lazy rules)")
    ap.add_argument("--every", action="store_true",
                    help="--smallest: every reason of two or more clues and facts, not a sample")
    ap.add_argument("--sets", default=None,
                    help="--smallest: only the sets whose names contain this")
    ap.add_argument("--spearman", type=int, default=0, metavar="N",
                    help="N puzzles of each Sudoku file sorted by difficulty: Spearman's"
                    " correlation of their place with the score and the rating")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.spearman:
        rank_order(args)
    elif args.calibrate:
        calibrate(args)
    elif args.smallest:
        smallest(args)
    else:
        targets(args)


if __name__ == "__main__":
    main()
