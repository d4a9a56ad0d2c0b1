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

``--tree DIR`` (repeatable) runs this venv's ``satlink`` with ``PYTHONPATH=DIR``
instead (checkouts side by side; an editable install's import finder adds
about 20 ms to each), and ``--args`` runs another command than the solve,
``{classic}`` standing for the puzzle above:

    python benchmarks/startup_installed.py --tree ../wt-base --tree . \
        --args "check {classic}" --args "check ten-sudokus.txt" --rounds 20
"""
from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
from pathlib import Path

PUZZLE = Path(__file__).resolve().parent.parent / "instances" / "sudoku" / "classic.pzl"


def cpu_of(cmd: list[str], tree: str | None = None, codes: tuple[int, ...] = (0,)) -> float:
    """CPU seconds of ``cmd`` (user + system), run in /tmp without PYTHONPATH
    (with ``PYTHONPATH=tree`` if given); an exit code not in ``codes`` stops all."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    if tree is not None:
        env["PYTHONPATH"] = tree
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, capture_output=True, cwd="/tmp", env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in codes:
        raise SystemExit(f"{' '.join(cmd)}: exit {proc.returncode}\n{proc.stderr[-2000:]!r}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("venvs", nargs="*", type=Path, help="venvs with satlink installed")
    ap.add_argument("--tree", action="append", default=[], type=Path,
                    help="a checkout run by this venv's satlink with PYTHONPATH set to it")
    ap.add_argument("--args", action="append", default=[],
                    help="a satlink command line ({classic}: the Sudoku); default the solve")
    ap.add_argument("--exit", type=int, action="append", default=[0],
                    help="an exit code the commands may end with besides 0 (1: several solutions)")
    ap.add_argument("--rounds", type=int, default=25)
    args = ap.parse_args()
    if not args.venvs and not args.tree:
        ap.error("name venvs or --tree checkouts")
    lines = [shlex.split(a.replace("{classic}", str(PUZZLE))) for a in args.args] or [
        ["solve", str(PUZZLE)]]
    here = Path(sys.executable).parent
    runs = [(venv.name, venv / "bin", None) for venv in args.venvs]
    runs += [(tree.resolve().name, here, str(tree.resolve())) for tree in args.tree]
    commands = {}  # name -> (command, PYTHONPATH)
    for label, bin_dir, tree in runs:
        commands[f"python -c pass [{label}]"] = ([str(bin_dir / "python"), "-c", "pass"], tree)
        for line in lines:
            shown = " ".join(Path(a).name if "/" in a else a for a in line)
            commands[f"satlink {shown} [{label}]"] = ([str(bin_dir / "satlink"), *line], tree)
    load = os.getloadavg()[0]
    for cmd, tree in commands.values():
        cpu_of(cmd, tree, tuple(args.exit))
    got: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.rounds):
        for name, (cmd, tree) in commands.items():
            got[name].append(cpu_of(cmd, tree, tuple(args.exit)))
    print(f"load (1 min) before/after: {load:.2f}/{os.getloadavg()[0]:.2f}", end="")
    width = max(map(len, got))
    print(f"; {args.rounds} rounds, CPU ms: median [quartiles]")
    for name, xs in got.items():
        q = statistics.quantiles(xs, n=4)
        print(f"  {name:<{width}}  {1000 * statistics.median(xs):6.1f}"
              f"  [{1000 * q[0]:.1f} .. {1000 * q[2]:.1f}]")


if __name__ == "__main__":
    main()
