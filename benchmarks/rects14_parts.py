"""Where a region genre's verdict goes, part by part, in CPU ms a dev board
(issue 22): peer.py's verdict (parse, encode, load, solve as the engine's
stats count them) and, inside them, the calls that make them up, timed by
wrapping each one: the genre's candidates, ``Regions.tiles`` and its
``__init__``, building the solver, the SAT calls, ``decode``, ``verify``.
The engine's ``solve`` is everything after loading: the SAT calls, and
decoding, verifying and blocking each solution.

    python benchmarks/rects14_parts.py Nawabari [--repeat 10] [--every 1]
"""
from __future__ import annotations

import argparse
import functools
import importlib
import time

time.perf_counter = time.process_time  # the engine's own clocks read CPU time too

import peer  # noqa: E402  (puts the project on sys.path)

from satlink.engine import session  # noqa: E402
from satlink.puzzles import _divisions  # noqa: E402
from satlink.rules import regions  # noqa: E402


def timed(owner, name: str, label: str, spent: dict) -> None:
    """Replace ``owner.name`` by a wrapper adding its CPU time to ``spent[label]``."""
    inner = getattr(owner, name)

    @functools.wraps(inner)
    def wrapper(*args, **kwargs):
        t0 = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            spent[label] = spent.get(label, 0.0) + time.process_time() - t0

    setattr(owner, name, wrapper)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("genre")
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--every", type=int, default=1)
    args = ap.parse_args()
    module = importlib.import_module(f"satlink.puzzles.{args.genre.lower()}")
    spent: dict[str, float] = {}
    if hasattr(module, "candidates"):
        timed(module, "candidates", "candidates", spent)
    timed(regions.Regions, "tiles", "Regions.tiles", spent)
    timed(regions.Regions, "__init__", "Regions.__init__", spent)
    timed(session.Session, "_new_solver", "new solver + load", spent)
    timed(session.Session, "_call", "SAT calls", spent)
    timed(session.Session, "blocking", "blocking", spent)
    timed(_divisions.Tiles, "decode", "decode (Tiles)", spent)
    timed(module, "verify", "verify", spent)
    object.__setattr__(module.GENRE, "verify", module.verify)  # the genre holds the function
    records = peer.load(args.genre, args.every)
    first = next(iter(records))
    peer.run_satlink(args.genre, first, records[first], 10)  # warm-up
    spent.clear()
    total = dict.fromkeys(("cpu", "parse", "encode", "load", "solve_cpu"), 0.0)
    for _ in range(args.repeat):
        for key, rec in records.items():
            out = peer.run_satlink(args.genre, key, rec, 10)
            for part in total:
                total[part] += out.get(part, 0.0)
    n = args.repeat * len(records)
    print(f"{args.genre}: {len(records)} boards x {args.repeat}, CPU ms a board (mean)")
    print("verdict  " + "  ".join(f"{k.replace('_cpu', '')} {v / n * 1e3:.3f}"
                                  for k, v in total.items()))
    for label, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        print(f"  {label:<20} {seconds / n * 1e3:.3f}")


if __name__ == "__main__":
    main()
