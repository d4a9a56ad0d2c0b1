"""The design tools' targets (issue 14), one workload per subcommand.

    python benchmarks/design.py minimum-grid [--timeout 600] [--method ihs|bounds|mcguire]
        the fewest clues for the Edinburgh report's grid: best and bound over time
    python benchmarks/design.py minimal-sudoku [--count 200]
        minimal puzzles from random full 9 x 9 grids: median milliseconds
    python benchmarks/design.py generate [--seconds 10] [--jobs 2]
        `generate --minimal` puzzles per second, per genre (Sudoku 9 x 9, others 10 x 10)
    python benchmarks/design.py redundant [--timeout 10]
        redundant clues over puzzlekit-dev's janko Slitherlink, Masyu and Sudoku
    python benchmarks/design.py slither-from-solution [--count 5]
        Slitherlink 10 x 10 from a random loop, every cell a hint: minimal and minimum

Times are wall-clock on this (shared, noisy) machine; the solver questions
(oracle calls) are printed beside them.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time

from _common import DATASETS, ROOT, median, table  # also puts the project on sys.path

from satlink import engine  # noqa: E402
from satlink.design.analyze import redundant as find_redundant  # noqa: E402
from satlink.design.clue_sets import minimal, minimum  # noqa: E402
from satlink.design.oracle import Bench, Oracle, TimeUp, clock  # noqa: E402
from satlink.design.tasks import generate_one, random_solution  # noqa: E402
from satlink.errors import InputError  # noqa: E402
from satlink.formats.grid_text import split  # noqa: E402
from satlink.puzzles import get, types  # noqa: E402

EDINBURGH = ("876912534 954387612 213645789 738456291 561829347 429731865 642178953"
             " 395264178 187593426")


def minimum_grid(args) -> None:
    target = tuple(tuple(int(ch) for ch in row) for row in EDINBURGH.split())
    t0 = time.perf_counter()
    if args.method == "mcguire":
        return minimum_grid_mcguire(target, args.timeout, t0)
    sudoku = get("sudoku")
    shape = sudoku.design.blank(9, 9, {})
    cands = sudoku.design.clues_of(shape, target)

    def report(lower, best):
        print(f"{time.perf_counter() - t0:8.1f} s  lower bound {lower:2d}  best {best}",
              flush=True)

    with Oracle(sudoku, shape, target, cands, deadline=clock(args.timeout)) as oracle:
        if args.method == "bounds":  # unavoidable sets from the grid, then rising bounds
            from satlink.design.bounds import proven_minimum

            seeds = sudoku.design.unavoidable(shape, target)
            print(f"{time.perf_counter() - t0:8.1f} s  {len(seeds)} unavoidable sets"
                  " from the grid", flush=True)
            found = proven_minimum(oracle, cands, seeds=seeds, report=report)
        else:
            found = minimum(oracle, cands, report=report)
        print(f"after {time.perf_counter() - t0:.1f} s ({args.method}): best {len(found.clues)}"
              f" clues, lower bound {found.lower}"
              f" ({'proved minimum' if found.optimal else 'open'}), {found.rounds} rounds,"
              f" {found.sets} sets, {oracle.calls} solver questions")
        grid = [["."] * 9 for _ in range(9)]
        for r, c, v in found.clues:
            grid[r][c] = str(v)
        print("".join("".join(row) for row in grid))


def minimum_grid_mcguire(target, timeout: float, t0: float) -> None:
    """design.sudoku_minimum.minimum from k = 0: each k searched to its end
    without a puzzle proves the bound k + 1 (CPU seconds of this process;
    benchmarks/edinburgh.py runs chosen k, also on two processes)."""
    from satlink.design.sudoku_minimum import minimum as mcguire
    from satlink.puzzles import sudoku as sudoku_module

    grid = [list(row) for row in target]
    c0 = time.process_time()

    def report(step):
        what = ("found " + str(len(step.found)) if step.found is not None
                else "none (proved)" if step.complete else "open (time)")
        print(f"{time.perf_counter() - t0:8.1f} s  k = {step.k:2d}: {what},"
              f" {step.seconds:.1f} CPU s, {step.nodes} nodes, {step.checks} solver checks,"
              f" {step.sets} sets", flush=True)

    found = mcguire(grid, 3, 3, deadline=c0 + timeout, report=report)
    print(f"after {time.process_time() - c0:.1f} CPU s (mcguire): lower bound {found.lower}"
          f" (proved), best {len(found.clues) if found.clues else None}")
    if found.clues:
        givens = [[None] * 9 for _ in range(9)]
        for r, c in found.clues:
            givens[r][c] = target[r][c]
        res = engine.solve(sudoku_module.GENRE, sudoku_module.make(9, givens))
        assert res.verdict == "unique", res.verdict  # the ordinary solve path agrees
        print("".join(str(v) if v else "." for row in givens for v in row))


def minimal_sudoku(args) -> None:
    """Each grid twice, interleaved: on a fresh oracle (encoding and solver
    built for it) and on one Bench shared by every grid (as `generate` does)."""
    sudoku = get("sudoku")
    shape = sudoku.design.blank(9, 9, {})
    fresh, shared, sizes, calls = [], [], [], []
    bench = Bench(sudoku, shape)
    for i in range(args.count):
        rng = random.Random(i)
        target = random_solution(sudoku, shape, rng)
        cands = sudoku.design.clues_of(shape, target)
        order = rng.sample(cands, len(cands))
        for times, use in ((fresh, None), (shared, bench)):
            t0 = time.perf_counter()
            with Oracle(sudoku, shape, target, cands, bench=use) as oracle:
                found = minimal(oracle, cands, order=order)
            times.append(time.perf_counter() - t0)
        sizes.append(len(found))
        calls.append(oracle.calls)
    bench.close()
    rows = [[name, args.count, 1000 * median(t), 1000 * statistics.quantiles(t, n=10)[-1],
             1000 * max(t), f"{median(sizes)} ({min(sizes)}-{max(sizes)})", median(calls)]
            for name, t in (("fresh oracle", fresh), ("shared bench", shared))]
    print(table(["oracle", "grids", "median ms", "p90 ms", "max ms", "clues (median, min-max)",
                 "questions (median)"], rows))


def generate(args) -> None:
    rows = []
    names = args.genres or [m.name for m in types()
                            if m.design is not None and m.design.blank is not None]
    for name in names:
        size = "9" if name == "sudoku" else "10x10"
        count = args.count
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "satlink", "generate", name, "--size", size,
                               "--count", str(count), "--seed", "1", "--jobs", str(args.jobs),
                               *(["-o", str(args.out / name)] if name != "sudoku" else [])],
                              capture_output=True, text=True, cwd=ROOT)
        took = time.perf_counter() - t0
        rows.append([name, size, count, proc.returncode, took, count / took,
                     proc.stderr.strip().splitlines()[-1][:60] if proc.stderr else ""])
    print(table(["genre", "size", "puzzles", "exit", "seconds", "puzzles/s", "note"], rows))


JANKO = {"slitherlink": "Slitherlink.json", "masyu": "Masyu.json", "sudoku": "Sudoku.json"}


def redundant(args) -> None:
    rows = []
    for name, file in JANKO.items():
        mod = get(name)
        data = json.loads((DATASETS / "puzzlekit-dev" / file).read_text())["data"]
        times, small, counts, skipped, total_red, over = [], [], [], 0, 0, []
        for key, entry in data.items():
            try:
                inst = mod.from_grid_text(split(entry["problem"], key))
            except InputError:
                skipped += 1
                continue
            t0 = time.perf_counter()
            res = engine.solve(mod, inst, limit=2, timeout=args.timeout)
            if res.verdict != "unique":
                skipped += 1
                continue
            clues = list(mod.clues(inst))
            try:
                with Oracle(mod, inst, res.solutions[0], clues,
                            deadline=clock(args.timeout)) as oracle:
                    n = len(find_redundant(oracle, clues))
            except TimeUp:
                print(f"{key}: over {args.timeout} s", file=sys.stderr)
                over.append(key)
                continue
            took = time.perf_counter() - t0
            side = max(int(x) for x in entry["problem"].split("\n", 1)[0].split())
            times.append(took)
            (small if side <= 20 else []).append(took)
            counts.append(n)
            total_red += n
        with_red = sum(1 for n in counts if n)
        rows.append([name, len(data), len(counts), skipped, len(over), with_red, total_red,
                     median(times), max(times) if times else 0,
                     max(small) if small else 0, sum(1 for t in small if t > 1.0)])
    print(table(["genre", "boards", "analysed", "skipped", "over timeout", "with redundant",
                 "redundant clues",
                 "median s", "max s", "max s (<=20)", "over 1 s (<=20)"], rows))


def slither_from_solution(args) -> None:
    mod = get("slitherlink")
    shape = mod.design.blank(10, 10, {})
    rows = []
    for i in range(args.count):
        rng = random.Random(i)
        g = generate_one(mod, shape, rng)  # a random loop that its clues can make unique
        target = g.solution
        cands = mod.design.clues_of(shape, target)
        with Oracle(mod, shape, target, cands) as oracle:
            t0 = time.perf_counter()
            m = minimal(oracle, cands, order=rng.sample(cands, len(cands)))
            t_min = time.perf_counter() - t0
            oracle.deadline = clock(args.timeout)
            t0 = time.perf_counter()
            best = minimum(oracle, cands)
            t_opt = time.perf_counter() - t0
        rows.append([i, len(m), t_min, len(best.clues), best.lower, best.optimal, t_opt,
                     best.sets])
    print(table(["loop", "minimal", "s", "minimum", "bound", "proved", "s", "sets"], rows))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("minimum-grid")
    p.add_argument("--timeout", type=float, default=600)
    p.add_argument("--method", choices=["ihs", "bounds", "mcguire"], default="ihs",
                   help="ihs: the hitting set loop (minimum); bounds: unavoidable sets"
                   " and rising bounds (design.bounds); mcguire: unavoidable sets of at"
                   " most 12 cells, then every hitting set of k = 0, 1, ... clues"
                   " (design.sudoku_minimum; timeout in CPU seconds)")
    p = sub.add_parser("minimal-sudoku")
    p.add_argument("--count", type=int, default=200)
    p = sub.add_parser("generate")
    p.add_argument("--count", type=int, default=100)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--genres", nargs="*")
    p.add_argument("--out", default="/tmp/satlink-generate")
    p = sub.add_parser("redundant")
    p.add_argument("--timeout", type=float, default=10)
    p = sub.add_parser("slither-from-solution")
    p.add_argument("--count", type=int, default=5)
    p.add_argument("--timeout", type=float, default=60)
    args = ap.parse_args()
    if hasattr(args, "out"):
        from pathlib import Path
        args.out = Path(args.out)
    {"minimum-grid": minimum_grid, "minimal-sudoku": minimal_sudoku, "generate": generate,
     "redundant": redundant, "slither-from-solution": slither_from_solution}[args.what](args)


if __name__ == "__main__":
    main()
