"""``explain`` under the CLI's limits, on the real command in a subprocess:
the time limit holds inside a long encoding or solver call (not only
between steps), the memory limit applies, and both end in verdict unknown
(exit 5) with the reason, no traceback, and nothing written."""
from __future__ import annotations

import subprocess
import time

import pytest

from tests.trusting import SATLINK, grid, numberlink_fill_any

pytestmark = pytest.mark.slow


def explain(*argv: str) -> tuple[subprocess.CompletedProcess, float]:
    start = time.monotonic()
    p = subprocess.run(SATLINK + ["explain", *argv], capture_output=True, text=True, timeout=120)
    return p, time.monotonic() - start


def test_timeout_holds_inside_one_long_encoding(tmp_path):
    n = 100  # a blank 100 x 100 Battleship: its encoding alone takes longer than 2 s
    tallies = " ".join(["?"] * n)
    board = tmp_path / "sea.pzl"
    board.write_text(f"puzzle battleship\nsize {n} x {n}\nfleet 1x4 2x3 3x2 4x1\n"
                     f"rows {tallies}\ncols {tallies}\ngrid\n" + grid(n, n))
    p, seconds = explain("--timeout", "2", "--svg", str(tmp_path / "steps"), str(board))
    assert p.returncode == 5, p.stderr
    assert "time limit" in p.stderr and "Traceback" not in p.stderr
    assert seconds < 10, f"{seconds:.1f} s with --timeout 2"
    assert not (tmp_path / "steps").exists() or not any((tmp_path / "steps").iterdir())


def test_memory_limit_applies(tmp_path):
    board = tmp_path / "hog.pzl"  # needs more than 400 MiB to encode (tests/test_trust_limits.py)
    board.write_text(numberlink_fill_any(200, 200, 4))
    p, seconds = explain("--max-memory", "300M", "--timeout", "60", str(board))
    assert p.returncode == 5, p.stderr
    assert "memory" in p.stderr and "Traceback" not in p.stderr
    assert seconds < 60
