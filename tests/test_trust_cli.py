"""Smaller promises of the command line (issue 11, defects 4, 5 and 9):
decode's literals, bad option values, --strict, nothing to check, types,
standard input, fmt of a batch, --help. In this process, through
:func:`satlink.cli.main`, except where memory is measured."""
from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from satlink import api
from tests.trusting import SATLINK, SIX, run, sudoku_lines


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
    # (and its CPU seconds: a wall-clock bound fails on a loaded machine)
    launcher = ("import resource, subprocess, sys; code = subprocess.call(sys.argv[1:]);"
                " r = resource.getrusage(resource.RUSAGE_CHILDREN);"
                " print(r.ru_utime + r.ru_stime, r.ru_maxrss, file=sys.stderr);"
                " sys.exit(code)")
    with open(out, "w") as o, open(err, "w") as e:
        p = subprocess.run([sys.executable, "-c", launcher, *SATLINK, "decode", SIX, str(ans)],
                           stdout=o, stderr=e)
    text = err.read_text()
    cpu_seconds, peak_kb = float(text.split()[-2]), int(text.split()[-1])
    assert p.returncode == 4, text
    assert f"{ans}:{line}:" in text and "Traceback" not in text and "MemoryError" not in text
    assert cpu_seconds < 10, f"{cpu_seconds:.1f} CPU seconds"
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
