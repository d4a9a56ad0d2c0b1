"""The Latin-square rule (satlink.rules.latin) against the Sudoku module's
own encoding, side by side on the Sudoku (16 x 16) and Jigsaw Sudoku dev
slices (../shared/datasets/puzzlekit-dev).

    python benchmarks/latin.py [--genres Sudoku JigsawSudoku] [--limit N] [--repeat 3]

Per board and encoding: variables, clauses, encoding CPU, verdict CPU
(clauses loaded into CaDiCaL 1.9.5, a solution, a blocking clause, the proof
that there is no other); medians over the boards, best of ``--repeat`` per
board, the encodings taking turns board by board. ``sudoku.py`` is
satlink/puzzles/sudoku.py (givens' digits removed from their rows, columns
and boxes, every other candidate encoded); ``latin`` is
``Latin(...)`` with the givens worked out by ``narrow`` first. Jigsaw boards
are encoded by ``sudoku.py``'s method with the regions as boxes
(``sudoku-style``): the same units, candidates and exactly-one groups.
Every verdict must be the published unique solution.
"""
from __future__ import annotations

import argparse
import json
import time

from _common import DATASETS, median, table
from pysat.solvers import Solver

from satlink import contract
from satlink.formula import Formula
from satlink.model import Model
from satlink.rules.latin import Latin, grid_units


def board(genre: str, record: dict):
    """(n, units, givens, solution) of a dev-slice record."""
    rows = [line.split() for line in record["problem"].strip().splitlines()]
    n = int(rows[0][0])
    grid = rows[1:1 + n]
    givens = {(r, c): int(grid[r][c]) for r in range(n) for c in range(n) if grid[r][c] != "-"}
    if genre == "Sudoku":
        import math
        b = math.isqrt(n)
        units = grid_units(n, n, box=(b, b))
    else:
        ids = rows[1 + n:1 + 2 * n]
        regions: dict[str, list] = {}
        for r in range(n):
            for c in range(n):
                regions.setdefault(ids[r][c], []).append((r, c))
        units = grid_units(n, n, regions=list(regions.values()))
    sol_rows = [line.split() for line in record["solution"].strip().splitlines()][1:]
    sol = {(r, c): int(sol_rows[r][c]) for r in range(n) for c in range(n)}
    return n, units, givens, sol


def encode_sudoku_style(n, units, givens):
    """sudoku.py's method over any units (for the jigsaw boards)."""
    if all(len(u) == n for u in units) and _square_boxes(n, units):
        from satlink.puzzles import sudoku
        inst = sudoku.make(n, [[givens.get((r, c), 0) for c in range(n)] for r in range(n)])
        f = Formula()
        enc = sudoku.SudokuEncoding(inst, f, contract.Options())
        return f, lambda m: {(r, c): d for r, row in enumerate(enc.decode(m))
                             for c, d in enumerate(row)}
    f = Formula()
    placed = [{givens[c] for c in u if c in givens} for u in units]
    unit_of: dict = {}
    for i, u in enumerate(units):
        for c in u:
            unit_of.setdefault(c, []).append(i)
    cands = {}
    for c in unit_of:
        if c in givens:
            continue
        taken = set().union(*(placed[i] for i in unit_of[c]))
        cands[c] = [(d, f.var("cell", *c, d)) for d in range(1, n + 1) if d not in taken]
    digit_of = {v: (c, d) for c, ds in cands.items() for d, v in ds}
    f.declare_answer(digit_of, one_hot=True)
    for lits in cands.values():
        f.exactly_one([v for _, v in lits])
    for i, u in enumerate(units):
        by_digit = {d: [] for d in range(1, n + 1) if d not in placed[i]}
        for c in u:
            for d, v in cands.get(c, ()):
                by_digit[d].append(v)
        for lits in by_digit.values():
            f.exactly_one(lits)
    return f, lambda m: {**givens, **{c: d for v in m.true_answer() for c, d in [digit_of[v]]}}


def _square_boxes(n, units):
    import math
    b = math.isqrt(n)
    return b * b == n and units == grid_units(n, n, box=(b, b))


def encode_latin(n, units, givens):
    f = Formula()
    cells = [(r, c) for r in range(n) for c in range(n)]
    sq = Latin(f, cells, units, range(1, n + 1), givens)
    return f, lambda m: sq.grid(m)


ENCODERS = {"sudoku.py": encode_sudoku_style, "latin": encode_latin}


def verdict(f: Formula, read):
    found = []
    with Solver(name="cadical195", bootstrap_with=f.clauses) as s:
        while len(found) < 2 and s.solve():
            m = Model(f, s.get_model())
            found.append(read(m))
            s.add_clause([-x for x in m.true_vars(f.answer)])
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--genres", nargs="+", default=["Sudoku", "JigsawSudoku"])
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    for genre in args.genres:
        data = json.loads((DATASETS / "puzzlekit-dev" / f"{genre}.json").read_text())["data"]
        records = list(data.items())[: args.limit or None]
        stats = {e: {"vars": [], "clauses": [], "enc": [], "verdict": []} for e in ENCODERS}
        bad = []
        for key, rec in records:
            n, units, givens, sol = board(genre, rec)
            for name, enc in ENCODERS.items():
                best = [float("inf"), float("inf")]
                for _ in range(args.repeat):
                    t0 = time.process_time()
                    f, read = enc(n, units, givens)
                    t1 = time.process_time()
                    found = verdict(f, read)
                    t2 = time.process_time()
                    best = [min(best[0], t1 - t0), min(best[1], t2 - t1)]
                if len(found) != 1 or found[0] != sol:
                    bad.append((key, name, len(found)))
                st = stats[name]
                st["vars"].append(f.num_vars)
                st["clauses"].append(len(f.clauses))
                st["enc"].append(best[0] * 1e3)
                st["verdict"].append(best[1] * 1e3)
        rows = []
        for name, st in stats.items():
            total = [a + b for a, b in zip(st["enc"], st["verdict"])]
            rows.append([name, median(st["vars"]), median(st["clauses"]), median(st["enc"]),
                         median(st["verdict"]), median(total), max(total)])
        print(f"\n{genre}: {len(records)} boards, medians per board (ms of CPU, best of "
              f"{args.repeat})")
        print(table(["encoding", "variables", "clauses", "encode ms", "verdict ms",
                     "total ms", "max total ms"], rows))
        for key, name, k in bad:
            print(f"  {key} {name}: {k} solutions or not the published one")


if __name__ == "__main__":
    main()
