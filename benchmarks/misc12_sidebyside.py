"""peer.py's satlink side under two checkouts, interleaved: verdict/solve before and after.

    python benchmarks/misc12_sidebyside.py --base /work/wt-base Usoone Skyscraper [--every 1] [--rounds 3]

Each round runs ``benchmarks/peer.py GENRES --side satlink --json F`` of the base
checkout and of this one, one after the other (the order alternates by round), each a
fresh interpreter importing its own checkout, whose ``time.perf_counter`` is made the
process CPU clock before anything is imported: the engine's parts (parse, encode, load,
solve) and peer.py's "wall" are then CPU time, which other processes on a loaded machine
disturb far less than the clock on the wall. Per board the fastest of the rounds is
kept (the minimum is what machine noise disturbs least): CPU ms of the verdict (text to
verdict, load included), its wall ms, and the engine's parts (parse, encode, load,
solve, wall). Per genre: boards unique and equal to the published solution, median
CPU ms, median parse / encode / load / solve ms, and issue 22's ratio, median verdict
over median solve (as peer.py, in CPU time), before and after.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import ROOT, median, table

PARTS = ("parse", "encode", "load", "solve")
#: The child: peer.py as a script, with the CPU clock for perf_counter.
CHILD = ("import runpy, sys, time; time.perf_counter = time.process_time;"
         " sys.argv = sys.argv[1:]; sys.path.insert(0, sys.argv[0].rsplit('/', 1)[0]);"
         " runpy.run_path(sys.argv[0], run_name='__main__')")


def run(tree: Path, genres: list[str], every: int) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rows.json"
        env = {**os.environ, "PYTHONPATH": str(tree)}
        argv = [str(tree / "benchmarks" / "peer.py"), *genres, "--side", "satlink",
                "--every", str(every), "--json", str(out)]
        subprocess.run([sys.executable, "-c", CHILD, *argv], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        return json.loads(out.read_text())


def best(rounds: list[list[dict]]) -> dict[tuple, dict]:
    """(genre, key) -> the satlink record of the round with the least CPU."""
    out: dict[tuple, dict] = {}
    for rows in rounds:
        for r in rows:
            s, k = r["satlink"], (r["genre"], r["key"])
            if s and (k not in out or s["cpu"] < out[k]["cpu"]):
                out[k] = s
    return out


def summary(genre: str, recs: dict[tuple, dict]) -> list:
    got = [s for (g, _), s in recs.items() if g == genre and s.get("solve") is not None]
    good = sum(s["verdict"] == "unique" and s["equal"] is True for (g, _), s in recs.items()
               if g == genre)
    if not got:
        return [good, "-", "-", "-"]
    parts = " / ".join(f"{median([s[p] for s in got]) * 1e3:.1f}" for p in PARTS)
    ratio = median([s["wall"] for s in got]) / median([s["solve"] for s in got])
    return [good, f"{median([s['cpu'] for s in got]) * 1e3:.1f}", parts, f"{ratio:.2f}"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genres", nargs="+")
    ap.add_argument("--base", required=True, help="the other checkout (a git worktree)")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    trees = {"before": Path(args.base).resolve(), "after": ROOT}
    got: dict[str, list] = {"before": [], "after": []}
    for i in range(args.rounds):
        for side in (("before", "after") if i % 2 == 0 else ("after", "before")):
            got[side].append(run(trees[side], args.genres, args.every))
    recs = {side: best(rounds) for side, rounds in got.items()}
    rows = []
    for g in args.genres:
        b, a = summary(g, recs["before"]), summary(g, recs["after"])
        rows.append([g, b[0], a[0], b[1], a[1], b[2], a[2], b[3], a[3]])
    print(f"load {Path('/proc/loadavg').read_text().split()[0]}, best of {args.rounds} rounds"
          f" per board, every {args.every}. board")
    print(table(["genre", "=pub before", "after", "cpu ms before", "after",
                 "parse/enc/load/solve before", "after", "verdict/solve before", "after"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
