"""Which at-most-one encoding should Formula use by default?

    python benchmarks/cardinality.py [--puzzles 300] [--repeat 3]

Solves the same Sudoku puzzles (solution + uniqueness verdict, batch mode)
with the exactly-one constraints built from each at-most-one encoding, and
prints median CPU seconds per puzzle, clause counts and the ratio to
pairwise (the baseline), all in one run. 9x9: top1465; 16x16: the janko
slice of puzzlekit (grid text).
"""
from __future__ import annotations

import argparse
import json
import time

from _common import DATASETS, median, table

import satlink
from satlink import formula as formula_mod
from satlink.engine import BatchSolver
from satlink.contract import Options
from satlink.formula import Formula
from satlink.puzzles import sudoku

ENCODINGS = ["pairwise", "ladder", "seqcounter", "bitwise", "totalizer"]


def sets(n_puzzles):
    nine = satlink.load(DATASETS / "sudoku" / "puzzles3_magictour_top1465.txt")[:n_puzzles]
    data = json.loads((DATASETS / "puzzlekit-dev" / "Sudoku.json").read_text())["data"]
    sixteen = [satlink.load_text(r["problem"], k, fmt="grid-text", puzzle_type="sudoku")[0]
               for k, r in data.items()]
    return {"9x9 top1465": nine, "16x16 janko": sixteen}


def run(items, encoding):
    old = formula_mod.Formula._at_most_one

    def amo(self, lits, enc):
        return old(self, lits, encoding)

    formula_mod.Formula._at_most_one = amo
    try:
        f = Formula()
        sudoku.encode(items[0].instance, f, Options(clues="selectors"))  # the rules alone
        t0 = time.process_time()
        with BatchSolver(sudoku.GENRE) as b:
            for it in items:
                assert b.solve(it.instance).verdict == "unique"
        return (time.process_time() - t0) / len(items), len(f.clauses)
    finally:
        formula_mod.Formula._at_most_one = old


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--puzzles", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rows = []
    for name, items in sets(args.puzzles).items():
        base = None
        for enc in ENCODINGS:
            times, clauses = [], 0
            for _ in range(args.repeat):
                t, clauses = run(items, enc)
                times.append(t)
            m = median(times)
            base = base or m
            rows.append([name, enc, clauses, m * 1000, f"{m / base:.2f}"])
    print(f"median of {args.repeat} runs, CPU ms per puzzle (solution + uniqueness)")
    print(table(["set", "at-most-one", "clauses", "ms/puzzle", "vs pairwise"], rows))


if __name__ == "__main__":
    main()
