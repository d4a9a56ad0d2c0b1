"""`satlink explain` on two trees side by side: full explanations (engine plus
the independent check) and hints, board by board in alternating order, so
that the machine's load hits both alike.

    python benchmarks/explain_side.py /work/main .            # the issue's sets
    python benchmarks/explain_side.py A B --sets slitherlink,masyu --boards 6

Each tree runs in a worker process of its own (``PYTHONPATH`` and the
working directory: the tree, which ``python -c`` puts first on the path),
which is sent one board at a time and answers with this script's
``benchmarks/explain.py`` ``measure`` (CPU seconds of ``explain``, of
``check_explanation`` and of a hint from the state the first half of the
steps reach, the reasons the search left "not proven", their summed size),
run on that tree's satlink. Boards are those of ``benchmarks/explain.py``
(17-clue Sudoku with ``--seed``, Zebra 1962, the first 10 x 10 dev boards
of each genre).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

WORKER = r'''
import importlib.util, json, sys
import satlink
assert satlink.__file__.startswith(sys.argv[1]), satlink.__file__
# the measuring code is this script's own (its tree's benchmarks/explain.py);
# satlink, imported above, stays the tree's: its submodules load from its own path
sys.path.insert(0, sys.argv[2])
spec = importlib.util.spec_from_file_location("bench_explain", sys.argv[2] + "/explain.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)
import satlink.explain.minimal
assert satlink.explain.minimal.__file__.startswith(sys.argv[1]), satlink.explain.minimal.__file__

def items(name, n, seed):
    if name == "sudoku":
        return [satlink.load_text(x, "17.txt")[0]
                for x in bench.sudoku_lines(bench.SUDOKU_SETS[0], n, seed)]
    if name == "zebra":
        return satlink.load(str(bench.ROOT / "instances" / "zebra" / "life-international-1962.pzl"))
    return bench.dev_boards(name.capitalize(), n)

cache = {}
for line in sys.stdin:
    name, n, seed, i = json.loads(line)
    if (name, n, seed) not in cache:
        cache[name, n, seed] = items(name, n, seed)
    item = cache[name, n, seed][i]
    got = bench.measure(item)
    got["board"] = str(item.source)[-30:]
    print(json.dumps(got), flush=True)
'''

COUNTS = {"sudoku": 20, "zebra": 1}
HERE = str(Path(__file__).resolve().parent)


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return (xs[n // 2] + xs[(n - 1) // 2]) / 2


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", nargs=2, help="two source trees (the first is the baseline)")
    ap.add_argument("--sets", default="sudoku,zebra,slitherlink,masyu,nurikabe,akari")
    ap.add_argument("--boards", type=int, default=10, help="10 x 10 dev boards per genre")
    ap.add_argument("--sudoku", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    trees = [str(Path(t).resolve()) for t in args.trees]
    workers = []
    for t in trees:
        env = dict(os.environ, PYTHONPATH=t)
        workers.append(subprocess.Popen([sys.executable, "-c", WORKER, t, HERE], env=env, text=True, cwd=t,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE))
    print("load", open("/proc/loadavg").read().split()[:3], flush=True)
    rows = []
    for name in args.sets.split(","):
        n = args.sudoku if name == "sudoku" else COUNTS.get(name, args.boards)
        got: list[list[dict]] = [[], []]
        for i in range(n):
            order = (0, 1) if i % 2 == 0 else (1, 0)
            for w in order:
                workers[w].stdin.write(json.dumps([name, n, args.seed, i]) + "\n")
                workers[w].stdin.flush()
                got[w].append(json.loads(workers[w].stdout.readline()))
            print(name, i, got[0][-1]["board"], " / ".join(
                f"full {g[-1]['full']:.2f} check {g[-1]['check']:.2f} unsettled"
                f" {g[-1]['unsettled']} size {g[-1]['size']}" for g in got), flush=True)
        row = [name, n]
        for key in ("full", "engine", "check", "hint"):
            row += [f"{median([x[key] for x in g]):.2f}" for g in got]
        row += [f"{max(x['full'] for x in g):.2f}" for g in got]
        row += [str(sum(x["unsettled"] for x in g)) + "/" + str(sum(x["reasons"] for x in g))
                for g in got]
        row += [str(sum(x["size"] for x in g)) for g in got]
        row += [f"{sum(x['rating'] for x in g) / len(g):.2f}" for g in got]
        rows.append(row)
    for w in workers:
        w.stdin.close()
        w.wait()
    print("load", open("/proc/loadavg").read().split()[:3])
    head = ["set", "n"] + [f"{k} {s}" for k in ("full", "engine", "check", "hint", "max",
                                                "not proven", "size", "rating")
                           for s in ("A", "B")]
    print(" | ".join(head))
    for r in rows:
        print(" | ".join(map(str, r)))


if __name__ == "__main__":
    main()
