"""The shared per-board helpers (issue 22, core15), before and after: CPU
microseconds a call under two checkouts, interleaved in fresh interpreters.

    python benchmarks/core15_helpers.py --base 7cb551c [--head REV] [--rounds 5]

Times, on fixed inputs (a 12 x 12 board and a loop through half its cell
edges), the grid helpers every genre reads (``Grid(r, c).cells``,
``cell_edges``, ``around`` and ``exits`` over every cell, ``edges_from_exits``),
``Model.value`` over every literal of a 1,000-variable model, the
collector's pause entered and left, and a search of a stub genre (four
variables: the engine's own cost a board, solver construction included).
Each figure is the least over the rounds of a loop's mean, per call.
"""
from __future__ import annotations

import argparse

from _common import checkout, loadavg, run_under, table

CHILD = r"""
import json, sys, time, gc
import satlink
from satlink import engine
from satlink.contract import Encoding
from satlink.engine.search import gc_paused
from satlink.formula import Formula
from satlink.model import Model
from satlink.rules.grid import Grid, edges_from_exits, exits

def per_call(fn, n):
    fn()
    t = time.process_time()
    for _ in range(n):
        fn()
    return (time.process_time() - t) / n * 1e6

g = Grid(12, 12)
on = frozenset(g.cell_edges()[::2])
letters = {c: exits(on, c) for c in g.cells}
f = Formula()
xs = [f.var("x", i) for i in range(1000)]
m = Model(f, [x if x % 3 else -x for x in xs], dense=True)
lits = xs + [-x for x in xs]

class Stub:
    name, objective, cells = "stub", None, None
    def encode(self, inst, f, options):
        class Enc(Encoding):
            def decode(self, model):
                return tuple(model.value(v) for v in self.formula.answer)
        ys = [f.var("y", i) for i in range(4)]
        f.exactly_one(ys)
        f.declare_answer(ys, one_hot=True)
        return Enc(inst, f, options)
    def verify(self, inst, solution):
        return []

stub = Stub()
def pause():
    with gc_paused():
        pass

cases = {
    "Grid(12, 12).cells": (lambda: Grid(12, 12).cells, 2000),
    "Grid(12, 12).cell_edges()": (lambda: Grid(12, 12).cell_edges(), 2000),
    "around, every cell": (lambda: [g.around(c) for c in g.cells], 300),
    "exits, every cell": (lambda: [exits(on, c) for c in g.cells], 300),
    "edges_from_exits": (lambda: edges_from_exits(letters), 300),
    "Model.value, 2,000 literals": (lambda: [m.value(v) for v in lits], 100),
    "gc_paused enter and leave": (pause, 20000),
    "search of a stub genre": (lambda: engine.search(stub, None, limit=2), 1000),
}
gc.disable()
out = {name: per_call(fn, n) for name, (fn, n) in cases.items()}
gc.enable()
print(json.dumps({"satlink": satlink.__file__, "times": out}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True)
    ap.add_argument("--head", default=None)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    best: dict[str, dict[str, float]] = {"before": {}, "after": {}}
    with checkout(args.base) as base, checkout(args.head) as head:
        for i in range(args.rounds):
            sides = [("before", base), ("after", head)]
            for side, tree in (sides if i % 2 == 0 else sides[::-1]):
                for name, us in run_under(tree, CHILD)["times"].items():
                    best[side][name] = min(best[side].get(name, us), us)
    rows = [[name, f"{best['before'][name]:.2f}", f"{us:.2f}", f"{us / best['before'][name]:.2f}"]
            for name, us in best["after"].items()]
    print(f"us a call, least of {args.rounds} rounds; {loadavg()}")
    print(table(["helper", "before", "after", "after/before"], rows))


if __name__ == "__main__":
    main()
