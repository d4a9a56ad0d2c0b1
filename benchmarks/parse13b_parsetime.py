"""Median CPU ms of ``formats.load_text`` (what peer.py's parse column times)
over a genre's dev boards, each board the least of R runs (parse13b).

    python benchmarks/parse13b_parsetime.py GENRE... [-r R]
    python benchmarks/parse13b_parsetime.py GENRE... --base DIR [--rounds 3]

With ``--base`` (a checkout directory), fresh interpreters of the base and this
checkout alternate, ``--rounds`` times each, and the least median per genre
and side is shown side by side with the machine load.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import statistics
import time
from pathlib import Path

DEV = Path(__file__).resolve().parents[1] / ".." / "shared" / "datasets" / "puzzlekit-dev"


def genre_ms(formats, genre: str, rounds: int) -> float:
    data = json.loads((DEV / f"{genre}.json").read_text())["data"]
    texts = [data[k]["problem"] for k in sorted(data)]
    try:
        formats.load_text(texts[0], "warm", "grid-text", genre)
    except Exception:
        pass
    best = []
    for text in texts:
        t = []
        for _ in range(rounds):
            c0 = time.process_time()
            try:
                formats.load_text(text, "k", "grid-text", genre)
            except Exception:  # a board the reader refuses is timed too (peer.py does)
                pass
            t.append(time.process_time() - c0)
        best.append(min(t))
    return statistics.median(best) * 1000


def side_by_side(genres: list[str], base: str, repeats: int, rounds: int) -> None:
    head = str(Path(__file__).resolve().parents[1])
    got: dict[str, list[dict]] = {"before": [], "after": []}
    for i in range(rounds):
        order = [("before", base), ("after", head)]
        for side, tree in (order if i % 2 == 0 else order[::-1]):
            env = dict(os.environ, PYTHONPATH=tree)
            out = subprocess.run([sys.executable, __file__, *genres, "-r", str(repeats)],
                                 env=env, capture_output=True, text=True, check=True).stdout
            got[side].append(json.loads(out))
    print(f"load {open('/proc/loadavg').read().split()[:3]}; parse CPU ms, median board"
          f" (least of {repeats} runs), least of {rounds} rounds")
    print(f"{'genre':16} {'before':>8} {'after':>8} {'after/before':>12}")
    for g in genres:
        b, a = (min(r[g] for r in got[s]) for s in ("before", "after"))
        print(f"{g:16} {b:8.3f} {a:8.3f} {a / b:12.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("genres", nargs="+")
    ap.add_argument("-r", "--repeats", type=int, default=5)
    ap.add_argument("--base")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    if args.base:
        side_by_side(args.genres, args.base, args.repeats, args.rounds)
        return
    from satlink import formats
    print(json.dumps({g: round(genre_ms(formats, g, args.repeats), 4) for g in args.genres}))


if __name__ == "__main__":
    main()
