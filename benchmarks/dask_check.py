"""`satlink check --dask` on a two-worker LocalCluster against `check --jobs 2`.

    python benchmarks/dask_check.py [--repeat 3] [--limit N] [--workers 2] [SET]

Both run as the `satlink check --json` command (a fresh process each run,
output to a file), over SET (default the 17-clue Sudoku set of
../shared/datasets/sudoku, 49,158 puzzles; --limit N takes its first N).
The cluster (`LocalCluster(n_workers=2, threads_per_worker=1,
processes=True)`) is started once and warmed up on one small file, as a
cluster that is already running would be; `--jobs 2` starts its worker
processes in every run, which is part of its cost. Runs alternate
(dask, jobs, jobs, dask, ...) and the best and median of --repeat are
printed, in puzzles per second, with the ratio dask / jobs (the target is at
least 0.8). Every run must give one record per puzzle with the same verdicts.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from _common import DATASETS, ROOT, median, table


def run(args: list[str], src: str, out: Path) -> tuple[float, Counter]:
    cmd = [sys.executable, "-m", "satlink", "check", "--json", "--no-progress", *args, src]
    t0 = time.perf_counter()
    with out.open("w") as fh:
        proc = subprocess.run(cmd, stdout=fh, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    seconds = time.perf_counter() - t0
    if proc.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)} exited {proc.returncode}:\n{proc.stderr}")
    verdicts = Counter(json.loads(line)["verdict"] for line in out.read_text().splitlines())
    return seconds, verdicts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("set", nargs="?", default=str(DATASETS / "sudoku" / "puzzles2_17_clue.txt"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--limit", type=int, default=0, help="first N puzzles only")
    ap.add_argument("--workers", type=int, default=2, help="Dask workers, and --jobs")
    a = ap.parse_args()

    from distributed import LocalCluster

    tmp = Path(tempfile.mkdtemp(prefix="dask_check-"))
    lines = [ln for ln in Path(a.set).read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    if a.limit:
        lines = lines[:a.limit]
    src = tmp / Path(a.set).name
    src.write_text("\n".join(lines) + "\n")
    warm = tmp / "warm.txt"
    warm.write_text("\n".join(lines[:200]) + "\n")
    n = len(lines)

    with LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        modes = {"dask": ["--dask", address], f"jobs {a.workers}": ["--jobs", str(a.workers)]}
        run(modes["dask"], str(warm), tmp / "warm.jsonl")  # workers import satlink
        times: dict[str, list[float]] = {m: [] for m in modes}
        seen: dict[str, Counter] = {}
        order = list(modes)
        for r in range(a.repeat):
            for mode in (order if r % 2 == 0 else order[::-1]):
                seconds, verdicts = run(modes[mode], str(src), tmp / f"{mode}.jsonl")
                if sum(verdicts.values()) != n:
                    sys.exit(f"{mode}: {sum(verdicts.values())} records for {n} puzzles")
                seen.setdefault("verdicts", verdicts)
                if verdicts != seen["verdicts"]:
                    sys.exit(f"{mode}: verdicts {dict(verdicts)} != {dict(seen['verdicts'])}")
                times[mode].append(seconds)
                print(f"  run {r + 1} {mode}: {seconds:.2f} s ({n / seconds:.0f} puzzles/s)",
                      flush=True)

    rows = [[m, min(t), median(t), n / min(t), n / median(t)] for m, t in times.items()]
    print(f"\n{Path(a.set).name}: {n} puzzles, {a.repeat} runs each, verdicts"
          f" {dict(seen['verdicts'])}")
    print(table(["mode", "best s", "median s", "best puzzles/s", "median puzzles/s"], rows))
    dask, jobs = times["dask"], times[f"jobs {a.workers}"]
    print(f"dask / jobs {a.workers}: {min(jobs) / min(dask):.2f} (best),"
          f" {median(jobs) / median(dask):.2f} (median); target >= 0.80")


if __name__ == "__main__":
    main()
