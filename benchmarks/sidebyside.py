"""peer.py's satlink side under two checkouts, interleaved, in CPU time (issue 22).

    python benchmarks/sidebyside.py Nonogram Doors --base /work/wt-base [--rounds 3] [--every K]
    python benchmarks/sidebyside.py --all --base c5a352e --every 4 [--head REV] [--json OUT]

``--base`` (and ``--head``, default this checkout) is a checkout directory or a
git revision of this repository (checked out into a temporary worktree for the
run). Per genre and round, a fresh interpreter of each side runs peer.py's
satlink side (``peer.run_genre(..., sides=("satlink",))``: a warm-up board,
then every board of the dev slice, ``../shared/datasets/puzzlekit-dev``, sorted
ids, every K-th: the text parsed, encoded, loaded, solved and verified to the
uniqueness verdict, compared with the published solution) with its own satlink
and this checkout's benchmark code; the two sides alternate (base head, head
base, ...). In the child, ``time.perf_counter`` is made the process CPU clock
before anything is imported, so that the engine's parts (parse, encode, load,
solve) and the verdict are CPU time, which other processes on a loaded machine
disturb far less than the clock on the wall. Per board the round with the least
CPU is kept (the minimum is what noise disturbs least).

A table, a row per genre, before and after: boards unique and equal to the
published solution; the median verdict CPU ms; the medians of parse / encode /
load / solve ms; issue 22's ratio, the median verdict over the median solve (in
parentheses where that solve is under 1 ms: the target is at most 2 where it
is 1 ms or more); the median clauses of the verdict-mode formula (counted after
the timing, untimed). Then the boards whose verdict or agreement with the
published solution differs between the sides, the boards of the after side
that are not unique and equal to it (peer.py's list), and a final line counting, on
each side, the genres whose median solve is 1 ms or more and, of those, the ones
with a ratio of at most 2.

It replaces ``overhead_reading.py``, whose reading and encoding times are the parse and
encode columns here.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from _common import (checkout, dev_genres, loadavg, median, run_under, table,
                     two_checkouts_parser)

#: The child: the CPU clock for perf_counter first, then :func:`worker`.
CHILD = ("import time; time.perf_counter = time.process_time\n"
         "import sys, sidebyside; sidebyside.worker(sys.argv[1:])")
PARTS = ("parse", "encode", "load", "solve")
SIDES = ("before", "after")


def worker(argv: list[str]) -> None:
    """In the child: ``genre every timeout`` -> JSON {"satlink": its file, "rows":
    {key: peer's satlink record, with "clauses"}}."""
    import peer
    import satlink
    from formulas import formula_of
    from satlink import formats
    genre, every, timeout = argv[0], int(argv[1]), float(argv[2])
    records = peer.load(genre, every)
    rows = {r["key"]: r["satlink"] for r in peer.run_genre(genre, records, timeout,
                                                           sides=("satlink",))}
    for key, s in rows.items():  # untimed: the size of the formula the verdict solved
        if s and s["verdict"] not in ("input", "no genre", "error"):
            item = formats.load_text(records[key]["problem"], key, "grid-text", genre)[0]
            s["clauses"] = len(formula_of(item.puzzle, item.instance, "verdict").clauses)
    print(json.dumps({"satlink": satlink.__file__, "rows": rows}))


def best(rounds: list[dict]) -> dict[str, dict | None]:
    """key -> the board's record of the round with the least CPU."""
    out: dict[str, dict | None] = {}
    for rows in rounds:
        for key, s in rows.items():
            if key not in out or (s and (out[key] is None or s["cpu"] < out[key]["cpu"])):
                out[key] = s
    return out


def good(s: dict | None) -> bool:
    return bool(s) and s["verdict"] == "unique" and s["equal"] is True


def side_summary(boards: dict[str, dict | None]) -> dict:
    """One side of a genre: "=pub", "cpu", "parts", "ratio", "clauses" (shown)
    and "solve" / "r" (numbers, for the final count; None without timed boards)."""
    timed = [s for s in boards.values() if s and s.get("solve") is not None]
    out = {"=pub": f"{sum(map(good, boards.values()))}/{len(boards)}", "cpu": "-",
           "parts": "-", "ratio": "-", "clauses": "-", "solve": None, "r": None}
    if not timed:
        return out
    cpu, solve = median([s["cpu"] for s in timed]), median([s["solve"] for s in timed])
    ratio = cpu / solve if solve > 0 else float("inf")
    sized = [s["clauses"] for s in timed if "clauses" in s]
    out.update(cpu=f"{cpu * 1e3:.1f}", solve=solve, r=ratio,
               parts=" / ".join(f"{median([s[p] for s in timed]) * 1e3:.1f}" for p in PARTS),
               ratio=f"{ratio:.2f}" if solve >= 1e-3 else f"({ratio:.1f})",
               clauses=f"{median(sized):.0f}" if sized else "-")
    return out


COLUMNS = ("=pub", "cpu", "parts", "ratio", "clauses")
HEADERS = ["genre", "boards", "=pub before", "after", "cpu ms before", "after",
           "parse/enc/load/solve before", "after", "verdict/solve before", "after",
           "clauses before", "after"]


def genre_row(genre: str, sides: dict[str, dict]) -> list:
    got = {side: side_summary(boards) for side, boards in sides.items()}
    return [genre, len(sides["after"]), *(got[s][c] for c in COLUMNS for s in SIDES)], got


def changed(genre: str, sides: dict[str, dict]) -> list[str]:
    """The boards whose verdict or agreement with the published solution differs."""
    out = []
    for key in sorted(set(sides["before"]) | set(sides["after"])):
        b, a = (sides[s].get(key) or {} for s in SIDES)
        if (b.get("verdict"), b.get("equal")) != (a.get("verdict"), a.get("equal")):
            out.append(f"{genre} {key}: before {b.get('verdict')} equal {b.get('equal')},"
                       f" after {a.get('verdict')} equal {a.get('equal')}"
                       + (f" ({a['error']})" if a.get("error") else ""))
    return out


def failures(kept: dict[str, dict]) -> list[str]:
    """peer.py's line for each board of the after side that was not unique and
    equal to the published solution."""
    import peer
    return peer.failures([{"genre": g, "key": k, "satlink": s}
                          for g, sides in kept.items() for k, s in sides["after"].items()])


def within(summaries: list[dict], side: str) -> str:
    timed = [g[side] for g in summaries if g[side]["solve"] is not None
             and g[side]["solve"] >= 1e-3]
    return f"{side} {sum(g['r'] <= 2 for g in timed)} of {len(timed)}"


def main(argv=None) -> int:
    ap = two_checkouts_parser(__doc__)
    ap.add_argument("--rounds", type=int, default=3, help="runs per board and side; the best kept")
    ap.add_argument("--timeout", type=float, default=10.0, help="CPU seconds per board")
    ap.add_argument("--json", help="write both sides' per-board records (best round) to this file")
    args = ap.parse_args(argv)
    if args.rounds < 1:
        ap.error("--rounds must be 1 or more")
    genres = dev_genres(ap, args)
    print(f"load {loadavg()}; dev slice, every {args.every}. board, best of {args.rounds}"
          f" rounds per board; base {args.base}, head {args.head or 'this checkout'}; CPU ms",
          flush=True)
    rows, summaries, moved, kept = [], [], [], {}
    with checkout(args.base) as base_tree, checkout(args.head) as head_tree:
        trees = dict(zip(SIDES, (base_tree, head_tree)))
        for genre in genres:
            got: dict[str, list] = {s: [] for s in SIDES}
            for i in range(args.rounds):
                for side in (SIDES if i % 2 == 0 else SIDES[::-1]):
                    got[side].append(run_under(trees[side], CHILD, genre, str(args.every),
                                               str(args.timeout))["rows"])
            kept[genre] = {side: best(rounds) for side, rounds in got.items()}
            row, summary = genre_row(genre, kept[genre])
            rows.append(row)
            summaries.append(summary)
            moved += changed(genre, kept[genre])
            if len(genres) > 1:
                print(table(HEADERS, [row]), flush=True)
    print(f"load {loadavg()}")
    print(table(HEADERS, rows))
    print(f"verdict or equality changed: {len(moved)} boards" + "".join(f"\n  {m}" for m in moved))
    bad = failures(kept)
    print(f"not unique and equal to the published solution, after: {len(bad)} boards"
          + "".join(f"\n  {m}" for m in bad))
    print(f"genres with median solve >= 1 ms and verdict/solve <= 2: {within(summaries, 'before')},"
          f" {within(summaries, 'after')}")
    if args.json:
        Path(args.json).write_text(json.dumps(kept, indent=0, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
