"""Formulas of the dev slice, board by board: a hash of the DIMACS and its size.

    python benchmarks/misc12_formulas.py Usoone Skyscraper [--every K] [--tree DIR] > out.json

For every board of ``../shared/datasets/puzzlekit-dev/<Genre>.json`` (sorted ids,
every K-th), the genre encodes it as a verdict does (``prune``) and as the DIMACS
export does (``complete``); per board and mode: variables, clauses and the sha1 of
``Formula.to_dimacs()``. Run it under two checkouts (``--tree``: the checkout whose
satlink is imported, else this one) and compare:
identical hashes mean a change kept the formulas identical; else the counts say
how they moved.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys

from _common import DATASETS  # also puts the project on sys.path


def board(genre: str, key: str, text: str) -> dict:
    from satlink import formats
    from satlink.contract import Options
    from satlink.errors import InputError
    from satlink.formula import Formula
    try:
        item = formats.load_text(text, key, "grid-text", genre)[0]
    except InputError as exc:
        return {"error": str(exc)}
    if item.error is not None:
        return {"error": str(item.error)}
    modes = {"verdict": Options(prune=True), "complete": Options(complete=True)}
    out = {}
    for mode, options in modes.items():
        f = item.puzzle.encode(item.instance, Formula(), options).formula
        out[mode] = [f.num_vars, len(f.clauses),
                     hashlib.sha1(f.to_dimacs().encode()).hexdigest()[:16]]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genres", nargs="+")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--tree", help="the checkout whose satlink is imported (default: this one)")
    args = ap.parse_args(argv)
    if args.tree:
        sys.path.insert(0, args.tree)
    out = {}
    for genre in args.genres:
        data = json.loads((DATASETS / "puzzlekit-dev" / f"{genre}.json").read_text())["data"]
        out[genre] = {k: board(genre, k, data[k]["problem"]) for k in sorted(data)[::args.every]}
    json.dump(out, sys.stdout, indent=0, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
