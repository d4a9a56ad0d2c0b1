"""Encoding cost on the dev slices: is the verdict dominated by the solver?

For every genre satlink reads from ``../shared/datasets/puzzlekit-dev``
(grid-text format), each board is parsed, encoded and given its uniqueness
verdict in this process (``engine.search``, limit 2, no limits), and the
script prints the median of each part of the verdict's time (parse, encode,
load: the clauses handed to the solver, solve: solver calls, cuts and
verification), the median verdict time (their sum) and its ratio to the
median solve time; the target is a ratio of at most 2 where the solve
takes at least a millisecond. The median clause count is printed too.
Times are CPU times of this process (see below).
With ``--cpsat``, puzzlekit's own CP-SAT ``solve`` (one solution, as its
users run it: parser, model, solve) runs on the same boards, interleaved
board by board, and the ratio of the medians is printed (genres puzzlekit
has a solver for).

    python benchmarks/encoding_cost.py                       # every genre
    python benchmarks/encoding_cost.py Sudoku --cpsat --size 16x16
    python benchmarks/encoding_cost.py Masyu Akari --every 4  # a sample: every 4th board
"""
from __future__ import annotations

import argparse
import json
import time

from _common import DATASETS, median, table

import satlink  # noqa: E402
from satlink import engine  # noqa: E402
from satlink.errors import InputError  # noqa: E402

# The engine's statistics read time.perf_counter(); here they read the CPU
# time of this process instead, so that a busy machine's waits are not
# counted as encoding or loading (no deadline is set in this script).
time.perf_counter = time.process_time

#: dev-slice file stem -> (satlink type, puzzlekit solver name or None)
GENRES = {
    "Sudoku": ("sudoku", "sudoku"),
    "Hashi": ("hashi", None),
    "Slitherlink": ("slitherlink", "slitherlink"),
    "Battleship": ("battleship", "battleship"),
    "NumberLink": ("numberlink", None),
    "Masyu": ("masyu", "masyu"),
    "Yajilin": ("yajilin", "yajilin"),
    "Akari": ("akari", "akari"),
    "Kuromasu": ("kuromasu", "kuromasu"),
    "LITS": ("lits", "lits"),
    "Norinori": ("norinori", "norinori"),
    "Kakuro": ("kakuro", "kakuro"),
    "KillerSudoku": ("killersudoku", "killer_sudoku"),
    "JigsawSudoku": ("jigsawsudoku", "jigsaw_sudoku"),
    "Fillomino": ("fillomino", None),
    "Shikaku": ("shikaku", "shikaku"),
}


def ours(text: str, key: str, kind: str) -> tuple[dict, str]:
    """(the verdict's parts in seconds and its clause count, verdict)."""
    t0 = time.perf_counter()
    try:
        item = satlink.load_text(text, key, fmt="grid-text", puzzle_type=kind)[0]
    except InputError:
        return {}, "malformed"
    if item.error is not None:
        return {}, "malformed"
    t1 = time.perf_counter()
    res = engine.search(item.puzzle, item.instance, limit=2)
    s = res.stats
    return {"parse": t1 - t0, "encode": s.encode_seconds, "load": getattr(s, "load_seconds", 0.0),
            "solve": s.solve_seconds, "clauses": s.clauses}, res.verdict


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
    ap.add_argument("--every", type=int, default=1, help="every K-th board (sorted keys)")
    args = ap.parse_args()
    rows = []
    for genre in args.genres:
        kind, pk = GENRES[genre]
        data = json.loads((DATASETS / "puzzlekit-dev" / f"{genre}.json").read_text())["data"]
        parts: dict[str, list[float]] = {k: [] for k in ("parse", "encode", "load", "solve",
                                                          "clauses")}
        verdicts, cp, bad = [], [], []
        for key in sorted(data)[::args.every]:
            rec = data[key]
            if args.size and not key.endswith(args.size):
                continue
            got, verdict = ours(rec["problem"], key, kind)
            if verdict == "malformed":  # an input error, listed, not timed
                bad.append(f"{key}:{verdict}")
                continue
            if verdict != "unique":
                bad.append(f"{key}:{verdict}")
            for k in parts:
                parts[k].append(got.get(k, 0.0))
            verdicts.append(sum(got.get(k, 0.0) for k in ("parse", "encode", "load", "solve")))
            if args.cpsat and pk:
                cp.append(theirs(rec["problem"], pk))
        mv, ms = median(verdicts), median(parts["solve"])
        ms_of = {k: f"{median(v) * 1000:.1f}" for k, v in parts.items() if k != "clauses"}
        row = [genre, len(verdicts), f"{mv * 1000:.1f}", ms_of["parse"], ms_of["encode"],
               ms_of["load"], ms_of["solve"], f"{mv / ms:.1f}" if ms else "-",
               f"{median(parts['clauses']):.0f}", f"{max(verdicts):.2f}"]
        if args.cpsat:
            row += [f"{median(cp) * 1000:.1f}" if cp else "-",
                    f"{median(cp) / mv:.1f}" if cp else "-"]
        rows.append(row)
        if bad:
            print(f"{genre}: not unique: {', '.join(bad[:10])}")
    headers = ["genre", "boards", "verdict ms", "parse ms", "encode ms", "load ms", "solve ms",
               "verdict/solve", "clauses", "max s"]
    if args.cpsat:
        headers += ["CP-SAT ms", "CP-SAT/satlink"]
    print(table(headers, rows))


if __name__ == "__main__":
    main()
