"""The Edinburgh report's Figure 8.1 grid (``EDINBURGH`` in benchmarks/design.py):
a 17-clue puzzle *found* by local search (design.sudoku_seventeen: random
minimal puzzles, then {-2,+1} and {-3,+2} moves kept unique by the solver,
random restarts). That no 16 exists is proved by the exhaustive search of
benchmarks/edinburgh.py (``--k 16 --jobs 2``); run both for the issue's
"17 found and no 16 possible".

    python benchmarks/design_seventeen.py [--seeds 1 2 3 4 5] [--target 17]
                                         [--timeout 600] [--plateau 30]
        one line per seed (each run from scratch, its own solver and
        unavoidable sets): found or not, CPU seconds, restarts, moves,
        solver checks, unavoidable sets at the end; then the median CPU
        seconds to a puzzle of ``--target`` clues and every distinct puzzle
        found as an 81-character line (also as soon as it is found), each checked unique by the ordinary
        solve path (engine.solve) first.

Times are CPU seconds of this process (the solver runs in it); say the load
(``uptime``) beside them.
"""
from __future__ import annotations

import argparse
import statistics
import time

from _common import table  # also puts the project on sys.path

from satlink.design.sudoku_seventeen import hunt  # noqa: E402

from design import EDINBURGH  # noqa: E402
from edinburgh import _checked  # noqa: E402

HEAD = ["seed", "result", "CPU s", "restarts", "moves", "solver checks", "sets (end)"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, nargs="*", default=[1, 2, 3, 4, 5])
    ap.add_argument("--target", type=int, default=17)
    ap.add_argument("--timeout", type=float, default=600, help="CPU seconds for each seed")
    ap.add_argument("--plateau", type=int, default=30,
                    help="{-1,+1} moves without a gain before a restart")
    args = ap.parse_args()
    target = [[int(ch) for ch in row] for row in EDINBURGH.split()]
    rows, times, puzzles = [], [], {}
    for seed in args.seeds:
        res = hunt(target, 3, 3, args.target, seed=seed,
                   deadline=time.process_time() + args.timeout, plateau=args.plateau)
        what = f"found {len(res.found)}" if res.found is not None else f"best {res.best}"
        rows.append([seed, what, res.seconds, res.restarts, res.moves, res.checks, res.sets])
        print(table(HEAD, rows[-1:]), flush=True)
        if res.found is not None:
            times.append(res.seconds)
            line = _checked(target, res.found)
            puzzles[line] = puzzles.get(line, 0) + 1
            print(f"seed {seed}: {line}", flush=True)
    print(table(HEAD, rows))
    if times:
        print(f"found in {len(times)} of {len(args.seeds)} seeds; median CPU s to a puzzle of"
              f" at most {args.target} clues: {statistics.median(times):.1f}"
              " (seeds that did not find one not counted)")
    for line, count in puzzles.items():
        print(f"unique by engine.solve ({81 - line.count('.')} clues, {count} seeds): {line}")


if __name__ == "__main__":
    main()
