"""Regression tests for issue 11 ("Trust"): defects 2-7 and 9, and
``check --output`` / ``--resume`` / ``--strict``.

Signals, /dev/full, killing and memory are exercised on the real command in
a subprocess; the rest runs in-process through :func:`satlink.cli.main`.
"""
from __future__ import annotations

import io
import json
import os
import random
import re
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from satlink import api, checking
from satlink.cli import main

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = ROOT / "instances"
SIX = str(INSTANCES / "sudoku" / "six.pzl")
SATLINK = [sys.executable, "-m", "satlink"]
#: Instance files that solve in a few milliseconds each.
SMALL = sorted(str(p) for p in INSTANCES.glob("*/*.pzl"))


# -- helpers ---------------------------------------------------------------------
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


# -- defect 2: Ctrl-C --------------------------------------------------------------
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
    for i in range(30):
        shutil.copy(SIX, folder / f"s{i:02d}.pzl")
    for _ in range(6):  # the signal lands in a narrow window: try a few times
        p = spawn("check", str(folder))
        for _ in range(3):
            assert p.stdout.readline()
        seconds, out, err = interrupt(p)
        assert p.returncode == 130 and "Traceback" not in err, (p.returncode, err)
        assert seconds < 2.0 and 3 + len(out.splitlines()) < 30


# -- --output and --resume ---------------------------------------------------------
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


def test_output_resume_after_sigint_sigterm_sigkill(tmp_path, capsys, datasets):
    folder = tmp_path / "set"
    folder.mkdir()
    for i, src in enumerate(SMALL[:12]):
        name = f"{'a' if i < 6 else 'p'}{i:02d}_{Path(src).name}"
        shutil.copy(src, folder / name)
    # several solutions, found in a second or two: the run is busy there a while
    (folder / "m_slow.pzl").write_text(empty_sudoku(25))
    batch = tmp_path / "sudoku.txt"
    # 17-clue puzzles take a millisecond each: a kill lands in the middle
    batch.write_text(sudoku_lines(datasets, 300, "puzzles2_17_clue.txt"))
    last = tmp_path / "last.pzl"  # work that is still to do when a kill lands
    last.write_text(empty_sudoku(25))
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


# -- defect 3: dimacs -o -----------------------------------------------------------
def test_dimacs_output_through_a_symlink(tmp_path, capsys):
    target = tmp_path / "real.cnf"
    target.write_text("old\n")
    link = tmp_path / "link.cnf"
    link.symlink_to(target)
    assert run(capsys, "dimacs", SIX, "-o", str(link))[0] == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert "p cnf " in target.read_text()


def test_dimacs_output_modes_follow_the_umask_or_the_file(tmp_path, capsys):
    old = os.umask(0o022)
    try:
        for umask, mode in ((0o022, 0o644), (0o002, 0o664)):
            os.umask(umask)
            new = tmp_path / f"new{umask:o}.cnf"
            assert run(capsys, "dimacs", SIX, "-o", str(new))[0] == 0
            assert stat.S_IMODE(new.stat().st_mode) == mode
        existing = tmp_path / "existing.cnf"
        existing.write_text("old\n")
        existing.chmod(0o640)
        assert run(capsys, "dimacs", SIX, "-o", str(existing))[0] == 0
        assert stat.S_IMODE(existing.stat().st_mode) == 0o640
        assert "p cnf " in existing.read_text()
    finally:
        os.umask(old)


def test_dimacs_output_into_a_fifo_writes_through(tmp_path, capsys):
    fifo = tmp_path / "pipe.cnf"
    os.mkfifo(fifo)
    spare = tmp_path / "spare-link"
    os.link(fifo, spare)  # to unblock the reader should the fifo be replaced
    got: list[str] = []

    def reader():
        with open(fifo) as fh:
            got.append(fh.read())

    t = threading.Thread(target=reader, daemon=True)
    t.start()
    time.sleep(0.1)
    try:
        assert run(capsys, "dimacs", SIX, "-o", str(fifo))[0] == 0
        t.join(10)
        assert stat.S_ISFIFO(os.lstat(fifo).st_mode), "the fifo was replaced"
        assert got and "p cnf " in got[0]
    finally:
        if t.is_alive():
            os.close(os.open(spare, os.O_WRONLY | os.O_NONBLOCK))


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can replace /dev/null")
def test_dimacs_output_to_dev_null_keeps_the_device(capsys):
    before = os.stat("/dev/null")
    assert stat.S_ISCHR(before.st_mode)
    try:
        assert run(capsys, "dimacs", SIX, "-o", "/dev/null")[0] == 0
        after = os.stat("/dev/null")
        assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    finally:
        if not stat.S_ISCHR(os.stat("/dev/null").st_mode):  # repair what the bug broke
            os.unlink("/dev/null")
            os.mknod("/dev/null", 0o666 | stat.S_IFCHR, before.st_rdev)
            os.chmod("/dev/null", 0o666)


# -- defect 4: decode -------------------------------------------------------------
@pytest.mark.parametrize("answer, line", [("v 99999999999 0\n", 1),
                                          ("s SATISFIABLE\nv 20000000 0\n", 2)],
                         ids=["huge-literal", "large-literal"])
def test_decode_refuses_literals_beyond_the_formula(tmp_path, answer, line):
    ans = tmp_path / "answer.txt"
    ans.write_text(answer)
    out, err = tmp_path / "out", tmp_path / "err"
    # the peak is read by a small launcher: a process forked from this big
    # pytest process would start its high-water mark at pytest's size
    launcher = ("import resource, subprocess, sys; code = subprocess.call(sys.argv[1:]);"
                " print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr);"
                " sys.exit(code)")
    start = time.monotonic()
    with open(out, "w") as o, open(err, "w") as e:
        p = subprocess.run([sys.executable, "-c", launcher, *SATLINK, "decode", SIX, str(ans)],
                           stdout=o, stderr=e)
    seconds = time.monotonic() - start
    text = err.read_text()
    peak_kb = int(text.split()[-1])
    assert p.returncode == 4, text
    assert f"{ans}:{line}:" in text and "Traceback" not in text and "MemoryError" not in text
    assert seconds < 10
    assert peak_kb < 300 * 1024, f"peak {peak_kb // 1024} MB"


# -- defect 5: bad option values ---------------------------------------------------
@pytest.mark.parametrize("argv, option", [
    (["solve", "--timeout", "nan", SIX], "--timeout"),
    (["solve", "--timeout", "inf", SIX], "--timeout"),
    (["solve", "--timeout", "-1", SIX], "--timeout"),
    (["check", "--timeout", "0", SIX], "--timeout"),
    (["check", "--jobs", "-1", SIX], "--jobs"),
    (["solve", "--max-memory", "12Q", SIX], "--max-memory"),
])
def test_bad_option_values_are_usage_errors(capsys, argv, option):
    code, out, err = run(capsys, *argv)
    assert code == 2 and f"argument {option}:" in err and out == ""


# -- defect 6: a full disk ----------------------------------------------------------
FULL_DISK = [("solve", SIX), ("check", SIX), ("fmt", SIX), ("dimacs", SIX)]


def _to_dev_full(argv) -> tuple[int, list[str]]:
    with open("/dev/full", "w") as full:
        p = subprocess.run(SATLINK + list(argv), stdout=full, stderr=subprocess.PIPE,
                           text=True, timeout=60)
    return p.returncode, [line for line in p.stderr.splitlines() if line.strip()]


@pytest.mark.parametrize("argv", FULL_DISK, ids=[a[0] for a in FULL_DISK])
def test_full_disk_is_one_line_and_exit_2(argv):
    code, lines = _to_dev_full(argv)
    assert code == 2, lines
    assert not any("Traceback" in line or "Error" in line for line in lines), lines
    said = [line for line in lines if "cannot write" in line and "output" in line]
    assert len(said) == 1, lines
    if argv[0] != "check":  # see the next test
        assert lines == said


def test_full_disk_check_prints_only_the_error():
    code, lines = _to_dev_full(("check", SIX))
    assert code == 2 and len(lines) == 1, lines


# -- defect 9: smaller ones ---------------------------------------------------------
def test_wrong_solution_block_is_reported_and_strict_exits_7(tmp_path, capsys):
    text = Path(SIX).read_text()
    wrong = text.replace("  5 6 1 3 2 4\n", "  5 6 1 3 4 2\n")
    assert wrong != text
    path = tmp_path / "wrong.pzl"
    path.write_text(wrong)
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0 and "differs from the solution written in the file" in out
    code, out, _ = run(capsys, "check", "--json", str(path))
    assert code == 0 and json.loads(out)["matches_expected"] is False
    code, out, _ = run(capsys, "check", "--strict", str(path))
    assert code == 7 and "differs from the solution written in the file" in out
    code, out, _ = run(capsys, "solve", str(path))
    assert code == 0 and "differs from the solution written in the file" in out
    # a right solution block is no mismatch, even with --strict
    assert run(capsys, "check", "--strict", SIX)[0] == 0


def test_check_with_nothing_to_check_is_an_input_error(tmp_path, capsys):
    empty_dir = tmp_path / "empty"
    empty_dir.mkdir()
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "comments.txt").write_text("# no puzzles yet\n")
    dangling = tmp_path / "dangling"
    dangling.mkdir()
    (dangling / "gone.pzl").symlink_to(tmp_path / "nowhere.pzl")
    cases = [[str(empty_dir)],
             ["--format", "sudoku-lines", str(tmp_path / "empty.txt")],
             ["--format", "sudoku-lines", str(tmp_path / "comments.txt")],
             [str(tmp_path / "comments.txt")],
             [str(dangling)],
             [str(dangling / "gone.pzl")]]
    for argv in cases:
        code, _, err = run(capsys, "check", *argv)
        assert code == 4, (argv, err)
        assert "0 puzzles" not in err, (argv, err)


def test_unknown_type_is_a_usage_error(capsys, tmp_path):
    code, _, err = run(capsys, "check", "--type", "nosuch", SIX)
    assert code == 2 and "--type" in err and "nosuch" in err
    code, _, err = run(capsys, "solve", "--format", "grid-text", "--type", "nosuch", SIX)
    assert code == 2 and "--type" in err


def test_error_record_names_the_type_of_the_file(tmp_path, capsys):
    bad = tmp_path / "bad.pzl"
    bad.write_text("puzzle sudoku\nsize 9\ngrid\n  1 2\n")
    code, out, _ = run(capsys, "check", "--json", str(bad))
    rec = json.loads(out)
    assert code == 4 and rec["verdict"] == "error" and rec["type"] == "sudoku"


def test_one_is_singular(tmp_path, capsys):
    code, _, err = run(capsys, "check", SIX)
    assert code == 0 and "1 puzzle:" in err and "1 puzzles" not in err
    code, out, _ = run(capsys, "count", SIX)
    assert code == 0 and out == "1 solution\n"


def test_dash_reads_standard_input(capsys, monkeypatch):
    data = Path(SIX).read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _ = run(capsys, "solve", "-")
    assert code == 0 and "verdict: unique solution" in out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _ = run(capsys, "fmt", "-")
    assert code == 0 and out.startswith("# A 6x6 Sudoku") and "puzzle sudoku" in out


def test_fmt_converts_a_batch_file_one_document_per_puzzle(tmp_path, capsys, datasets):
    batch = tmp_path / "three.txt"
    batch.write_text(sudoku_lines(datasets, 3))
    code, out, err = run(capsys, "fmt", str(batch))
    assert code == 0, err
    docs = ["puzzle" + d for d in re.split(r"(?m)^puzzle", out) if d.strip()]
    assert len(docs) == 3
    items = api.load(str(batch))
    for doc, item in zip(docs, items):
        [back] = api.load_text(doc, "doc.pzl")
        assert back.puzzle.name == "sudoku" and back.instance == item.instance


def test_help_opens_with_a_whole_sentence(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    description = out.split("\n\n")[1]  # after the usage lines
    assert not description.startswith(("positional", "options")), out
    text = " ".join(description.split())
    assert text.endswith("."), text
    assert "puzzle" in text.split(".")[0]


# -- defect 7: limits that hold -----------------------------------------------------
def _timed_json(*argv, limit: float = 60) -> tuple[int, float, list[dict], str]:
    start = time.monotonic()
    p = subprocess.run(SATLINK + list(argv), capture_output=True, text=True, timeout=limit)
    seconds = time.monotonic() - start
    return (p.returncode, seconds, [json.loads(line) for line in p.stdout.splitlines()],
            p.stderr)


def test_timeout_holds_while_encoding_a_huge_battleship(tmp_path):
    n = 100
    tallies = " ".join(["?"] * n)
    board = tmp_path / "sea.pzl"
    board.write_text(f"puzzle battleship\nsize {n} x {n}\nfleet 1x4 2x3 3x2 4x1\n"
                     f"rows {tallies}\ncols {tallies}\ngrid\n" + grid(n, n))
    code, seconds, [rec], err = _timed_json("solve", "--json", "--timeout", "2", str(board))
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
    code, seconds, [rec], err = _timed_json("solve", "--json", "--timeout", "2", str(board))
    assert code == 5 and rec["verdict"] == "unknown", err
    assert "time limit" in rec["reason"]
    assert seconds < 10, f"{seconds:.1f} s with --timeout 2"


def test_timeout_while_check_reads_a_file_is_unknown(tmp_path):
    board = thin_numberlink(tmp_path)  # reading it alone takes longer than 0.5 s
    code, seconds, records, err = _timed_json("check", "--json", "--timeout", "0.5",
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
    code, _, records, err = _timed_json("check", "--json", "--max-memory", "300M",
                                        "--timeout", "30", str(memory_hog), SIX, limit=90)
    assert code == 5, err
    assert [r["source"]["file"] for r in records] == [str(memory_hog), SIX]
    hog, six = records
    assert hog["verdict"] == "unknown" and "memory limit" in hog["reason"]
    assert six["verdict"] == "unique"
