"""Files the commands write (issue 11, defects 3 and 6; issue 20, item 3):
through a symlink, into a fifo, with the umask's mode, a full disk as one
line and exit 2, and every path the commands write refused the same way
(``satlink.writing``), leaving nothing behind."""
from __future__ import annotations

import os
import stat
import subprocess
import threading
import time
from pathlib import Path

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


# -- issue 20, item 3: one way to write a file --------------------------------------
def test_check_output_to_a_full_disk_is_one_line_and_exit_2():
    p = subprocess.run(SATLINK + ["check", SIX, "--output", "/dev/full"], capture_output=True,
                       text=True, timeout=60)
    lines = [line for line in p.stderr.splitlines() if line.strip()]
    assert p.returncode == 2, p.stderr
    assert "Traceback" not in p.stderr and "During handling" not in p.stderr
    assert lines == ["error: cannot write /dev/full: No space left on device; `--resume` goes"
                     " on from the last whole line"]


#: Every path the commands write: (argv with PATH where the path goes, "file" or
#: "folder"). minimize and generate work on boards that take a few milliseconds.
WRITERS = {
    "solve --svg": (["solve", SIX, "--svg", "PATH"], "file"),
    "draw -o": (["draw", SIX, "-o", "PATH"], "file"),
    "dimacs -o": (["dimacs", SIX, "-o", "PATH"], "file"),
    "minimize -o": (["minimize", SIX, "-o", "PATH"], "file"),
    "check --output": (["check", SIX, "--output", "PATH"], "file"),
    "generate -o": (["generate", "sudoku", "--size", "4", "--count", "2", "-o", "PATH"],
                    "folder"),
    "generate --solutions": (["generate", "sudoku", "--size", "9", "--solutions", "PATH"],
                             "file"),
    "solve --proof": (["solve", SIX, "--certify", "--proof", "PATH"], "folder"),
    "check --proof": (["check", SIX, "--certify", "--proof", "PATH"], "folder"),
}


def bad_paths(tmp_path: Path, kind: str) -> dict[str, tuple[str, str]]:
    """Paths that cannot take a ``kind`` ("file" or "folder"), by name, with
    the reason the message must give."""
    a_file = tmp_path / "a-file"
    a_file.write_text("keep me\n")
    a_folder = tmp_path / "a-folder"
    a_folder.mkdir()
    cases = {"under a file": (str(a_file / "out"), "Not a directory")}
    if kind == "file":
        cases["a folder"] = (str(a_folder), "Is a directory")
        cases["missing parent"] = (str(tmp_path / "nowhere" / "out"),
                                   f"no directory {tmp_path / 'nowhere'}")
        cases["full disk"] = ("/dev/full", "No space left on device")
    else:
        cases["a file"] = (str(a_file), "Not a directory")
    return cases


def tree(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None)
            for p in sorted(root.rglob("*"))}


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_every_output_path_is_refused_cleanly(tmp_path, capsys, writer):
    argv, kind = WRITERS[writer]
    for case, (path, reason) in bad_paths(tmp_path, kind).items():
        before = tree(tmp_path)
        code, out, err = run(capsys, *[path if a == "PATH" else a for a in argv])
        assert code == 2, (writer, case, err)
        assert err.splitlines()[-1].startswith(f"error: cannot write {path}: {reason}"), \
            (writer, case, err)
        assert "Traceback" not in err
        assert tree(tmp_path) == before, (writer, case)  # nothing made, nothing changed


@pytest.mark.parametrize("writer", sorted(w for w in WRITERS if WRITERS[w][1] == "file"
                                          and w != "check --output"))
def test_a_write_that_fails_at_the_end_leaves_nothing(tmp_path, capsys, monkeypatch, writer):
    """The disk fills up as the file is renamed into place: exit 2, no file
    under the final name, no temporary one beside it."""
    def full(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    path = tmp_path / "out"
    argv, _ = WRITERS[writer]
    code, _, err = run(capsys, *[str(path) if a == "PATH" else a for a in argv])
    assert code == 2 and f"cannot write {path}: No space left on device" in err, err
    assert list(tmp_path.iterdir()) == []


def test_no_permission_is_refused_like_the_rest(tmp_path, capsys, monkeypatch):
    """(As root no folder refuses a write, so the refusal is staged.)"""
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if str(p) == str(tmp_path)
                        else real(p, mode, **kw))
    path = tmp_path / "out.cnf"
    code, _, err = run(capsys, "dimacs", SIX, "-o", str(path))
    assert code == 2 and f"cannot write {path}: Permission denied" in err
    code, _, err = run(capsys, "generate", "sudoku", "--size", "4", "-o", str(tmp_path / "d"))
    assert code == 2 and f"cannot write {tmp_path / 'd'}: Permission denied" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [["generate", "sudoku", "--size", "4", "-o", "EXISTING"],
                                  ["solve", SIX, "--certify", "--proof", "EXISTING"]],
                         ids=["generate -o", "solve --proof"])
def test_a_file_where_a_folder_goes_is_exit_2_not_a_traceback(tmp_path, argv):
    existing = tmp_path / "existing"
    existing.write_text("keep me\n")
    p = subprocess.run(SATLINK + [str(existing) if a == "EXISTING" else a for a in argv],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2, p.stderr
    assert p.stderr.strip() == f"error: cannot write {existing}: Not a directory"
    assert existing.read_text() == "keep me\n"
