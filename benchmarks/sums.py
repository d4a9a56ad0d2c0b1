"""Encodings of sums over number cells, side by side on the cages of the
Kakuro and Killer Sudoku dev slices (../shared/datasets/puzzlekit-dev).

    python benchmarks/sums.py [--genres Kakuro KillerSudoku] [--limit N]
                              [--methods automaton table pindakaas ...] [--repeat 3]

Every board is encoded once per method (cells one-hot, the rules that are not
sums, then each run or cage through the method) and solved for the verdict
(a solution, a blocking clause, the proof that there is no other) with
CaDiCaL 1.9.5; the methods take turns board by board. Printed per method:
the median over boards of the sum clauses and auxiliary variables, all
clauses, encoding and verdict CPU milliseconds (best of ``--repeat``), and
the slowest verdict. Every verdict must be the published unique solution.

Methods: ``automaton`` is satlink's fold as ``Numbers.sum_is(distinct=True)``
had it before ``satlink.rules.sums`` (all different, digits no combination
holds refused, ``Numbers.fold_is``); ``fold`` ``sums.automaton``, the same
layered automaton without refusing digits first; ``table`` the digit sets of ``satlink.rules.sums``; ``pindakaas:ENC`` the sum
of integer variables on the one-hot literals through pindakaas (its default
encoder, or ``DECISION_DIAGRAM``, satlink's default for sums of values that
may repeat, ``TOTALIZER``, ``SEQUENTIAL_COUNTER``, ``SORTING_NETWORK``, ...); ``pblib:ENC`` ``pysat.pb`` over digit literals
weighted by their digit (``best``, ``bdd``, ``seqcounter``, ``sortnetwrk``,
``adder``, ``binmerge``; needs ``pypblib``). Except ``automaton`` and
``table`` the runs and cages get their all-different from
``Numbers.all_different``, as the table does.
"""
from __future__ import annotations

import argparse
import itertools
import json
import time

from _common import DATASETS, median, table
from pysat.solvers import Solver

from satlink.formula import Formula
from satlink.model import Model
from satlink.rules import counts, sums
from satlink.rules.numbers import Numbers

DEFAULT_METHODS = ["automaton", "fold", "table", "pindakaas", "pindakaas:DECISION_DIAGRAM",
                   "pindakaas:TOTALIZER", "pindakaas:SEQUENTIAL_COUNTER",
                   "pindakaas:SORTING_NETWORK", "pblib:best", "pblib:bdd",
                   "pblib:seqcounter", "pblib:sortnetwrk", "pblib:binmerge"]


def board(genre: str, record: dict):
    """(cells, values, groups all different, cages as (cells, total), the
    published solution as cell -> digit) from a dev-slice record."""
    rows = [line.split() for line in record["problem"].strip().splitlines()]
    sol_rows = [line.split() for line in record["solution"].strip().splitlines()][1:]
    R, C = int(rows[0][0]), int(rows[0][1])
    grid = rows[1:1 + R]
    if genre == "Kakuro":
        cells = [(r, c) for r in range(R) for c in range(C) if grid[r][c] == "0"]
        cages = []
        for r in range(R):
            for c in range(C):
                if "," not in grid[r][c]:
                    continue
                down, right = grid[r][c].split(",")
                for total, (dr, dc) in ((down, (1, 0)), (right, (0, 1))):
                    if total:
                        run, (rr, cc) = [], (r + dr, c + dc)
                        while rr < R and cc < C and grid[rr][cc] == "0":
                            run.append((rr, cc))
                            rr, cc = rr + dr, cc + dc
                        cages.append((run, int(total)))
        groups, values = [], range(1, 10)
    else:
        from satlink.puzzles.sudoku import default_box
        bw, bh = default_box(R)
        cells = [(r, c) for r in range(R) for c in range(C)]
        ids = rows[1 + R:1 + 2 * R]
        members: dict[str, list] = {}
        for r, c in cells:
            members.setdefault(ids[r][c], []).append((r, c))
        cages = [(members[ids[r][c]], int(grid[r][c])) for r, c in cells if grid[r][c] != "-"]
        groups = ([[(r, c) for c in range(C)] for r in range(R)]
                  + [[(r, c) for r in range(R)] for c in range(C)]
                  + [[(r, c) for r in range(br, br + bh) for c in range(bc, bc + bw)]
                     for br in range(0, R, bh) for bc in range(0, C, bw)])
        values = range(1, R + 1)
    sol = {(r, c): int(sol_rows[r][c]) for r, c in cells}
    return (cells, values, groups, cages), sol


def encode(view, method: str):
    """The formula, its Numbers, and the count of clauses the sums made."""
    cells, values, groups, cages = view
    f = Formula()
    n = Numbers(f, cells, values)
    for g in groups:
        n.all_different(g)
    before = len(f.clauses), f.num_vars
    name, _, enc = method.partition(":")
    for cage, total in cages:
        if name == "automaton":
            todays_automaton(n, cage, total)
            continue
        n.all_different(cage)
        if name == "fold":
            sums.sum_is(n, cage, total, method="automaton")
        elif name == "table":
            sums.sum_is(n, cage, total, distinct=True)
        elif name == "pindakaas":
            pindakaas_sum(f, n, cage, total, enc)
        elif name == "pblib":
            pblib_sum(f, n, cage, total, enc or "best")
        else:
            raise SystemExit(f"unknown method {method}")
    f.declare_answer(n.answer(), one_hot=True)
    return f, n, len(f.clauses) - before[0], f.num_vars - before[1]


def todays_automaton(n: Numbers, cage, total: int) -> None:
    """Numbers.sum_is(distinct=True) as it was before satlink.rules.sums:
    all different, the digits no set of distinct digits with that sum holds
    refused, and the fold automaton."""
    import operator

    n.all_different(cage)
    allowed = {v for s in itertools.combinations(sorted({v for c in cage for v in n.domain[c]}),
                                                 len(cage)) if sum(s) == total for v in s}
    n.f.extend([-x] for c in cage for v, x in n.var[c].items() if v not in allowed)
    n.fold_is(cage, operator.add, 0, total, name="sum")


def pindakaas_sum(f: Formula, n: Numbers, cage, total: int, encoder: str) -> None:
    """sum(cells) == total through pindakaas with ``encoder`` (its default
    encoder when empty): satlink.rules.sums's adapter."""
    layers = [sorted(n.var[c].items()) for c in cage]
    if encoder:
        _pindakaas(f, layers, total, "==", None, encoder)
        return
    import pindakaas as pk

    lits = [x for layer in layers for _, x in layer]
    db = pk.CNF()
    theirs = dict(zip(lits, db.new_vars(len(lits))))
    ivs = [db.int_var_from_direct_literals([v for v, _ in layer], [theirs[x] for _, x in layer])
           for layer in layers]
    try:
        db.add_encoding(sum(ivs[1:], ivs[0]) == total)
    except pk.Unsatisfiable:
        f.add([])
        return
    ours = {i + 1: x for i, x in enumerate(lits)}
    for clause in db._clauses_as_int():
        for v in clause:
            if abs(v) not in ours:
                ours[abs(v)] = f.new_aux()
        f.add([ours[abs(v)] if v > 0 else -ours[abs(v)] for v in clause])


def pblib_sum(f: Formula, n: Numbers, cage, total: int, encoding: str) -> None:
    """sum(digit * literal) == total through pysat.pb (PBLib)."""
    from pysat.pb import EncType, PBEnc

    terms = [(x, v) for c in cage for v, x in n.var[c].items()]
    cnf = PBEnc.equals(lits=[x for x, _ in terms], weights=[w for _, w in terms], bound=total,
                       vpool=f.pool, encoding=getattr(EncType, encoding))
    f.extend(cnf.clauses)


def verdict(f: Formula, n: Numbers):
    """The solutions (at most 2) as cell -> digit maps."""
    found = []
    with Solver(name="cadical195", bootstrap_with=f.clauses) as s:
        while len(found) < 2 and s.solve():
            m = Model(f, s.get_model())
            found.append({c: n.value(m, c) for c in n.cells})
            s.add_clause([-x for x in m.true_vars(f.answer)])
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--genres", nargs="+", default=["Kakuro", "KillerSudoku"])
    ap.add_argument("--methods", nargs="+", default=DEFAULT_METHODS)
    ap.add_argument("--limit", type=int, default=0, help="boards per genre (0: all)")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    for genre in args.genres:
        data = json.loads((DATASETS / "puzzlekit-dev" / f"{genre}.json").read_text())["data"]
        records = list(data.items())[: args.limit or None]
        stats = {m: {"sum": [], "aux": [], "clauses": [], "enc": [], "verdict": []}
                 for m in args.methods}
        bad = []
        for key, rec in records:
            view, sol = board(genre, rec)
            for m in args.methods:
                best_enc = best_ver = float("inf")
                for _ in range(args.repeat):
                    t0 = time.process_time()
                    f, n, k, aux = encode(view, m)
                    t1 = time.process_time()
                    found = verdict(f, n)
                    t2 = time.process_time()
                    best_enc, best_ver = min(best_enc, t1 - t0), min(best_ver, t2 - t1)
                if len(found) != 1 or found[0] != sol:
                    bad.append((key, m, len(found)))
                st = stats[m]
                st["sum"].append(k)
                st["aux"].append(aux)
                st["clauses"].append(len(f.clauses))
                st["enc"].append(best_enc * 1e3)
                st["verdict"].append(best_ver * 1e3)
        rows = []
        for m, st in stats.items():
            total = [a + b for a, b in zip(st["enc"], st["verdict"])]
            rows.append([m, median(st["sum"]), median(st["aux"]), median(st["clauses"]),
                         median(st["enc"]), median(st["verdict"]), median(total),
                         max(total)])
        print(f"\n{genre}: {len(records)} boards, medians per board (ms of CPU, best of "
              f"{args.repeat})")
        print(table(["method", "sum clauses", "sum aux", "all clauses", "encode ms",
                     "verdict ms", "total ms", "max total ms"], rows))
        for key, m, k in bad:
            print(f"  {key} {m}: {k} solutions or not the published one")


# -- pindakaas (measured here; not a dependency of satlink) ---------------------------------------------------------------------------------
def _pindakaas(f: Formula, layers: list[list[tuple[int, int]]], total: int, relation: str,
               when: int | None, encoder: str = "DECISION_DIAGRAM") -> None:
    """The sum of integer variables, each on one cell's (value, literal)
    pairs (pindakaas trusts their exactly-one, which ``Numbers`` adds),
    compared with ``total`` through pindakaas's decision diagram. Our
    literals become its first variables; its auxiliaries, fresh variables
    of ``f``. An impossible sum is ``[not when]``. ``encoder``: a
    ``pindakaas.Encoder`` name (the benchmark compares them)."""
    import pindakaas as pk

    ours = [x for layer in layers for _, x in layer]
    with counts.guarded(f, when):
        if not layers:
            if not sums.RELATIONS[relation](0, total):
                f.add([])
            return
        db = pk.CNF()
        theirs = dict(zip(ours, db.new_vars(len(ours))))
        ivs = [db.int_var_from_direct_literals([v for v, _ in layer],
                                               [theirs[x] for _, x in layer]) for layer in layers]
        expr = sum(ivs[1:], ivs[0])
        cons = {"==": expr == total, "<=": expr <= total, ">=": expr >= total}[relation]
        try:
            db.add_encoding(cons, encoder=getattr(pk.Encoder, encoder))
        except pk.Unsatisfiable:
            f.add([])
            return
        back = {i + 1: x for i, x in enumerate(ours)}

        def lit(v: int) -> int:
            x = back.get(abs(v))
            if x is None:
                x = back[abs(v)] = f.new_aux()
            return x if v > 0 else -x

        f.extend([lit(v) for v in clause] for clause in db._clauses_as_int())


if __name__ == "__main__":
    main()
