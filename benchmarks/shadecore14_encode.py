"""Profile (or time) one genre's encodes alone over its dev boards, in process:
the encode part of the verdict, without parse, load or solve (issue 22).

    python benchmarks/shadecore14_encode.py Hitori [--repeat 20] [--profile]
"""
from __future__ import annotations

import argparse
import time

import peer
from pyinstrument import Profiler

from satlink import formats
from satlink.contract import Options
from satlink.formula import Formula


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("genre")
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    items = []
    for key, rec in peer.load(args.genre, 1).items():
        try:
            item = formats.load_text(rec["problem"], key, "grid-text", args.genre)[0]
        except Exception:  # a malformed dev board: not encoded
            continue
        if item.error is None:
            items.append(item)
    prof = Profiler(interval=0.0002) if args.profile else None
    if prof:
        prof.start()
    c0 = time.process_time()
    for _ in range(args.repeat):
        for item in items:
            item.puzzle.encode(item.instance, Formula(), Options())
    cpu = time.process_time() - c0
    if prof:
        prof.stop()
        print(prof.output_text(unicode=False, color=False))
    print(f"{args.genre}: {len(items)} boards x {args.repeat}: "
          f"{cpu / args.repeat / len(items) * 1e6:.0f} us CPU an encode")


if __name__ == "__main__":
    main()
