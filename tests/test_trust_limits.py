"""Time and memory limits that hold (issue 11, defect 7): on the real
command, in a subprocess."""
from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from tests.trusting import SATLINK, SIX, grid, numberlink_fill_any, timed_json


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
