"""The Edinburgh report's Figure 8.1 grid (``EDINBURGH`` in benchmarks/design.py):
the fewest clues, McGuire's way (design.sudoku_minimum): every minimal
unavoidable set of at most 12 cells from the SAT solver, then every clue
set of at most k cells that hits them all, each asked of the solver.

    python benchmarks/edinburgh.py [--k 17 16] [--limit 12] [--timeout 600] [--jobs 2]
                                   [--order coverage|index]
        one line per k, in the order given (the 17 first: its search stops
        at the first puzzle): proved none / found / open, CPU and wall
        seconds, nodes, solver checks, unavoidable sets at the start and the end
    python benchmarks/edinburgh.py --from 13 [--timeout 600]
        k rising from 13 until a puzzle turns up (design.sudoku_minimum.minimum)

``--order``: the cells the search branches on first: those in the most
unavoidable sets (``coverage``, the default) or by index. With ``--jobs``,
the CPU seconds are those of the workers too, and the nodes of a worker
stopped by another's find are not counted.

Times are CPU seconds of this process (``time.process_time``: the SAT
solver and the compiled search run in it); say the load (``uptime``)
beside them. A puzzle found is checked unique by the ordinary solve path
(engine.solve on the givens) before it is printed.
"""
from __future__ import annotations

import argparse
import resource
import time

from _common import table  # also puts the project on sys.path

from satlink import engine  # noqa: E402
from satlink.design.sudoku_minimum import (coverage_order, minimum, search,  # noqa: E402
                                             search_parallel)
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


def _row(step, wall: float) -> list:
    what = ("found " + str(len(step.found)) if step.found is not None
            else "none exists" if step.complete else "open (time)")
    return [step.k, what, step.seconds, wall, step.seeds, step.sets, step.nodes, step.checks]


HEAD = ["k", "puzzle of <= k clues", "CPU s", "wall s", "sets (start)", "sets (end)", "nodes",
        "solver checks"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--k", type=int, nargs="*", default=[17, 16])
    ap.add_argument("--from", dest="start", type=int)
    ap.add_argument("--limit", type=int, default=12)
    ap.add_argument("--timeout", type=float, default=600, help="CPU seconds for the whole run")
    ap.add_argument("--jobs", type=int, default=1,
                    help="processes, each on its share of the subtrees (CPU s summed)")
    ap.add_argument("--order", choices=["coverage", "index"], default="coverage",
                    help="branching order of the cells (default: most unavoidable sets first)")
    args = ap.parse_args()
    target = [[int(ch) for ch in row] for row in EDINBURGH.split()]
    t0 = time.process_time()
    deadline = t0 + args.timeout
    found = []
    if args.start is not None:
        w0 = time.perf_counter()

        def report(step):
            print(table(HEAD, [_row(step, time.perf_counter() - w0)]), flush=True)
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
            order = coverage_order(seeds, 81) if args.order == "coverage" else list(range(81))
            rows = []
            for k in args.k:
                w0 = time.perf_counter()
                if args.jobs > 1:
                    step = search_parallel(target, 3, 3, k, args.jobs, args.limit, seeds,
                                           deadline - time.process_time(), depth=3, order=order)
                else:
                    step = search(target, 3, 3, k, args.limit, gs, seeds, deadline, order=order)
                rows.append(_row(step, time.perf_counter() - w0))
                print(table(HEAD, rows[-1:]), flush=True)
                if step.found is not None:
                    found.append(step.found)
            print(table(HEAD, rows))
    for cells in found:
        print(f"unique by engine.solve ({len(cells)} clues): {_checked(target, cells)}")
    use = resource.getrusage(resource.RUSAGE_CHILDREN)  # the workers of --jobs
    print(f"total {time.process_time() - t0 + use.ru_utime + use.ru_stime:.1f} CPU s"
          " (workers included)")


if __name__ == "__main__":
    main()
