"""Certified verdicts over the janko dev slices: what a checked DRAT proof costs.

    python benchmarks/certify.py [--timeout 10] [--every N] [--verbose] [GENRE ...]

GENRE is any of Sudoku, Hashi, Slitherlink (default all three), read from
../shared/datasets/puzzlekit-dev/GENRE.json. For each board, in one process:

- the uncertified verdict: ``engine.solve(limit=2, timeout=T)``, wall clock
  including encoding (the lazy encoding, satlink's default);
- the certificate: ``certify.certify(..., timeout=T)``, wall clock, which
  encodes the complete CNF, finds a model, logs CaDiCaL's DRAT proof that the
  CNF plus the blocking clause has no model and checks it with dratify (pure
  Python, or its Rust checker when cdclkit-native is installed), all in a
  forked child killed at the limit.

Per genre it prints how many boards were certified within T seconds each,
the median and maximum cost factor (certify seconds / verdict seconds) over
the certified boards, the median split of the certificate into solving
(model + proof) and checking, the median proof size and the median size of
the lazy and of the complete CNF.
"""
from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from _common import DATASETS, median, table

import satlink
from satlink import engine
from satlink.certify import certify, checker_name

GENRES = {"Sudoku": "sudoku", "Hashi": "hashi", "Slitherlink": "slitherlink"}


def run_board(key: str, problem: str, puzzle_type: str, timeout: float) -> dict:
    item = satlink.load_text(problem, key, fmt="grid-text", puzzle_type=puzzle_type)[0]
    t0 = time.perf_counter()
    found = engine.solve(item.puzzle, item.instance, limit=2, timeout=timeout)
    verdict_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    cert = certify(item.puzzle, item.instance, found.verdict, found.solutions, timeout=timeout)
    certify_s = time.perf_counter() - t0
    return {"key": key, "verdict": found.verdict, "verdict_s": verdict_s,
            "certify_s": certify_s, "certified": cert.certified, "reason": cert.reason,
            "solve_s": cert.solve_seconds, "check_s": cert.check_seconds,
            "proof_bytes": cert.proof_bytes, "proof_steps": cert.proof_steps,
            "lazy_clauses": found.stats.clauses, "complete_clauses": cert.clauses}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("genres", nargs="*", default=list(GENRES), choices=list(GENRES))
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per board, each step")
    ap.add_argument("--every", type=int, default=1, help="every N-th board only")
    ap.add_argument("--verbose", action="store_true", help="one line per board")
    ap.add_argument("--json", help="write the per-board rows to this file")
    args = ap.parse_args(argv)
    rows, out = [], {}
    for genre in args.genres:
        data = json.loads((DATASETS / "puzzlekit-dev" / f"{genre}.json").read_text())["data"]
        res = []
        for key in sorted(data)[::args.every]:
            r = run_board(key, data[key]["problem"], GENRES[genre], args.timeout)
            res.append(r)
            if args.verbose:
                print(f"{genre:<11} {key:<18} {r['verdict']:<8} verdict {r['verdict_s']:7.3f} s"
                      f"  certify {r['certify_s']:7.3f} s  {'ok' if r['certified'] else 'NO'}"
                      f"  proof {r['proof_bytes'] / 1e6:7.2f} MB"
                      + (f"  ({r['reason']})" if r["reason"] else ""), flush=True)
        out[genre] = res
        done = [r for r in res if r["certified"]]
        factors = [r["certify_s"] / r["verdict_s"] for r in done]
        verdicts = Counter(r["verdict"] for r in res)
        failed = Counter((r["reason"] or "").split(":")[0] for r in res if not r["certified"])
        rows.append([genre, len(res), " ".join(f"{k}={v}" for k, v in sorted(verdicts.items())),
                     f"{len(done)}/{len(res)}",
                     median(factors), max(factors, default=float("nan")),
                     median([r["verdict_s"] for r in res]), median([r["certify_s"] for r in done]),
                     max((r["certify_s"] for r in done), default=float("nan")),
                     median([r["solve_s"] for r in done]), median([r["check_s"] for r in done]),
                     f"{median([r['proof_bytes'] for r in done]) / 1e3:.0f}",
                     f"{median([r['lazy_clauses'] for r in res]):.0f}",
                     f"{median([r['complete_clauses'] for r in done]):.0f}"])
        for reason, n in failed.items():
            print(f"{genre}: {n} not certified: {reason}")
    print(f"\nCertified verdicts, janko dev slices (puzzlekit-dev), checker {checker_name()},"
          f" every {args.every}. board, limit {args.timeout:g} s per board for the verdict and"
          " for the certificate; factor = certify s / verdict s over the certified boards;"
          " medians unless max")
    print(table(["genre", "boards", "verdicts", "certified", "factor med", "factor max",
                 "verdict s", "certify s", "certify max", "proof solve s", "check s",
                 "proof kB", "lazy clauses", "complete clauses"], rows))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
