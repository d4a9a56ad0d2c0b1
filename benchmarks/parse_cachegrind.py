"""A cold parse counted under cachegrind: instructions and simulated
last-level cache misses of ``formats.load_text`` per board, the same
whatever the machine's load (issue 22).

    python benchmarks/parse_cachegrind.py GENRE... [--every K] [--base REV] [--stage STAGE]

A small board's parse takes 15-30 us warm and 100-250 us cold (caches
flushed, as between two boards of peer.py), and the cold time is mostly
last-level misses: about 3,000 a 10 x 10 board, half of them the
interpreter's own machine code (every C function a parse touches, once),
half objects and bytecode. On a loaded machine CPU timings of either
move by 10-20 %; these counts move by 1-2 %.

Each side (this checkout, and ``--base``: a directory or a git revision)
runs twice under ``valgrind --tool=cachegrind`` (a 2 MB last-level cache,
PYTHONHASHSEED=0): once reading each board (every K-th of the dev slice,
``../shared/datasets/puzzlekit-dev``) after 8 MB of memory are written,
once only writing. The difference, per board: Ir (instructions), ILmr
(code missed in the last level), DLmr / DLmw (data read / written missed
there). ``--stage`` counts one step instead of the whole parse:
``registry`` (``puzzles.get`` of the genre's name), ``split``
(``grid_text.split``), ``grid`` (the genre's ``from_grid_text`` of split
text). Needs valgrind (Debian's); about a minute a side for 100 boards.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import DATASETS, checkout, loadavg

DEV = DATASETS / "puzzlekit-dev"
EVENTS = ("Ir", "ILmr", "DLmr", "DLmw")


def boards(genres: list[str], every: int) -> list[tuple[str, str]]:
    out = []
    for genre in genres:
        data = json.loads((DEV / f"{genre}.json").read_text())["data"]
        out += [(genre, data[k]["problem"]) for k in sorted(data)[::every]]
    return out


def child(stage: str, every: int, genres: list[str]) -> None:
    """Under valgrind: each board once to warm up, then the flushes, each
    followed by the stage (none: only the flushes)."""
    import satlink
    from satlink import formats
    from satlink.formats import grid_text
    from satlink.puzzles import get

    print(satlink.__file__)  # the parent checks the tree

    def step(genre: str, text: str) -> None:
        if stage == "parse":
            formats.load_text(text, "k", "grid-text", genre)
        elif stage == "registry":
            get(genre)
        elif stage == "split":
            grid_text.split(text, "k")
        elif stage == "grid":
            get(genre).from_grid_text(grid_text.split(text, "k"))

    texts = boards(genres, every)
    for genre, text in texts:  # imports, compiled initialisers
        try:
            formats.load_text(text, "k", "grid-text", genre)
        except Exception:  # a board the reader refuses is counted too (peer.py times it)
            pass
    junk = bytearray(8 << 20)
    gc.disable()
    for genre, text in texts:
        junk[::64] = bytes(len(junk) // 64)
        if stage != "none":
            try:
                step(genre, text)
            except Exception:
                pass


def summary(path: str) -> dict[str, int]:
    events: list[str] = []
    for line in open(path):
        if line.startswith("events:"):
            events = line.split()[1:]
        if line.startswith("summary:"):
            return dict(zip(events, map(int, line.split()[1:])))
    raise SystemExit(f"{path}: no cachegrind summary")


def count(tree: Path, stage: str, every: int, genres: list[str]) -> dict[str, float]:
    """Per board: the stage's events less the flushes'."""
    got = {}
    with tempfile.TemporaryDirectory() as tmp:
        for mode in (stage, "none"):
            out = os.path.join(tmp, f"cg.{mode}")
            # SATLINK_BENCH_TREE too: the child imports _common, which puts
            # that tree (by default this checkout) first on sys.path
            env = dict(os.environ, PYTHONPATH=str(tree), SATLINK_BENCH_TREE=str(tree),
                       PYTHONHASHSEED="0")
            done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=yes",
                                   "--LL=2097152,16,64", f"--cachegrind-out-file={out}",
                                   sys.executable, __file__, "--child", mode, "--every",
                                   str(every), *genres],
                                  env=env, check=True, capture_output=True, text=True)
            if not Path(done.stdout.strip()).resolve().is_relative_to(tree.resolve()):
                raise SystemExit(f"{tree}: the child read {done.stdout.strip()}")
            got[mode] = summary(out)
    n = len(boards(genres, every))
    return {k: (got[stage][k] - got["none"][k]) / n for k in EVENTS}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("genres", nargs="+")
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--base", help="a checkout directory or a git revision")
    ap.add_argument("--stage", default="parse", choices=("parse", "registry", "split", "grid"))
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.every, args.genres)
        return
    head = Path(__file__).resolve().parent.parent
    sides = [("after", head)]
    with checkout(args.base) as base_dir:
        if args.base:
            sides.insert(0, ("before", base_dir))
        rows = [(side, count(tree, args.stage, args.every, args.genres)) for side, tree in sides]
    print(f"load {loadavg()}; {args.stage}, per board ({len(boards(args.genres, args.every))}"
          f" boards of {len(args.genres)} genres, every {args.every}), cachegrind, LL 2 MB")
    print(f"{'side':8}" + "".join(f"{k:>12}" for k in EVENTS) + f"{'LL misses':>12}")
    for side, got in rows:
        misses = got["ILmr"] + got["DLmr"] + got["DLmw"]
        print(f"{side:8}" + "".join(f"{got[k]:12,.0f}" for k in EVENTS) + f"{misses:12,.0f}")


if __name__ == "__main__":
    main()
