"""CPU ms of ``formats.load_text`` (what peer.py's parse column times) over
genres' dev boards, warm and cold, base against head side by side (parse15).

    python benchmarks/parse15_parsetime.py GENRE... [--all] [-r R] [--every K]
    python benchmarks/parse15_parsetime.py --all --base 7cb551c [--rounds 3]

Per board: "warm", the least of R + 1 parses in a row (all boards first);
"cold", the median of R parses each after 16 MB of memory is written and
the collector has run (then all boards again; the
CPU caches then hold none of the parser's code and data, as in peer.py,
where the previous board's encode and solve run between two parses: its
parse column is 2-3 times the warm time). A genre's figure is the median
board's. With ``--base`` (a checkout directory or a revision, checked out
into a temporary worktree), fresh interpreters of the base and this checkout
alternate, ``--rounds`` times each (base head, head base, ...), and per genre
and side the least of the rounds is shown with the machine load; the last
line sums the genres' medians.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time

from _common import DATASETS, checkout, loadavg

DEV = DATASETS / "puzzlekit-dev"


def genre_ms(formats, genre: str, repeats: int, every: int, junk: bytearray) -> tuple[float, float]:
    """(warm, cold) median-board ms of one genre."""
    data = json.loads((DEV / f"{genre}.json").read_text())["data"]
    texts = [data[k]["problem"] for k in sorted(data)][::every]

    def parse(text: str) -> float:
        c0 = time.process_time()
        try:
            formats.load_text(text, "k", "grid-text", genre)
        except Exception:  # a board the reader refuses is timed too (peer.py does)
            pass
        return time.process_time() - c0

    parse(texts[0])
    warm = [min(parse(text) for _ in range(repeats + 1)) for text in texts]
    cold = []
    for text in texts:
        times = []
        for _ in range(repeats):
            junk[::64] = bytes(len(junk) // 64)
            gc.collect()
            times.append(parse(text))
        cold.append(statistics.median(times))
    return statistics.median(warm) * 1000, statistics.median(cold) * 1000


def side_by_side(genres: list[str], base: str, args) -> None:
    head = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    got: dict[str, list[dict]] = {"before": [], "after": []}
    with checkout(base) as base_dir:
        for i in range(args.rounds):
            order = [("before", str(base_dir)), ("after", head)]
            for side, tree in (order if i % 2 == 0 else order[::-1]):
                # SATLINK_BENCH_TREE too: the child imports _common, which puts that
                # tree first on sys.path (without it both sides ran this checkout)
                env = dict(os.environ, PYTHONPATH=tree, SATLINK_BENCH_TREE=tree)
                out = subprocess.run([sys.executable, __file__, *genres, "-r", str(args.repeats),
                                      "--every", str(args.every)],
                                     env=env, capture_output=True, text=True, check=True).stdout
                got[side].append(json.loads(out))
    print(f"load {loadavg()}; parse CPU ms, median board (least of {args.repeats} runs),"
          f" least of {args.rounds} rounds; warm / cold (caches flushed before each parse)")
    print(f"{'genre':18} {'warm before':>11} {'after':>7} {'ratio':>6}   {'cold before':>11}"
          f" {'after':>7} {'ratio':>6}")
    sums = [0.0] * 4
    for g in genres:
        wb, cb = (min(r[g][k] for r in got["before"]) for k in (0, 1))
        wa, ca = (min(r[g][k] for r in got["after"]) for k in (0, 1))
        for j, v in enumerate((wb, wa, cb, ca)):
            sums[j] += v
        print(f"{g:18} {wb:11.3f} {wa:7.3f} {wa / wb:6.2f}   {cb:11.3f} {ca:7.3f} {ca / cb:6.2f}")
    wb, wa, cb, ca = sums
    print(f"{'sum':18} {wb:11.3f} {wa:7.3f} {wa / wb:6.2f}   {cb:11.3f} {ca:7.3f} {ca / cb:6.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("genres", nargs="*")
    ap.add_argument("--all", action="store_true", help="every genre of the dev slice")
    ap.add_argument("-r", "--repeats", type=int, default=3)
    ap.add_argument("--every", type=int, default=1, help="every K-th board")
    ap.add_argument("--base", help="a checkout directory or a revision")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    genres = sorted(p.stem for p in DEV.glob("*.json")) if args.all else args.genres
    if args.base:
        side_by_side(genres, args.base, args)
        return
    from satlink import formats
    junk = bytearray(16 << 20)
    print(json.dumps({g: [round(v, 4) for v in genre_ms(formats, g, args.repeats, args.every, junk)]
                      for g in genres}))


if __name__ == "__main__":
    main()
