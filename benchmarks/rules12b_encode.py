"""Encoding CPU of the dev slice under two checkouts, interleaved: median ms per board.

    python benchmarks/rules12b_encode.py --base /work/wt-base MoonSun Kuromasu [--rounds 5]

Each round runs, for the base checkout and this one (the order alternating by round),
a fresh interpreter importing its own checkout that parses every dev board of each
genre and then encodes each as a verdict does (``prune``), timing the encoding alone
in process CPU time. Per genre and checkout: the least over the rounds of the median
ms per board (the machine disturbs the minimum least), and after / before.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from _common import DATASETS, ROOT, table

CHILD = r"""
import json, sys, time
from satlink import formats
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formula import Formula
out = {}
for genre in sys.argv[2:]:
    data = json.loads(open(f"{sys.argv[1]}/{genre}.json").read())["data"]
    items = []
    for k in sorted(data):
        try:
            items.append(formats.load_text(data[k]["problem"], k, "grid-text", genre)[0])
        except InputError:  # a board the format refuses: not timed
            pass
    ts = []
    for it in items:
        if it.error is None:
            t = time.process_time()
            it.puzzle.encode(it.instance, Formula(), Options(prune=True))
            ts.append(time.process_time() - t)
    ts.sort()
    out[genre] = ts[len(ts) // 2] if ts else None
print(json.dumps(out))
"""


def run(tree: Path, genres: list[str]) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    got = subprocess.run([sys.executable, "-c", CHILD, str(DATASETS / "puzzlekit-dev"), *genres],
                         check=True, env=env, capture_output=True, text=True)
    return json.loads(got.stdout)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genres", nargs="+")
    ap.add_argument("--base", required=True, help="the other checkout (a git worktree)")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    trees = {"before": Path(args.base).resolve(), "after": ROOT}
    best: dict[str, dict] = {"before": {}, "after": {}}
    for i in range(args.rounds):
        for side in (("before", "after") if i % 2 == 0 else ("after", "before")):
            for g, t in run(trees[side], args.genres).items():
                if t is not None:
                    best[side][g] = min(t, best[side].get(g, t))
    rows = []
    for g in args.genres:
        b, a = best["before"].get(g), best["after"].get(g)
        rows.append([g, "-" if b is None else f"{b * 1e3:.2f}", "-" if a is None else f"{a * 1e3:.2f}",
                     "-" if not (a and b) else f"{a / b:.2f}"])
    print(f"load {Path('/proc/loadavg').read_text().split()[0]}, least of {args.rounds} rounds"
          " of the median encoding CPU per board")
    print(table(["genre", "before ms", "after ms", "after/before"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
