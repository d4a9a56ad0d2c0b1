"""Reading and encoding the dev slices, side by side with another commit
(issue 22: the cell tokens of grid text and the grid's neighbours).

For each genre every dev board (``../shared/datasets/puzzlekit-dev``) is
read (``satlink.load`` of the collection, published solutions included)
and encoded (``engine.encode``) in a fresh process of each checkout, in
turn (base, head, base, head ...); the script prints the median over the
rounds of the CPU seconds of all the reading and of all the encoding, and
their ratio head / base. The DIMACS of every board is hashed in each
checkout's first round: "same DIMACS" says whether the two are
byte-identical board by board.

    python benchmarks/overhead_reading.py --base f0f59ca Nonogram Heyawake Cojun
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from _common import DATASETS, table
from overhead import checkouts

#: Run in each checkout (its own satlink first on the path): per genre the
#: CPU seconds of reading and of encoding, and (with --digest) the hash of
#: every board's DIMACS.
CHILD = r"""
import hashlib, json, sys, time
import satlink
from satlink import engine
folder, digest, genres = sys.argv[1], sys.argv[2] == "1", sys.argv[3:]
out = {}
for genre in genres:
    t0 = time.process_time()
    items = satlink.load(f"{folder}/{genre}.json")
    read = time.process_time() - t0
    encode, h = 0.0, hashlib.sha256()
    for item in items:
        if item.error is not None:
            continue
        t0 = time.process_time()
        f = engine.encode(item.puzzle, item.instance).formula
        encode += time.process_time() - t0
        if digest:
            h.update(f.to_dimacs(["-"]).encode())
    out[genre] = {"read": read, "encode": encode, "boards": len(items),
                  "digest": h.hexdigest() if digest else None}
print(json.dumps(out))
"""


def run(where: Path, genres: list[str], digest: bool) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, str(DATASETS / "puzzlekit-dev"),
                           "1" if digest else "0", *genres], capture_output=True, text=True,
                          cwd=where, env=dict(os.environ, PYTHONPATH=str(where)), check=True)
    return json.loads(proc.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("genres", nargs="+", help="dev-slice file stems (Nonogram, Cojun, ...)")
    ap.add_argument("--base", required=True, help="the commit to compare against")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    with checkouts(args.base) as sides:
        got = {side: [] for side in sides}
        for k in range(args.rounds + 1):  # the first round hashes, and is not counted
            for side, where in sides.items():
                got[side].append(run(where, args.genres, digest=k == 0))
    rows = []
    for genre in args.genres:
        def med(side, part):
            return statistics.median(r[genre][part] for r in got[side][1:])

        same = got["base"][0][genre]["digest"] == got["head"][0][genre]["digest"]
        rows.append([genre, got["head"][0][genre]["boards"], f"{med('base', 'read'):.3f}",
                     f"{med('head', 'read'):.3f}", f"{med('head', 'read') / med('base', 'read'):.2f}",
                     f"{med('base', 'encode'):.3f}", f"{med('head', 'encode'):.3f}",
                     f"{med('head', 'encode') / med('base', 'encode'):.2f}",
                     "yes" if same else "NO"])
    print(table(["genre", "boards", "read s base", "head", "head/base", "encode s base", "head",
                 "head/base", "same DIMACS"], rows))


if __name__ == "__main__":
    main()
