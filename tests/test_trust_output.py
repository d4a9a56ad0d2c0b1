"""Files the commands write (issue 11, defects 3 and 6): through a
symlink, into a fifo, with the umask's mode, and a full disk as one line
and exit 2."""
from __future__ import annotations

import os
import stat
import subprocess
import threading
import time

import pytest

from tests.trusting import SATLINK, SIX, run


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
