"""Numberlink benchmarks over the public sets (see README for the targets).

    python benchmarks/numberlink.py [SET ...] [--solver NAME] [--timeout S]
                                    [--baseline] [--cpsat] [--workers N]
                                    [--set KEY=VALUE ...] [--first] [--touch yes|no]
                                    [--variant NAME:KEY=VALUE,... ...] [--boards ID,...]

Sets: flowfree, adc, inputs10, inputs6, janko. Each puzzle is solved for a
uniqueness verdict (limit 2) except ADC and inputs6 (limit 1: solved). Per
set: count, solved, verdicts, mean / median / max seconds, solver calls, cuts,
encode vs solve time. Janko solutions are compared with the published ones. ``--baseline`` reruns the set with graph_cuts.cycle_cuts
instead of region cuts, no 2 x 2 clauses, so the ratio is measured in the
same run. ``--cpsat`` also runs an OR-Tools CP-SAT model on every board
(one ``AddCircuit`` per label, see ``cpsat_verdict``; ``pip install ortools``,
or puzzlekit, which brings it) with the same time limit (30 s without
``--timeout``), verifies its solutions with ``numberlink.verify``, lists the
boards where both gave a verdict and the verdicts differ (none expected) and
prints the ratio of the medians. ``--set labels=binary`` etc. pass settings
(satlink.rules.end_paths.DEFAULTS) to every solve.
A timeout needs a solver satlink can stop (not lingeling).

Every board runs through ``tests/numberlink_steps.two_steps`` in a child process
(the time limit as in ``engine.solve``): the first solution, then the proof,
each with its seconds and CaDiCaL conflicts. ``--first`` asks for the first
solution only (limit 1, as ``solve --first``). ``--variant`` runs each board
once per variant, side by side in the same run (interleaved): ``NAME:`` then
settings, and ``first=1`` to search the first solution of a verdict under
the focus (the spike selector; the engine does this for limit 1 only),
``fresh=1`` to prove in a new solver. Without ``--variant`` one variant,
``default``. ``--touch no`` applies the no-touching rule to every board.
janko boards read as the grid text says (fill all, touch no: janko's rule,
encodings/numberlink.md); the measurements before 2026-11-27 ran them under
fill any with touch yes (``--fill any --touch yes``).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter

from _common import DATASETS  # also puts the project on sys.path

from satlink import engine, formats  # noqa: E402
from satlink.engine.bounded import bounded  # noqa: E402
from satlink.formats import grid_text  # noqa: E402
from satlink.limits import Limits  # noqa: E402
from satlink.puzzles import numberlink as nl  # noqa: E402
from satlink.rules.end_paths import settings_of  # noqa: E402
from satlink.rules.path_cells import DIRS  # noqa: E402
from tests.numberlink_steps import two_steps  # noqa: E402


#: janko id -> published solution (filled by load_set); run lists in WRONG the
#: boards whose unique verdict came with another solution (none expected).
PUBLISHED: dict = {}
WRONG: list = []


def load_set(name: str):
    """(id, instance, limit) for every puzzle of a set."""
    nlk = DATASETS / "numberlink"
    if name == "flowfree":
        for f in sorted((nlk / "flowfree").glob("*.txt")):
            yield f.stem, formats.load(f)[0].instance, 2
    elif name == "adc":
        for f in sorted((nlk / "adc2015" / "Q").glob("*.txt")):
            yield f.stem, formats.load(f)[0].instance, 1
    elif name in ("inputs10", "inputs6"):
        items = formats.load(nlk / "generated" / f"{name}.txt")
        for it in items:
            if it.error is not None:  # e.g. above the size limit: say so, go on
                print(f"  {name} line {it.source.line}: refused: {it.error.message}",
                      file=sys.stderr)
        items = [it for it in items if it.error is None]
        if name == "inputs6":  # smallest first: report the largest solved
            items.sort(key=lambda i: i.instance.rows * i.instance.cols)
        for it in items:
            inst = it.instance
            yield f"line {it.source.line} ({inst.cols}x{inst.rows})", inst, \
                1 if name == "inputs6" else 2
    elif name == "janko":
        data = json.loads((DATASETS / "puzzlekit-dev" / "NumberLink.json").read_text())["data"]
        for key, rec in data.items():
            inst = nl.GENRE.from_grid_text(grid_text.split(rec["problem"], key))
            PUBLISHED[key] = nl.GENRE.solution_from_grid_text(rec["solution"], inst)
            yield key, inst, 2
    else:
        raise SystemExit(f"unknown set {name}")


def parse_variant(text: str, common: dict) -> tuple[str, dict, bool, bool, dict]:
    """``NAME:key=value,...`` -> (name, settings, first_focus, fresh_proof,
    rules): ``touch=no`` and ``fill=any`` change the board's rules."""
    name, _, rest = text.partition(":")
    settings, first, fresh, rules = dict(common), False, False, {}
    for kv in filter(None, rest.split(",")):
        k, v = kv.split("=", 1)
        if k in ("touch", "fill"):
            rules[k] = v
            continue
        v = {"0": False, "1": True}.get(v, int(v) if v.isdigit() else v)
        if k == "first":
            first = bool(v)
        elif k == "fresh":
            fresh = bool(v)
        else:
            settings[k] = v
    settings_of(settings)  # an unknown name stops here
    return name, settings, first, fresh, rules


def measure(inst, limit: int, variant, solver: str, timeout: float | None) -> dict:
    """One board, one variant, in a child process under ``timeout``."""
    _name, settings, first, fresh, rules = variant
    inst = nl.apply_options(inst, rules)

    def go(deadline, _sliced):
        out = two_steps(inst, settings, limit=limit, first_focus=first or limit == 1,
                              solver=solver, deadline=deadline, fresh_proof=fresh)
        out["solutions"] = out["solutions"][:2]
        return out

    def unknown(reason):
        return {"verdict": "unknown", "solutions": [], "conflicts": [], "seconds": [],
                "encode_s": 0.0, "reason": reason}

    t0 = time.perf_counter()
    out = bounded(go, Limits(timeout, None), unknown)
    out["total"] = time.perf_counter() - t0
    return out


def run(name: str, boards, solver: str, timeout: float | None, budget: float | None,
        variants) -> dict:
    """Every board under every variant (interleaved): variant name -> rows
    (key, verdict, seconds, result dict)."""
    rows = {v[0]: [] for v in variants}
    for key, inst, limit in boards:
        line = []
        for variant in variants:
            out = measure(inst, limit, variant, solver, timeout)
            verdict = out["verdict"]  # limit 1 (ADC, inputs6, --first): "solved"
            rows[variant[0]].append((key, verdict, out["total"], out))
            note = ""
            if key in PUBLISHED and out["solutions"]:
                note = "=pub" if PUBLISHED[key] in out["solutions"] else "!=pub"
                if verdict == "unique" and PUBLISHED[key] not in out["solutions"]:
                    WRONG.append(key)
            line.append(f"{variant[0]}: {verdict}{note} {out['total']:.3f}s"
                        f" conflicts={'+'.join(map(str, out['conflicts'])) or '-'}")
        print(f"  {name} {key}: " + " | ".join(line), file=sys.stderr, flush=True)
        if budget is not None and max(r[-1][2] for r in rows.values()) > budget:
            break
    return rows


def cpsat_verdict(inst, limit: float, workers: int, want: int = 2):
    """(verdict, solutions) from CP-SAT, a reference model written from the rules;
    ``want=1`` stops at the first solution (verdict ``solved``).

    Per label k with endpoints a, b: Booleans for the moves u -> v between
    neighbouring cells k may use (not into a, not out of b, never through
    another label's endpoint) and a self-loop ``skip`` per other cell, joined
    by ``AddCircuit`` with the fixed arc b -> a: so k's moves form one path
    from a to b. A cell has at most one label (exactly one under fill all).
    The second search forbids the first solution's moves. Every solution is
    checked by ``numberlink.verify``.
    """
    from ortools.sat.python import cp_model as cp

    W, H = inst.cols, inst.rows
    owner = {p: k for k, pts in inst.endpoints.items() for p in pts}
    cells = [(r, c) for r in range(H) for c in range(W)]
    idx = {p: i for i, p in enumerate(cells)}
    m = cp.CpModel()
    moves: dict = {}  # (k, u, v) -> literal
    on = {p: [] for p in cells if p not in owner}  # cell -> "label k uses it" literals
    for k, (a, b) in inst.endpoints.items():
        arcs = [(idx[b], idx[a], m.NewConstant(1))]
        for p in cells:
            if owner.get(p, k) != k:
                arcs.append((idx[p], idx[p], m.NewConstant(1)))  # never on k's path
                continue
            if p not in owner:
                skip = m.NewBoolVar("")
                arcs.append((idx[p], idx[p], skip))
                on[p].append(skip.Not())
            if p == b:
                continue
            for dr, dc in DIRS.values():
                q = (p[0] + dr, p[1] + dc)
                if q in idx and q != a and owner.get(q, k) == k:
                    x = moves[k, p, q] = m.NewBoolVar("")
                    arcs.append((idx[p], idx[q], x))
        m.AddCircuit(arcs)
    for lits in on.values():
        (m.AddExactlyOne if inst.fill == "all" else m.AddAtMostOne)(lits)
    solver = cp.CpSolver()
    if workers:
        solver.parameters.num_search_workers = workers
    deadline = time.perf_counter() + limit
    solutions = []
    for _ in range(want):
        solver.parameters.max_time_in_seconds = max(0.01, deadline - time.perf_counter())
        status = solver.Solve(m)
        if status == cp.INFEASIBLE:
            verdict = ("none", "unique")[len(solutions)]
            return verdict, solutions
        if status not in (cp.OPTIMAL, cp.FEASIBLE):
            return "unknown", solutions
        chosen = [x for x in moves.values() if solver.Value(x)]
        nxt = {p: q for (k, p, q), x in moves.items() if solver.Value(x)}
        sol = []
        for k, (a, b) in inst.endpoints.items():
            path = [a]
            while path[-1] != b:
                path.append(nxt[path[-1]])
            sol.append((k, tuple(path)))
        problems = nl.verify(inst, tuple(sol))
        if problems:
            raise SystemExit(f"CP-SAT model gave a wrong solution: {problems}")
        solutions.append(tuple(sol))
        m.AddBoolOr([x.Not() for x in chosen])
    return ("solved" if want == 1 else "multiple"), solutions


def run_cpsat(name: str, boards, limit: float, workers: int):
    rows = []
    for key, inst, want in boards:
        t0 = time.perf_counter()
        verdict, _ = cpsat_verdict(inst, limit, workers, want)
        total = time.perf_counter() - t0
        rows.append((key, verdict, total, None))
        print(f"  {name} {key}: CP-SAT {verdict} {total:.3f}s", file=sys.stderr, flush=True)
    return rows


def table(name: str, label: str, rows, within: float = 2.0) -> None:
    secs = [r[2] for r in rows]
    verdicts = Counter(r[1] for r in rows)
    if name == "janko" and WRONG:
        print(f"  janko: unique verdicts differing from the published solution: "
              f"{', '.join(WRONG)}", file=sys.stderr)
    solved = sum(v in ("unique", "multiple", "solved", "none") for _, v, _, _ in rows)
    fast = sum(v != "unknown" and t <= within for _, v, t, _ in rows)
    worst = max(rows, key=lambda r: r[2])
    if rows[0][3] is None:  # CP-SAT: no conflicts or encoding split
        extra = "- | - | - | -"
    else:
        conf = [sum(r[3]["conflicts"]) for r in rows if r[1] != "unknown"]
        first = [r[3]["conflicts"][0] for r in rows if r[3]["conflicts"]]
        enc = sum(r[3]["encode_s"] for r in rows)
        inner = [r[3]["encode_s"] + sum(r[3]["seconds"]) for r in rows if r[1] != "unknown"]
        extra = (f"{statistics.median(inner) if inner else float('nan'):.3f} |"
                 f" {statistics.median(first) if first else '-'} |"
                 f" {statistics.median(conf) if conf else '-'} | {enc:.2f}")
    print(f"| {name} | {label} | {len(rows)} | {solved} | {fast} | "
          + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items()))
          + f" | {statistics.median(secs):.3f} | {max(secs):.3f}"
          f" ({worst[0]}) | {extra} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="*", default=["flowfree", "adc", "inputs10", "janko"])
    ap.add_argument("--solver", default=engine.DEFAULT_SOLVER)
    ap.add_argument("--timeout", type=float)
    ap.add_argument("--within", type=float, default=2.0,
                    help="the table counts the verdicts within this many seconds")
    ap.add_argument("--baseline", action="store_true")
    ap.add_argument("--cpsat", action="store_true", help="also run the CP-SAT reference model")
    ap.add_argument("--workers", type=int, default=0,
                    help="CP-SAT num_search_workers (0: its default, all cores)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--variant", action="append", default=[], metavar="NAME:KEY=VALUE,...")
    ap.add_argument("--first", action="store_true", help="first solution only (limit 1)")
    ap.add_argument("--touch", choices=nl.TOUCHES, help="apply this touch rule to every board")
    ap.add_argument("--fill", choices=nl.FILLS, help="apply this fill rule to every board")
    ap.add_argument("--boards", help="only these ids (comma-separated)")
    args = ap.parse_args()
    common = parse_variant(":" + ",".join(args.set), {})[1]
    variants = [parse_variant(v, common) for v in args.variant or ["default:"]]
    if args.baseline:
        variants.append(parse_variant("baseline-cycle-cuts:cuts=cycle,squares=0", common))
    print("| set | variant | count | answered | within "
          f"{args.within:g} s | verdicts | median s | max s | median s in-process (answered) |"
          " median conflicts, first | median conflicts, all | encode s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name in args.sets:
        budget = 60.0 if name == "inputs6" else None
        boards = list(load_set(name))
        if args.boards:
            wanted = args.boards.split(",")
            boards = [b for b in boards if b[0] in wanted]
        options = {k: v for k, v in (("touch", args.touch), ("fill", args.fill)) if v}
        boards = [(k, nl.apply_options(i, options), 1 if args.first else lim)
                  for k, i, lim in boards]
        rows = run(name, boards, args.solver, args.timeout, budget, variants)
        for label, got in rows.items():
            table(name, label, got, args.within)
        ours = next(iter(rows.values()))
        if args.cpsat:  # on the boards satlink ran (inputs6 stops at the budget)
            theirs = run_cpsat(name, boards[:len(ours)], args.timeout or 30.0, args.workers)
            table(name, "CP-SAT (AddCircuit per label)", theirs, args.within)
            a = statistics.median(r[2] for r in ours)
            b = statistics.median(r[2] for r in theirs)
            differ = [o[0] for o, t in zip(ours, theirs)
                      if "unknown" not in (o[1], t[1]) and o[1] != t[1]]
            print(f"  {name}: median CP-SAT / satlink = {b / a:.1f}"
                  f" ({sum(r[1] == 'unknown' for r in theirs)} CP-SAT unknown);"
                  f" verdicts that differ: {', '.join(differ) or 'none'}", file=sys.stderr)


if __name__ == "__main__":
    main()
