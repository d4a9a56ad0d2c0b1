"""Per-puzzle overhead of the region-division genres, before and after, interleaved.

    python benchmarks/divisions_overhead.py --base /path/to/base-checkout Araf Nawabari \
        [--rounds 3] [--every 1]
    python benchmarks/divisions_overhead.py --dimacs Araf     # per-board formula hashes, this checkout

Each round runs, for every genre, a fresh interpreter on the base checkout and
one on this one (their order alternating by round), over the genre's dev slice
(``../shared/datasets/puzzlekit-dev/<Genre>.json``, sorted ids, every K-th).
Per board the worker measures, in its own process with ``time.process_time``
(CPU, which a shared machine disturbs least): parse (text to instance), encode,
load (clauses into the solver) and solve (search, cuts and verify), the
uniqueness verdict of ``engine.search`` (limit 2) and its clause count; a board
is kept at its best round. The table prints per genre and checkout the medians
of the verdict (parse to verdict), of each part, verdict/solve (the ratio of the
medians, issue 22's target: at most 2), clauses, and how many boards came out
unique and equal to the published solution.

``--dimacs``: per board, a hash of the formula's DIMACS as the verdict encodes
it (prune mode) and in complete mode; with ``--base``, the boards whose
formulas differ between the checkouts (a change that only speeds up Python
leaves every formula identical; a second hash sorts each clause's literals,
for a change that only reorders them).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from _common import DATASETS, ROOT, median, table

DEV = DATASETS / "puzzlekit-dev"

#: Run in the measured interpreter: argv = checkout, genre, every, mode.
WORKER = r"""
import gc, hashlib, json, sys, time
sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[1] + "/benchmarks")
from satlink import engine, formats
from satlink.contract import Options
from satlink.engine.session import Session
from satlink.engine.search import encode as encode_of
import peer
from satlink.errors import InputError

def read(key, rec):
    try:
        item = formats.load_text(rec["problem"], key, "grid-text", genre)[0]
    except InputError:
        return None
    return None if item.error is not None else item
genre, every, mode = sys.argv[2], int(sys.argv[3]), sys.argv[4]
records = peer.load(genre, every)
clock = time.process_time

def timed_search(puzzle, inst):
    # engine.search's parts, each in CPU time: the wall clock of a shared machine lies
    t0 = clock()
    enc = encode_of(puzzle, inst, Options(prune=True))
    t1 = clock()
    with Session(puzzle, enc, sliced=False) as session:  # the clauses loaded
        t2 = clock()
        result = session.solve(inst, limit=2)
        t3 = clock()
    return result, enc, t1 - t0, t2 - t1, t3 - t2

first = next(iter(records))  # warm-up, untimed: imports and tables
item = read(first, records[first])
if mode == "time" and item is not None:
    timed_search(item.puzzle, item.instance)
out = {}
for i, (key, rec) in enumerate(records.items()):
    if mode == "dimacs":
        item = read(key, rec)
        if item is None:
            out[key] = "input"
            continue
        h = []
        for opts in (Options(prune=True), Options(complete=True)):
            f = encode_of(item.puzzle, item.instance, opts).formula
            h.append(hashlib.sha1(f.to_dimacs().encode()).hexdigest()[:12])
            names = sorted(f.pool.id2obj.items(), key=lambda kv: kv[0])
            h.append(hashlib.sha1(repr((names, [sorted(c) for c in f.clauses])).encode()
                                  ).hexdigest()[:12])
        out[key] = h
        continue
    gc.collect()
    c0 = clock()
    item = read(key, rec)
    if item is None:
        out[key] = {"verdict": "input"}
        continue
    parse = clock() - c0
    result, enc, encode, load, solve = timed_search(item.puzzle, item.instance)
    total = clock() - c0
    want = peer.published(item.puzzle, rec.get("solution", ""), item.instance)
    out[key] = {"verdict": result.verdict, "total": total, "parse": parse, "encode": encode,
                "load": load, "solve": solve, "clauses": len(enc.formula.clauses),
                "equal": bool(result.solutions) and result.solutions[0] == want}
print(json.dumps(out))
"""


def run(checkout: str, genre: str, every: int, mode: str) -> dict:
    done = subprocess.run([sys.executable, "-c", WORKER, checkout, genre, str(every), mode],
                          capture_output=True, text=True, cwd=checkout)
    if done.returncode:
        raise SystemExit(f"{checkout} {genre}: {done.stderr[-2000:]}")
    return json.loads(done.stdout)


def best(rounds: list[dict]) -> dict:
    out = {}
    for key in rounds[0]:
        runs = [r[key] for r in rounds]
        if "total" not in runs[0]:
            out[key] = runs[0]
            continue
        out[key] = min(runs, key=lambda r: r["total"])
    return out


def summary(boards: dict) -> list:
    ok = [b for b in boards.values() if "total" in b]
    med = {k: median([b[k] for b in ok]) * 1000 for k in ("total", "parse", "encode", "load", "solve")}
    good = sum(b["verdict"] == "unique" and b["equal"] for b in ok)
    ratio = med["total"] / med["solve"] if med["solve"] > 0 else float("inf")
    return [f"{med['total']:.1f}", f"{ratio:.1f}" if med["solve"] >= 1 else f"({ratio:.1f})",
            " / ".join(f"{med[k]:.1f}" for k in ("parse", "encode", "load", "solve")),
            f"{median([b['clauses'] for b in ok]):.0f}", f"{sum(b['clauses'] for b in ok)}",
            f"{good}/{len(boards)}"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("genres", nargs="+")
    ap.add_argument("--base", help="a checkout to compare with (a git worktree)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--dimacs", action="store_true", help="per-board formula hashes, this checkout")
    args = ap.parse_args()
    here = str(ROOT)
    if args.dimacs:
        for g in args.genres:
            this = run(here, g, args.every, "dimacs")
            if not args.base:
                print(json.dumps({g: this}))
                continue
            base = run(args.base, g, args.every, "dimacs")
            differ = sorted(k for k in this if this[k] != base.get(k))
            loose = sorted(k for k in differ if this[k] == "input" or base.get(k) == "input"
                           or this[k][1::2] != base[k][1::2])
            print(f"{g}: {len(this) - len(differ)} of {len(this)} boards with identical DIMACS"
                  f" (verdict and complete mode); {len(this) - len(loose)} with the same"
                  f" variables and clauses, each clause's literals sorted"
                  f"{'; differ: ' if loose else ''}" + " ".join(loose))
        return
    print(Path("/proc/loadavg").read_text().strip() if Path("/proc/loadavg").exists() else "")
    sides = {"base": args.base, "this": here} if args.base else {"this": here}
    rows = []
    for g in args.genres:
        got: dict[str, list] = {s: [] for s in sides}
        for r in range(args.rounds):
            for s in (list(sides) if r % 2 == 0 else list(sides)[::-1]):
                got[s].append(run(sides[s], g, args.every, "time"))
        for s in sides:
            rows.append([g, s, *summary(best(got[s]))])
    print(table(["genre", "side", "verdict med ms", "verdict/solve", "parse/enc/load/solve",
                 "clauses med", "clauses sum", "unique=pub"], rows))
    print(Path("/proc/loadavg").read_text().strip() if Path("/proc/loadavg").exists() else "")


if __name__ == "__main__":
    main()
