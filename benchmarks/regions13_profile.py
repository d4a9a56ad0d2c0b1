"""Profile satlink's verdict over a genre's dev boards (pyinstrument), for
the region genres' overhead work (issue 22).

    python benchmarks/regions13_profile.py Shikaku [--repeat 3] [--depth 30]
"""
from __future__ import annotations

import argparse
import gc
import time

import peer
from pyinstrument import Profiler


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("genre")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--show", default=None, help="pyinstrument show_all filter")
    args = ap.parse_args()
    records = peer.load(args.genre, args.every)
    first = next(iter(records))
    peer.run_satlink(args.genre, first, records[first], 10)  # warm-up
    prof = Profiler(interval=0.0002)
    gc.collect()
    c0 = time.process_time()
    prof.start()
    other = {}  # boards that are not unique and equal to the published solution
    for _ in range(args.repeat):
        for key, rec in records.items():
            out = peer.run_satlink(args.genre, key, rec, 10)
            if out["verdict"] == "error":  # a bug, not a profile
                raise SystemExit(f"{key}: {out['error']}")
            if out["verdict"] != "unique" or not out["equal"]:
                other[key] = out["verdict"]
    prof.stop()
    print(f"{args.genre}: {len(records)} boards x {args.repeat}: "
          f"{time.process_time() - c0:.2f} s CPU")
    if other:  # documented ones: several solutions, malformed records
        print("not unique and equal to the published solution:",
              ", ".join(f"{k} ({v})" for k, v in sorted(other.items())))
    print(prof.output_text(unicode=False, color=False, show_all=False))


if __name__ == "__main__":
    main()
