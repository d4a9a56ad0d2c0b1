"""Board-by-board digests of the formulas every genre builds, to show that a
change to the shared encoding path (formula.py, rules/counts.py, rules/grid.py)
keeps them identical.

    python benchmarks/shared_formulas.py [--every 4] [--genres A B ..] > after.txt
    diff before.txt after.txt        # the same lines: the same formulas

Per board of each genre's dev slice (``../shared/datasets/puzzlekit-dev``,
sorted ids, every K-th), read through the ``grid-text`` format: a line with
the genre, the board, and the blake2b digest of the DIMACS text
(``Formula.to_dimacs``: variable names, answer variables, clauses) and of
the decision phases, once as ``engine.search`` builds it for a verdict
(pruning allowed) and once complete (as ``satlink dimacs`` does), with the
clause counts. A board that does not read or encode gets its error's type
instead, so that a change in what fails shows too.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys

from _common import DATASETS  # also puts the project on sys.path

from satlink import formats  # noqa: E402
from satlink.contract import Options  # noqa: E402
from satlink.engine.search import encode  # noqa: E402

DEV = DATASETS / "puzzlekit-dev"


def digest(item, options: Options) -> str:
    """``clauses:digest`` of the formula of ``item`` under ``options``."""
    try:
        f = encode(item.puzzle, item.instance, options).formula
    except Exception as exc:  # noqa: BLE001 - recorded, so that a change shows
        return f"error:{type(exc).__name__}"
    h = hashlib.blake2b(f.to_dimacs().encode(), digest_size=12)
    h.update(repr(f.phases).encode())
    return f"{len(f.clauses)}:{h.hexdigest()}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=int, default=4, help="every K-th board (sorted ids)")
    ap.add_argument("--genres", nargs="*", help="dataset genre names (default: all)")
    args = ap.parse_args(argv)
    genres = args.genres or sorted(p.stem for p in DEV.glob("*.json"))
    for genre in genres:
        data = json.loads((DEV / f"{genre}.json").read_text())["data"]
        for key in sorted(data)[::args.every]:
            try:
                item = formats.load_text(data[key]["problem"], key, "grid-text", genre)[0]
            except Exception as exc:  # noqa: BLE001
                print(genre, key, f"unread:{type(exc).__name__}", flush=True)
                continue
            if item.error is not None:
                print(genre, key, f"input:{type(item.error).__name__}", flush=True)
                continue
            print(genre, key, digest(item, Options(prune=True)), digest(item, Options()),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
