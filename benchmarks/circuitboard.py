"""Circuit Board on random boards with a unique solution, from a generator.

The generator builds a valid tree directly: start from one wire between two
points; repeatedly pick a leaf with at least two free neighbours (the free
cell with the fewest free neighbours first, so that pockets fill) and wire
it to two of them (the leaf gets degree 3, the two new points are leaves);
stop when no leaf can grow. The cells it did not reach are blacked out, so
the board is "10 x 10-ish" (best of ``--tries`` growths, 96-98 points of
100). Givens: solve the puzzle with the givens so far for two solutions;
while there is another tree, give one wire of the target that the other
tree lacks (chosen at random). ``--minimal`` then drops every given whose
removal keeps the solution unique (harder puzzles).

Timed per puzzle, from the .pzl text: parse + encode + verdict (two
solutions asked: the engine's uniqueness search); the median is the
target's figure (50 ms on 10 x 10). ``--shortest`` marks two random points
s and t and times the engine's minimisation (least s-t length, its proof,
verdict at that length; ``engine.solve`` on a board with ends) on the same
boards with half of their givens (so that several trees remain).

    python benchmarks/circuitboard.py                    # 30 boards 10 x 10, seed 1
    python benchmarks/circuitboard.py --minimal --count 20
    python benchmarks/circuitboard.py --shortest
    python benchmarks/circuitboard.py --setting acyclic=cycles   # the dropped variant
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
from satlink.puzzles import circuitboard as cb  # noqa: E402
from satlink.rules.grid import Grid, edge  # noqa: E402


def grow_tree(rows: int, cols: int, rng: random.Random) -> tuple[set, set]:
    """(points, wires) of a tree whose every point has 1 or 3 wires."""
    g = Grid(rows, cols)
    a = (rng.randrange(rows), rng.randrange(cols))
    b = rng.choice(g.neighbours(a))
    used, wires, degree = {a, b}, {edge(a, b)}, {a: 1, b: 1}

    def free(p):
        return [q for q in g.neighbours(p) if q not in used]

    while True:
        leaves = [p for p in used if degree[p] == 1 and len(free(p)) >= 2]
        if not leaves:
            return used, wires
        p = min(leaves, key=lambda p: min(len(free(q)) for q in free(p)) + rng.random())
        for q in sorted(free(p), key=lambda q: len(free(q)) + rng.random())[:2]:
            used.add(q)
            wires.add(edge(p, q))
            degree[q] = 1
        degree[p] = 3


def board(rows: int, cols: int, rng: random.Random, tries: int) -> tuple[set, set]:
    """The largest of ``tries`` grown trees (its points and wires)."""
    return max((grow_tree(rows, cols, rng) for _ in range(tries)), key=lambda t: len(t[0]))


def make_puzzle(rows: int, cols: int, rng: random.Random, tries: int = 20,
                minimal: bool = False, settings=None) -> tuple[cb.Instance, frozenset]:
    """A puzzle with a unique solution, and that solution."""
    points, wires = board(rows, cols, rng, tries)
    blocked = frozenset(c for c in Grid(rows, cols).cells if c not in points)
    target = frozenset(wires)
    givens: list = []
    while True:
        inst = cb.Instance(rows, cols, blocked, tuple(givens))
        found = engine.solve(cb.GENRE, inst, limit=2, settings=settings).solutions
        others = [s for s in found if s != target]
        if not others:
            break
        givens.append(rng.choice(sorted(target - others[0])))
    if minimal:
        for g in list(givens):
            trial = [h for h in givens if h != g]
            inst = cb.Instance(rows, cols, blocked, tuple(trial))
            if engine.solve(cb.GENRE, inst, limit=2, settings=settings).verdict == "unique":
                givens = trial
    return cb.Instance(rows, cols, blocked, tuple(givens)), target


def timed_verdict(text: str, settings=None, complete: bool = False):
    """Parse + encode + verdict of a .pzl text: (seconds, parse seconds, result)."""
    t0 = time.perf_counter()
    inst = cb.from_document(parse_text(text, "bench.pzl"))
    t1 = time.perf_counter()
    result = engine.solve(cb.GENRE, inst, limit=2, settings=settings, complete=complete)
    return time.perf_counter() - t0, t1 - t0, result


def with_ends(inst: cb.Instance, rng: random.Random) -> cb.Instance:
    s, t = rng.sample(list(inst.points), 2)
    half = inst.given[: len(inst.given) // 2]
    return cb.Instance(inst.rows, inst.cols, inst.blocked, half, (s, t))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--rows", type=int, default=10)
    ap.add_argument("--cols", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tries", type=int, default=20)
    ap.add_argument("--minimal", action="store_true")
    ap.add_argument("--shortest", action="store_true")
    ap.add_argument("--setting", action="append", default=[],
                    help="a genre setting NAME=VALUE for the timed solves")
    ap.add_argument("--complete", action="store_true",
                    help="time the complete encoding (the DIMACS mode) instead")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per puzzle (best kept)")
    args = ap.parse_args(argv)
    settings = dict(s.split("=", 1) for s in args.setting)
    rng = random.Random(args.seed)
    puzzles = [make_puzzle(args.rows, args.cols, rng, args.tries, args.minimal)
               for _ in range(args.count)]
    times, points, givens, cuts, calls = [], [], [], [], []
    parse_ms, encode_ms, solve_ms = [], [], []
    for inst, target in puzzles:
        text = cb.to_pzl(inst)
        best, parse_s, result = min((timed_verdict(text, settings, args.complete)
                                     for _ in range(args.repeat)), key=lambda r: r[0])
        assert result.verdict == "unique" and result.solutions == [target]
        times.append(best * 1000)
        parse_ms.append(parse_s * 1000)
        encode_ms.append(result.stats.encode_seconds * 1000)
        solve_ms.append(result.stats.solve_seconds * 1000)
        points.append(len(inst.points))
        givens.append(len(inst.given))
        cuts.append(result.stats.cuts)
        calls.append(result.stats.calls)
    print(f"{args.count} boards {args.cols} x {args.rows}, seed {args.seed},"
          f" {'minimal' if args.minimal else 'givens until unique'}, settings {settings}"
          f"{', complete encoding' if args.complete else ''}")
    print(f"points median {statistics.median(points)}, givens median {statistics.median(givens)}")
    print(f"parse+encode+verdict ms: median {statistics.median(times):.1f},"
          f" mean {statistics.mean(times):.1f}, max {max(times):.1f};"
          f" cuts median {statistics.median(cuts)}, solver calls median {statistics.median(calls)}")
    print(f"  medians: parse {statistics.median(parse_ms):.1f} ms, encode"
          f" {statistics.median(encode_ms):.1f} ms, solve {statistics.median(solve_ms):.1f} ms")
    if args.shortest:
        stimes, steps = [], []
        for inst, _ in puzzles:
            variant = with_ends(inst, rng)
            t0 = time.perf_counter()
            got = engine.solve(cb.GENRE, variant, limit=2)
            stimes.append((time.perf_counter() - t0) * 1000)
            assert got.objective is not None and got.verdict in ("unique", "multiple")
            for sol in got.solutions:
                assert cb.verify(variant, sol) == []
                assert cb.solution_json(variant, sol)["length"] == got.objective
            steps.append(len(got.descent))
        print(f"shortest (half the givens, random s and t) ms: median"
              f" {statistics.median(stimes):.1f}, mean {statistics.mean(stimes):.1f},"
              f" max {max(stimes):.1f}; descent steps median {statistics.median(steps)}")


if __name__ == "__main__":
    main()
