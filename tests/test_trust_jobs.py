"""``--jobs`` bounded by the work (issue 20, item 4): no more worker
processes than units still to do, none beside this one for a single unit,
and a one-line warning above 4 times the CPUs."""
from __future__ import annotations

import subprocess

import pytest

from satlink import checking, runners
from tests.trusting import INSTANCES, SATLINK, SIX, run


@pytest.fixture
def started(monkeypatch) -> list[int]:
    """The ``jobs`` of every LocalRunner (pool processes) and ChildRunner
    (long-lived children under the limits) made during the test."""
    made: list[int] = []
    for kind in (runners.LocalRunner, runners.ChildRunner):
        def record(self, jobs, *rest, real=kind.__init__):
            made.append(jobs)
            real(self, jobs, *rest)

        monkeypatch.setattr(kind, "__init__", record)
    return made


def test_one_puzzle_with_many_jobs_starts_no_worker(capsys, started):
    code, out, _ = run(capsys, "check", "--jobs", "1000", SIX)
    assert code == 0 and "\tunique\t" in out
    assert started == []  # solved here, as with --jobs 1


def test_workers_are_never_more_than_the_units(capsys, started):
    files = sorted(str(p) for p in (INSTANCES / "hashi").glob("*.pzl"))
    code, out, _ = run(capsys, "check", "--jobs", "1000", *files)
    assert code == 0 and len(out.splitlines()) == len(files)
    assert started == [len(files)]


def test_a_resumed_run_counts_only_the_puzzles_left(tmp_path, capsys, started):
    files = sorted(str(p) for p in (INSTANCES / "hashi").glob("*.pzl"))
    out = tmp_path / "out.jsonl"
    assert run(capsys, "check", "--output", str(out), *files[:-1])[0] == 0
    code, printed, _ = run(capsys, "check", "--jobs", "8", "--output", str(out), "--resume",
                           *files)
    assert code == 0 and [line.split("\t")[0] for line in printed.splitlines()] == files[-1:]
    assert started == []  # one puzzle left: no worker


@pytest.mark.parametrize("jobs, warned", [("1000", True), ("2", False)])
def test_jobs_far_above_the_cpus_get_one_warning(capsys, monkeypatch, jobs, warned):
    monkeypatch.setattr(checking, "default_jobs", lambda: 2)
    code, _, err = run(capsys, "check", "--jobs", jobs, SIX)
    lines = [line for line in err.splitlines() if line.startswith("warning:")]
    assert code == 0
    assert lines == ([f"warning: --jobs {jobs} is more than 4 times the 2 CPUs here: no more"
                      " processes start than there is work, and those beyond the CPUs wait"]
                     if warned else [])


def test_generate_warns_too(capsys, monkeypatch):
    monkeypatch.setattr(checking, "default_jobs", lambda: 2)
    code, out, err = run(capsys, "generate", "sudoku", "--size", "4", "--jobs", "9")
    assert code == 0 and "puzzle sudoku" in out
    assert err.count("warning: --jobs 9 is more than 4 times the 2 CPUs") == 1


def test_a_hundred_thousand_jobs_on_one_puzzle_is_one_process():
    p = subprocess.run(SATLINK + ["check", "--jobs", "100000", SIX], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0 and "\tunique\t" in p.stdout, p.stderr
    assert "Traceback" not in p.stderr
