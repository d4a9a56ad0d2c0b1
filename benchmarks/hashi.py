"""Hashiwokakero over the CLLV benchmark (../shared/datasets/hashi-cllv, 1,440 .has files).

For every instance: a solution plus the uniqueness verdict (up to two verified
solutions), with lazy connectivity cuts (satlink's default). Prints per size
(100/200/300/400 islands): count, verdicts, mean / median / max seconds
(encode + solve), solver calls and cuts per puzzle, encode vs solve time, and
the targets and published figures beside them.

Baselines in the same run, on every ``--baseline-every``-th instance:
"plain" is the encoding a new user would write (PySAT sequential-counter
cardinality per island, no implied clauses, the same lazy cuts); "complete"
is the eager encoding (spanning tree with ranks, the DIMACS mode). Both
cross-check every verdict. Seconds are wall clock; "cpu s" is process time,
less disturbed by other load on a shared machine.

    python benchmarks/hashi.py                      # all 1,440, lazy mode
    python benchmarks/hashi.py --baseline-every 1   # plus the baselines on all
    python benchmarks/hashi.py --profile 400        # pyinstrument over one size
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import dataclasses  # noqa: E402

from satlink import engine, formats  # noqa: E402
from satlink.rules import graph_cuts  # noqa: E402
from satlink.contract import Encoding, Options  # noqa: E402
from satlink.puzzles import hashi  # noqa: E402

DATA = ROOT.parent / "shared" / "datasets" / "hashi-cllv"
SIZES = (100, 200, 300, 400)
TARGET = {100: 0.01, 200: 0.02, 300: 0.04, 400: 0.05}
#: CLLV (2019) branch-and-cut, and Gurobi with lazy cuts, mean seconds, one solution only.
PUBLISHED = {100: ("0.16", "<0.01"), 200: ("1.13", "0.04"), 300: ("6.32", "0.12"),
             400: ("36.94", "1.48")}


class PlainEncoding(Encoding):
    """Baseline: an exact cardinality (sequential counter) per island over its
    bridge literals, b2 -> b1, crossings; nothing implied; the same lazy
    connectivity cuts as satlink's."""

    def __init__(self, inst, f, options=Options()):
        super().__init__(inst, f, options)
        self.one = {e: hashi.bridge_var(f, e, 1) for e in inst.edges}
        self.two = {e: hashi.bridge_var(f, e, 2) for e in inst.edges}
        f.declare_answer([v for e in inst.edges for v in (self.one[e], self.two[e])])
        f.extend([-self.two[e], self.one[e]] for e in inst.edges)
        for i in inst.islands:
            lits = [v for e in inst.edges if i in e for v in (self.one[e], self.two[e])]
            f.exactly(lits, inst.number(i), encoding="seqcounter")
        f.extend([-self.one[h], -self.one[v]] for h, v in inst.crossings)

    def cuts(self, model):
        return graph_cuts.connected_cuts(self.one, model, required=self.instance.islands)

    def decode(self, model):
        value = model.value
        return tuple(sorted((*e[0], *e[1], value(x) + value(self.two[e]))
                            for e, x in self.one.items() if value(x)))


PLAIN = dataclasses.replace(hashi.GENRE, encode=PlainEncoding)


def run(path: Path, solver: str, mode: str) -> dict:
    """Load and solve one file; seconds and statistics."""
    t0 = time.perf_counter()
    item = formats.load(path)[0]
    parse = time.perf_counter() - t0
    puzzle = PLAIN if mode == "plain" else item.puzzle
    c0 = time.process_time()
    r = engine.solve(puzzle, item.instance, limit=2, solver=solver, complete=mode == "complete")
    cpu = time.process_time() - c0
    s = r.stats
    return {"verdict": r.verdict, "seconds": s.encode_seconds + s.solve_seconds, "cpu": cpu,
            "encode": s.encode_seconds, "solve": s.solve_seconds, "parse": parse,
            "calls": s.calls, "cuts": s.cuts}


def table(rows: list[tuple]) -> str:
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(str(v).rjust(w) for v, w in zip(r, widths)) for r in rows)


def summarise(results: dict[int, list[dict]], title: str) -> None:
    head = ("islands", "count", "verdicts", "mean s", "median s", "max s", "target", "cpu s",
            "calls", "cuts", "encode s", "solve s", "parse s")
    rows = [head]
    for size, res in results.items():
        if not res:
            continue
        secs = [x["seconds"] for x in res]
        verdicts = Counter(x["verdict"] for x in res)
        rows.append((size, len(res), " ".join(f"{k}={v}" for k, v in sorted(verdicts.items())),
                     f"{statistics.mean(secs):.4f}", f"{statistics.median(secs):.4f}",
                     f"{max(secs):.4f}", TARGET[size],
                     f"{statistics.mean(x['cpu'] for x in res):.4f}",
                     f"{statistics.mean(x['calls'] for x in res):.2f}",
                     f"{statistics.mean(x['cuts'] for x in res):.2f}",
                     f"{statistics.mean(x['encode'] for x in res):.4f}",
                     f"{statistics.mean(x['solve'] for x in res):.4f}",
                     f"{statistics.mean(x['parse'] for x in res):.4f}"))
    print(f"\n{title}")
    print(table(rows))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--solver", default=engine.DEFAULT_SOLVER)
    ap.add_argument("--sizes", type=int, nargs="*", default=list(SIZES))
    ap.add_argument("--every", type=int, default=1, help="use every N-th instance (default all)")
    ap.add_argument("--baseline-every", type=int, default=10,
                    help="plain baseline on every N-th instance (0 = none)")
    ap.add_argument("--complete-every", type=int, default=40,
                    help="complete-encoding baseline on every N-th instance (0 = none)")
    ap.add_argument("--profile", type=int, metavar="SIZE",
                    help="profile the lazy mode on one size with pyinstrument and stop")
    args = ap.parse_args(argv)
    assert DATA.is_dir(), f"data set not found at {DATA}"
    files = {s: sorted((DATA / str(s)).glob("*.has"))[::args.every] for s in args.sizes}
    if args.profile:
        from pyinstrument import Profiler

        prof = Profiler()
        with prof:
            for p in files[args.profile]:
                run(p, args.solver, "lazy")
        print(prof.output_text(unicode=True, color=False))
        return 0
    lazy: dict[int, list[dict]] = {s: [] for s in args.sizes}
    base = {m: {s: [] for s in args.sizes} for m in ("plain", "complete")}
    pairs = {m: {s: [] for s in args.sizes} for m in ("plain", "complete")}
    every = {"plain": args.baseline_every, "complete": args.complete_every}
    disagree = []
    for s in args.sizes:
        for i, p in enumerate(files[s]):
            x = run(p, args.solver, "lazy")
            lazy[s].append(x)
            for mode, n in every.items():
                if n and i % n == 0:
                    y = run(p, args.solver, mode)
                    base[mode][s].append(y)
                    pairs[mode][s].append(x)
                    if y["verdict"] != x["verdict"]:
                        disagree.append((p.name, mode, x["verdict"], y["verdict"]))
    print(f"Hashi CLLV, solver {args.solver}: seconds = encode + solve for a solution"
          " plus the uniqueness verdict (parse excluded, shown apart)")
    summarise(lazy, "satlink (direct island clauses, implied clauses, lazy connectivity cuts)")
    for mode, n in every.items():
        if not n:
            continue
        summarise(base[mode], f"baseline {mode}, every {n}-th instance")
        rows = [("islands", "n", "median satlink s", f"median {mode} s", "ratio",
                 "published CLLV s", "published Gurobi lazy s")]
        for s in args.sizes:
            if base[mode][s]:
                ml = statistics.median(x["seconds"] for x in pairs[mode][s])
                mc = statistics.median(x["seconds"] for x in base[mode][s])
                rows.append((s, len(base[mode][s]), f"{ml:.4f}", f"{mc:.4f}", f"{mc / ml:.1f}x",
                             *PUBLISHED[s]))
        print(f"\nsame instances, same run, satlink vs {mode}"
              " (published means: one solution, other machines)")
        print(table(rows))
    print(f"verdicts satlink vs baselines: {len(disagree)} disagreements {disagree[:5]}")
    means_ok = all(statistics.mean(x["seconds"] for x in lazy[s]) <= TARGET[s]
                   for s in args.sizes if lazy[s])
    print(f"\nall mean targets met: {means_ok}")
    return 1 if disagree else 0


if __name__ == "__main__":
    raise SystemExit(main())
