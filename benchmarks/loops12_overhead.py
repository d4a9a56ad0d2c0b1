"""Per-puzzle overhead of some genres, two source trees side by side (issue 22).

    python benchmarks/loops12_overhead.py compare Nonogram Doors --base ../wt-base [--rounds 3]
    python benchmarks/loops12_overhead.py formulas Nonogram > hashes.json   # this tree
    python benchmarks/loops12_overhead.py measure Nonogram                  # this tree, JSON

``measure``: every board of the genre's dev slice (``../shared/datasets/puzzlekit-dev``),
in this process: parse (grid text to instance), then the uniqueness verdict
(``engine.search``, limit 2), with the engine's clock read as CPU time
(``time.process_time``); prints one JSON object, the per-board parts, the
clause count and whether the verdict is unique and equal to the published
solution.

``formulas``: per board, the verdict-mode formula (the options ``engine.search``
uses for limit 2) as a SHA-1 of its clauses and answer variables, and its
clause and variable counts: equal hashes on two trees show a change that keeps
formulas identical.

``compare``: ``measure`` on this tree and on ``--base``, each in its own child
process (``PYTHONPATH`` set to the tree), alternating, ``--rounds`` times;
prints per genre and tree the median over boards (best round) of parse /
encode / load / solve and the verdict, the verdict over the solve, the median
clause count and the boards unique and equal to the published solution.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from _common import DATASETS, ROOT, median, table

DEV = DATASETS / "puzzlekit-dev"
PARTS = ("parse", "encode", "load", "solve")


def _records(genre: str) -> dict:
    data = json.loads((DEV / f"{genre}.json").read_text())["data"]
    return {k: data[k] for k in sorted(data)}


def measure(genre: str) -> dict:
    time.perf_counter = time.process_time  # the engine's stats in CPU time
    from satlink import engine, formats
    from satlink.errors import InputError
    from satlink.formats.grid_text import split
    rows, records = [], _records(genre)
    first = next(iter(records))  # warm-up, untimed: the genre's imports
    item = formats.load_text(records[first]["problem"], first, "grid-text", genre)[0]
    if item.error is None:
        engine.search(item.puzzle, item.instance, limit=2)
    for key, rec in records.items():
        t0 = time.process_time()
        try:
            item = formats.load_text(rec["problem"], key, "grid-text", genre)[0]
        except InputError as exc:
            rows.append({"key": key, "error": str(exc)})
            continue
        if item.error is not None:
            rows.append({"key": key, "error": str(item.error)})
            continue
        parse = time.process_time() - t0
        res = engine.search(item.puzzle, item.instance, limit=2)
        s = res.stats
        pub = rec.get("solution", "")
        equal = bool(pub.strip()) and res.verdict == "unique" and \
            res.solutions[0] == item.puzzle.solution_from_grid_text(split(pub), item.instance)
        rows.append({"key": key, "parse": parse, "encode": s.encode_seconds,
                     "load": s.load_seconds, "solve": s.solve_seconds,
                     "clauses": s.clauses, "unique_pub": equal})
    return {"genre": genre, "rows": rows}


def formulas(genre: str) -> dict:
    from satlink import formats
    from satlink.contract import Options
    from satlink.errors import InputError
    from satlink.engine.search import encode
    out = {}
    for key, rec in _records(genre).items():
        try:
            item = formats.load_text(rec["problem"], key, "grid-text", genre)[0]
        except InputError:  # a malformed record: no formula
            continue
        if item.error is not None:
            continue
        enc = encode(item.puzzle, item.instance, Options(prune=True))
        f = enc.formula if hasattr(enc, "formula") else None
        h = hashlib.sha1()
        for c in f.clauses:
            h.update(" ".join(map(str, c)).encode() + b"\n")
        h.update(b"answer " + " ".join(map(str, f.answer)).encode())
        out[key] = {"sha1": h.hexdigest(), "clauses": len(f.clauses), "vars": f.num_vars}
    return out


def _child(tree: str, genre: str) -> dict:
    env = dict(os.environ, PYTHONPATH=tree)
    script = Path(tree) / "benchmarks" / Path(__file__).name
    if not script.exists():  # the base tree lacks this script: run ours against its package
        script = Path(__file__)
    out = subprocess.run([sys.executable, str(script), "measure", genre], env=env,
                         capture_output=True, text=True, check=True, cwd=tree)
    return json.loads(out.stdout)


def _summary(rounds: list[dict]) -> list:
    best = None
    for r in rounds:
        rows = [x for x in r["rows"] if "error" not in x]
        med = {k: median([x[k] for x in rows]) for k in PARTS}
        med["verdict"] = median([sum(x[k] for k in PARTS) for x in rows])
        if best is None or med["verdict"] < best[0]["verdict"]:
            best = (med, rows)
    med, rows = best
    return [*(f"{med[k] * 1e3:.2f}" for k in (*PARTS, "verdict")),
            f"{med['verdict'] / med['solve']:.2f}" if med["solve"] else "-",
            f"{median([x['clauses'] for x in rows]):.0f}",
            f"{sum(x['unique_pub'] for x in rows)}/{len(rows)}"]


def compare(genres: list[str], base: str, n: int) -> str:
    trees = {"base": str(Path(base).resolve()), "new": str(ROOT)}
    out = []
    for genre in genres:
        got = {t: [] for t in trees}
        for i in range(n):
            order = list(trees) if i % 2 == 0 else list(trees)[::-1]
            for t in order:
                got[t].append(_child(trees[t], genre))
        for t in trees:
            out.append([genre, t, *_summary(got[t])])
    return table(["genre", "tree", "parse", "encode", "load", "solve", "verdict",
                  "verdict/solve", "clauses", "unique=pub"], out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("command", choices=("measure", "formulas", "compare"))
    ap.add_argument("genres", nargs="+")
    ap.add_argument("--base", help="the other source tree (compare)")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    if args.command == "measure":
        print(json.dumps(measure(args.genres[0])))
    elif args.command == "formulas":
        print(json.dumps({g: formulas(g) for g in args.genres}, indent=0))
    else:
        print(f"load before: {open('/proc/loadavg').read().strip()}")
        print(compare(args.genres, args.base, args.rounds))
        print(f"load after: {open('/proc/loadavg').read().strip()}")


if __name__ == "__main__":
    main()
