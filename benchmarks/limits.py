"""Do time and memory limits hold? The cases of issue 11 (defects 7 and 8).

Each case runs `satlink solve` as a separate process, as a user would, and
reports the wall time against the limit (the target: every run over by at
most 1 s), the peak memory of the process tree (the target: within
--max-memory), the exit code and the verdict. A second table runs the open
40 x 40 Slitherlink with and without a limit that does not strike, and
compares the solver calls and cuts (the target: equal).

    python benchmarks/limits.py                 # --timeout 2, --max-memory 4G (the default)
    python benchmarks/limits.py --timeout 3 --max-memory 1G
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import table

SATLINK = [sys.executable, "-m", "satlink"]


def battleship_all_unknown(n: int = 100) -> str:
    q = " ".join("?" * n)
    return (f"puzzle battleship\nsize {n} x {n}\nfleet 1x4 2x3 3x2 4x1\nrows {q}\ncols {q}\n"
            "grid\n" + ("  " + ". " * n + "\n") * n)


def numberlink(cols: int, rows: int, pairs: list[tuple[int, int, int, int]], fill: str) -> str:
    grid = [["."] * cols for _ in range(rows)]
    for label, (r1, c1, r2, c2) in enumerate(pairs, 1):
        grid[r1][c1] = grid[r2][c2] = str(label)
    body = "".join("  " + " ".join(row) + "\n" for row in grid)
    return f"puzzle numberlink\nsize {cols} x {rows}\nfill {fill}\ngrid\n{body}"


def cases() -> dict[str, str]:
    return {
        "battleship 100x100, tallies ?": battleship_all_unknown(),
        "numberlink 500x500 fill any": numberlink(
            500, 500, [(0, 0, 499, 499), (0, 499, 499, 0), (250, 0, 250, 499)], "any"),
        "numberlink 100000x2, one pair": numberlink(100000, 2, [(0, 0, 1, 99999)], "any"),
        # refused at the size line, before any grid row is read
        "numberlink size 1600x1600": "puzzle numberlink\nsize 1600 x 1600\ngrid\n"
                                     + ("  " + ". " * 1600 + "\n") * 1600,
    }


def run(path: Path, extra: list[str]) -> tuple[float, int, float, str]:
    """Wall seconds, exit code, peak MiB of the process tree, verdict."""
    t0 = time.perf_counter()
    proc = subprocess.run([*SATLINK, "solve", "--json", *extra, str(path)],
                          capture_output=True, text=True)
    wall = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    verdict = "-"
    if proc.stdout.strip():
        rec = json.loads(proc.stdout.splitlines()[-1])
        verdict = rec["verdict"] + (f" ({rec['reason']})" if rec.get("reason") else "")
    elif proc.stderr.strip():
        verdict = proc.stderr.strip().splitlines()[0][-70:]
    return wall, proc.returncode, peak, verdict


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--timeout", type=float, default=2.0)
    ap.add_argument("--max-memory", default="4G")
    ap.add_argument("--one", metavar="FILE", help=argparse.SUPPRESS)  # one case, as JSON
    args = ap.parse_args()
    limit = ["--timeout", str(args.timeout), "--max-memory", args.max_memory]
    if args.one:
        print(json.dumps(run(Path(args.one), limit)))
        return
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in cases().items():
            path = Path(tmp) / "case.pzl"
            path.write_text(text)
            # RUSAGE_CHILDREN keeps the peak of every child waited for: each
            # case runs under a fresh interpreter so that the figure is its own
            out = subprocess.run([sys.executable, __file__, "--one", str(path), *limit],
                                 capture_output=True, text=True, check=True)
            wall, code, peak, verdict = json.loads(out.stdout)
            rows.append([name, args.timeout, wall, f"{wall - args.timeout:+.2f}", code,
                         f"{peak:.0f}", verdict])
    print(table(["case", "limit s", "wall s", "over", "exit", "peak MiB", "verdict"], rows))

    print("\nA limit that does not strike (open 40 x 40 Slitherlink):")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "open.pzl"
        path.write_text("puzzle slitherlink\nsize 40\ngrid\n" + ("  " + ". " * 40 + "\n") * 40)
        for extra in ([], ["--timeout", "10"], ["--timeout", "60"]):
            proc = subprocess.run([*SATLINK, "solve", "--json", *extra, str(path)],
                                  capture_output=True, text=True)
            rec = json.loads(proc.stdout)
            s = rec["stats"]
            rows.append([" ".join(extra) or "(none)", rec["verdict"], s["calls"], s["cuts"],
                         s["encode_seconds"] + s["solve_seconds"]])
    print(table(["limit", "verdict", "calls", "cuts", "seconds"], rows))


if __name__ == "__main__":
    main()
