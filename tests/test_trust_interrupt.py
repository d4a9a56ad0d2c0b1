"""Ctrl-C (issue 11, defect 2): exit 130 at once, no traceback, what was
finished printed in input order, no process left behind. On the real
command, in a subprocess."""
from __future__ import annotations

import shutil
import signal
import threading
import time
from pathlib import Path

import pytest

from tests.trusting import (SIX, SMALL, alive, descendants, empty_sudoku, first_generated_board,
                            interrupt, spawn, wait_until_solving)


@pytest.mark.parametrize("options", [(), ("--max-memory", "none")],
                         ids=["forked", "in-process"])  # no limit: solved in this process
def test_ctrl_c_exits_130_at_once_without_traceback(tmp_path, options):
    board = tmp_path / "empty9.pzl"
    board.write_text(empty_sudoku(9))
    p = spawn("count", "--limit", "1000000", *options, str(board))
    wait_until_solving(p)
    time.sleep(1.0)
    assert p.poll() is None, "the run ended before it was interrupted"
    kids = descendants(p.pid)
    seconds, out, err = interrupt(p)
    assert p.returncode == 130, (p.returncode, err)
    assert seconds < 2.0, f"stopped {seconds:.1f} s after the signal"
    assert "Traceback" not in err and "Error" not in err, err
    assert "interrupted" in err
    time.sleep(0.5)
    assert not [k for k in kids if alive(k)], "a solving process outlived the command"


def test_ctrl_c_in_a_parallel_check_prints_what_is_done(tmp_path, datasets):
    folder = tmp_path / "set"
    folder.mkdir()
    fast = [folder / f"a{i:02d}_{Path(s).name}" for i, s in enumerate(SMALL[:8])]
    for src, dst in zip(SMALL, fast):
        shutil.copy(src, dst)
    board = first_generated_board(datasets)
    (folder / "n_slow1.txt").write_text(board)
    (folder / "n_slow2.txt").write_text(board)
    shutil.copy(SIX, folder / "z_fast.pzl")  # behind the slow ones
    p = spawn("check", "--jobs", "2", "--timeout", "3", str(folder))
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(p.stdout), daemon=True)
    reader.start()
    end = time.monotonic() + 30
    while len(lines) < len(fast) and time.monotonic() < end and p.poll() is None:
        time.sleep(0.05)
    assert len(lines) == len(fast), f"only {len(lines)} results printed before the signal"
    time.sleep(0.5)  # the slow boards are being searched (3 s each)
    assert p.poll() is None
    kids = descendants(p.pid)
    assert kids, "no worker process"
    start = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        err = p.stderr.read()
        p.wait(timeout=30)
    finally:
        p.kill()
    seconds = time.monotonic() - start
    reader.join(5)
    assert p.returncode == 130, (p.returncode, err)
    assert seconds < 2.0, f"stopped {seconds:.1f} s after the signal"
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    # every result finished so far, in input order, and nothing else
    assert [line.split("\t")[0] for line in lines] == [str(f) for f in fast]
    assert all("\tunique\t" in line for line in lines)
    assert f"{len(fast)} puzzles" in err
    time.sleep(0.5)
    assert not [k for k in kids if alive(k)], "a worker outlived the command"


def test_ctrl_c_right_after_a_result_stops_the_check(tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    # enough files that the check is still running when the signal lands
    # (one child reads and solves each file in one call: ~10 ms a file)
    for i in range(200):
        shutil.copy(SIX, folder / f"s{i:03d}.pzl")
    for _ in range(6):  # the signal lands in a narrow window: try a few times
        p = spawn("check", str(folder))
        for _ in range(3):
            assert p.stdout.readline()
        seconds, out, err = interrupt(p)
        assert p.returncode == 130 and "Traceback" not in err, (p.returncode, err)
        assert seconds < 2.0 and 3 + len(out.splitlines()) < 200
