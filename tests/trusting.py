"""What the trust tests share: the instances, the command in this process
(:func:`run`) and as a process (:func:`spawn`), process trees, and boards
made to measure (empty Sudokus, fill-any Numberlinks, Sudoku lines)."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from satlink.cli import main

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = ROOT / "instances"
SIX = str(INSTANCES / "sudoku" / "six.pzl")
SATLINK = [sys.executable, "-m", "satlink"]
#: Instance files that solve in a few milliseconds each.
SMALL = sorted(str(p) for p in INSTANCES.glob("*/*.pzl"))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """``satlink ARGV`` in this process: (exit code, stdout, stderr)."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def _sigint_default() -> None:
    # a process started from a non-interactive shell inherits SIGINT ignored
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(*args: str, **kw) -> subprocess.Popen:
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("stderr", subprocess.PIPE)
    return subprocess.Popen(SATLINK + list(args), text=True, preexec_fn=_sigint_default, **kw)


def _proc_stat(pid: int) -> list[str] | None:
    """Fields of /proc/PID/stat after the command name (field 3 first)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def descendants(pid: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _proc_stat(int(entry))
            if fields:
                parents[int(entry)] = int(fields[1])
    found, todo = set(), [pid]
    while todo:
        p = todo.pop()
        kids = {c for c, pp in parents.items() if pp == p}
        todo.extend(kids - found)
        found |= kids
    return found


def alive(pid: int) -> bool:
    """Running, not gone and not a zombie (nobody may reap orphans here)."""
    fields = _proc_stat(pid)
    return fields is not None and fields[0] != "Z"


def wait_until_solving(p: subprocess.Popen, limit: float = 30.0) -> None:
    """Until ``p`` has forked the process that solves, or has spent a
    second of CPU itself (imports take about 0.4 s): then it is solving."""
    tick = os.sysconf("SC_CLK_TCK")
    end = time.monotonic() + limit
    while time.monotonic() < end:
        assert p.poll() is None, p.communicate()
        fields = _proc_stat(p.pid)
        if descendants(p.pid) or (fields and (int(fields[11]) + int(fields[12])) / tick >= 1.0):
            return
        time.sleep(0.05)
    raise AssertionError("the command never started solving")


def interrupt(p: subprocess.Popen, sig: int = signal.SIGINT) -> tuple[float, str, str]:
    """Send ``sig``; (seconds until exit, stdout, stderr)."""
    start = time.monotonic()
    p.send_signal(sig)
    try:
        out, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        return float("inf"), out, err
    return time.monotonic() - start, out, err


def grid(rows: int, cols: int, cells: dict | None = None) -> str:
    cells = cells or {}
    return "".join("  " + " ".join(str(cells.get((r, c), ".")) for c in range(cols)) + "\n"
                   for r in range(rows))


def empty_sudoku(n: int) -> str:
    return f"puzzle sudoku\nsize {n}\ngrid\n" + grid(n, n)


def numberlink_fill_any(cols: int, rows: int, pairs: int, seed: int = 1) -> str:
    rnd = random.Random(seed)
    cells: dict = {}
    for label in range(1, pairs + 1):
        for _ in range(2):
            while True:
                cell = (rnd.randrange(rows), rnd.randrange(cols))
                if cell not in cells:
                    cells[cell] = label
                    break
    return f"puzzle numberlink\nsize {cols} x {rows}\nfill any\ngrid\n" + grid(rows, cols, cells)


def first_generated_board(datasets: Path) -> str:
    """The first 50 x 50 board of numberlink/generated/inputs10.txt: no
    verdict within many seconds (the issue's Ctrl-C example)."""
    lines = (datasets / "numberlink" / "generated" / "inputs10.txt").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "50 50")
    return "\n".join(lines[start:start + 51]) + "\n"


def sudoku_lines(datasets: Path, n: int, name: str = "norvig_top95.txt") -> str:
    lines = (datasets / "sudoku" / name).read_text().splitlines()
    puzzles = [line.strip() for line in lines if not line.startswith("#")]
    return "\n".join([line for line in puzzles if len(line) == 81][:n]) + "\n"


def read_jsonl(path: Path, allow_torn: bool = True) -> list[dict]:
    data = path.read_text() if path.exists() else ""
    lines = data.split("\n")
    if lines[-1] == "":
        lines.pop()
    elif allow_torn:  # a run killed while writing its last line
        lines.pop()
    return [json.loads(line) for line in lines]


def essence(rec: dict) -> tuple:
    return (rec["type"], rec["verdict"], json.dumps(rec["solution"], sort_keys=True),
            rec["count"], rec.get("matches_expected"), rec["error"])


def timed_json(*argv, limit: float = 60) -> tuple[int, float, list[dict], str]:
    start = time.monotonic()
    p = subprocess.run(SATLINK + list(argv), capture_output=True, text=True, timeout=limit)
    seconds = time.monotonic() - start
    return (p.returncode, seconds, [json.loads(line) for line in p.stdout.splitlines()],
            p.stderr)

