"""Battleship benchmarks on the public data sets.

1. CSPLib problem 14, 303 boards: the full solution count of every board
   with its hints removed (the listing's `Solutions: N` is the count of the
   tallies alone) through the counting hook (`satlink count`), checked
   against the published counts; the same counts by enumerating solutions
   with blocking clauses on the first 30 boards as the baseline; and the
   unique verdict of every board with its hints.
2. janko dev slice (puzzlekit-dev/Battleship.json, 173 puzzles): time to the
   unique verdict, side by side with OR-Tools CP-SAT through the puzzlekit
   package in the same run: puzzlekit's own solve (one solution), and CP-SAT
   asked again with that solution excluded (its unique verdict).

    python benchmarks/battleship.py                 # everything
    python benchmarks/battleship.py --skip-counts   # janko comparison only
    python benchmarks/battleship.py --boards 50     # count the first 50 CSPLib boards
    python benchmarks/battleship.py --skip-janko --baseline 0   # the 303 counts alone
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import time

from _common import DATASETS, table  # also puts the project on sys.path

import satlink  # noqa: E402
from satlink import engine  # noqa: E402
from satlink.puzzles import battleship as bs  # noqa: E402



def blank(inst: bs.Instance) -> bs.Instance:
    """The board with its hints removed: the published counts are for the tallies alone."""
    return dataclasses.replace(inst, givens=tuple(("." ,) * inst.cols for _ in range(inst.rows)))


def full_counts(items, solver: str, enumerate_: bool) -> dict:
    """Count every board, hints removed: through the counting hook
    (engine.count) or, as the baseline, by enumerating solutions with
    blocking clauses (engine.solve). Wall and CPU seconds per board."""
    out = {"wall": [], "cpu": [], "counts": [], "off": [], "counted": 0, "published": 0,
           "mismatches": 0, "calls": 0, "enc": 0.0, "sol": 0.0}
    for item in items:
        inst, want = blank(item.instance), item.extra["published_count"]
        w0, c0 = time.perf_counter(), time.process_time()
        if enumerate_:
            r = engine.solve(bs.GENRE, inst, limit=want + 1, solver=solver)
        else:
            r = engine.count(bs.GENRE, inst, limit=want + 1, solver=solver)
        out["wall"].append(time.perf_counter() - w0)
        out["cpu"].append(time.process_time() - c0)
        out["counts"].append(r.count)
        out["off"].append(r.count != want or not r.complete)
        out["counted"] += r.count
        out["published"] += want
        out["mismatches"] += out["off"][-1]
        out["calls"] += r.stats.calls
        out["enc"] += r.stats.encode_seconds
        out["sol"] += r.stats.solve_seconds
    return out


def csplib(limit: int | None, solver: str, baseline: int) -> None:
    items = satlink.load(DATASETS / "battleship/csplib014/battleship_instances.pl")[:limit]
    t_unique, wrong = [], 0
    for item in items:
        r = engine.solve(bs.GENRE, item.instance, limit=2, solver=solver)
        t_unique.append(r.stats.encode_seconds + r.stats.solve_seconds)
        wrong += r.verdict != "unique"
    new = full_counts(items, solver, enumerate_=False)
    old = full_counts(items[:baseline], solver, enumerate_=True) if baseline else None

    def line(name, res, n):
        wall, cpu = res["wall"][:n], res["cpu"][:n]
        return [name, n, f"{sum(res['counts'][:n])} solutions, {sum(res['off'][:n])} off",
                f"{statistics.median(wall):.4f}",
                f"{max(wall):.3f}", f"{sum(wall):.1f}", f"{sum(cpu):.1f}"]

    print(f"\nCSPLib problem 14 ({len(items)} boards, solver {solver})")
    rows = [["unique verdict, with hints", len(items), f"{len(items) - wrong} unique",
             f"{statistics.median(t_unique):.4f}", f"{max(t_unique):.3f}",
             f"{sum(t_unique):.1f}", ""],
            line("full count, counting hook", new, len(items))]
    if old:
        rows.append(line(f"full count, counting hook, first {baseline}", new, baseline))
        rows.append(line(f"full count, enumeration, first {baseline}", old, baseline))
    print(table(["task", "boards", "result", "median s", "max s", "total s", "cpu s"], rows))
    print(f"counting hook: {new['counted']} solutions counted of {new['published']} published"
          f" ({new['mismatches']} boards off); {new['calls']} solver calls;"
          f" encode {new['enc']:.1f} s, solve + count {new['sol']:.1f} s")
    print(f"all {len(items)} full counts: {sum(new['wall']):.1f} s wall,"
          f" {sum(new['cpu']):.1f} s CPU (target: < 30 s)")
    if old:
        speed = statistics.median(old["wall"]) / statistics.median(new["wall"][:baseline])
        whole = sum(old["wall"]) / sum(new["wall"][:baseline])
        per_solution = sum(old["wall"]) / max(old["counted"], 1) * 1e6
        print(f"first {baseline} boards ({old['counted']} solutions): enumeration"
              f" {per_solution:.0f} us per solution; counting hook faster by"
              f" {speed:.1f}x (median per board), {whole:.1f}x (total)")


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
    data = json.loads((DATASETS / "puzzlekit-dev/Battleship.json").read_text())["data"]
    ours, theirs_one, theirs_unique, rows = [], [], [], []
    ok = 0
    enc = sol = 0.0
    for key, rec in data.items():
        t0 = time.perf_counter()
        item = satlink.load_text(rec["problem"], key, fmt="grid-text", puzzle_type="battleship")[0]
        r = engine.solve(bs.GENRE, item.instance, limit=2, solver=solver)
        ours.append(time.perf_counter() - t0)
        enc += r.stats.encode_seconds
        sol += r.stats.solve_seconds
        exp = (bs.solution_from_grid_text(rec["solution"], item.instance)
               if rec["solution"].strip() else None)
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
    print(table(["system", "mean s", "median s", "max s", "total s"], out))
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
    ap.add_argument("--baseline", type=int, default=30, metavar="N",
                    help="also count the first N boards by enumeration (default 30; 0: skip)")
    ap.add_argument("--skip-counts", action="store_true")
    ap.add_argument("--skip-janko", action="store_true")
    ap.add_argument("--no-cpsat", action="store_true", help="skip the puzzlekit comparison")
    ap.add_argument("--solver", default=engine.DEFAULT_SOLVER)
    args = ap.parse_args()
    if not args.skip_janko:
        janko(args.solver, not args.no_cpsat)
    if not args.skip_counts:
        csplib(args.boards, args.solver, args.baseline)


if __name__ == "__main__":
    main()
