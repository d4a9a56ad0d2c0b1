"""Profile the encode alone (text already parsed) over several genres' dev
boards, for the loop rule's set-up (issue 22).

    python benchmarks/encode_profile.py GENRE... [--repeat 5] [--every 1] [--cprofile]

Prints the encode's CPU per board per genre, then a pyinstrument profile
(or cProfile's own-time table with --cprofile) of all the encodes together.
The cycle collector is paused through each genre's encodes and collected
between genres, as ``engine.search`` pauses it through a verdict
(:class:`satlink.engine.search.gc_paused`): with it running, its passes
land in whatever function allocates when they fire and skew the profile.
"""
from __future__ import annotations

import argparse
import gc
import time

import peer
from satlink import formats
from satlink.engine import encode
from satlink.engine.search import gc_paused
from satlink.errors import SatlinkError


def boards(genre: str, every: int):
    out = []
    for key, rec in peer.load(genre, every).items():
        try:  # a malformed dev record (Heyawake 49) is refused whole: left out
            item = formats.load_text(rec["problem"], key, "grid-text", genre)[0]
        except SatlinkError:
            continue
        if item.error is None:
            out.append((item.puzzle, item.instance))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genres", nargs="+")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--cprofile", action="store_true")
    ap.add_argument("--no-profile", action="store_true")
    args = ap.parse_args()
    work = {g: boards(g, args.every) for g in args.genres}
    for items in work.values():
        encode(*items[0])  # warm-up: imports
    for g, items in work.items():
        gc.collect()
        c0 = time.process_time()
        with gc_paused():
            for _ in range(args.repeat):
                for p, i in items:
                    encode(p, i)
        ms = (time.process_time() - c0) * 1000 / (args.repeat * len(items))
        print(f"{g}: {len(items)} boards, encode {ms:.3f} ms CPU a board")
    if args.no_profile:
        return
    if args.cprofile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.enable()
    else:
        from pyinstrument import Profiler
        prof = Profiler(interval=0.0002)
        prof.start()
    for _ in range(args.repeat):
        for items in work.values():
            with gc_paused():
                for p, i in items:
                    encode(p, i)
            gc.collect()
    if args.cprofile:
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(35)
    else:
        prof.stop()
        print(prof.output_text(unicode=False, color=False, show_all=False))


if __name__ == "__main__":
    main()
