"""Issue 29's targets: every clue set of a loop, exact counts, good Numberlink
instances. CPU seconds (time.process_time) of this process.

    python benchmarks/clue_sets.py loop --size 7x5 --seed 1      # all cells candidates
    python benchmarks/clue_sets.py exact --size 8                 # blank n x n Slitherlink
    python benchmarks/clue_sets.py numberlink --size 4            # good instances, n x n

``loop``: a loop drawn by ``generate`` (seed), every cell's number a
candidate (``--candidates K``: K cells at random), then the minimal
difference sets and the good, minimal and minimum clue sets.
``numberlink``: every set of vertex-disjoint paths covering the n x n grid
(graphillion's frontier method: degrees 1 or 2, no cycle), grouped by the
pairs of ends they join; an endpoint layout is good when exactly one path
cover joins its pairs (Yoshinaka et al. 2012, Section 5). Layouts are
counted as sets of unlabelled pairs.
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from satlink import puzzles


def loop(args) -> None:
    from satlink.design.families import difference_sets
    from satlink.design.hitting import good_sets
    from satlink.design.oracle import Oracle
    from satlink.design.tasks import generate_one

    w, h = map(int, args.size.split("x"))
    puzzle = puzzles.get("slitherlink")
    shape = puzzle.design.blank(h, w, {})
    rng = random.Random(args.seed)
    target = generate_one(puzzle, shape, rng).solution
    cands = list(puzzle.design.clues_of(shape, target))
    if args.candidates:
        cands = rng.sample(cands, args.candidates)
    t0 = time.process_time()
    with Oracle(puzzle, shape, target, cands) as oracle:
        family = difference_sets(oracle, cands)
        sat_calls, cuts = oracle.session.calls_total, oracle.session.cuts_total
    t1 = time.process_time()
    g = good_sets(cands, family.sets)
    t2 = time.process_time()
    print(f"{w}x{h} loop (seed {args.seed}), {len(cands)} candidates:"
          f" {len(family.sets)} minimal difference sets ({family.calls} solver questions,"
          f" {sat_calls} SAT calls with the re-solves after {cuts} loop cuts)"
          f" in {t1 - t0:.1f} s; good {g.good}, minimal {g.minimal}, minimum {g.minimum_count}"
          f" of {g.minimum} clues in {t2 - t1:.1f} s; total {t2 - t0:.1f} s CPU")


def exact(args) -> None:
    from satlink.exact_count import exact_count

    puzzle = puzzles.get("slitherlink")
    n = int(args.size)
    t0 = time.process_time()
    found = exact_count(puzzle, puzzle.design.blank(n, n, {}))
    print(f"blank {n}x{n} Slitherlink: {found.count} loops ({found.method})"
          f" in {time.process_time() - t0:.2f} s CPU")


def path_covers(n: int) -> Counter:
    """Endpoint layout (a frozenset of frozenset pairs) -> the number of
    path covers of the n x n grid that join exactly its pairs."""
    from graphillion import GraphSet
    import networkx as nx

    edges = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
    edges += [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]
    GraphSet.set_universe(edges)
    covers = GraphSet.graphs(degree_constraints={(r, c): range(1, 3) for r in range(n)
                                                 for c in range(n)}, no_loop=True)
    layouts: Counter = Counter()
    for cover in covers:
        g = nx.Graph(cover)
        ends = frozenset(frozenset(v for v in part if g.degree(v) == 1)
                         for part in nx.connected_components(g))
        layouts[ends] += 1
    return layouts


def numberlink(args) -> None:
    n = int(args.size)
    t0 = time.process_time()
    layouts = path_covers(n)
    good = sum(1 for k in layouts.values() if k == 1)
    print(f"{n}x{n} Numberlink (every cell filled): {sum(layouts.values())} path covers,"
          f" {len(layouts)} endpoint layouts, {good} good (exactly one solution)"
          f" in {time.process_time() - t0:.2f} s CPU")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="what", required=True)
    q = sub.add_parser("loop")
    q.add_argument("--size", default="7x5")
    q.add_argument("--seed", type=int, default=1)
    q.add_argument("--candidates", type=int)
    q = sub.add_parser("exact")
    q.add_argument("--size", default="8")
    q = sub.add_parser("numberlink")
    q.add_argument("--size", default="4")
    args = p.parse_args()
    {"loop": loop, "exact": exact, "numberlink": numberlink}[args.what](args)


if __name__ == "__main__":
    main()
