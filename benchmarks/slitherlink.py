"""Slitherlink over puzzlekit-dev/Slitherlink.json: satlink against OR-Tools CP-SAT.

For every board, in one run on one machine:
- satlink: parse, encode and solve to a uniqueness verdict (two solutions asked);
- CP-SAT through the `puzzlekit` package (pip install puzzlekit): its
  SlitherlinkSolver (AddCircuit over the lattice points, clue sums), timed for
  one solution (what `puzzlekit.solve` does) and for the uniqueness verdict
  (the same model solved again with "some edge differs from the first
  solution" added).

Prints per-board rows with --verbose, then a table: count, solved, verdicts,
mean / median / max seconds (wall clock, and satlink's CPU time, which a
shared machine disturbs less), solver calls and cuts per board, encode versus
solve time, the median and max ratios CP-SAT / satlink, and the goal: every
board within 1 s and the median at least 3x faster than CP-SAT.

    python benchmarks/slitherlink.py [--solver cadical195] [--no-cpsat] [--workers N]
                                     [--only IDS] [--verbose] [--json FILE]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from _common import DATASETS  # also puts the project on sys.path

from satlink import engine  # noqa: E402
from satlink.formats.grid_text import split  # noqa: E402
from satlink.puzzles import slitherlink as S  # noqa: E402

DATA = DATASETS / "puzzlekit-dev" / "Slitherlink.json"


def run_satlink(name, entry, solver):
    t0, c0 = time.perf_counter(), time.process_time()
    inst = S.from_grid_text(split(entry["problem"], name))
    res = engine.solve(S.GENRE, inst, limit=2, solver=solver)
    total, cpu = time.perf_counter() - t0, time.process_time() - c0
    ok = None
    if entry["solution"] and res.solutions:
        ok = res.solutions[0] == S.solution_from_grid_text(entry["solution"], inst)
    return {"seconds": total, "cpu": cpu, "verdict": res.verdict, "calls": res.stats.calls,
            "cuts": res.stats.cuts, "encode": res.stats.encode_seconds,
            "solve": res.stats.solve_seconds, "matches": ok}


def run_cpsat(entry, workers, limit):
    from ortools.sat.python import cp_model as cp
    from puzzlekit.parsers.registry import get_parser
    from puzzlekit.solvers import get_solver_class

    problem = "\n".join(" ".join("-" if t == "." else t for t in line.split())
                        for line in entry["problem"].strip().splitlines())
    opts = {"time_limit_sec": limit}
    if workers:
        opts["num_search_workers"] = workers
    t0 = time.perf_counter()
    params = get_parser("slitherlink")(problem)
    solver = get_solver_class("slitherlink")(**params)
    result = solver.solve(solver_options=opts)
    one = time.perf_counter() - t0
    status = result.solution_data["status"]
    if status not in ("Optimal", "Feasible"):
        return {"one": one, "seconds": one, "verdict": "none" if status == "Infeasible"
                else "unknown"}
    edges = solver.arc_vars
    first = {k: solver.solver.Value(v) for k, v in edges.items()}
    solver.model.AddBoolOr([v.Not() if first[k] else v for k, v in edges.items()])
    solver.solver.parameters.max_time_in_seconds = max(0.01, limit - one)
    status2 = solver.solver.Solve(solver.model)
    total = time.perf_counter() - t0
    verdict = {cp.INFEASIBLE: "unique", cp.OPTIMAL: "multiple",
               cp.FEASIBLE: "multiple"}.get(status2, "unknown")
    return {"one": one, "seconds": total, "verdict": verdict}


def describe(label, times):
    return (f"{label:<28} mean {statistics.mean(times):7.3f}  median {statistics.median(times):7.3f}"
            f"  max {max(times):7.3f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--solver", default=engine.DEFAULT_SOLVER)
    ap.add_argument("--no-cpsat", action="store_true", help="satlink only")
    ap.add_argument("--workers", type=int, default=0,
                    help="CP-SAT num_search_workers (0: its default, all cores)")
    ap.add_argument("--cp-time-limit", type=float, default=60.0,
                    help="CP-SAT seconds per board (a board that hits it counts at the limit)")
    ap.add_argument("--only", help="comma-separated board ids")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--json", help="also write the per-board rows to this file")
    args = ap.parse_args(argv)

    data = json.loads(DATA.read_text())["data"]
    names = args.only.split(",") if args.only else list(data)
    rows = []
    for name in names:
        entry = data[name]
        row = {"name": name, "sat": run_satlink(name, entry, args.solver)}
        if not args.no_cpsat:
            row["cp"] = run_cpsat(entry, args.workers, args.cp_time_limit)
        rows.append(row)
        if args.verbose:
            cp = row.get("cp")
            extra = f"  cp-sat {cp['one']:.3f} / {cp['seconds']:.3f} {cp['verdict']}" if cp else ""
            print(f"{name:<16} {row['sat']['seconds']:.3f} {row['sat']['verdict']:<8}"
                  f" calls {row['sat']['calls']:3d} cuts {row['sat']['cuts']:4d}{extra}",
                  flush=True)

    sat = [r["sat"] for r in rows]
    print(f"\nSlitherlink, {DATA.parent.name}/{DATA.name}: {len(rows)} boards,"
          f" satlink solver {args.solver}")
    print(f"satlink solved {sum(1 for s in sat if s['verdict'] in ('unique', 'multiple'))},"
          f" verdicts {dict(Counter(s['verdict'] for s in sat))},"
          f" equal to the published solution {sum(1 for s in sat if s['matches'])}"
          f" of {sum(1 for s in sat if s['matches'] is not None)}")
    print(describe("satlink unique verdict (s)", [s["seconds"] for s in sat]))
    print(describe("  CPU time (s)", [s["cpu"] for s in sat]))
    print(describe("  encode (s)", [s["encode"] for s in sat]))
    print(describe("  solve incl. cuts (s)", [s["solve"] for s in sat]))
    print(f"  solver calls per board: mean {statistics.mean(s['calls'] for s in sat):.1f}"
          f" max {max(s['calls'] for s in sat)};"
          f" cuts per board: mean {statistics.mean(s['cuts'] for s in sat):.1f}"
          f" max {max(s['cuts'] for s in sat)}")
    slow = sorted(rows, key=lambda r: -r["sat"]["seconds"])[:5]
    print("  slowest: " + ", ".join(f"{r['name']} {r['sat']['seconds']:.3f}" for r in slow))
    print(f"  boards over 1 s: {sum(1 for s in sat if s['seconds'] > 1.0)}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    if args.no_cpsat:
        return 0
    cp = [r["cp"] for r in rows]
    print(f"CP-SAT (puzzlekit) verdicts {dict(Counter(c['verdict'] for c in cp))},"
          f" workers {args.workers or 'default'}, time limit {args.cp_time_limit:g} s per board")
    print(describe("CP-SAT one solution (s)", [c["one"] for c in cp]))
    print(describe("CP-SAT unique verdict (s)", [c["seconds"] for c in cp]))
    print(f"  CP-SAT boards over 1 s: {sum(1 for c in cp if c['seconds'] > 1.0)}")
    med_sat = statistics.median(s["seconds"] for s in sat)
    print(f"ratio of medians, CP-SAT / satlink: unique verdict"
          f" {statistics.median(c['seconds'] for c in cp) / med_sat:.2f}x,"
          f" CP-SAT one solution vs satlink unique {statistics.median(c['one'] for c in cp) / med_sat:.2f}x")
    print(f"ratio of maxima, CP-SAT / satlink: unique verdict"
          f" {max(c['seconds'] for c in cp) / max(s['seconds'] for s in sat):.2f}x")
    per = [r["cp"]["seconds"] / r["sat"]["seconds"] for r in rows]
    print(f"per-board ratio (CP-SAT unique / satlink unique): median {statistics.median(per):.2f}x,"
          f" min {min(per):.2f}x")
    slowest = max(s["seconds"] for s in sat)
    ratio = statistics.median(c["seconds"] for c in cp) / med_sat
    print(f"goal: every board within 1 s {'met' if slowest <= 1.0 else 'NOT met'}"
          f" (max {slowest:.3f} s); median at least 3x faster than CP-SAT"
          f" {'met' if ratio >= 3 else 'NOT met'} ({ratio:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
