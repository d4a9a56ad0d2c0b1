"""Where the verdict's time goes across many genres (issue 22, the shared core).

    python benchmarks/core14_profile.py GENRE... | --all [--every K] [--top N] [--by file|func]

Runs peer.py's satlink side (text to verified uniqueness verdict) over every
K-th dev board of each genre under cProfile, once after a warm-up board per
genre, and prints the functions (or files) with the most own time, summed
over all genres, with their call counts. cProfile charges each Python call a
little, so small hot functions look larger than they are: read the counts
and the order, and time any change with sidebyside.py.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
from collections import defaultdict

import peer
from _common import DEV


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genres", nargs="*")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--by", choices=("func", "file"), default="func")
    args = ap.parse_args()
    genres = sorted(p.stem for p in DEV.glob("*.json")) if args.all else args.genres
    prof = cProfile.Profile()
    boards = 0
    for genre in genres:
        records = peer.load(genre, args.every)
        if not records:
            continue
        first = next(iter(records))
        peer.run_satlink(genre, first, records[first], 10)  # warm-up: imports
        prof.enable()
        for key, rec in records.items():
            peer.run_satlink(genre, key, rec, 10)
            boards += 1
        prof.disable()
    stats = pstats.Stats(prof).stats
    own: dict = defaultdict(lambda: [0.0, 0])
    total = 0.0
    for (path, line, fn), (_, ncalls, tt, _, _) in stats.items():
        path = path.split("/satlink/", 1)[-1] if "/satlink/" in path else path.rsplit("/", 1)[-1]
        key = path if args.by == "file" else f"{path}:{line} {fn}"
        own[key][0] += tt
        own[key][1] += ncalls
        total += tt
    print(f"{len(genres)} genres, {boards} boards, {total:.2f} s own time in all")
    for key, (tt, n) in sorted(own.items(), key=lambda kv: -kv[1][0])[:args.top]:
        print(f"{tt:8.3f} s {100 * tt / total:5.1f} % {n:9d}  {key}")


if __name__ == "__main__":
    main()
