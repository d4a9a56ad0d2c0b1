"""Start-up as users get it: `satlink solve instances/sudoku/classic.pzl`
from an installed (non-editable) satlink, start to exit (issue 22's target:
at most 150 ms of CPU).

Each venv named runs the same commands in turn (A B A B ...), after one
warm-up each, with PYTHONPATH unset and /tmp as the working directory, so
that only the installed package is imported. Figures are the CPU time (user
+ system) of the process as the operating system counts it; the median and
the quartiles of ``--rounds`` runs are printed, with the load.

    pip install --no-deps --force-reinstall .      # into each venv, from each checkout
    python benchmarks/startup_installed.py /work/venv-a /work/venv-b --rounds 25
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
from pathlib import Path

PUZZLE = Path(__file__).resolve().parent.parent / "instances" / "sudoku" / "classic.pzl"


def cpu_of(cmd: list[str]) -> float:
    """CPU seconds of ``cmd`` (user + system), run in /tmp without PYTHONPATH."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, capture_output=True, cwd="/tmp", env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit {proc.returncode}\n{proc.stderr[-2000:]!r}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("venvs", nargs="+", type=Path, help="venvs with satlink installed")
    ap.add_argument("--rounds", type=int, default=25)
    args = ap.parse_args()
    commands = {}
    for venv in args.venvs:
        commands[f"python -c pass [{venv.name}]"] = [str(venv / "bin" / "python"), "-c", "pass"]
        commands[f"satlink solve classic.pzl [{venv.name}]"] = [
            str(venv / "bin" / "satlink"), "solve", str(PUZZLE)]
    load = os.getloadavg()[0]
    for cmd in commands.values():
        cpu_of(cmd)
    got: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.rounds):
        for name, cmd in commands.items():
            got[name].append(cpu_of(cmd))
    print(f"load (1 min) before/after: {load:.2f}/{os.getloadavg()[0]:.2f}", end="")
    width = max(map(len, got))
    print(f"; {args.rounds} rounds, CPU ms: median [quartiles]")
    for name, xs in got.items():
        q = statistics.quantiles(xs, n=4)
        print(f"  {name:<{width}}  {1000 * statistics.median(xs):6.1f}"
              f"  [{1000 * q[0]:.1f} .. {1000 * q[2]:.1f}]")


if __name__ == "__main__":
    main()
