"""Records written by the children (issue 22, the 17-clue batch): under
``--jobs`` with ``--json`` or ``--output``, the long-lived children that
read a file's lines send each record as its JSON line
(:class:`satlink.checking.Texts`), and ``check`` prints and appends those
lines as they came. What it prints must be what it printed when it wrote
each record itself: the same lines, the same order, the same exit code."""
from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

from satlink import checking, children, cli
from satlink.checking import Texts

pytestmark = pytest.mark.skipif(not children.can_fork(), reason="limits need fork")

#: Unique, several solutions (two clues), no solution (two 1s in a row),
#: not a Sudoku line (80 characters).
LINES = {
    "unique": ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    "multiple": "1" + "." * 79 + "2",
    "none": "11" + "." * 79,
    "error": "1" * 80,
}


def _run(argv: list[str]) -> tuple[int, list[dict]]:
    """Exit code and the records printed, their times and variable count
    (which depends on the puzzles solved before on the same solver) set to
    0 (see :func:`_plain`)."""
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(argv)
    return code, [_plain(json.loads(line)) for line in out.getvalue().splitlines()]


def _plain(rec: dict) -> dict:
    for k in rec.get("stats", {}):
        if k.endswith("_seconds") or k == "variables":
            rec["stats"][k] = 0
    if rec["verdict"] == "multiple":  # which two: the solver's state, the puzzles before
        rec["solution"] = rec["differing"] = None
    return rec


@pytest.fixture
def lines_file(tmp_path, monkeypatch):
    """16 lines; chunks of 5 lines, so that two children share the work
    (one chunk would be solved by one child, in order)."""
    monkeypatch.setattr(checking, "CHUNK", 5)
    path = tmp_path / "mixed.txt"
    rows = ["# a comment"] + [LINES[k] for k in ("unique", "multiple", "none", "error")] * 4
    path.write_text("\n".join(rows) + "\n")
    return path


@pytest.fixture
def written(monkeypatch) -> list[int]:
    """How many records came as lines the children wrote."""
    seen: list[int] = []
    text = Texts.text

    def counted(self):
        seen.append(len(self))
        return text(self)

    monkeypatch.setattr(Texts, "text", counted)
    return seen


def test_json_lines_from_the_children_are_the_records_check_wrote(lines_file, written):
    code, recs = _run(["check", str(lines_file), "--json", "--jobs", "2"])
    assert sum(written) == 16  # every record came as a line
    # --max-memory none: worker processes send records, this process writes them
    base_code, base = _run(["check", str(lines_file), "--json", "--jobs", "2",
                            "--max-memory", "none"])
    assert recs == base
    assert code == base_code == 4  # an input error is the worst here
    assert [r["verdict"] for r in recs] == ["unique", "multiple", "none", "error"] * 4
    assert [r["source"]["line"] for r in recs] == list(range(2, 18))


def test_output_holds_the_lines_printed(lines_file, written, tmp_path):
    results = tmp_path / "results.jsonl"
    code, recs = _run(["check", str(lines_file), "--json", "--jobs", "2",
                       "--output", str(results)])
    assert sum(written) == 16 and code == 4
    kept = [_plain(json.loads(line)) for line in results.read_text().splitlines()]
    key = lambda r: r["source"]["line"]  # noqa: E731 - --output is in finishing order
    assert sorted(kept, key=key) == recs


def test_without_json_the_screen_shows_the_same_lines(lines_file, written, tmp_path, capsys):
    """--output alone: the children write JSON lines for the file, the
    screen gets its tab-separated lines from them."""
    results = tmp_path / "results.jsonl"
    code = cli.main(["check", str(lines_file), "--jobs", "2", "--output", str(results)])
    shown = capsys.readouterr().out.splitlines()
    assert sum(written) == 16
    assert code == 4 and len(shown) == 16
    verdicts = [line.split("\t")[2] for line in shown]
    assert verdicts == ["unique", "multiple", "none", "error"] * 4
    assert len(results.read_text().splitlines()) == 16


def test_texts_read_back_and_count_mismatches_only_when_strict():
    recs = [{"verdict": "unique", "matches_expected": False}, {"verdict": "none"}]
    texts = Texts([json.dumps(r) + "\n" for r in recs], ["unique", "none"], [0])
    assert len(texts) == 2
    assert list(texts) == [(recs[0], "unique"), (recs[1], "none")]
    assert texts.text() == "".join(json.dumps(r) + "\n" for r in recs)
    assert texts.exit_kinds(False) == ["unique", "none"]
    assert texts.exit_kinds(True) == ["mismatch", "none"]
    assert texts.kinds == ["unique", "none"]  # the marks are a copy
