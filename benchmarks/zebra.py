"""Zebra benchmarks: the 1962 puzzle's verdict time, and random puzzles from
6 houses x 6 attributes up to 10 x 10.

    python benchmarks/zebra.py                 # defaults: 200 repeats, 10 puzzles per size
    python benchmarks/zebra.py --repeats 50 --puzzles 5 --seed 1

Part 1 times the unique verdict of instances/zebra/life-international-1962.pzl
in process: parsing the text to an Instance, encoding, and solving with two
solver calls (one solution, then the proof that no second exists). The same
run measures other PySAT solvers as a baseline.

Part 2 builds random puzzles that are satisfiable by construction: a random
hidden solution, then random clues (every clue kind, weighted towards the
weak ones) that are true of it, added in batches of 4 until the engine says
the solution is unique. Only the verdict of the final puzzle is timed.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from satlink import engine  # noqa: E402
from satlink.lang import parse_text  # noqa: E402
from satlink.puzzles import zebra  # noqa: E402
from satlink.puzzles._zebra_clues import Clue, relation_holds  # noqa: E402

PUZZLE_1962 = ROOT / "instances" / "zebra" / "life-international-1962.pzl"
#: Clue kinds and their weights in random puzzles (weak clues more often, so
#: a puzzle needs many clues and some reasoning).
WEIGHTS = {"=": 2, "!=": 3, "at": 1, "not-at": 2, "left-of": 1, "right-of": 1,
           "somewhere-left-of": 2, "somewhere-right-of": 2, "next-to": 3, "not-next-to": 2,
           "distance": 2, "either": 3, "one-of": 2}
SIMPLE = [k for k in WEIGHTS if k not in ("either", "one-of")]


def random_relation(inst: zebra.Instance, where, rng: random.Random, truth: bool,
                    kinds=SIMPLE) -> zebra.Relation:
    """A random simple relation with the given truth value on the hidden solution."""
    n, k = inst.houses, len(inst.attributes)
    while True:
        kind = rng.choice(kinds)
        a = (rng.randrange(k), rng.randrange(n))
        if kind in ("at", "not-at"):
            rel = zebra.Relation(kind, a, None, rng.randrange(1, n + 1))
        else:
            b = (rng.randrange(k), rng.randrange(n))
            if b == a:
                continue
            d = rng.randrange(1, n) if kind == "distance" else None
            rel = zebra.Relation(kind, a, b, d)
        if relation_holds(inst, rel, where) == truth:
            return rel


def random_clue(inst: zebra.Instance, where, rng: random.Random) -> Clue:
    """A random clue that is true of the hidden solution ``where``."""
    kind = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    if kind == "either":
        rels = [random_relation(inst, where, rng, True),
                random_relation(inst, where, rng, rng.random() < 0.3)]
        rng.shuffle(rels)
        return Clue("either", tuple(rels))
    if kind == "one-of":
        m = rng.choice((2, 3))
        rels = [random_relation(inst, where, rng, True)]
        rels += [random_relation(inst, where, rng, False) for _ in range(m - 1)]
        rng.shuffle(rels)
        return Clue("one-of", tuple(rels))
    return Clue("simple", (random_relation(inst, where, rng, True, [kind]),))


def random_puzzle(n: int, k: int, rng: random.Random, batch: int = 4):
    """(instance, hidden solution): clues added in batches until unique."""
    attrs = tuple(f"a{i}" for i in range(k))
    values = tuple(tuple(f"v{i}_{j}" for j in range(n)) for i in range(k))
    hidden = tuple(tuple(rng.sample(vals, n)) for vals in values)
    base = zebra.Instance(n, attrs, values)
    where = zebra.houses_of(base, hidden)
    clues: list = []
    while True:
        clues += [random_clue(base, where, rng) for _ in range(batch)]
        inst = zebra.Instance(n, attrs, values, tuple(clues))
        if engine.solve(zebra.GENRE, inst).verdict == "unique":
            return inst, hidden


def timed_verdict(inst, solver: str = engine.DEFAULT_SOLVER):
    """(seconds, result) of one uniqueness verdict (encode + solve)."""
    t0 = time.perf_counter()
    res = engine.solve(zebra.GENRE, inst, solver=solver)
    return time.perf_counter() - t0, res


def part_1962(repeats: int) -> None:
    """Median and max of the 1962 verdict over ``repeats`` runs, per solver."""
    text = PUZZLE_1962.read_text()
    zebra.from_document(parse_text(text, str(PUZZLE_1962)))  # warm the lark parser
    print(f"## 1962 Life International puzzle, {repeats} repeats (in process)\n")
    print("| solver | parse ms (median) | encode ms | solve ms | verdict ms median | max |"
          " ratio to cadical195 |")
    print("|---|---|---|---|---|---|---|")
    base = None
    for solver in ("cadical195", "glucose4", "minisat22"):
        parse, enc, sol, total = [], [], [], []
        for _ in range(repeats):
            t0 = time.perf_counter()
            inst = zebra.from_document(parse_text(text, str(PUZZLE_1962)))
            t1 = time.perf_counter()
            res = engine.solve(zebra.GENRE, inst, solver=solver)
            t2 = time.perf_counter()
            assert res.verdict == "unique"
            parse.append(t1 - t0)
            enc.append(res.stats.encode_seconds)
            sol.append(res.stats.solve_seconds)
            total.append(t2 - t0)
        med = statistics.median(total)
        base = base or med
        print(f"| {solver} | {statistics.median(parse) * 1e3:.2f} |"
              f" {statistics.median(enc) * 1e3:.2f} | {statistics.median(sol) * 1e3:.2f} |"
              f" {med * 1e3:.2f} | {max(total) * 1e3:.2f} | {med / base:.2f} |")
    print("\nverdict = parse + encode + solve (two solver calls: a solution, then none)\n")


def part_scaling(sizes, puzzles: int, seed: int) -> None:
    """A table of verdict times for random unique puzzles of each size."""
    rng = random.Random(seed)
    print(f"## Random puzzles true of a hidden solution, clues added in batches of 4 until"
          f" unique; {puzzles} per size, seed {seed}\n")
    print("| houses x attrs | puzzles | clues (median) | variables | clauses |"
          " encode ms (median) | solve ms (median) | verdict ms median | max |"
          " generate s (total) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for n, k in sizes:
        t0 = time.perf_counter()
        made = [random_puzzle(n, k, rng) for _ in range(puzzles)]
        gen = time.perf_counter() - t0
        secs, enc, sol, nclues, nv, nc = [], [], [], [], [], []
        for inst, hidden in made:
            s, res = timed_verdict(inst)
            assert res.verdict == "unique" and res.solutions[0] == hidden
            secs.append(s)
            enc.append(res.stats.encode_seconds)
            sol.append(res.stats.solve_seconds)
            nclues.append(len(inst.clues))
            nv.append(res.stats.variables)
            nc.append(res.stats.clauses)
        print(f"| {n} x {k} | {len(made)} | {statistics.median(nclues):.0f} |"
              f" {statistics.median(nv):.0f} | {statistics.median(nc):.0f} |"
              f" {statistics.median(enc) * 1e3:.2f} | {statistics.median(sol) * 1e3:.2f} |"
              f" {statistics.median(secs) * 1e3:.2f} | {max(secs) * 1e3:.2f} | {gen:.1f} |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=200)
    ap.add_argument("--puzzles", type=int, default=10, help="random puzzles per size")
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args(argv)
    part_1962(args.repeats)
    part_scaling([(n, n) for n in range(6, 11)], args.puzzles, args.seed)


if __name__ == "__main__":
    main()
