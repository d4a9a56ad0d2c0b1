"""Experiment: does reachability reasoning save the CDCL search conflicts on Numberlink?

    python benchmarks/numberlink_reach.py [BOARD ...] [--cut-vertices]

For janko boards (default 179_15x15 and 474_15x15) the pruned verdict formula
of satlink is solved twice with CaDiCaL 1.9.5, once as it is and once with a
propagator attached through PySAT's IPASIR-UP interface, and the conflicts
and seconds of both steps are printed side by side: the first solution, then
the proof that no other solution of the formula exists (its answer literals
blocked, as the engine's second call does).

The propagator (``Reach``) watches the one-hot label variables. For a label k
with endpoints a and b it searches the cells that k may still use (endpoints
of k, and cells whose ``label(u, k)`` is not false) from a:
- when b is not reached, the clause "one of the cells just outside the
  reached region has label k" is false: a conflict;
- a cell not reached cannot have label k, with that clause as its reason;
- with ``--cut-vertices``, a cell whose removal separates a from b must have
  label k (the reason: the same clause for the region reached without it).
All three are valid: in a solution k's path runs from a to b through cells of
label k, so it leaves any region holding a but not b through a cell of label
k outside it. Every solution found is checked by ``numberlink.verify``.

Measured 2026-11-21 on six 15 x 15 boards (table in encodings/numberlink.md):
single steps moved up to tenfold either way, 16 % fewer conflicts in total;
the Python callbacks made the steps 2 to 90 times slower.
"""
from __future__ import annotations

import argparse
import json
import time

from _common import DATASETS  # also puts the project on sys.path

from pysat.engines import Propagator  # noqa: E402
from pysat.solvers import Solver  # noqa: E402

from satlink import engine  # noqa: E402
from satlink.contract import Options  # noqa: E402
from satlink.formats import grid_text  # noqa: E402
from satlink.model import Model  # noqa: E402
from satlink.puzzles import numberlink as nl  # noqa: E402


class Reach(Propagator):
    """Label reachability for one-hot labels (see the module docstring)."""

    def __init__(self, inst, lay, cut_vertices: bool = False):
        super().__init__()
        self.cut_vertices = cut_vertices
        self.nbr = [[v for v, _x in around] for around in lay.cell_edges]
        self.ends = {k: [r * lay.w + c for r, c in pts] for k, pts in inst.endpoints.items()}
        self.lit: dict = {k: {} for k in inst.endpoints}  # label -> cell -> variable
        self.owner: dict[int, str] = {}  # variable -> label
        for u, row in lay.table.items():
            for k, x in row.items():
                if x:  # 0 stands for an endpoint's constant label
                    self.lit[k][u] = x
                    self.owner[x] = k
        self.val: dict[int, bool] = {}
        self.trail: list[int] = []
        self.levels: list[int] = []
        self.dirty = set(inst.endpoints)  # labels that lost a cell since the last check
        self.reason: dict[int, list[int]] = {}
        self.pending: list[list[int]] = []
        self.conflicts = self.propagated = 0

    def observe_all(self, solver) -> None:
        for x in self.owner:
            solver.observe(x)

    def on_assignment(self, lit, fixed=False):
        self.val[abs(lit)] = lit > 0
        if not fixed:
            self.trail.append(abs(lit))
        if lit < 0:
            self.dirty.add(self.owner[-lit])

    def on_new_level(self):
        self.levels.append(len(self.trail))

    def on_backtrack(self, to):
        if to < len(self.levels):
            n = self.levels[to]
            for x in self.trail[n:]:
                self.val.pop(x, None)
            del self.trail[n:]
            del self.levels[to:]

    def check_model(self, model):
        return True  # the engine's own cuts and verify judge models

    def decide(self):
        return 0

    def region(self, k, banned=None):
        """Cells k can reach from its first endpoint, and the label-k
        literals (all false) of the cells just outside."""
        lits, val, ends = self.lit[k], self.val, self.ends[k]
        seen, outside, stack = {ends[0]}, set(), [ends[0]]
        while stack:
            u = stack.pop()
            for v in self.nbr[u]:
                if v in seen or v == banned:
                    continue
                if v not in ends:
                    x = lits.get(v)
                    if x is None:
                        continue  # another label's endpoint, or out of k's reach
                    if val.get(x) is False:
                        outside.add(x)
                        continue
                seen.add(v)
                stack.append(v)
        return seen, sorted(outside)

    def propagate(self):
        out = []
        for k in list(self.dirty):
            seen, outside = self.region(k)
            b = self.ends[k][1]
            if b not in seen:
                self.pending.append(outside)
                self.conflicts += 1
                break
            for u, x in self.lit[k].items():
                if u not in seen and x not in self.val:
                    self.reason[-x] = [-x] + outside
                    out.append(-x)
            if self.cut_vertices:
                out += self.forced(k, seen)
        self.dirty.clear()
        self.propagated += len(out)
        return out

    def forced(self, k, seen):
        """Cells on every route from a to b (tried along one shortest route)."""
        a, b = self.ends[k]
        parent, queue = {a: None}, [a]
        for u in queue:
            if u == b:
                break
            for v in self.nbr[u]:
                if v in seen and v not in parent:
                    parent[v] = u
                    queue.append(v)
        out, u = [], parent[b]
        while u is not None and u != a:
            x = self.lit[k].get(u)
            if x is not None and x not in self.val:
                cut, outside = self.region(k, banned=u)
                if b not in cut:
                    self.reason[x] = [x] + outside
                    out.append(x)
            u = parent[u]
        return out

    def provide_reason(self, lit):
        return self.reason[lit]

    def has_clause(self):
        return bool(self.pending)

    def add_clause(self):
        return self.pending.pop()


def measure(inst, variant: str) -> str:
    enc = engine.encode(nl.GENRE, inst, Options(prune=True))
    f = enc.formula
    solver = Solver(name="cadical195", bootstrap_with=f.clauses)
    solver.set_phases(f.phases)
    if variant != "plain":
        prop = Reach(inst, enc.paths, cut_vertices=variant == "cut vertices")
        solver.connect_propagator(prop)
        prop.observe_all(solver)
    parts, before = [], 0
    for step in ("first", "proof"):
        t0 = time.perf_counter()
        found = solver.solve()
        took = time.perf_counter() - t0
        conflicts = solver.accum_stats()["conflicts"]
        parts.append(f"{step}: {'sat' if found else 'unsat'} {conflicts - before} conflicts"
                     f" {took:.2f} s")
        before = conflicts
        if not found:
            break
        model = Model(f, solver.get_model(), dense=True)
        solution = enc.decode(model)
        if enc.cuts(model) or nl.verify(inst, solution):
            raise SystemExit("not a solution: this experiment adds no loop cuts")
        solver.add_clause([-x for x in model.true_answer()])
    solver.delete()
    return "; ".join(parts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("boards", nargs="*", default=["179_15x15", "474_15x15"])
    ap.add_argument("--cut-vertices", action="store_true",
                    help="also force the cells every route crosses (slow: minutes per board)")
    args = ap.parse_args()
    data = json.loads((DATASETS / "puzzlekit-dev" / "NumberLink.json").read_text())["data"]
    variants = ["plain", "reach"] + (["cut vertices"] if args.cut_vertices else [])
    for key in args.boards:
        inst = nl.GENRE.from_grid_text(grid_text.split(data[key]["problem"], key))
        # the rule of the 2026-11-21 measurements (one-hot labels, pruned); the
        # grid text itself now reads as fill all with touch no
        inst = nl.apply_options(inst, {"fill": "any", "touch": "yes"})
        for variant in variants:
            print(f"{key} {variant:12s} {measure(inst, variant)}", flush=True)


if __name__ == "__main__":
    main()
