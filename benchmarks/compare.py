"""Before and after: the same verdict workload on two checkouts, interleaved.

For a change to the engine or a genre, a benchmark median must stay within
10 % of its before-figure. This runs one fixed workload per genre (the
janko dev slice from ``../shared/datasets/puzzlekit-dev`` through the
`grid-text` format, and the CSPLib Battleship boards, parse + encode + the
uniqueness verdict, in-process, no limits) under the checkout at ``--base``
(a git worktree made for the run) and under this one, alternately, ``--rounds``
times, and prints per genre the best CPU seconds of each and their ratio.
CPU time of a whole process is what a shared, noisy machine disturbs least;
each measurement is a fresh interpreter.

    python benchmarks/compare.py --base c46d3ac             # every genre
    python benchmarks/compare.py --base HEAD~3 --genres Sudoku Hashi --rounds 5
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import DATASETS, ROOT, table

#: Genre -> (dev-slice file, satlink type, every k-th board)
WORKLOADS = {
    "Sudoku": ("Sudoku.json", "sudoku", 1),
    "Hashi": ("Hashi.json", "hashi", 1),
    "Slitherlink": ("Slitherlink.json", "slitherlink", 2),
    "Battleship": ("Battleship.json", "battleship", 1),
    "NumberLink": ("NumberLink.json", "numberlink", 4),
    # no dev slice: random puzzles of benchmarks/zebra.py (seed 1), 8 houses x 8
    # attributes, each built by verdicts until unique, then its verdict
    "Zebra": (None, "zebra", 6),
}

#: Run inside the measured interpreter: argv = checkout, json file, type, step.
WORKER = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from satlink import engine, formats
data = json.load(open(sys.argv[2]))["data"] if sys.argv[2] != "-" else {}
kind, step = sys.argv[3], int(sys.argv[4])
verdicts = []
t0 = time.process_time()
if kind == "zebra":
    import random
    sys.path.insert(0, sys.argv[1] + "/benchmarks")
    import zebra as zb
    rng = random.Random(1)
    for _ in range(step):
        inst, _hidden = zb.random_puzzle(8, 8, rng)
        verdicts.append(engine.solve(zb.zebra, inst).verdict)
    data = {}
for key in sorted(data)[::step]:
    try:
        items = formats.load_text(data[key]["problem"], key, "grid-text", kind)
    except Exception as exc:  # a malformed record: the same on both sides
        verdicts.append("input"); continue
    for item in items:
        if item.error is not None:
            verdicts.append("input"); continue
        verdicts.append(engine.solve(item.puzzle, item.instance).verdict)
import satlink
print(json.dumps({"cpu": time.process_time() - t0, "verdicts": verdicts,
                  "module": satlink.__file__}))
"""


def measure(checkout: Path, genre: str) -> dict:
    name, kind, step = WORKLOADS[genre]
    env = dict(os.environ, PYTHONHASHSEED="0")
    source = str(DATASETS / "puzzlekit-dev" / name) if name else "-"
    out = subprocess.run([sys.executable, "-c", WORKER, str(checkout), source, kind, str(step)],
                         capture_output=True, text=True, env=env, cwd=checkout, check=True)
    got = json.loads(out.stdout.splitlines()[-1])
    assert Path(got["module"]).resolve().is_relative_to(checkout.resolve()), got["module"]
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", required=True, help="git revision to compare against")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--genres", nargs="*", default=list(WORKLOADS))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base),
                        args.base], check=True, capture_output=True)
        try:
            rows = []
            for genre in args.genres:
                best = {"base": float("inf"), "head": float("inf")}
                seen = {}
                for _ in range(args.rounds):
                    for side, where in (("base", base), ("head", ROOT)):
                        got = measure(where, genre)
                        best[side] = min(best[side], got["cpu"])
                        seen[side] = got["verdicts"]
                same = "yes" if seen["base"] == seen["head"] else "NO"
                rows.append([genre, len(seen["head"]), best["base"], best["head"],
                             f"{best['head'] / best['base']:.3f}", same])
                print(table(["genre", "boards", "base cpu s", "head cpu s", "head/base",
                             "same verdicts"], rows[-1:]), flush=True)
            print()
            print(table(["genre", "boards", "base cpu s", "head cpu s", "head/base",
                         "same verdicts"], rows))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           capture_output=True)


if __name__ == "__main__":
    main()
