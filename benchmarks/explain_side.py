"""`satlink explain` on two trees side by side: full explanations (engine plus
the independent check) and hints, board by board in alternating order, so
that the machine's load hits both alike.

    python benchmarks/explain_side.py /work/main .            # the issue's sets
    python benchmarks/explain_side.py A B --sets slitherlink,masyu --boards 6

Each tree runs in a worker process of its own (``PYTHONPATH`` and the
working directory: the tree, which ``python -c`` puts first on the path),
which is sent one board at a time and answers with CPU seconds
(``time.process_time``) of ``explain``, of ``check_explanation`` and of a
hint from the state the first half of the steps reach, the reasons the
search left "not proven" and the summed size of the reasons. Boards are those
of ``benchmarks/explain.py`` (17-clue Sudoku with ``--seed``, Zebra 1962,
the first 10 x 10 dev boards of each genre).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

WORKER = r'''
import json, sys, time
sys.path.insert(0, sys.argv[1] + "/benchmarks")
import satlink
assert satlink.__file__.startswith(sys.argv[1]), satlink.__file__
from explain import dev_boards, sudoku_lines, SUDOKU_SETS, ROOT
from satlink.explain import check_explanation, explain, rate

def items(name, n, seed):
    if name == "sudoku":
        return [satlink.load_text(x, "17.txt")[0] for x in sudoku_lines(SUDOKU_SETS[0], n, seed)]
    if name == "zebra":
        return satlink.load(str(ROOT / "instances" / "zebra" / "life-international-1962.pzl"))
    return dev_boards(name.capitalize(), n)

cache = {}
for line in sys.stdin:
    name, n, seed, i = json.loads(line)
    key = (name, n, seed)
    if key not in cache:
        cache[key] = items(name, n, seed)
    item = cache[key][i]
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
    reasons = [r for s in ex.steps for r in s.reasons]
    print(json.dumps({"engine": t1 - t0, "check": t2 - t1, "full": t2 - t0, "hint": t4 - t3,
                      "unsettled": sum(r.smallest == "not proven" for r in reasons),
                      "size": sum(r.size for r in reasons), "reasons": len(reasons),
                      "rating": rate(ex).rating, "board": str(item.source)[-30:]}), flush=True)
'''

COUNTS = {"sudoku": 20, "zebra": 1}


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
        workers.append(subprocess.Popen([sys.executable, "-c", WORKER, t], env=env, text=True, cwd=t,
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
