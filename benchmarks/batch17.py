"""The 17-clue Sudoku batch against a base checkout, run alternately (issue 22).

    python benchmarks/batch17.py --base ../wt-c46 [--rounds 3] [--limit N] [--jobs 2]
                                 [--file PATH] [--head DIR] [--also DIR ...] [--none]

Runs ``python -m satlink check FILE --json --jobs J > /dev/null`` once with
this checkout first on ``PYTHONPATH`` (``--head``, default the repository this
script lives in) and once with ``--base`` first, alternately, ``--rounds``
times (the order flips each round, so a drift of the machine's load hits
both sides alike); ``--also`` adds more checkouts to each round (``../main``). Each run's cost is the CPU time (user + system) of the
process and all its children, from ``os.wait4`` on the ``check`` process
(whose rusage includes its waited-for workers). ``--none`` adds this checkout
run with ``--max-memory none`` (no limit: pool workers, no long-lived
children), which prices the limits' protocol. ``--limit N`` runs the first
N lines of the file instead (written to a temporary file outside the
repository) for quick iterations. Prints each run, the medians, puzzles per
CPU second and per wall second, and head / base.

The default file is ``../shared/datasets/sudoku/puzzles2_17_clue.txt``
(49,158 puzzles, 4 comment lines). Only options every checkout since
c46d3ac knows are passed.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FILE = ROOT.parent / "shared" / "datasets" / "sudoku" / "puzzles2_17_clue.txt"


def puzzles_in(path: Path) -> int:
    with open(path) as f:
        return sum(1 for line in f if line.strip() and not line.lstrip().startswith("#"))


def run_once(checkout: Path, path: Path, jobs: int, extra: tuple = ()) -> tuple[float, float, int]:
    """(CPU seconds of the process and its children, wall seconds, exit code)."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    cmd = [sys.executable, "-m", "satlink", "check", str(path), "--json", "--jobs", str(jobs),
           *extra]
    t0 = time.perf_counter()
    with open(os.devnull, "w") as out:
        # cwd: ``python -m`` puts it first on sys.path, before PYTHONPATH
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.DEVNULL, cwd=checkout)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, wall, proc.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, type=Path, help="the base checkout (e.g. ../wt-c46)")
    ap.add_argument("--head", type=Path, default=ROOT, help="the checkout measured (default: this one)")
    ap.add_argument("--file", type=Path, default=DEFAULT_FILE)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--limit", type=int, default=None, help="the first N lines of the file only")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--also", type=Path, action="append", default=[],
                    help="another checkout run in each round")
    ap.add_argument("--none", action="store_true",
                    help="also run the head checkout with --max-memory none in each round")
    args = ap.parse_args(argv)
    for side in (args.head, args.base, *args.also):
        if not (side / "satlink" / "__init__.py").is_file():
            ap.error(f"{side} is not a satlink checkout")
    if not args.file.is_file():
        ap.error(f"no file {args.file}")
    tmp = None
    path = args.file
    if args.limit is not None:
        with open(args.file) as f:
            lines = [line for _, line in zip(range(args.limit), f)]
        tmp = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        tmp.writelines(lines)
        tmp.close()
        path = Path(tmp.name)
    try:
        count = puzzles_in(path)
        with open("/proc/loadavg") as f:
            print(f"load before: {f.read().split()[:3]}; {count} puzzles, --jobs {args.jobs}")
        sides = {"head": args.head.resolve(), "base": args.base.resolve()}
        sides.update((f"also{k + 1}", side.resolve()) for k, side in enumerate(args.also))
        extra = {"head --max-memory none": ("--max-memory", "none")} if args.none else {}
        if args.none:
            sides["head --max-memory none"] = sides["head"]
        cpu: dict[str, list[float]] = {k: [] for k in sides}
        wall: dict[str, list[float]] = {k: [] for k in sides}
        for r in range(args.rounds):
            order = list(sides) if r % 2 == 0 else list(reversed(sides))
            for name in order:
                c, w, code = run_once(sides[name], path, args.jobs, extra.get(name, ()))
                if code not in (0, 1):
                    print(f"{name}: exit code {code}", file=sys.stderr)
                    return 1
                cpu[name].append(c)
                wall[name].append(w)
                print(f"round {r + 1} {name}: {c:.2f} s CPU, {w:.2f} s wall", flush=True)
        with open("/proc/loadavg") as f:
            print(f"load after: {f.read().split()[:3]}")
        for name in sides:
            mc, mw = statistics.median(cpu[name]), statistics.median(wall[name])
            print(f"{name} ({sides[name]}): median {mc:.2f} s CPU "
                  f"[{min(cpu[name]):.2f}-{max(cpu[name]):.2f}], {count / mc:,.0f} puzzles/CPU s; "
                  f"{mw:.2f} s wall, {count / mw:,.0f} puzzles/s")
        ratio = statistics.median(cpu["head"]) / statistics.median(cpu["base"])
        print(f"head / base CPU: {ratio:.3f}")
    finally:
        if tmp is not None:
            os.unlink(tmp.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
