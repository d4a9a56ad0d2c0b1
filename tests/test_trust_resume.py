"""``check --output`` and ``--resume`` (issue 11): a run stopped by SIGINT,
SIGTERM or SIGKILL loses nothing written, and a resumed one finishes the
set with the same results."""
from __future__ import annotations

import json
import shutil
import signal
import subprocess
import time
from collections import Counter
from pathlib import Path

import pytest

from satlink import checking
from tests.trusting import (SIX, SMALL, empty_sudoku, essence, read_jsonl, run, spawn,
                            sudoku_lines)


@pytest.mark.slow
def test_output_resume_after_sigint_sigterm_sigkill(tmp_path, capsys, datasets):
    folder = tmp_path / "set"
    folder.mkdir()
    for i, src in enumerate(SMALL[:12]):
        name = f"{'a' if i < 6 else 'p'}{i:02d}_{Path(src).name}"
        shutil.copy(src, folder / name)
    # several solutions, found in a second or three: the run is busy there a while
    # (a blank 25 x 25 took 0.3 s on a fast machine: the kills came too late)
    (folder / "m_slow.pzl").write_text(empty_sudoku(36))
    batch = tmp_path / "sudoku.txt"
    # 17-clue puzzles take a millisecond each: a kill lands in the middle
    batch.write_text(sudoku_lines(datasets, 300, "puzzles2_17_clue.txt"))
    last = tmp_path / "last.pzl"  # work that is still to do when a kill lands
    last.write_text(empty_sudoku(36))
    common = ["check", "--json"]
    paths = [str(folder), str(batch), str(last)]

    clean = tmp_path / "clean.jsonl"
    code, _, _ = run(capsys, *common, "--output", str(clean), *paths)
    assert code == 1  # the empty boards
    expected = {checking.source_key(r): essence(r) for r in read_jsonl(clean, allow_torn=False)}
    total = 13 + 300 + 1
    assert len(expected) == total

    out = tmp_path / "out.jsonl"
    plan = [  # (extra options, signal, when the file holds this many results, then wait)
        ([], signal.SIGINT, 6, 0.3),  # while the empty board is searched
        (["--resume", "--jobs", "2"], signal.SIGTERM, 9, 0),  # the same, in a worker
        (["--resume"], signal.SIGKILL, total - 200, 0),  # among the Sudoku lines
    ]
    killed = 0
    for extra, sig, at, delay in plan:
        before = len(read_jsonl(out))
        p = spawn(*common, "--output", str(out), *extra, *paths, stdout=subprocess.DEVNULL)
        end = time.monotonic() + 60
        while p.poll() is None and time.monotonic() < end:
            if out.exists() and out.read_text().count("\n") >= max(at, before + 1):
                time.sleep(delay)
                p.send_signal(sig)
                killed += 1
                break
            time.sleep(0.02)
        _, err = p.communicate(timeout=60)
        assert "Traceback" not in err, err
        assert p.returncode == (130 if sig == signal.SIGINT else -sig), err
        keys = [checking.source_key(r) for r in read_jsonl(out)]
        assert len(keys) == len(set(keys)), "a result was written twice"
        assert len(keys) < total, f"the run ended before {sig!r} (from {before} results)"
    assert killed == 3
    p = spawn(*common, "--output", str(out), "--resume", *paths, stdout=subprocess.DEVNULL)
    _, err = p.communicate(timeout=120)
    # 0 or 1: the code covers the puzzles of this run (see the next test)
    assert p.returncode in (0, 1) and "Traceback" not in err, err
    assert "already in" in err
    records = read_jsonl(out, allow_torn=False)
    counts = Counter(checking.source_key(r) for r in records)
    assert [k for k, n in counts.items() if n > 1] == []
    assert set(counts) == set(expected)
    assert {checking.source_key(r): essence(r) for r in records} == expected


def test_resumed_check_exit_code_covers_the_whole_batch(tmp_path, capsys):
    several = tmp_path / "several.pzl"
    several.write_text("puzzle sudoku\nsize 4\ngrid\n  1 2 3 4\n  3 4 1 2\n  . . . .\n"
                       "  . . . .\n")
    out = tmp_path / "out.jsonl"
    assert run(capsys, "check", "--output", str(out), str(several))[0] == 1
    # the run was stopped there; resumed, it checks the unique one
    code, _, err = run(capsys, "check", "--output", str(out), "--resume", str(several), SIX)
    assert len(read_jsonl(out, allow_torn=False)) == 2
    assert code == 1, err


def test_resume_drops_a_torn_last_line_and_redoes_that_puzzle(tmp_path, capsys):
    files = SMALL[:3]
    out = tmp_path / "out.jsonl"
    assert run(capsys, "check", "--json", "--output", str(out), *files)[0] == 0
    whole = out.read_text().splitlines(keepends=True)
    assert len(whole) == 3
    out.write_text("".join(whole[:2]) + whole[2][:25])  # killed while writing line 3
    code, stdout, err = run(capsys, "check", "--json", "--output", str(out), "--resume", *files)
    assert code == 0, err
    printed = [json.loads(line) for line in stdout.splitlines()]
    assert [r["source"]["file"] for r in printed] == [files[2]]  # only that one again
    records = read_jsonl(out, allow_torn=False)
    assert [r["source"]["file"] for r in records] == files
    assert [essence(r) for r in records] == [essence(json.loads(line)) for line in whole]


def test_resume_needs_output(capsys):
    code, _, err = run(capsys, "check", "--resume", SIX)
    assert code == 2 and "--output" in err


def test_resume_from_a_device_is_a_usage_error(capsys):
    """Found by the CLI fuzz test: `--output /dev/full --resume` read the
    device to the end, which never comes (22 GB before the kernel stopped it)."""
    for device in ("/dev/full", "/dev/zero"):
        code, out, err = run(capsys, "check", "--output", device, "--resume", SIX)
        assert code == 2 and out == "", err
        assert f"--resume: {device} is not a regular file" in err
