"""The Edinburgh report's Figure 8.1 grid (``EDINBURGH`` in benchmarks/design.py):
the fewest clues, McGuire's way (design.sudoku_minimum): every minimal
unavoidable set of at most 12 cells from the SAT solver, then every clue
set of at most k cells that hits them all, each asked of the solver.

    python benchmarks/edinburgh.py [--k 16 17] [--limit 12] [--timeout 600] [--jobs 2]
        one line per k: proved none / found / open, CPU seconds, nodes,
        solver checks, unavoidable sets at the start and the end
    python benchmarks/edinburgh.py --from 13 [--timeout 600]
        k rising from 13 until a puzzle turns up (design.sudoku_minimum.minimum)

Times are CPU seconds of this process (``time.process_time``: the SAT
solver and the compiled search run in it); say the load (``uptime``)
beside them. A puzzle found is checked unique by the ordinary solve path
(engine.solve on the givens) before it is printed.
"""
from __future__ import annotations

import argparse
import time

from _common import table  # also puts the project on sys.path

from satlink import engine  # noqa: E402
from satlink.design.sudoku_minimum import minimum, search, search_parallel  # noqa: E402
from satlink.design.unavoidable import GridSolver  # noqa: E402
from satlink.puzzles import sudoku  # noqa: E402

from design import EDINBURGH  # noqa: E402


def _checked(target, cells) -> str:
    """The puzzle as an 81-character line, after engine.solve calls it
    unique with ``target`` as its solution."""
    givens = [[None] * 9 for _ in range(9)]
    for r, c in cells:
        givens[r][c] = target[r][c]
    res = engine.solve(sudoku.GENRE, sudoku.make(9, givens))
    if res.verdict != "unique" or [list(r) for r in res.solutions[0]] != target:
        raise SystemExit(f"the search's puzzle is not unique by engine.solve: {res.verdict}")
    return "".join(str(v) if v else "." for row in givens for v in row)


def _row(step) -> list:
    what = ("found " + str(len(step.found)) if step.found is not None
            else "none exists" if step.complete else "open (time)")
    return [step.k, what, step.seconds, step.seeds, step.sets, step.nodes, step.checks]


HEAD = ["k", "puzzle of <= k clues", "CPU s", "sets (start)", "sets (end)", "nodes",
        "solver checks"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--k", type=int, nargs="*", default=[16, 17])
    ap.add_argument("--from", dest="start", type=int)
    ap.add_argument("--limit", type=int, default=12)
    ap.add_argument("--timeout", type=float, default=600, help="CPU seconds for the whole run")
    ap.add_argument("--jobs", type=int, default=1,
                    help="processes, each on its share of the subtrees (CPU s summed)")
    args = ap.parse_args()
    target = [[int(ch) for ch in row] for row in EDINBURGH.split()]
    t0 = time.process_time()
    deadline = t0 + args.timeout
    found = []
    children = 0.0  # CPU seconds of the worker processes (--jobs)
    if args.start is not None:
        def report(step):
            print(table(HEAD, [_row(step)]), flush=True)
        result = minimum(target, 3, 3, lower=args.start, limit=args.limit, deadline=deadline,
                         report=report)
        print(f"minimum: lower bound {result.lower}, "
              f"{'proved' if result.proved else 'open'}")
        if result.clues:
            found.append(result.clues)
    else:
        with GridSolver(target, 3, 3) as gs:
            seeds = gs.sets(limit=args.limit)
            print(f"{time.process_time() - t0:.1f} CPU s: {len(seeds)} minimal unavoidable sets"
                  f" of at most {args.limit} cells", flush=True)
            rows = []
            for k in args.k:
                if args.jobs > 1:
                    w0 = time.perf_counter()
                    step = search_parallel(target, 3, 3, k, args.jobs, args.limit, seeds,
                                           deadline - time.process_time(), depth=3)
                    children += step.seconds
                    print(f"k = {k}: {time.perf_counter() - w0:.1f} s wall on {args.jobs}"
                          " processes", flush=True)
                else:
                    step = search(target, 3, 3, k, args.limit, gs, seeds, deadline)
                rows.append(_row(step))
                print(table(HEAD, rows[-1:]), flush=True)
                if step.found is not None:
                    found.append(step.found)
            print(table(HEAD, rows))
    for cells in found:
        print(f"unique by engine.solve ({len(cells)} clues): {_checked(target, cells)}")
    print(f"total {time.process_time() - t0 + children:.1f} CPU s (workers included)")


if __name__ == "__main__":
    main()
