"""What the SAT solver costs a small board: loading its clauses, then the verdict, per solver.

    python benchmarks/solver_loading.py MoonSun Mosaic [--every K] [--rounds 3]
                                        [--solvers cadical195,cadical153,minisat22,glucose4]

Per board of each genre's dev slice (``../shared/datasets/puzzlekit-dev/<Genre>.json``,
sorted ids, every K-th): the board is read once, then, for every solver in turn
(the order rotating from round to round, so that machine noise hits each
alike), the board is encoded afresh, untimed (the verdict's options, as
``engine.search`` sets them), and an engine
:class:`~satlink.engine.session.Session` is built on the formula and asked for two solutions (cuts, verify and blocking
as the engine runs them). Timed in CPU seconds, the garbage collector run
before each: **load**, building the session (the solver made and the
formula's clauses handed to it, through ``engine.solvers.clause_loader``:
python-sat's C function directly for CaDiCaL, ``append_formula`` else),
and **solve**, the rest of the verdict (solver calls, cuts and the
clauses they add, verify, blocking). A board's figure is its least over
the rounds; the table gives, per genre and solver, the medians over the
boards of load, solve and their sum, and load in microseconds per clause.
Every solver's verdict (and a unique solution) must agree with the first solver's.

The engine's solver stays the project's default (``engine.solvers.DEFAULT_SOLVER``):
this measures what another one would give, it changes nothing.
"""
from __future__ import annotations

import argparse
import gc
import json
import sys
import time

from _common import DATASETS, median, table  # also puts the project on sys.path

from satlink import formats  # noqa: E402
from satlink.contract import Options  # noqa: E402
from satlink.engine.search import encode  # noqa: E402
from satlink.engine.session import Session  # noqa: E402
from satlink.engine.solvers import DEFAULT_SOLVER, check_solver_name  # noqa: E402
from satlink.errors import InputError  # noqa: E402

DEV = DATASETS / "puzzlekit-dev"
SOLVERS = ("cadical195", "cadical153", "minisat22", "glucose4")


def verdict(item, solver: str) -> tuple[float, float, object, int]:
    """(load CPU s, solve CPU s, result, clauses) of one verdict on a fresh
    encoding (cuts and blocking clauses go into the formula), built untimed."""
    enc = encode(item.puzzle, item.instance, Options(prune=True))
    n = len(enc.formula.clauses)
    gc.collect()
    t0 = time.process_time()
    with Session(item.puzzle, enc, solver) as session:
        t1 = time.process_time()
        result = session.solve(item.instance, limit=2)
    t2 = time.process_time()
    return t1 - t0, t2 - t1, result, n


def run_genre(genre: str, every: int, rounds: int, solvers: list[str]) -> list[list]:
    data = json.loads((DEV / f"{genre}.json").read_text())["data"]
    per = {s: {"load": [], "solve": [], "clauses": []} for s in solvers}
    for key in sorted(data)[::every]:
        try:
            item = formats.load_text(data[key]["problem"], key, "grid-text", genre)[0]
        except InputError:  # a malformed record (peer.py lists them): not timed
            continue
        if item.error is not None:
            continue
        best = {s: [float("inf"), float("inf")] for s in solvers}
        first = {}
        for r in range(rounds):
            for s in solvers[r % len(solvers):] + solvers[:r % len(solvers)]:
                load, solve, res, n = verdict(item, s)
                best[s] = [min(best[s][0], load), min(best[s][1], solve)]
                first[s] = (res.verdict, res.solutions if res.verdict == "unique" else None)
        if any(v != first[solvers[0]] for v in first.values()):
            raise SystemExit(f"{genre} {key}: the solvers disagree: "
                             f"{ {s: v[0] for s, v in first.items()} }")
        for s in solvers:
            per[s]["load"].append(best[s][0])
            per[s]["solve"].append(best[s][1])
            per[s]["clauses"].append(n)
    rows = []
    for s in solvers:
        p = per[s]
        rows.append([genre, s, len(p["load"]), f"{median(p['clauses']):.0f}",
                     f"{median(p['load']) * 1e3:.2f}", f"{median(p['solve']) * 1e3:.2f}",
                     f"{median([a + b for a, b in zip(p['load'], p['solve'])]) * 1e3:.2f}",
                     f"{median([a / max(c, 1) for a, c in zip(p['load'], p['clauses'])]) * 1e6:.2f}"])
    return rows


HEADERS = ["genre", "solver", "boards", "clauses med", "load ms", "solve ms", "load+solve ms",
           "load us/clause"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genres", nargs="+", help="dataset genre names (puzzlekit-dev/<Genre>.json)")
    ap.add_argument("--every", type=int, default=1, help="every K-th board (sorted ids)")
    ap.add_argument("--rounds", type=int, default=3, help="runs per board and solver (least kept)")
    ap.add_argument("--solvers", default=",".join(SOLVERS),
                    help=f"comma-separated python-sat names (default {','.join(SOLVERS)})")
    args = ap.parse_args(argv)
    solvers = [check_solver_name(s) for s in args.solvers.split(",")]
    rows = []
    for genre in args.genres:
        rows += run_genre(genre, args.every, args.rounds, solvers)
        print(table(HEADERS, rows[-len(solvers):]), flush=True)
    print(f"\nCPU ms, medians over the boards of each board's least of {args.rounds} rounds;"
          f" the engine's default solver is {DEFAULT_SOLVER}")
    print(table(HEADERS, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
