"""Batches against fresh searches on the dev slice (issue 22, item 5).

    python benchmarks/batches.py [Genre ...] [--rounds 3]

A genre whose clues are values of its answer on a board of fixed shape
(Sudoku's givens, Binairo's symbols, Eulero's digits, the Gattai family's
givens) can solve every puzzle of one shape on one solver: the rules are
encoded once with every cell's every value behind a selector (the design
tools' selector mode) and each puzzle's clues are assumptions
(:class:`satlink.engine.BatchSolver`). Whether that pays is a measurement:
the fresh encoding works out what the givens decide before the solver sees
the formula, the shared one cannot.

For each genre, the well-formed records of
``../shared/datasets/puzzlekit-dev/<Genre>.json`` are solved (uniqueness
verdict, two solutions asked) by a fresh ``engine.search`` each and by one
``BatchSolver``, alternately per round, in this process: CPU time
(``time.process_time``) of the whole collection, the median over rounds.
The genres without ``batch_shape`` are tried with the board's size as the
shape key. Verdicts and solutions must agree; a disagreement is printed
and the exit code is 1.
"""
from __future__ import annotations

import argparse
import dataclasses
import gc
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from satlink import engine  # noqa: E402
from satlink.formats import puzzlekit  # noqa: E402

DEV = ROOT.parent / "shared" / "datasets" / "puzzlekit-dev"
CANDIDATES = ["Sudoku", "Binairo", "Eulero", "SamuraiSudoku", "ButterflySudoku",
              "Gattai8Sudoku", "WindmillSudoku", "SoheiSudoku", "ShogunSudoku",
              "SumoSudoku", "Clueless1Sudoku", "Clueless2Sudoku"]


def items_of(name: str):
    path = DEV / f"{name}.json"
    return [i for i in puzzlekit.read(path.read_text(), str(path), name) if i.error is None]


def run(items, genre, batched: bool) -> tuple[float, list]:
    gc.collect()
    t0 = time.process_time()
    if batched:
        with engine.BatchSolver(genre) as batch:
            results = [batch.solve(i.instance, limit=2) for i in items]
    else:
        results = [engine.search(genre, i.instance, limit=2) for i in items]
    return time.process_time() - t0, [(r.verdict, r.solutions[:1]) for r in results]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("genres", nargs="*", default=CANDIDATES)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    bad = 0
    print(f"{'genre':>16} {'boards':>6} {'fresh s':>8} {'batch s':>8} {'fresh/batch':>11}"
          "  batch_shape")
    for name in args.genres:
        items = items_of(name)
        genre = items[0].puzzle
        declared = genre.batch_shape is not None
        if not declared:
            genre = dataclasses.replace(genre, batch_shape=lambda inst: (inst.rows, inst.cols))
        times: dict[bool, list[float]] = {False: [], True: []}
        answers = {}
        for k in range(args.rounds):
            for batched in ((False, True) if k % 2 == 0 else (True, False)):
                took, answers[batched] = run(items, genre, batched)
                times[batched].append(took)
        if answers[False] != answers[True]:
            bad += 1
            print(f"{name}: batch and fresh searches disagree", file=sys.stderr)
        fresh, batch = (statistics.median(times[b]) for b in (False, True))
        print(f"{name:>16} {len(items):>6} {fresh:>8.3f} {batch:>8.3f} {fresh / batch:>11.2f}"
              f"  {'declared' if declared else 'tried'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
