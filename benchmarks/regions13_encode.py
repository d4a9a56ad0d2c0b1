"""CPU time of encoding alone (and the clause count) over a genre's dev
boards, median per board of the best of ``--repeat`` runs; ``--profile``
prints cProfile's top functions by internal time.

    python benchmarks/regions13_encode.py LITS [--repeat 5] [--profile]
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

import peer
from satlink import formats
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formula import Formula


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("genres", nargs="+")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    for genre in args.genres:
        items = []
        for key, rec in peer.load(genre).items():
            try:
                item = formats.load_text(rec["problem"], key, "grid-text", genre)[0]
            except InputError:  # a malformed record (peer.py lists them)
                continue
            if item.error is None:
                items.append(item)
        best, clauses = [], []
        prof = cProfile.Profile() if args.profile else None
        for item in items:
            times = []
            for _ in range(args.repeat):
                f = Formula()
                t0 = time.process_time()
                if prof:
                    prof.enable()
                item.puzzle.encode(item.instance, f, Options(prune=True))
                if prof:
                    prof.disable()
                times.append(time.process_time() - t0)
            best.append(min(times))
            clauses.append(len(f.clauses))
        print(f"{genre}: {len(items)} boards, encode median {statistics.median(best) * 1e3:.3f} ms,"
              f" total {sum(best) * 1e3:.1f} ms, clauses median {statistics.median(clauses)}"
              f" total {sum(clauses)}")
        if prof:
            pstats.Stats(prof).sort_stats("tottime").print_stats(18)


if __name__ == "__main__":
    main()
