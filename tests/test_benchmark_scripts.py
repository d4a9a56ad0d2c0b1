"""benchmarks/formulas.py and benchmarks/sidebyside.py (issue 22's side-by-side
scripts) on a few boards, so that they do not rot: the command line as users
run it, and the comparison each makes."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from tests.helpers import ROOT, load_benchmark


def script(name: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / f"{name}.py"), *args],
                          capture_output=True, text=True, env=env, timeout=300)


def table_row(out: str, genre: str, headers: list[str]) -> dict[str, str]:
    """A genre's row by column (the cells hold no double spaces; an "after"
    column is named after the "before" column it follows)."""
    lines = [re.split(r"\s{2,}", ln.strip()) for ln in out.splitlines()]
    assert headers in lines, out
    keys: list[str] = []
    for h in headers:
        keys.append(keys[-1].replace("before", "after") if h == "after" else h)
    return dict(zip(keys, next(cells for cells in lines if cells[0] == genre)))


@pytest.mark.slow  # 4.8 s at load 10 on two cores: two children encode every board twice
def test_formulas_of_one_checkout_against_itself_are_identical():
    done = script("formulas", "Hashi", "--every", "60", "--base", str(ROOT), "--sorted")
    assert done.returncode == 0, done.stderr
    row = table_row(done.stdout, "Hashi", load_benchmark("formulas").headers(True))
    assert row["boards"] == row["read"] == row["identical"] == row["identical sorted"] == "4"
    assert (row["differing"], row["read/verdict/lazy/complete/url/json differ"]) == \
        ("0", "0 / 0 / 0 / 0 / 0 / 0")
    assert row["vars before"] == row["vars after"] and int(row["vars before"]) > 0
    assert row["clauses before"] == row["clauses after"] and int(row["clauses before"]) > 0
    assert done.stdout.splitlines()[-1] == "1 of 1 genres identical board by board"


def _boards(clauses: list[list[int]], url="u") -> dict:
    formulas = load_benchmark("formulas")
    h = formulas._digest(repr(clauses))
    s = formulas._digest(repr([sorted(c) for c in clauses]))
    return {"verdict": [3, len(clauses), h, s], "lazy": [3, len(clauses), h, s],
            "complete": [3, len(clauses), h, s], "url": url, "json": "j"}


def test_formulas_counts_what_differs_and_exits_1(monkeypatch, capsys, tmp_path):
    formulas = load_benchmark("formulas")
    base = {"a": _boards([[1, 2]]), "b": _boards([[1, 2]]), "c": _boards([[1]]),
            "d": {"error": "bad row"}}
    head = {"a": _boards([[1, 2]]), "b": _boards([[2, 1]]), "c": _boards([[1]], url="v"),
            "d": {"error": "bad row"}}
    row = dict(zip(formulas.headers(True), formulas.compare("G", base, head, True)))
    assert (row["boards"], row["read"], row["identical"], row["differing"]) == (4, 3, 2, 2)
    # b reorders a clause's literals (identical sorted); c changes its URL
    assert row["read/verdict/lazy/complete/url/json differ"] == "0 / 1 / 1 / 1 / 1 / 0"
    assert row["identical sorted"] == 3 and row["first differing"] == "b"
    # the exit status, the children's output faked: base is a tree other than this one
    monkeypatch.setattr(formulas, "checkout", _fake_checkout)
    monkeypatch.setattr(formulas, "run_under", lambda tree, code, *a: {
        "satlink": "x", "Hashi": head if tree == ROOT else base})
    assert formulas.main(["Hashi", "--base", "other"]) == 1
    assert "0 of 1 genres identical" in capsys.readouterr().out
    monkeypatch.setattr(formulas, "run_under", lambda tree, code, *a: {"satlink": "x", "Hashi": base})
    assert formulas.main(["Hashi", "--base", "other", "--json", str(tmp_path / "h.json")]) == 0
    assert "1 of 1 genres identical" in capsys.readouterr().out
    assert json.loads((tmp_path / "h.json").read_text())["base"]["Hashi"]["d"] == {"error": "bad row"}


class _fake_checkout:
    def __init__(self, spec):
        self.spec = spec

    def __enter__(self):
        return ROOT if self.spec is None else ROOT / "benchmarks"

    def __exit__(self, *exc):
        return False


def test_bad_input_is_a_message_not_a_traceback():
    for name in ("formulas", "sidebyside"):
        done = script(name, "NoSuchGenre", "--base", str(ROOT))
        assert done.returncode == 2 and "no dev-slice file" in done.stderr
        done = script(name, "Hashi", "--base", "no-such-revision-bench12")
        assert done.returncode == 1 and "neither a directory nor a git revision" in done.stderr
        assert "Traceback" not in done.stderr


def test_sidebyside_of_one_checkout_against_itself():
    done = script("sidebyside", "Hashi", "--every", "60", "--base", str(ROOT), "--rounds", "1")
    assert done.returncode == 0, done.stderr
    side = load_benchmark("sidebyside")
    lines = done.stdout.splitlines()
    assert lines[0].startswith("load ") and "best of 1 rounds" in lines[0]
    row = table_row(done.stdout, "Hashi", side.HEADERS)
    assert row["boards"] == "4" and row["=pub before"] == row["=pub after"] == "4/4"
    assert float(row["cpu ms before"]) > 0 and float(row["cpu ms after"]) > 0
    assert row["clauses before"] == row["clauses after"] and int(row["clauses before"]) > 0
    parts = [float(x) for x in row["parse/enc/load/solve before"].split(" / ")]
    assert len(parts) == 4 and parts[1] > 0
    assert re.fullmatch(r"\(?\d+\.\d+\)?", row["verdict/solve before"])
    assert lines[-3:-1] == ["verdict or equality changed: 0 boards",
                            "not unique and equal to the published solution, after: 0 boards"]
    assert re.fullmatch(r"genres with median solve >= 1 ms and verdict/solve <= 2:"
                        r" before \d of \d, after \d of \d", lines[-1])


def test_sidebyside_keeps_each_boards_best_round_and_counts_the_target():
    side = load_benchmark("sidebyside")

    def rec(cpu, solve, verdict="unique", equal=True):
        return {"cpu": cpu, "solve": solve, "parse": 0.0, "encode": 0.0, "load": 0.0,
                "verdict": verdict, "equal": equal, "clauses": 10}

    kept = side.best([{"a": rec(0.010, 0.004), "b": rec(0.002, 0.0005)},
                      {"a": rec(0.006, 0.004), "b": rec(0.003, 0.0001, "multiple", False)}])
    assert kept["a"]["cpu"] == 0.006 and kept["b"]["cpu"] == 0.002
    fast = side.side_summary(kept)
    assert fast["=pub"] == "2/2" and fast["cpu"] == "4.0" and fast["clauses"] == "10"
    assert fast["ratio"] == f"{0.004 / 0.00225:.2f}"  # median solve 2.25 ms: no parentheses
    slow = side.side_summary({"a": rec(0.004, 0.0005)})
    assert slow["ratio"] == "(8.0)"
    both = [{"before": fast, "after": slow}, {"before": side.side_summary({"x": None}),
                                              "after": side.side_summary({"a": rec(0.009, 0.003)})}]
    assert side.within(both, "before") == "before 1 of 1"
    assert side.within(both, "after") == "after 0 of 1"
    moved = side.changed("G", {"before": kept, "after": {"a": kept["a"], "b": rec(1, 1, "none", None)}})
    assert len(moved) == 1 and moved[0].startswith("G b: before unique equal True, after none")
