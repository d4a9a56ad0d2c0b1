"""Numberlink benchmarks over the public sets (see README for the targets).

    python benchmarks/numberlink.py [SET ...] [--solver NAME] [--timeout S]
                                    [--baseline] [--set KEY=VALUE ...]

Sets: flowfree, adc, inputs10, inputs6, janko. Each puzzle is solved for a
uniqueness verdict (limit 2) except ADC and inputs6 (limit 1: solved). Per
set: count, solved, verdicts, mean / median / max seconds, solver calls, cuts,
encode vs solve time. Janko solutions are compared with the published ones. ``--baseline`` reruns the set with graph.cycle_cuts
instead of region cuts, no 2 x 2 clauses, so the ratio is measured in the
same run. ``--set labels=binary`` etc. change satlink.puzzles._numberlink_sat.SETTINGS.
A timeout needs a solver satlink can stop (not lingeling).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter

from _common import DATASETS  # also puts the project on sys.path

from satlink import engine, formats  # noqa: E402
from satlink.formats import grid_text  # noqa: E402
from satlink.puzzles import _numberlink_sat as sat  # noqa: E402
from satlink.puzzles import numberlink as nl  # noqa: E402


#: janko id -> published solution (filled by load_set); run lists in WRONG the
#: boards whose unique verdict came with another solution (none expected).
PUBLISHED: dict = {}
WRONG: list = []


def load_set(name: str):
    """(id, instance, limit) for every puzzle of a set."""
    nlk = DATASETS / "numberlink"
    if name == "flowfree":
        for f in sorted((nlk / "flowfree").glob("*.txt")):
            yield f.stem, formats.load(f)[0].instance, 2
    elif name == "adc":
        for f in sorted((nlk / "adc2015" / "Q").glob("*.txt")):
            yield f.stem, formats.load(f)[0].instance, 1
    elif name in ("inputs10", "inputs6"):
        items = formats.load(nlk / "generated" / f"{name}.txt")
        for it in items:
            if it.error is not None:  # e.g. above the size limit: say so, go on
                print(f"  {name} line {it.source.line}: refused: {it.error.message}",
                      file=sys.stderr)
        items = [it for it in items if it.error is None]
        if name == "inputs6":  # smallest first: report the largest solved
            items.sort(key=lambda i: i.instance.width * i.instance.height)
        for it in items:
            inst = it.instance
            yield f"line {it.source.line} ({inst.width}x{inst.height})", inst, \
                1 if name == "inputs6" else 2
    elif name == "janko":
        data = json.loads((DATASETS / "puzzlekit-dev" / "NumberLink.json").read_text())["data"]
        for key, rec in data.items():
            inst = nl.from_grid_text(grid_text.split(rec["problem"], key))
            rows = [ln.split() for ln in rec["solution"].splitlines()[1:]]
            PUBLISHED[key] = nl.solution_from_directions(inst, rows)
            yield key, inst, 2
    else:
        raise SystemExit(f"unknown set {name}")


def run(name: str, solver: str, timeout: float | None, budget: float | None):
    rows = []
    for key, inst, limit in load_set(name):
        t0 = time.perf_counter()
        res = engine.solve(nl, inst, limit=limit, solver=solver, timeout=timeout)
        total = time.perf_counter() - t0
        # limit 1 (ADC, inputs6) asks for one solution, not a verdict: say "solved"
        verdict = "solved" if limit == 1 and res.solutions else res.verdict
        rows.append((key, verdict, total, res.stats))
        note = ""
        if key in PUBLISHED and res.solutions:
            note = " = published" if PUBLISHED[key] in res.solutions else " != published"
            if res.verdict == "unique" and PUBLISHED[key] not in res.solutions:
                WRONG.append(key)
        print(f"  {name} {key}: {verdict}{note} {total:.3f}s calls={res.stats.calls}"
              f" cuts={res.stats.cuts}", file=sys.stderr, flush=True)
        if budget is not None and total > budget:
            break
    return rows


def table(name: str, label: str, rows) -> None:
    secs = [r[2] for r in rows]
    verdicts = Counter(r[1] for r in rows)
    if name == "janko":
        print(f"  janko: unique verdicts differing from the published solution: "
              f"{', '.join(WRONG) or 'none'}", file=sys.stderr)
    solved = sum(v in ("unique", "multiple", "solved") for _, v, _, _ in rows)
    enc = sum(r[3].encode_seconds for r in rows)
    sol = sum(r[3].solve_seconds for r in rows)
    worst = max(rows, key=lambda r: r[2])
    print(f"| {name} | {label} | {len(rows)} | {solved} | "
          + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items()))
          + f" | {statistics.mean(secs):.3f} | {statistics.median(secs):.3f} | {max(secs):.3f}"
          f" ({worst[0]}) | {statistics.mean(r[3].calls for r in rows):.1f}"
          f" | {statistics.mean(r[3].cuts for r in rows):.1f} | {enc:.2f} / {sol:.2f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="*", default=["flowfree", "adc", "inputs10", "janko"])
    ap.add_argument("--solver", default=engine.DEFAULT_SOLVER)
    ap.add_argument("--timeout", type=float)
    ap.add_argument("--baseline", action="store_true")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    args = ap.parse_args()
    for kv in args.set:
        k, v = kv.split("=", 1)
        sat.SETTINGS[k] = {"0": False, "1": True}.get(v, int(v) if v.isdigit() else v)
    print("| set | encoding | count | solved | verdicts | mean s | median s | max s |"
          " calls | cuts | encode / solve s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name in args.sets:
        budget = 60.0 if name == "inputs6" else None
        table(name, "satlink", run(name, args.solver, args.timeout, budget))
        if args.baseline:
            saved = dict(sat.SETTINGS)
            sat.SETTINGS.update(cuts="cycle", squares=False)
            table(name, "baseline: cycle cuts", run(name, args.solver, args.timeout, budget))
            sat.SETTINGS.update(saved)


if __name__ == "__main__":
    main()
