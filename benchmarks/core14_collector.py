"""How much of the verdict's CPU Python's cycle collector takes (issue 22).

    python benchmarks/core14_collector.py GENRE... [--every K]
    SATLINK_BENCH_TREE=/path/to/other/checkout python benchmarks/core14_collector.py GENRE...

peer.py's satlink side (text to verified uniqueness verdict) over every K-th
dev board of each genre, after a warm-up board per genre, in CPU time, with a
``gc.callbacks`` hook that counts the collections of each generation and the
CPU they took. A per-board median hides most of this cost: the collector runs
every few hundred allocations, and a full collection (every object the process
holds, 20 ms with the genre modules imported) lands on a few boards; the
total shows it.
"""
from __future__ import annotations

import time

time.perf_counter = time.process_time  # the engine's parts in CPU time, as sidebyside.py

import argparse  # noqa: E402
import gc  # noqa: E402

import peer  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genres", nargs="+")
    ap.add_argument("--every", type=int, default=2)
    args = ap.parse_args()
    import satlink
    records = {g: peer.load(g, args.every) for g in args.genres}
    for g, recs in records.items():  # warm-up: imports
        first = next(iter(recs))
        peer.run_satlink(g, first, recs[first], 10)
    spent = {0: [0, 0.0], 1: [0, 0.0], 2: [0, 0.0]}
    start = [0.0]

    def watch(phase: str, info: dict) -> None:
        if phase == "start":
            start[0] = time.process_time()
        else:
            spent[info["generation"]][0] += 1
            spent[info["generation"]][1] += time.process_time() - start[0]

    gc.collect()
    gc.callbacks.append(watch)
    c0, boards = time.process_time(), 0
    for g, recs in records.items():
        for key, rec in recs.items():
            peer.run_satlink(g, key, rec, 10)
            boards += 1
    total = time.process_time() - c0
    gc.callbacks.remove(watch)
    in_gc = sum(s for _, s in spent.values())
    print(f"{satlink.__file__}: {boards} boards, {total:.2f} s CPU, of it the collector"
          f" {in_gc * 1e3:.0f} ms ({100 * in_gc / total:.1f} %): "
          + ", ".join(f"generation {g} {n} times {s * 1e3:.0f} ms" for g, (n, s) in spent.items()))


if __name__ == "__main__":
    main()
