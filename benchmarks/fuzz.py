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
                              [--commands explain,minimize,...] [--formats puzzlekit,detect]

Prints the seed (pass it back to replay), the number of tracebacks and
undocumented exit codes, and counts per command and per format; with
``--save DIR`` the failing inputs are written there (name = case number,
command, format) for tests/fuzz_corpus/.

Beyond tests/test_fuzz.py: a case that takes more than ``--slow`` seconds of
CPU in this process is a failure (a reader that backtracks exponentially
hangs the run rather than failing it); standard output encodes as a
terminal's does (UTF-8, strict; standard error escapes), so text no
terminal can take (a lone surrogate from a JSON escape) fails here as it
does there; and half
the cases drawn from a puzzlekit JSON collection get a structural mutation
first (:func:`mutate_json`: values of the wrong type, ids and keys written
with escapes, nested and repeated "problem" keys, lone surrogates, huge
numbers, deep nesting), drawn from a generator of their own, so that a seed
replays the same cases as before it was added.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from satlink.cli import main as satlink_main  # noqa: E402
from tests.fuzzing import (COMMANDS, MORE_COMMANDS, Outcome, config_args, config_id,  # noqa: E402
                           format_configs, mutate, problems, random_bytes, seeds_for)


def run_terminal(path: Path, command: str, cfg) -> Outcome:
    """The case run as tests.fuzzing.run_case runs it, but with standard
    output that encodes as a terminal's (a StringIO takes any str)."""
    words = COMMANDS.get(command) or MORE_COMMANDS[command]
    res = Outcome(words[:1] + [str(path)] + words[1:] + config_args(cfg))
    out, err = (io.TextIOWrapper(io.BytesIO(), "utf-8", errors, write_through=True)
                for errors in ("strict", "backslashreplace"))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            res.code = satlink_main(res.argv)
        except SystemExit as exc:  # argparse: a usage error
            res.code = exc.code
        except BaseException:  # noqa: BLE001 - the point is to catch anything that escapes
            res.exc = traceback.format_exc()
    res.out, res.err = (s.buffer.getvalue().decode("utf-8", "replace") for s in (out, err))
    res.problems = problems(res, command)
    return res


#: What a structural mutation puts in place of a value.
ODD_VALUES = [None, True, 0, -1, 1.5, 10 ** 30, [], {}, [1, [2]], "", " ", "\ud800", "1 1\n\udc00",
              "problem", {"problem": "1 1\n-"}]


def mutate_json(rng: random.Random, text: str) -> bytes | None:
    """One structural mutation of a puzzlekit collection's JSON, written
    back in one of the ways JSON is written (None when ``text`` is not one)."""
    try:
        doc = json.loads(text)
        records = list(doc["data"].items())
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    op = rng.randrange(9)
    data = None  # the "data" value's text, when it is not the records
    if not records or op == 0:  # the collection itself
        odd = rng.choice(ODD_VALUES + ["NoSuch", "Sudoku", "Zebra"])
        if rng.random() < 0.5:
            data = json.dumps(odd)
        else:
            doc["name"] = odd
    else:
        k = rng.randrange(len(records))
        key, rec = records[k]
        if op == 1:  # a record of another type
            records[k] = (key, rng.choice(ODD_VALUES))
        elif op == 2 and isinstance(rec, dict):  # a field of another type
            rec[rng.choice(["problem", "solution"])] = rng.choice(ODD_VALUES)
        elif op == 3:  # an id JSON writes with escapes, or empty
            records[k] = (rng.choice(["\u00e9t\u00e9", "a/b", "tab\t", "", "\U0001f40d", "\udc00",
                                      '"', key * 50]), rec)
        elif op == 4 and isinstance(rec, dict):  # "problem" elsewhere in the record
            rec = {"meta": {"problem": "1 1\nx"}, **rec}
            records[k] = (key, rec)
        elif op == 5:  # an id twice
            records.insert(rng.randrange(len(records) + 1), (key, rng.choice([rec, ODD_VALUES[-1]])))
        elif op == 6 and isinstance(rec, dict) and isinstance(rec.get("problem"), str):
            at = rng.randrange(len(rec["problem"]) + 1)
            rec["problem"] = rec["problem"][:at] + rng.choice(["\ud800", "\x00", "\u2028", "\\"]) \
                + rec["problem"][at:]
        elif op == 7:  # nesting deeper than a parser recurses
            records[k] = (key, "deep")  # written below: json cannot write it
        else:  # a number no int() takes
            records[k] = (key, {"problem": 0, "solution": None})
    pairs = ", ".join(f"{json.dumps(key, ensure_ascii=rng.random() < 0.5)}: {json.dumps(value)}"
                      for key, value in records)
    head = {k: v for k, v in doc.items() if k != "data"} if isinstance(doc, dict) else {}
    body = json.dumps(head, indent=rng.choice([None, 0, 2]))[:-1].rstrip()
    text = body + ("," if head else "") + f' "data": {data or "{" + pairs + "}"}}}'
    if op == 7:
        text = text.replace(': "deep"', ": " + "[" * 3000 + "]" * 3000, 1)
    if op == 8:
        text = text.replace('"problem": 0', '"problem": 1' + "0" * 5000)
    return text.encode("utf-8", "surrogatepass")


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
    ap.add_argument("--slow", type=float, default=10.0, metavar="SECONDS",
                    help="a case that takes more CPU in this process (reading, encoding: not"
                         " the solving children) is a failure (default 10)")
    ap.add_argument("--formats", metavar="IDS",
                    help="comma-separated format configurations to fuzz, as the table names"
                         " them (`puzzlekit,detect`, `grid-text+masyu`; default: all)")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    rng = random.Random(seed)
    configs = format_configs()
    if args.formats:
        known = {config_id(c): c for c in configs}
        wrong = [f for f in args.formats.split(",") if f not in known]
        if wrong:
            ap.error(f"unknown format configuration {wrong[0]!r}")
        configs = tuple(known[f] for f in args.formats.split(","))
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
                side = random.Random(f"{seed}-{case}")  # the main stream stays as it was
                if suffix == ".json" and side.random() < 0.5:
                    data = mutate_json(side, s.text) or data
            path = Path(tmp) / f"case{suffix}"
            path.write_bytes(data)
            cpu = time.process_time()
            res = run_terminal(path, command, cfg)
            cpu = time.process_time() - cpu
            if cpu > args.slow:  # a hang shows as a stall, not a failure: said here
                res.problems.append(f"slow: {cpu:.0f} s of CPU in this process")
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
