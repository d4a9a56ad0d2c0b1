"""Masyu and Yajilin over the puzzlekit dev slice: satlink against puzzlekit's CP-SAT.

For every board of ``puzzlekit-dev/Masyu.json`` (166) and ``Yajilin.json``
(122), in one run on one machine, one after the other:
- satlink: parse the grid text, encode, and solve to a uniqueness verdict
  (two solutions asked, every solution verified), checked against the
  published solution;
- CP-SAT through the ``puzzlekit`` package: ``puzzlekit.solve(text, genre)``
  as its users run it (its parser, its model, one solution, its default
  options: all cores, 30 s limit).

Prints per-board rows with --verbose, then per genre: verdicts, matches with
the published solutions, mean / median / max seconds of each side, the
slowest boards, the ratio of the medians, and the goal: every board within
1 s, the median at least 5x faster than CP-SAT.

    python benchmarks/loops.py [masyu] [yajilin] [--solver cadical195] [--no-cpsat]
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
from satlink.errors import InputError  # noqa: E402
from satlink.formats.grid_text import split  # noqa: E402
from satlink.puzzles import masyu, yajilin  # noqa: E402

GENRES = {"masyu": (masyu.GENRE, "Masyu.json"), "yajilin": (yajilin.GENRE, "Yajilin.json")}


def run_satlink(mod, name, entry, solver):
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        inst = mod.from_grid_text(split(entry["problem"], name))
    except InputError as exc:
        return {"seconds": time.perf_counter() - t0, "cpu": 0.0, "verdict": "input error",
                "error": str(exc), "calls": 0, "cuts": 0, "encode": 0.0, "solve": 0.0,
                "matches": None}
    res = engine.solve(mod, inst, limit=2, solver=solver)
    total, cpu = time.perf_counter() - t0, time.process_time() - c0
    ok = None
    if entry.get("solution") and res.solutions:
        ok = res.solutions[0] == mod.solution_from_grid_text(split(entry["solution"]), inst)
    return {"seconds": total, "cpu": cpu, "verdict": res.verdict, "calls": res.stats.calls,
            "cuts": res.stats.cuts, "encode": res.stats.encode_seconds,
            "solve": res.stats.solve_seconds, "matches": ok}


def run_cpsat(genre, entry):
    import puzzlekit

    t0 = time.perf_counter()
    try:
        result = puzzlekit.solve(entry["problem"], genre)
        status = result.solution_data.get("status", "?")
    except Exception as exc:  # its parser refuses a board: report, do not stop
        status = f"error: {type(exc).__name__}"
    return {"seconds": time.perf_counter() - t0, "status": status}


def describe(label, times):
    return (f"{label:<30} mean {statistics.mean(times):7.4f}  median"
            f" {statistics.median(times):7.4f}  max {max(times):7.3f}")


def report(genre, file, rows, solver, cpsat) -> bool:
    sat = [r["sat"] for r in rows]
    print(f"\n{genre}, puzzlekit-dev/{file}: {len(rows)} boards, satlink solver {solver}")
    print(f"satlink verdicts {dict(Counter(s['verdict'] for s in sat))},"
          f" equal to the published solution {sum(1 for s in sat if s['matches'])}"
          f" of {sum(1 for s in sat if s['matches'] is not None)}")
    bad = [r["name"] for r in rows if r["sat"]["verdict"] == "input error"]
    if bad:
        print("  input errors: " + ", ".join(bad))
    print(describe("satlink unique verdict (s)", [s["seconds"] for s in sat]))
    print(describe("  CPU time (s)", [s["cpu"] for s in sat]))
    print(describe("  encode (s)", [s["encode"] for s in sat]))
    print(describe("  solve incl. cuts (s)", [s["solve"] for s in sat]))
    print(f"  solver calls per board: mean {statistics.mean(s['calls'] for s in sat):.1f}"
          f" max {max(s['calls'] for s in sat)}; cuts per board: mean"
          f" {statistics.mean(s['cuts'] for s in sat):.1f} max {max(s['cuts'] for s in sat)}")
    slow = sorted(rows, key=lambda r: -r["sat"]["seconds"])[:5]
    print("  slowest: " + ", ".join(f"{r['name']} {r['sat']['seconds']:.3f}" for r in slow))
    slowest = max(s["seconds"] for s in sat)
    print(f"  boards over 1 s: {sum(1 for s in sat if s['seconds'] > 1.0)}")
    if not cpsat:
        return slowest <= 1.0
    cp = [r["cp"] for r in rows]
    print(f"CP-SAT (puzzlekit.solve, one solution) statuses {dict(Counter(c['status'] for c in cp))}")
    print(describe("CP-SAT one solution (s)", [c["seconds"] for c in cp]))
    print(f"  CP-SAT boards over 1 s: {sum(1 for c in cp if c['seconds'] > 1.0)}")
    med_sat = statistics.median(s["seconds"] for s in sat)
    ratio = statistics.median(c["seconds"] for c in cp) / med_sat
    per = [r["cp"]["seconds"] / r["sat"]["seconds"] for r in rows]
    print(f"ratio of medians, CP-SAT one solution / satlink unique verdict: {ratio:.1f}x;"
          f" per board: median {statistics.median(per):.1f}x, min {min(per):.2f}x")
    print(f"goal: every board within 1 s {'met' if slowest <= 1.0 else 'NOT met'}"
          f" (max {slowest:.3f} s); median at least 5x faster than CP-SAT"
          f" {'met' if ratio >= 5 else 'NOT met'} ({ratio:.1f}x)")
    return slowest <= 1.0 and ratio >= 5


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genres", nargs="*", help="masyu, yajilin (default: both)")
    ap.add_argument("--solver", default=engine.DEFAULT_SOLVER)
    ap.add_argument("--no-cpsat", action="store_true", help="satlink only")
    ap.add_argument("--only", help="comma-separated board ids")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--json", help="also write the per-board rows to this file")
    args = ap.parse_args(argv)
    unknown = [g for g in args.genres if g not in GENRES]
    if unknown:
        ap.error(f"unknown genre {unknown[0]!r}; choose from {', '.join(GENRES)}")
    out, met = {}, True
    for genre in args.genres or list(GENRES):
        mod, file = GENRES[genre]
        data = json.loads((DATASETS / "puzzlekit-dev" / file).read_text())["data"]
        names = [n for n in args.only.split(",") if n in data] if args.only else list(data)
        rows = []
        for name in names:
            row = {"name": name, "sat": run_satlink(mod, name, data[name], args.solver)}
            if not args.no_cpsat:
                row["cp"] = run_cpsat(genre, data[name])
            rows.append(row)
            if args.verbose:
                cp = row.get("cp")
                extra = f"  cp-sat {cp['seconds']:.3f} {cp['status']}" if cp else ""
                print(f"{genre} {name:<16} {row['sat']['seconds']:.3f}"
                      f" {row['sat']['verdict']:<8} calls {row['sat']['calls']:3d}"
                      f" cuts {row['sat']['cuts']:4d}{extra}", flush=True)
        if rows:
            met &= report(genre, file, rows, args.solver, not args.no_cpsat)
            out[genre] = rows
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
