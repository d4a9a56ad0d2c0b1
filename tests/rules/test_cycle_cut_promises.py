"""CycleCuts' promises, kept as a set of single points plus per-point lists
made only for promises of several points, answer _promised as the plain
per-point lists of (promise, need) do, and a lattice loop's finder reads
its consecutive edge variables by the range path with the same arrays."""
from __future__ import annotations

import random

import pytest

from satlink.formula import Formula
from satlink.rules.cycle_cuts import CycleCuts
from satlink.rules.grid import Grid
from satlink.rules.lattice_loop import LatticeLoop


def plain_promised(promises, pts):
    """Some promise (points, need) holds ``need`` or more of ``pts``."""
    return any(need > 0 and len(set(points) & set(pts)) >= need for points, need in promises)


@pytest.mark.parametrize("seed", range(40))
def test_promised_as_plain_lists(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 30)
    cc = CycleCuts()
    cc.index_arrays(n, [], [], [])
    made = []
    for _ in range(rng.randint(0, 5)):
        kind = rng.choice(["each", "points", "points"])
        points = rng.sample(range(n), rng.randint(0, min(n, 6)))
        if kind == "each":
            cc.promise_each(iter(points))
            made += [([p], 1) for p in points]
        else:
            need = rng.randint(0, 3)
            cc.promise_points(iter(points), need)
            made.append((points, need))
    for _ in range(20):
        pts = rng.sample(range(n), rng.randint(1, n))
        assert cc._promised(pts) == plain_promised(made, pts)


def test_lattice_loop_arrays_by_variable():
    f = Formula()
    loop = LatticeLoop(Grid(3, 4), f)
    w = 5
    for ((a, b), (c, d)), x in loop.edges.items():
        assert (loop.pu[x], loop.pv[x]) == (a * w + b, c * w + d)
        assert (c * w + d, x) in loop.nbrs[a * w + b]
    assert loop.ex == list(loop.edges.values())
