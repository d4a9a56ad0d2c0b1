"""Where a genre's encode time and clauses go, rule by rule, over its dev boards
(issue 22, shade14): each named rule function is wrapped to count its CPU and
the clauses it adds (nested calls counted in their caller too).

    python benchmarks/shade14_parts.py LITS [--every K] [--repeat 5]
"""
from __future__ import annotations

import argparse
import importlib
import statistics
import time
from collections import defaultdict

import peer

#: genre -> [(module, function name)] wrapped in the genre's module namespace
WATCH = {
    "LITS": ["one_per_region", "congruent_apart", "RegionsConnected", "edges_between_regions",
             "Shading"],
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("genre")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--watch", nargs="*", default=None)
    args = ap.parse_args()
    from satlink import formats
    from satlink.contract import Options
    from satlink.formula import Formula
    records = peer.load(args.genre, args.every)
    insts = []
    for key, rec in records.items():
        try:
            item = formats.load_text(rec["problem"], key, "grid-text", args.genre)[0]
        except Exception:  # a malformed record (LITS 281/286/290)
            continue
        if item.error is None:
            insts.append(item)
    genre = insts[0].puzzle
    mod = importlib.import_module(genre.encode.__module__)
    names = args.watch if args.watch is not None else WATCH.get(args.genre, [])
    cpu: dict[str, list[float]] = defaultdict(list)
    ncl: dict[str, list[int]] = defaultdict(list)
    current: dict[str, float] = defaultdict(float)
    current_cl: dict[str, int] = defaultdict(int)
    state = {}

    def wrap(name, fn):
        def inner(f, *a, **k):
            t0 = time.process_time(); n0 = len(f.clauses)
            out = fn(f, *a, **k)
            current[name] += time.process_time() - t0
            current_cl[name] += len(f.clauses) - n0
            return out
        def plain(*a, **k):
            t0 = time.process_time()
            out = fn(*a, **k)
            current[name] += time.process_time() - t0
            return out
        return inner if state.get("takes_f", True) else plain

    for name in names:
        fn = getattr(mod, name)
        import inspect
        try:
            first = next(iter(inspect.signature(fn).parameters))
        except (ValueError, StopIteration):
            first = ""
        state["takes_f"] = first == "f"
        setattr(mod, name, wrap(name, fn))
    best: dict[int, dict[str, float]] = {}  # board -> part -> least CPU over the rounds
    for rnd in range(args.repeat):
        for item in insts:
            current.clear(); current_cl.clear()
            f = Formula()
            t0 = time.process_time()
            genre.encode(item.instance, f, Options())
            t = time.process_time() - t0
            if rnd == 0:
                ncl["total"].append(len(f.clauses))
                for n in names:
                    ncl[n].append(current_cl[n])
            per = best.setdefault(id(item), {})
            for n, v in [("total", t), *((n, current[n]) for n in names)]:
                per[n] = min(per.get(n, v), v)
    for per in best.values():
        for n, v in per.items():
            cpu[n].append(v)
    print(f"{args.genre}: {len(insts)} boards; median (over boards) of the least (over"
          f" {args.repeat} rounds) encode CPU ms, and clauses, per part")
    for n in ["total", *names]:
        print(f"{n:>24}  {1000 * statistics.median(cpu[n]):6.3f} ms"
              f"  {statistics.median(ncl[n]) if ncl[n] else 0:7.0f} clauses")


if __name__ == "__main__":
    main()
