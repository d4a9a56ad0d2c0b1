"""Fuzz the satlink CLI with N fresh cases (not part of CI).

Each case takes a seed file (every file in instances/ and a sample of each
other input format from ../shared/datasets), applies random structured
mutations (or replaces it by random bytes), and runs it in-process through
``satlink.cli.main`` with a random format configuration (every format of
the registry, with ``--type T`` where the format needs one, or detection)
and a random command (`solve --json`, `check --json`, `fmt`, `dimacs`,
`count --limit 3`; solving commands with `--timeout 2`). The same checks
as tests/test_fuzz.py: no exception escapes, no traceback, a documented
exit code, valid JSON lines.

    python benchmarks/fuzz.py [-n 10000] [--seed S] [--save DIR] [--quiet]

Prints the seed (pass it back to replay), the number of tracebacks and
undocumented exit codes, and counts per command and per format; with
``--save DIR`` the failing inputs are written there (name = case number,
command, format) for tests/fuzz_corpus/.
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzzing import (COMMANDS, MORE_COMMANDS, config_id, format_configs, mutate, random_bytes,  # noqa: E402
                           run_case, seeds_for)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=10_000, help="number of cases (default 10000)")
    ap.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    ap.add_argument("--save", metavar="DIR", help="write each failing input here")
    ap.add_argument("--quiet", action="store_true", help="no line per failure")
    ap.add_argument("--commands", metavar="NAMES",
                    help="comma-separated commands to fuzz (default: "
                         + ",".join(sorted(COMMANDS)) + "; also "
                         + ",".join(sorted(MORE_COMMANDS)) + ")")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    rng = random.Random(seed)
    configs = format_configs()
    commands = sorted(COMMANDS) if not args.commands else args.commands.split(",")
    unknown = [c for c in commands if c not in COMMANDS and c not in MORE_COMMANDS]
    if unknown:
        ap.error(f"unknown command {unknown[0]!r}")
    runs: Counter = Counter()
    tracebacks: Counter = Counter()
    undocumented: Counter = Counter()
    other: Counter = Counter()
    codes: Counter = Counter()
    first_seen: dict[str, str] = {}
    save = Path(args.save) if args.save else None
    if save:
        save.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="satlink-fuzz-") as tmp:
        for case in range(args.n):
            cfg = rng.choice(configs)
            command = rng.choice(commands)
            if rng.random() < 0.05:
                data, suffix = random_bytes(rng), rng.choice([".pzl", ".txt", ".has", ".dzn", ".pl"])
            else:
                s = rng.choice(seeds_for(cfg))
                data, suffix = mutate(rng, s.text), s.suffix
            path = Path(tmp) / f"case{suffix}"
            path.write_bytes(data)
            res = run_case(path, command, cfg)
            key = (command, config_id(cfg))
            runs[key] += 1
            codes[res.code] += 1
            if not res.problems:
                continue
            tb = res.exc is not None or any("traceback" in p for p in res.problems)
            bad_code = any(p.startswith("undocumented") for p in res.problems)
            (tracebacks if tb else undocumented if bad_code else other)[key] += 1
            sig = res.problems[0].strip().splitlines()[-1][:160]
            if sig not in first_seen:
                first_seen[sig] = f"case {case}: satlink {' '.join(res.argv)}\n    input {data[:300]!r}"
            if not args.quiet:
                print(f"case {case}: {command} {config_id(cfg)}: {sig}", flush=True)
            if save:
                (save / f"{case:05d}-{command}-{config_id(cfg)}{suffix}").write_bytes(data)
    secs = time.perf_counter() - t0
    print(f"\n{args.n} cases, seed {seed}, {secs:.1f} s ({args.n / secs:.0f} cases/s)")
    print(f"tracebacks: {sum(tracebacks.values())}, undocumented exit codes:"
          f" {sum(undocumented.values())}, invalid JSON / other: {sum(other.values())}")
    print("exit codes: " + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items(), key=str)))
    by_cmd = Counter()
    by_fmt = Counter()
    for table in (tracebacks, undocumented, other):
        for (cmd, fmt), n in table.items():
            by_cmd[cmd] += n
            by_fmt[fmt] += n
    print("\nper command (cases, tracebacks, undocumented codes, other):")
    for cmd in commands:
        n = sum(v for (c, _), v in runs.items() if c == cmd)
        print(f"  {cmd:8} {n:6} {sum(v for (c, _), v in tracebacks.items() if c == cmd):5}"
              f" {sum(v for (c, _), v in undocumented.items() if c == cmd):5}"
              f" {sum(v for (c, _), v in other.items() if c == cmd):5}")
    print("per format (cases, tracebacks, undocumented codes, other):")
    for cfg in configs:
        f = config_id(cfg)
        n = sum(v for (_, g), v in runs.items() if g == f)
        print(f"  {f:28} {n:6} {sum(v for (_, g), v in tracebacks.items() if g == f):5}"
              f" {sum(v for (_, g), v in undocumented.items() if g == f):5}"
              f" {sum(v for (_, g), v in other.items() if g == f):5}")
    if first_seen:
        print("\ndistinct failures (first case of each):")
        for sig, where in first_seen.items():
            print(f"  {sig}\n    {where}")
    return 1 if first_seen else 0


if __name__ == "__main__":
    sys.exit(main())
