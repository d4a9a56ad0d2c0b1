"""The verdict path every genre shares, before and after: every genre's dev
slice, two checkouts, interleaved, CPU seconds.

    python benchmarks/shared_path.py --base c5a352e [--every 4] [--rounds 3]
                                     [--genres A B ..] [--collect] [--gc-off]

Per round and checkout (the order alternating from round to round), one fresh
interpreter reads every K-th board of each genre's dev slice
(``../shared/datasets/puzzlekit-dev``, sorted ids) through the ``grid-text``
format, untimed, warms up on one board per genre, and then times, board by
board, ``engine.search`` for the uniqueness verdict (encode, load, solve,
verify; sliced by conflict budgets as benchmarks/peer.py runs it) in
process CPU seconds, one board after the other as ``check`` runs them
(``--collect``: a full garbage collection before each board, untimed, as
peer.py does, which leaves each board a clean heap). A board's figure is its least over the rounds; the table gives per
genre the sum over its boards for both checkouts and their ratio, then the
total and the geometric mean of the genre ratios. ``--base`` is a commit
(a git worktree is made for it and removed after) or a directory.
``--gc-off``: the collector off around the whole search in both checkouts
(what pausing it for the whole verdict would give).
"""
from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import DATASETS, ROOT, table

#: Run inside the measured interpreter: argv = checkout, dataset dir, every, gc-off, collect,
#: genres...
WORKER = r"""
import gc, json, sys, time
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from satlink import engine, formats
dev, every, gc_off, collect = Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1", sys.argv[5] == "1"
out = {}
for genre in sys.argv[6:]:
    data = json.loads((dev / f"{genre}.json").read_text())["data"]
    items = []
    for key in sorted(data)[::every]:
        try:
            item = formats.load_text(data[key]["problem"], key, "grid-text", genre)[0]
        except Exception:
            continue
        if item.error is None:
            items.append((key, item))
    for i, (key, item) in enumerate(items[:1] + items):
        if collect:
            gc.collect()
        t0 = time.process_time()
        if gc_off:
            gc.disable()
        try:
            r = engine.search(item.puzzle, item.instance, limit=2,
                              deadline=time.perf_counter() + 10, sliced=True)
            verdict = r.verdict
        except Exception as exc:
            verdict = "error " + type(exc).__name__
        finally:
            gc.enable()
        if i:
            out[genre + " " + key] = [time.process_time() - t0, verdict]
print(json.dumps(out))
"""


def run(checkout: Path, every: int, gc_off: bool, collect: bool, genres: list[str]) -> dict:
    cmd = [sys.executable, "-c", WORKER, str(checkout), str(DATASETS / "puzzlekit-dev"),
           str(every), "1" if gc_off else "0", "1" if collect else "0", *genres]
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="commit or checkout directory to compare with")
    ap.add_argument("--every", type=int, default=4, help="every K-th board (sorted ids)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--genres", nargs="*", help="dataset genre names (default: all)")
    ap.add_argument("--gc-off", action="store_true", help="collector off around each search")
    ap.add_argument("--collect", action="store_true", help="full collection before each board")
    args = ap.parse_args(argv)
    genres = args.genres or sorted(p.stem for p in (DATASETS / "puzzlekit-dev").glob("*.json"))
    tmp = None
    base = Path(args.base)
    if not base.is_dir():
        tmp = tempfile.mkdtemp(prefix="shared-path-")
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base),
                        args.base], check=True, capture_output=True)
    sides = {"base": base, "this": ROOT}
    best: dict[str, dict[str, float]] = {s: {} for s in sides}
    verdicts: dict[str, dict[str, str]] = {s: {} for s in sides}
    try:
        for r in range(args.rounds):
            for side in (list(sides) if r % 2 == 0 else list(sides)[::-1]):
                got = run(sides[side], args.every, args.gc_off, args.collect, genres)
                for board, (cpu, verdict) in got.items():
                    best[side][board] = min(cpu, best[side].get(board, math.inf))
                    verdicts[side][board] = verdict
                print(f"round {r + 1} {side}: {sum(c for c, _ in got.values()):.2f} s",
                      flush=True)
    finally:
        if tmp is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           check=False, capture_output=True)
    differ = [b for b in verdicts["base"] if verdicts["base"][b] != verdicts["this"].get(b)]
    rows, ratios = [], []
    for genre in genres:
        boards = [b for b in best["base"] if b.split(" ", 1)[0] == genre and b in best["this"]]
        if not boards:
            continue
        a = sum(best["base"][b] for b in boards)
        b_ = sum(best["this"][b] for b in boards)
        ratios.append(b_ / a)
        rows.append([genre, len(boards), f"{a * 1e3:.1f}", f"{b_ * 1e3:.1f}", f"{b_ / a:.3f}"])
    ta = sum(best["base"].values())
    tb = sum(best["this"][b] for b in best["base"] if b in best["this"])
    rows.append(["total", len(best["base"]), f"{ta * 1e3:.1f}", f"{tb * 1e3:.1f}", f"{tb / ta:.3f}"])
    print(table(["genre", "boards", "base ms", "this ms", "this/base"], rows))
    geo = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else float("nan")
    print(f"\ngeometric mean of the genre ratios {geo:.3f}; least of {args.rounds} rounds,"
          f" CPU; every {args.every}. board; verdicts that differ: {len(differ)}")
    for b in differ:
        print(f"  {b}: base {verdicts['base'][b]}, this {verdicts['this'].get(b)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
