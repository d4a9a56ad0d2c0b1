"""The shading rules on real puzzles: Nurikabe from puzzlekit-dev/Nurikabe.json
written directly over satlink.rules.shading (areas grown from the clues, a
connected sea, no 2x2 sea), solved to a uniqueness verdict by the plain loop
(solve, cut, block over the cells) with a time cap per board.

Forms: ``lazy`` (both global rules by cuts), ``mixed`` (areas complete, sea
lazy), ``complete`` (both complete). Each solution is compared with the
published one. Prints a table per form: boards, unique and equal to the
published solution within the cap, total and median seconds, boards over
1 s, timeouts; --verbose prints a row per board. Records whose header
promises more rows than follow are skipped as malformed.

    python benchmarks/rules_areas.py [--forms lazy,mixed,complete] [--cap 20]
                                     [--only IDS] [--verbose]
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import time

from _common import DATASETS, median, table  # also puts the project on sys.path

from pysat.solvers import Solver  # noqa: E402

from satlink.formula import Formula  # noqa: E402
from satlink.model import Model  # noqa: E402
from satlink.rules.grid import Grid  # noqa: E402
from satlink.rules.shading import Shading  # noqa: E402

DATA = DATASETS / "puzzlekit-dev" / "Nurikabe.json"
FORMS = {"lazy": (True, True), "mixed": (False, True), "complete": (False, False)}


def parse(entry):
    """(rows, cols, clues, published shaded cells) or None when malformed."""
    lines = entry["problem"].split("\n")
    rows, cols = map(int, lines[0].split())
    grid = [line.split() for line in lines[1:1 + rows]]
    sol = [line.split() for line in entry["solution"].split("\n")[1:1 + rows]]
    if len(grid) != rows or any(len(r) != cols for r in grid + sol) or len(sol) != rows:
        return None
    clues = {(r, c): None if t == "?" else int(t)
             for r, row in enumerate(grid) for c, t in enumerate(row) if t != "-"}
    sea = {(r, c) for r, row in enumerate(sol) for c, t in enumerate(row) if t == "x"}
    return rows, cols, clues, sea


def solve(rows, cols, clues, form, out) -> None:
    """Encode and solve to a verdict; put (solutions, rounds, cuts) in ``out``."""
    areas_lazy, sea_lazy = FORMS[form]
    f = Formula()
    s = Shading(f, Grid(rows, cols))
    s.areas(clues, lazy=areas_lazy)
    s.connected(lazy=sea_lazy)
    s.no_square()
    cells = list(s.var.values())
    sols, rounds, cuts = [], 0, 0
    with Solver(name="cadical195", bootstrap_with=f.clauses) as solver:
        while len(sols) < 2 and solver.solve():
            model = Model(f, solver.get_model())
            rounds += 1
            found = s.cuts(model)
            if found:
                cuts += len(found)
                solver.append_formula(found)
                continue
            sols.append(s.shaded_cells(model))
            solver.add_clause([-x if model.value(x) else x for x in cells])
    out.put((sols, rounds, cuts))


def run(rows, cols, clues, form, cap):
    """(seconds, solutions, verdict reached, rounds, cuts): in a child
    process killed at the cap (cadical195 ignores PySAT's interrupt)."""
    out = multiprocessing.Queue()
    t0 = time.perf_counter()
    child = multiprocessing.Process(target=solve, args=(rows, cols, clues, form, out))
    child.start()
    try:
        sols, rounds, cuts = out.get(timeout=cap)
    except Exception:  # queue.Empty: the cap struck
        child.kill()
        child.join()
        return time.perf_counter() - t0, [], False, 0, 0
    child.join()
    return time.perf_counter() - t0, sols, True, rounds, cuts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--forms", default="lazy,mixed,complete")
    ap.add_argument("--cap", type=float, default=20.0, help="seconds per board")
    ap.add_argument("--only", default="", help="comma-separated ids")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    data = json.loads(DATA.read_text())["data"]
    ids = sorted(data) if not args.only else args.only.split(",")
    boards = {k: parse(data[k]) for k in ids}
    malformed = [k for k, b in boards.items() if b is None]
    out = []
    for form in args.forms.split(","):
        times, good, slow, timeouts, wrong = [], 0, 0, [], []
        for k, b in boards.items():
            if b is None:
                continue
            rows, cols, clues, sea = b
            sec, sols, done, rounds, cuts = run(rows, cols, clues, form, args.cap)
            times.append(sec)
            if not done:
                timeouts.append(k)
            elif len(sols) == 1 and sols[0] == sea:
                good += 1
            else:
                wrong.append(k)
            slow += sec > 1
            if args.verbose:
                print(f"{form:8} {k:12} {sec:7.2f}s rounds {rounds:5} cuts {cuts:6}"
                      f" solutions {len(sols)}{'' if done else ' (cap)'}", flush=True)
        out.append([form, len(times), good, sum(times), median(times), slow,
                    len(timeouts), len(wrong)])
        if timeouts or wrong:
            print(f"{form}: timeouts {timeouts} wrong {wrong}", flush=True)
    print(f"malformed records skipped: {malformed}")
    print(table(["form", "boards", "unique+published", "total s", "median s", "> 1 s",
                 "timeouts", "wrong"], out))


if __name__ == "__main__":
    main()
