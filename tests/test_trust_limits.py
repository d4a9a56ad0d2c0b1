"""Time and memory limits that hold (issue 11, defect 7): on the real
command, in a subprocess."""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from satlink import children, limits
from tests.trusting import (INSTANCES, ROOT, SATLINK, SIX, grid, numberlink_fill_any, run,
                            timed_json)


def test_timeout_holds_while_encoding_a_huge_battleship(tmp_path):
    n = 100
    tallies = " ".join(["?"] * n)
    board = tmp_path / "sea.pzl"
    board.write_text(f"puzzle battleship\nsize {n} x {n}\nfleet 1x4 2x3 3x2 4x1\n"
                     f"rows {tallies}\ncols {tallies}\ngrid\n" + grid(n, n))
    code, seconds, [rec], err = timed_json("solve", "--json", "--timeout", "2", str(board))
    assert code == 5 and rec["verdict"] == "unknown", err
    assert "time limit" in rec["reason"]
    assert seconds < 10, f"{seconds:.1f} s with --timeout 2"


def thin_numberlink(tmp_path) -> Path:
    """100000 x 2 under fill any, one pair: 200,000 cells to read and encode."""
    cols = 100000
    board = tmp_path / "thin.pzl"
    board.write_text(f"puzzle numberlink\nsize {cols} x 2\nfill any\ngrid\n"
                     + grid(2, cols, {(0, 0): 1, (1, cols - 1): 1}))
    return board


def test_timeout_holds_on_a_long_thin_numberlink(tmp_path):
    board = thin_numberlink(tmp_path)
    code, seconds, [rec], err = timed_json("solve", "--json", "--timeout", "2", str(board))
    assert code == 5 and rec["verdict"] == "unknown", err
    assert "time limit" in rec["reason"]
    assert seconds < 10, f"{seconds:.1f} s with --timeout 2"


def test_timeout_while_check_reads_a_file_is_unknown(tmp_path):
    board = thin_numberlink(tmp_path)  # reading it alone takes longer than 0.5 s
    code, seconds, records, err = timed_json("check", "--json", "--timeout", "0.5",
                                              str(board), SIX)
    assert [r["verdict"] for r in records] == ["unknown", "unique"], records
    assert "time limit" in records[0]["reason"] and code == 5
    assert seconds < 10


#: A 200 x 200 fill-any Numberlink with 4 pairs: its encoding needs more than
#: 400 MiB (measured: killed at 400M, still encoding at 1G after 15 s).
@pytest.fixture(scope="module")
def memory_hog(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("hog") / "hog.pzl"
    path.write_text(numberlink_fill_any(200, 200, 4))
    return path


@pytest.fixture(scope="module")
def memory_limited_solve(memory_hog):
    start = time.monotonic()
    p = subprocess.run(SATLINK + ["solve", "--max-memory", "300M", "--timeout", "30",
                                  str(memory_hog)], capture_output=True, text=True, timeout=90)
    return p, time.monotonic() - start


def test_memory_limit_gives_unknown_with_the_reason(memory_limited_solve):
    p, seconds = memory_limited_solve
    assert p.returncode == 5, p.stderr
    assert "Traceback" not in p.stderr
    assert "bad_alloc" not in p.stderr  # the solving child's last words stay there
    assert seconds < 30


def test_memory_limit_verdict_line_names_the_memory_not_the_clock(memory_limited_solve):
    p, _ = memory_limited_solve
    verdict = [line for line in p.stdout.splitlines() if line.startswith("verdict:")]
    assert verdict and "unknown (memory limit of 300 MiB" in verdict[0], p.stdout
    assert "time limit" not in verdict[0]


def test_memory_limit_in_check_goes_on_with_the_next_puzzle(memory_hog):
    code, _, records, err = timed_json("check", "--json", "--max-memory", "300M",
                                        "--timeout", "30", str(memory_hog), SIX, limit=90)
    assert code == 5, err
    assert [r["source"]["file"] for r in records] == [str(memory_hog), SIX]
    hog, six = records
    assert hog["verdict"] == "unknown" and "memory limit" in hog["reason"]
    assert six["verdict"] == "unique"


# -- issue 20, item 2: limits that respect the environment ------------------------------
def address_space(kib: int):
    """A ``preexec_fn``: the process starts under ``ulimit -v KIB``."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (kib << 10, kib << 10))
    return limit


def test_an_inherited_address_space_limit_is_not_a_verdict():
    """Under ``ulimit -v 4000000`` the default --max-memory (4G) is above
    what the process may have: the limit that holds is the inherited one,
    said once, and the puzzle is solved as without it."""
    p = subprocess.run(SATLINK + ["solve", "--json", SIX], capture_output=True, text=True,
                       timeout=60, preexec_fn=address_space(4000000))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["verdict"] == "unique"
    assert p.stderr.count("note: the memory limit is 3906 MiB, not the 4096 MiB asked") == 1


@pytest.mark.slow
def test_every_instance_has_the_same_verdict_under_ulimit_v(tmp_path):
    verdicts = []
    for pre in (None, address_space(4000000)):
        p = subprocess.run(SATLINK + ["check", "--json", str(INSTANCES)], capture_output=True,
                           text=True, timeout=300, preexec_fn=pre)
        verdicts.append([(r["source"]["file"], r["verdict"])
                         for r in map(json.loads, p.stdout.splitlines())])
    assert len(verdicts[0]) >= 28 and verdicts[0] == verdicts[1]


@pytest.mark.parametrize("size", ["1e30", "300T", str(1 << 70)])
def test_more_memory_than_a_machine_can_address_is_a_usage_error(capsys, size):
    code, out, err = run(capsys, "solve", "--max-memory", size, SIX)
    assert code == 2 and out == ""
    assert "argument --max-memory:" in err and "more than this machine can address" in err


def test_the_api_refuses_such_a_limit_too():
    with pytest.raises(ValueError, match="what this machine can address"):
        limits.Limits(max_memory=10 ** 30)


def test_a_child_that_cannot_start_says_why_and_is_no_memory_limit(monkeypatch):
    """The child's own set-up failing (here the address-space cap) is an
    error naming the exception, not "most likely at the memory limit"."""
    def refuse(*args):
        raise ValueError("not allowed to raise the hard limit")

    monkeypatch.setattr(resource, "setrlimit", refuse)
    [(kind, value)] = children.map_bounded(lambda x: x, [1], limits.Limits(max_memory=1 << 30))
    assert kind == "error", (kind, value)
    assert "ValueError: not allowed to raise the hard limit" in str(value)


def test_a_child_that_exits_under_a_memory_limit_is_an_error_that_says_how():
    [(kind, value)] = children.map_bounded(lambda x: os._exit(3), [1],
                                           limits.Limits(max_memory=1 << 30))
    assert kind == "error" and "exit code 3" in str(value), (kind, value)
    assert "memory" not in str(value)


GREEDY = """
import sys
from satlink import engine
from tests.helpers import stand_in

def build(f, options):
    hog = [bytearray(1 << 20) for _ in range(4096)]  # 4 GiB, a MiB at a time
    f.declare_answer([f.var("x")])

result = engine.solve(stand_in("greedy", build), None, max_memory=4 << 30)
print(result.verdict, result.reason, sep="\\n")
"""


def test_a_memory_limit_lower_than_asked_names_the_limit_that_held():
    """max_memory 4G under ``ulimit -v 1500000``: a search that wants 4 GiB
    meets the inherited limit, and the reason names it (1465 MiB)."""
    p = subprocess.run([sys.executable, "-c", GREEDY], capture_output=True, text=True,
                       timeout=120, cwd=ROOT, preexec_fn=address_space(1500000))
    assert p.returncode == 0, p.stderr
    verdict, reason = p.stdout.splitlines()
    assert verdict == "unknown", p.stdout
    assert reason == ("memory limit of 1465 MiB reached (4096 MiB asked; this process may have"
                      " no more address space: ulimit -v)"), reason
