"""Does a refactoring keep every dev board's formula and puzz.link URL?
(issue 21: boards (rows, cols) in the pzprjs codec and the genre modules.)

In a fresh process of each checkout (this one and ``--base``), every dev
board (``../shared/datasets/puzzlekit-dev``) is read, encoded
(``engine.encode``) and its DIMACS hashed; where the genre has a puzz.link
codec, the board's URL (``formats.puzzlink.encode``) and the instance read
back from it are hashed too (an instance puzz.link cannot hold counts by its
message), and so are the published solution's `--json` form and named
cells (``solution_json`` and ``cells`` of the genre). The table says,
genre by genre, whether both checkouts agree board by board, and names the
first board that differs.

    python benchmarks/rows_cols_identity.py --base c5a352e            # every genre
    python benchmarks/rows_cols_identity.py --base c5a352e Gattai Cave
    python benchmarks/rows_cols_identity.py --base c5a352e --head kit12
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from _common import DATASETS, table
from overhead import checkouts

#: Run in each checkout: per genre, per board, the hashes of the DIMACS, of
#: the puzz.link URL with the instance read back from it, and of the
#: published solution's outputs.
CHILD = r"""
import hashlib, json, sys
import satlink
from satlink import engine
from satlink.errors import InputError
from satlink.formats import puzzlink
folder, genres = sys.argv[1], sys.argv[2:]
out = {}
for genre in genres:
    try:
        items = satlink.load(f"{folder}/{genre}.json")
    except InputError as exc:
        out[genre] = {"error": exc.message}
        continue
    boards = []
    for item in items:
        if item.error is not None:
            boards.append(["error", item.error.message])
            continue
        dimacs = hashlib.sha256(engine.encode(item.puzzle, item.instance).formula
                                .to_dimacs(["-"]).encode()).hexdigest()[:16]
        try:
            url = puzzlink.encode(item.puzzle, item.instance)
            back = puzzlink.decode(url)[1]
            link = hashlib.sha256((url + repr(back)).encode()).hexdigest()[:16]
        except InputError as exc:
            link = "no url: " + exc.message
        shown = ""
        if item.expected is not None:  # the published answer as `--json` and named cells give it
            puz, inst, sol = item.puzzle, item.instance, item.expected
            said = [puz.solution_json(inst, sol), puz.cells(inst, sol) if puz.cells else None]
            shown = hashlib.sha256(json.dumps(said, default=repr).encode()).hexdigest()[:16]
        boards.append([dimacs, link, shown])
    out[genre] = {"boards": boards}
print(json.dumps(out))
"""


def run(where: Path, genres: list[str]) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, str(DATASETS / "puzzlekit-dev"), *genres],
                          capture_output=True, text=True, cwd=where,
                          env=dict(os.environ, PYTHONPATH=str(where)), check=True)
    return json.loads(proc.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("genres", nargs="*", help="dev-slice file stems (default: all)")
    ap.add_argument("--base", required=True, help="the commit to compare against")
    ap.add_argument("--head", help="a commit instead of this work tree (which may change"
                                   " while the run lasts)")
    args = ap.parse_args()
    genres = args.genres or sorted(p.stem for p in (DATASETS / "puzzlekit-dev").glob("*.json"))
    with checkouts(args.base) as sides:
        if args.head:
            with checkouts(args.head) as other:
                got = {"base": run(sides["base"], genres), "head": run(other["base"], genres)}
        else:
            got = {side: run(where, genres) for side, where in sides.items()}
    rows, bad = [], 0
    for genre in genres:
        base, head = got["base"][genre], got["head"][genre]
        if "error" in base or "error" in head:
            same = base == head
            rows.append([genre, "-", "-", "-", "-", "yes" if same else "NO"])
            bad += not same
            continue
        pairs = list(zip(base["boards"], head["boards"]))
        read = sum(b[0] != "error" for b in head["boards"])
        urls = sum(b[0] != "error" and not b[1].startswith("no url") for b in head["boards"])
        first = next((k for k, (b, h) in enumerate(pairs) if b != h), None)
        same = first is None and len(base["boards"]) == len(head["boards"])
        bad += not same
        rows.append([genre, len(head["boards"]), read, urls, "" if first is None else first,
                     "yes" if same else "NO"])
    print(table(["genre", "boards", "read", "with URL", "first differing", "same"], rows))
    print(f"{len(genres) - bad} of {len(genres)} genres identical board by board")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
