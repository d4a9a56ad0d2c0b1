"""Battleship benchmarks on the public data sets.

1. CSPLib problem 14, 303 boards: the full solution count of every board
   with its hints removed (the listing's `Solutions: N` is the count of the
   tallies alone), through the engine's count loop; and the unique verdict
   of every board with its hints.
2. janko dev slice (puzzlekit-dev/Battleship.json, 173 puzzles): time to the
   unique verdict, side by side with OR-Tools CP-SAT through the puzzlekit
   package in the same run: puzzlekit's own solve (one solution), and CP-SAT
   asked again with that solution excluded (its unique verdict).

    python benchmarks/battleship.py                 # everything
    python benchmarks/battleship.py --skip-counts   # janko comparison only
    python benchmarks/battleship.py --boards 50     # count the first 50 CSPLib boards
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import satlink  # noqa: E402
from satlink import engine  # noqa: E402
from satlink.puzzles import battleship as bs  # noqa: E402

DATA = ROOT.parent / "shared" / "datasets"


def table(rows: list[list], head: list[str]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = "  ".join(f"{{:>{w}}}" for w in widths)
    return "\n".join([fmt.format(*head), fmt.format(*("-" * w for w in widths))]
                     + [fmt.format(*r) for r in rows])


def csplib(limit: int | None, solver: str) -> None:
    items = satlink.load(DATA / "battleship/csplib014/battleship_instances.pl")[:limit]
    t_unique, wrong = [], 0
    for item in items:
        r = engine.solve(bs, item.instance, limit=2, solver=solver)
        t_unique.append(r.stats.encode_seconds + r.stats.solve_seconds)
        wrong += r.verdict != "unique"
    counted = published = calls = mismatches = 0
    enc = sol = 0.0
    t0 = time.perf_counter()
    for item in items:
        inst = dataclasses.replace(item.instance, givens=tuple(
            ("." ,) * item.instance.cols for _ in range(item.instance.rows)))
        want = item.extra["published_count"]
        r = engine.solve(bs, inst, limit=want + 1, solver=solver)
        counted += r.count
        published += want
        calls += r.stats.calls
        enc += r.stats.encode_seconds
        sol += r.stats.solve_seconds
        mismatches += r.count != want
    total = time.perf_counter() - t0
    print(f"\nCSPLib problem 14 ({len(items)} boards, solver {solver})")
    print(table([
        ["unique verdict, with hints", len(items), f"{len(items) - wrong} unique",
         f"{statistics.mean(t_unique):.4f}", f"{statistics.median(t_unique):.4f}",
         f"{max(t_unique):.4f}", "", ""],
        ["full count, hints removed", len(items), f"{counted} of {published} ({mismatches} off)",
         f"{total / len(items):.4f}", "", "", f"{calls}", f"enc {enc:.1f} s / solve {sol:.1f} s"],
    ], ["task", "boards", "result", "mean s", "median s", "max s", "calls", "split"]))
    print(f"full counts: total {total:.1f} s, {total / max(counted, 1) * 1e6:.0f} us per solution"
          " (target: < 30 s)")


def cpsat_unique(problem: str) -> tuple[float, float, str]:
    """puzzlekit's CP-SAT solve (seconds), then the same model with that
    solution excluded (seconds for the whole unique verdict), and the verdict."""
    from ortools.sat.python import cp_model as cp
    from puzzlekit.parsers.registry import get_parser
    from puzzlekit.solvers import get_solver_class

    t0 = time.perf_counter()
    solver = get_solver_class("battleship")(**get_parser("battleship")(problem.strip()))
    res = solver.solve()
    t1 = time.perf_counter()
    status = res.solution_data.get("status")
    if status not in ("Optimal", "Feasible"):
        return t1 - t0, t1 - t0, "none"
    chosen = [s.var for s in solver.candidates if solver.solver.Value(s.var)]
    solver.model.Add(sum(chosen) <= len(chosen) - 1)
    again = solver.solver.Solve(solver.model)
    t2 = time.perf_counter()
    verdict = "multiple" if again in (cp.OPTIMAL, cp.FEASIBLE) else "unique"
    return t1 - t0, t2 - t0, verdict


def janko(solver: str, with_cpsat: bool) -> None:
    data = json.loads((DATA / "puzzlekit-dev/Battleship.json").read_text())["data"]
    ours, theirs_one, theirs_unique, rows = [], [], [], []
    ok = 0
    enc = sol = 0.0
    for key, rec in data.items():
        t0 = time.perf_counter()
        item = satlink.load_text(rec["problem"], key, fmt="grid-text", puzzle_type="battleship")[0]
        r = engine.solve(bs, item.instance, limit=2, solver=solver)
        ours.append(time.perf_counter() - t0)
        enc += r.stats.encode_seconds
        sol += r.stats.solve_seconds
        exp = bs.solution_from_janko(rec["solution"]) if rec["solution"].strip() else None
        ok += r.verdict == "unique" and (exp is None or r.solutions[0] == exp)
        if with_cpsat:
            one, uniq, verdict = cpsat_unique(rec["problem"])
            theirs_one.append(one)
            theirs_unique.append(uniq)
            rows.append((key, ours[-1], uniq, verdict))
    print(f"\njanko dev slice ({len(data)} puzzles): {ok} unique and equal to the published"
          f" solution (or unique where none is published); encode {enc:.2f} s, solve {sol:.2f} s")

    def line(name, ts):
        return [name, f"{statistics.mean(ts):.4f}", f"{statistics.median(ts):.4f}",
                f"{max(ts):.4f}", f"{sum(ts):.2f}"]

    out = [line(f"satlink ({solver}), unique verdict, parse+encode+solve", ours)]
    if with_cpsat:
        out.append(line("puzzlekit CP-SAT, one solution", theirs_one))
        out.append(line("CP-SAT (puzzlekit model), unique verdict", theirs_unique))
    print(table(out, ["system", "mean s", "median s", "max s", "total s"]))
    if with_cpsat:
        ratio = statistics.median(theirs_unique) / statistics.median(ours)
        ratio1 = statistics.median(theirs_one) / statistics.median(ours)
        print(f"median ratio CP-SAT unique / satlink unique: {ratio:.1f}x"
              f" (vs puzzlekit's one-solution solve: {ratio1:.1f}x; goal >= 3x)")
        agree = sum(v == "unique" for *_, v in rows)
        print(f"CP-SAT unique verdicts: {agree} of {len(rows)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", type=int, default=None, help="count only the first N CSPLib boards")
    ap.add_argument("--skip-counts", action="store_true")
    ap.add_argument("--skip-janko", action="store_true")
    ap.add_argument("--no-cpsat", action="store_true", help="skip the puzzlekit comparison")
    ap.add_argument("--solver", default=engine.DEFAULT_SOLVER)
    args = ap.parse_args()
    if not args.skip_janko:
        janko(args.solver, not args.no_cpsat)
    if not args.skip_counts:
        csplib(args.boards, args.solver)


if __name__ == "__main__":
    main()
