"""Where a small board's verdict goes, part by part, against python-sat's floor (issue 22).

    python benchmarks/verdict_fixed_cost.py Koburin Snake [--every K] [--rounds 3]

Per board of each genre's dev slice (``../shared/datasets/puzzlekit-dev/<Genre>.json``,
sorted ids, every K-th), in this process, in CPU time (``time.process_time_ns``),
the garbage collector run before each board and paused through it as
``engine.search`` pauses it, the uniqueness verdict is taken in the engine's
own steps, each timed (a board's figure is its least over ``--rounds``):

- **parse**: the text to the instance (``formats.load_text``, grid-text);
- **encode**: the verdict-mode formula (``engine.search.encode``);
- **ctor**: python-sat's solver made (``engine.solvers.new_solver``: CaDiCaL's constructor);
- **load**: the formula's clauses handed over (``engine.solvers.clause_loader``);
- **calls** / **model** / **cuts** / **add** / **decode** / **verify**: inside the
  search, the solver calls, ``get_model``, the encoding's lazy cuts (found), the
  clauses added (cuts and blocking clauses loaded), the decoding and the genre's
  ``verify``;
- **engine**: the rest of ``Session.solve`` (the session's own bookkeeping:
  models, blocking, digests, statistics);
- **delete**: the solver deleted (``Session.close``: CaDiCaL frees its memory);
- **release**: ``Formula.release`` (the clauses, the names and the pool freed);
- **free**: what the encoding and the session still held, freed when dropped.

Then the floor of the load, untimed for the verdict: the same clauses loaded
into a fresh solver through python-sat's C function alone (``pysolvers``, one
call a clause, the loop run by ``map`` in C) as the formula's lists, as fresh
copies of them and as tuples, in ns a clause (copies load as fast as tuples:
what a tuple saves is the scatter of the formula's lists in memory, not its
type, and making either costs more than it saves),
and ``bare``: the search done by the same solver calls, cuts, decode and verify
with none of the session's bookkeeping nor python-sat's Python wrapper (what
the engine adds: ``plain``, ``Session.solve`` on a fresh encoding with nothing
timed inside it, minus ``bare``; the parts' wrappers cost about 0.3 us a call,
which ``engine`` includes). Every verdict must be that of
``engine.search``.

The table: per genre the medians over its boards, in microseconds, and the
load's ns a clause (engine, raw lists, raw copies, raw tuples).
"""
from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections import deque
from itertools import repeat

from _common import DATASETS, loadavg, median, table  # also puts the project on sys.path

import pysolvers  # noqa: E402

from satlink import engine, formats  # noqa: E402
from satlink.contract import Options  # noqa: E402
from satlink.engine.search import encode, gc_paused  # noqa: E402
from satlink.engine import session as session_module  # noqa: E402
from satlink.engine.session import Session  # noqa: E402
from satlink.engine.solvers import clause_loader, new_solver  # noqa: E402
from satlink.errors import InputError  # noqa: E402
from satlink.model import Model  # noqa: E402

DEV = DATASETS / "puzzlekit-dev"
ns = time.process_time_ns
PARTS = ("parse", "encode", "ctor", "load", "calls", "model", "cuts", "add", "decode", "verify",
         "engine", "delete", "release", "free")
#: The parts inside ``Session.solve`` (the engine's ``solve`` but for the pruning's completion).
INSIDE = ("calls", "model", "cuts", "add", "decode", "verify", "engine")
SOLVER = "cadical195"  # the engine's default, whose C functions the floor calls


def _timed_session_parts(acc: dict) -> None:
    """The session module's ``new_solver`` and ``clause_loader`` timed into
    ``acc`` (its first load "load", the clauses added later "add")."""
    def solver(name: str):
        t = ns()
        try:
            return new_solver(name)
        finally:
            acc["ctor"] += ns() - t

    def loader(solver, name: str):
        load = clause_loader(solver, name)
        first = [True]

        def timed(clauses) -> None:
            part = "load" if first[0] else "add"
            first[0] = False
            t = ns()
            load(clauses)
            acc[part] += ns() - t
        return timed
    session_module.new_solver, session_module.clause_loader = solver, loader


class _Timed:
    """``fn`` that adds its CPU time to ``acc[label]`` (a wrapper costs about
    0.3 us a call, counted in the part it wraps)."""

    __slots__ = ("fn", "acc", "label")

    def __init__(self, fn, acc: dict, label: str) -> None:
        self.fn, self.acc, self.label = fn, acc, label

    def __call__(self, *args, **kwargs):
        t = ns()
        try:
            return self.fn(*args, **kwargs)
        finally:
            self.acc[self.label] += ns() - t


def parts_of(genre: str, key: str, text: str) -> tuple[dict, str, object]:
    """One verdict in the engine's steps: (CPU ns by part, verdict, the item)."""
    acc = dict.fromkeys(PARTS, 0)
    kept = session_module.new_solver, session_module.clause_loader
    _timed_session_parts(acc)
    try:
        return _parts(genre, key, text, acc)
    finally:
        session_module.new_solver, session_module.clause_loader = kept


def _parts(genre: str, key: str, text: str, acc: dict) -> tuple[dict, str, object]:
    t = ns()
    item = formats.load_text(text, key, "grid-text", genre)[0]
    if item.error is not None:
        raise item.error
    acc["parse"] = ns() - t
    puzzle = item.puzzle
    with gc_paused():
        t = ns()
        enc = encode(puzzle, item.instance, Options(prune=True))
        t1 = ns()
        session = Session(puzzle, enc, SOLVER, sliced=True)
        acc["encode"] = t1 - t
        solver = session.solver
        solver.solve_limited = _Timed(solver.solve_limited, acc, "calls")
        solver.get_model = _Timed(solver.get_model, acc, "model")
        enc.cuts = _Timed(enc.cuts, acc, "cuts")
        enc.decode = _Timed(enc.decode, acc, "decode")
        session.puzzle = _Verifying(puzzle, acc)
        t = ns()
        result = session.solve(item.instance, limit=2, deadline=time.perf_counter() + 60)
        acc["engine"] = ns() - t - sum(acc[p] for p in INSIDE if p != "engine")
        t = ns()
        session.close()
        t1 = ns()
        enc.formula.release()
        t2 = ns()
        del enc, session, solver
        acc["free"] = ns() - t2
        acc["delete"], acc["release"] = t1 - t, t2 - t1
    return acc, result.verdict, item


class _Verifying:
    """The genre with its ``verify`` timed (the session reads ``verify``,
    ``name`` and ``cells`` of it)."""

    def __init__(self, puzzle, acc: dict) -> None:
        self.verify = _Timed(puzzle.verify, acc, "verify")
        self.name, self.cells = puzzle.name, puzzle.cells


def bare(item) -> tuple[int, int, int, int, int]:
    """(CPU ns of the search done bare, of loading the clauses as the
    formula holds them, as fresh copies of those lists, as tuples, the number
    of clauses): python-sat's C functions called directly."""
    enc = encode(item.puzzle, item.instance, Options(prune=True))
    f = enc.formula
    clauses = f.clauses
    copies, tuples = [list(c) for c in clauses], [tuple(c) for c in clauses]
    add, model = pysolvers.cadical195_add_cl, pysolvers.cadical195_model
    loads = []
    for cls in (clauses, copies, tuples):
        h = pysolvers.cadical195_new()
        t = ns()
        deque(map(add, repeat(h), cls), maxlen=0)
        loads.append(ns() - t)
        pysolvers.cadical195_del(h, None)
    h = pysolvers.cadical195_new()
    deque(map(add, repeat(h), clauses), maxlen=0)
    t = ns()
    found = 0
    while found < 2:
        pysolvers.cadical195_cbudget(h, 1000)
        if pysolvers.cadical195_solve_lim(h, [], 1) != 1:
            break
        m = Model(f, model(h), dense=True)
        cuts = enc.cuts(m)
        if cuts:
            deque(map(add, repeat(h), cuts), maxlen=0)
            continue
        if item.puzzle.verify(item.instance, enc.decode(m)):
            raise AssertionError(f"{item.puzzle.name}: a solution breaks the rules")
        found += 1
        block = [-v for v in m.true_answer()] if f.answer_one_hot else m.block(f.answer)
        if not block:
            break
        add(h, block)
    took = ns() - t
    pysolvers.cadical195_del(h, None)
    f.release()
    return took, *loads, len(clauses)


def plain_solve(item) -> int:
    """CPU ns of ``Session.solve`` on a fresh encoding, nothing wrapped."""
    enc = encode(item.puzzle, item.instance, Options(prune=True))
    with Session(item.puzzle, enc, SOLVER, sliced=True) as session:
        t = ns()
        session.solve(item.instance, limit=2, deadline=time.perf_counter() + 60)
        took = ns() - t
    enc.formula.release()
    return took


def board(genre: str, key: str, text: str, rounds: int) -> dict | None:
    """The board's least CPU per part over ``rounds``, with the floor; None
    when it is no uniqueness verdict (a malformed record, a multiple puzzle)."""
    best: dict = {}
    for _ in range(rounds):
        gc.collect()
        try:
            acc, verdict, item = parts_of(genre, key, text)
        except InputError:  # a malformed record: no verdict to take apart
            return None
        if verdict != "unique":
            return None
        gc.collect()
        with gc_paused():
            search, raw_list, raw_copy, raw_tuple, n = bare(item)
        gc.collect()
        with gc_paused():
            plain = plain_solve(item)
        acc.update(bare=search, plain=plain, raw=raw_list, copies=raw_copy, tuples=raw_tuple)
        for k, v in acc.items():
            best[k] = min(best.get(k, v), v)
        best["clauses"] = n
    check = engine.search(item.puzzle, item.instance, limit=2)
    if check.verdict != "unique":
        raise AssertionError(f"{genre} {key}: engine.search says {check.verdict}")
    return best


HEADERS = ["genre", "boards", "clauses", *PARTS, "solve", "plain", "bare", "plain-bare",
           "load ns/cl", "raw lists", "raw copies", "raw tuples"]


def genre_row(genre: str, boards: list[dict]) -> list:
    us = lambda k: median([b[k] for b in boards]) / 1e3  # noqa: E731
    inside = INSIDE
    solve = median([sum(b[p] for p in inside) for b in boards]) / 1e3
    per = lambda k: median([b[k] / b["clauses"] for b in boards])  # noqa: E731
    return [genre, len(boards), f"{median([b['clauses'] for b in boards]):.0f}",
            *(f"{us(p):.0f}" for p in PARTS), f"{solve:.0f}", f"{us('plain'):.0f}",
            f"{us('bare'):.0f}", f"{median([b['plain'] - b['bare'] for b in boards]) / 1e3:.0f}",
            f"{per('load'):.0f}", f"{per('raw'):.0f}", f"{per('copies'):.0f}",
            f"{per('tuples'):.0f}"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genres", nargs="+", help="dataset genre names (puzzlekit-dev/<Genre>.json)")
    ap.add_argument("--every", type=int, default=4, help="every K-th board (sorted ids)")
    ap.add_argument("--rounds", type=int, default=3, help="runs per board; the least kept")
    ap.add_argument("--json", help="write the per-board figures (ns) to this file")
    args = ap.parse_args(argv)
    missing = [g for g in args.genres if not (DEV / f"{g}.json").is_file()]
    if missing:
        ap.error(f"no dev-slice file for {', '.join(missing)}")
    if args.every < 1 or args.rounds < 1:
        ap.error("--every and --rounds must be 1 or more")
    print(f"load {loadavg()}; every {args.every}. board, least of {args.rounds} rounds;"
          " CPU us (load columns: ns a clause)", flush=True)
    rows, out = [], {}
    for genre in args.genres:
        data = json.loads((DEV / f"{genre}.json").read_text())["data"]
        keys = sorted(data)[::args.every]
        board(genre, keys[0], data[keys[0]]["problem"], 1)  # warm-up, untimed
        got = {k: board(genre, k, data[k]["problem"], args.rounds) for k in keys}
        out[genre] = got
        kept = [b for b in got.values() if b]
        if kept:
            rows.append(genre_row(genre, kept))
            print(table(HEADERS, rows[-1:]), flush=True)
    print()
    print(table(HEADERS, rows))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
