"""Encoding cost on the dev slices: is the verdict dominated by the solver?

For every genre satlink reads from ``../shared/datasets/puzzlekit-dev``
(grid-text format), each board is parsed, encoded and given its uniqueness
verdict in this process (``engine.search``, limit 2, no limits), and the
script prints the median verdict time (parse + encode + solve), the median
solve time and their ratio; the issue's target is a ratio of at most 2.
With ``--cpsat``, puzzlekit's own CP-SAT ``solve`` (one solution, as its
users run it: parser, model, solve) runs on the same boards, interleaved
board by board, and the ratio of the medians is printed (genres puzzlekit
has a solver for).

    python benchmarks/encoding_cost.py                       # every genre
    python benchmarks/encoding_cost.py Sudoku --cpsat --size 16x16
"""
from __future__ import annotations

import argparse
import json
import time

from _common import DATASETS, median, table

import satlink  # noqa: E402
from satlink import engine  # noqa: E402

#: dev-slice file stem -> (satlink type, puzzlekit solver name or None)
GENRES = {
    "Sudoku": ("sudoku", "sudoku"),
    "Hashi": ("hashi", None),
    "Slitherlink": ("slitherlink", "slitherlink"),
    "Battleship": ("battleship", "battleship"),
    "NumberLink": ("numberlink", None),
    "Masyu": ("masyu", "masyu"),
    "Yajilin": ("yajilin", "yajilin"),
}


def ours(text: str, key: str, kind: str) -> tuple[float, float, float, str]:
    """(verdict seconds, encode seconds, solve seconds, verdict)."""
    t0 = time.perf_counter()
    items = satlink.load_text(text, key, fmt="grid-text", puzzle_type=kind)
    item = items[0]
    if item.error is not None:
        return time.perf_counter() - t0, 0.0, 0.0, "error"
    res = engine.search(item.puzzle, item.instance, limit=2)
    took = time.perf_counter() - t0
    return took, res.stats.encode_seconds, res.stats.solve_seconds, res.verdict


def theirs(text: str, name: str) -> float:
    from puzzlekit.parsers.registry import get_parser
    from puzzlekit.solvers import get_solver_class

    t0 = time.perf_counter()
    solver = get_solver_class(name)(**get_parser(name)(text.strip()))
    solver.solve()
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("genres", nargs="*", default=list(GENRES))
    ap.add_argument("--cpsat", action="store_true", help="puzzlekit's CP-SAT side by side")
    ap.add_argument("--size", help="only boards whose key ends in this size, e.g. 16x16")
    args = ap.parse_args()
    rows = []
    for genre in args.genres:
        kind, pk = GENRES[genre]
        data = json.loads((DATASETS / "puzzlekit-dev" / f"{genre}.json").read_text())["data"]
        verdicts, enc, sol, cp, bad = [], [], [], [], []
        for key, rec in data.items():
            if args.size and not key.endswith(args.size):
                continue
            took, e, s, verdict = ours(rec["problem"], key, kind)
            if verdict != "unique":
                bad.append(f"{key}:{verdict}")
            verdicts.append(took)
            enc.append(e)
            sol.append(s)
            if args.cpsat and pk:
                cp.append(theirs(rec["problem"], pk))
        mv, ms = median(verdicts), median(sol)
        row = [genre, len(verdicts), f"{mv * 1000:.1f}", f"{median(enc) * 1000:.1f}",
               f"{ms * 1000:.1f}", f"{mv / ms:.1f}" if ms else "-", f"{max(verdicts):.2f}"]
        if args.cpsat:
            row += [f"{median(cp) * 1000:.1f}" if cp else "-",
                    f"{median(cp) / mv:.1f}" if cp else "-"]
        rows.append(row)
        if bad:
            print(f"{genre}: not unique: {', '.join(bad[:10])}")
    headers = ["genre", "boards", "verdict ms", "encode ms", "solve ms", "verdict/solve",
               "max s"]
    if args.cpsat:
        headers += ["CP-SAT ms", "CP-SAT/satlink"]
    print(table(headers, rows))


if __name__ == "__main__":
    main()
