"""Slitherlink and Masyu boards of one size: one by one against one batch (issue 22, item 5).

    python benchmarks/shape13_batch.py [--rounds 3] [--only slitherlink|masyu]

A collection of many boards of one size (janko's: most Slitherlink boards
are 10 x 18, most Masyu 10 x 10) is written as a puzzlekit JSON file in a
temporary directory, from the records of that size in
``../shared/datasets/puzzlekit-dev/<Genre>.json`` (read in place), and
read back as ``satlink check`` reads it. Its boards are then solved
(uniqueness verdict, two solutions asked) by a fresh ``engine.search``
each and by one :class:`satlink.engine.BatchSolver` (the rules of the
shape encoded once in selector mode, each board's clues assumed),
alternately per round, in this process: CPU time (``time.process_time``)
of the whole collection, the median over rounds, with the solver calls
and cuts of the last round. Verdicts and solutions must agree; a
disagreement is printed and the exit code is 1.
"""
from __future__ import annotations

import argparse
import dataclasses
import functools
import gc
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from satlink import engine  # noqa: E402
from satlink.formats import puzzlekit  # noqa: E402

DEV = ROOT.parent / "shared" / "datasets" / "puzzlekit-dev"
#: (dataset genre, the board size as the records' first line writes it, or
#: None for every record: a collection of many sizes, batched by shape)
COLLECTIONS = {"slitherlink": [("Slitherlink", "10 18"), ("Slitherlink", "10 10"),
                               ("Slitherlink", None)],
               "masyu": [("Masyu", "10 10"), ("Masyu", "10 18"), ("Masyu", None)]}


def collection(genre: str, size: str | None, into: Path) -> Path:
    """A puzzlekit JSON file of the dev slice's records of one size (all with None)."""
    data = json.loads((DEV / f"{genre}.json").read_text())
    keep = {k: v for k, v in data["data"].items()
            if size is None or v["problem"].split("\n", 1)[0] == size}
    path = into / f"{genre}-{(size or 'all').replace(' ', 'x')}.json"
    path.write_text(json.dumps({"name": genre, "data": keep}))
    return path


def items_of(path: Path, genre: str):
    return [i for i in puzzlekit.read(path.read_text(), str(path), genre) if i.error is None]


def run(items, genre, batched: bool):
    """CPU seconds of the collection, (verdict, solutions) per board, the
    solver calls and the cuts."""
    gc.collect()
    t0 = time.process_time()
    with engine.BatchSolver(genre) as batch:  # no solver until it solves
        solve = batch.solve if batched else functools.partial(engine.search, genre)
        results = [solve(i.instance, limit=2) for i in items]
    took = time.process_time() - t0
    calls = sum(r.stats.calls for r in results)
    cuts = sum(r.stats.cuts for r in results)
    return took, [(r.verdict, r.solutions) for r in results], calls, cuts


def agree(fresh, batch) -> bool:
    """The same verdicts, and the same solutions where one is unique (of a
    board with several, each search shows two it verified, not
    necessarily the same two)."""
    return all(a[0] == b[0] and (a[0] == "multiple" or a[1] == b[1])
               for a, b in zip(fresh, batch, strict=True))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", choices=sorted(COLLECTIONS))
    ap.add_argument("--every-shape", action="store_true",
                    help="batch every board by its size, whatever the genre declares")
    args = ap.parse_args(argv)
    bad = 0
    print(f"{'genre':>12} {'size':>6} {'boards':>6} {'fresh s':>8} {'batch s':>8}"
          f" {'fresh/batch':>11} {'calls f/b':>11} {'cuts f/b':>11}  batch_shape")
    with tempfile.TemporaryDirectory() as tmp:
        for name, dataset, size in [(n, *c) for n, cs in COLLECTIONS.items() for c in cs]:
            if args.only and name != args.only:
                continue
            items = items_of(collection(dataset, size, Path(tmp)), dataset)
            genre = items[0].puzzle
            declared = genre.batch_shape is not None and not args.every_shape
            if not declared:  # measured whether declared or not
                genre = dataclasses.replace(genre, batch_shape=lambda inst: (inst.rows, inst.cols))
            times: dict[bool, list[float]] = {False: [], True: []}
            answers, work = {}, {}
            for k in range(args.rounds):
                for batched in ((False, True) if k % 2 == 0 else (True, False)):
                    took, answers[batched], calls, cuts = run(items, genre, batched)
                    times[batched].append(took)
                    work[batched] = (calls, cuts)
            if not agree(answers[False], answers[True]):
                bad += 1
                print(f"{name}: batch and fresh searches disagree", file=sys.stderr)
            fresh, batch = (statistics.median(times[b]) for b in (False, True))
            print(f"{name:>12} {(size or 'all').replace(' ', 'x'):>6} {len(items):>6} {fresh:>8.3f}"
                  f" {batch:>8.3f} {fresh / batch:>11.2f}"
                  f" {'%d/%d' % (work[False][0], work[True][0]):>11}"
                  f" {'%d/%d' % (work[False][1], work[True][1]):>11}"
                  f"  {'declared' if declared else 'every shape'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
