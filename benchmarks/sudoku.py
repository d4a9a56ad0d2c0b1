"""Sudoku collections: puzzles per second for a solution plus uniqueness verdict.

    python benchmarks/sudoku.py [--jobs 2] [--repeat 3] [--limit N] [--solver NAME] [SET ...]

For each set in ../shared/datasets/sudoku/ it runs `satlink check` through
the API (shared batch solver, assumptions, guarded blocking) with --jobs
processes, --repeat times, and prints the median rate, the encode/solve
split, the verdict counts, and a check that every `multiple` verdict
carries two distinct verified solutions. In the same run it measures a
baseline on the first --baseline puzzles: one fresh solver per puzzle
(`satlink.solve` per puzzle, the rules encoded every time), one process.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from collections import Counter

from _common import DATASETS, median, table

import satlink
from satlink import checking

SETS = ["puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt", "puzzles7_serg_benchmark.txt",
        "puzzles6_forum_hardest_1106.txt", "norvig_top95.txt", "norvig_hardest.txt"]


def run_batch(path, jobs, solver, limit):
    """One pass over a set; returns (seconds, verdicts, encode s, solve s, problems)."""
    if limit:
        lines = [ln for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
        fd = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        fd.write("\n".join(lines[:limit]) + "\n")
        fd.close()
        src = fd.name
    else:
        src = str(path)
    verdicts, enc, sol, problems = Counter(), 0.0, 0.0, 0
    t0 = time.perf_counter()
    for rec, _ in checking.check([src], jobs=jobs, solver=solver):
        verdicts[rec["verdict"]] += 1
        enc += rec["stats"]["encode_seconds"]
        sol += rec["stats"]["solve_seconds"]
        if rec["verdict"] == "multiple" and rec["count"] != 2:
            problems += 1
        if rec["verdict"] == "unique" and rec["count"] != 1:
            problems += 1
    return time.perf_counter() - t0, verdicts, enc, sol, problems


def run_baseline(path, n, solver):
    items = satlink.load(path)[:n]
    t0 = time.perf_counter()
    for item in items:
        satlink.solve(item, solver=solver)
    return len(items) / (time.perf_counter() - t0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="*", default=SETS)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--limit", type=int, default=0, help="first N puzzles of each set only")
    ap.add_argument("--solver", default="cadical195")
    ap.add_argument("--baseline", type=int, default=300, help="puzzles for the baseline")
    args = ap.parse_args()
    rows = []
    for name in args.sets:
        path = DATASETS / "sudoku" / name
        times, last = [], None
        for _ in range(args.repeat):
            secs, verdicts, enc, sol, problems = run_batch(path, args.jobs, args.solver, args.limit)
            times.append(secs)
            last = (verdicts, enc, sol, problems)
        verdicts, enc, sol, problems = last
        n = sum(verdicts.values())
        rate = n / median(times)
        base = run_baseline(path, args.baseline, args.solver)
        share = enc / (enc + sol) if enc + sol else 0.0
        rows.append([name, n, " ".join(f"{k}={v}" for k, v in sorted(verdicts.items())),
                     round(rate), round(base), f"{rate / base:.1f}x", f"{share:.0%}", problems])
        print(f"done {name}: {rate:.0f}/s", flush=True)
    print()
    print(f"solver {args.solver}, --jobs {args.jobs}, median of {args.repeat} runs;"
          f" baseline: fresh solver per puzzle, 1 process, first {args.baseline} puzzles")
    print(table(["set", "puzzles", "verdicts", "puzzles/s", "baseline/s", "ratio",
                 "encode share", "bad counts"], rows))


if __name__ == "__main__":
    main()
