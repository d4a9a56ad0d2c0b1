"""`satlink explain` from the command line: text, JSON, hints from a state,
wrong states, several solutions, none, the time limit."""
from __future__ import annotations

import json

from satlink.cli import main
from tests.helpers import ROOT

CLASSIC = str(ROOT / "instances" / "sudoku" / "classic.pzl")
AKARI = str(ROOT / "instances" / "akari" / "hand-6x6.pzl")
FOUR = "puzzle sudoku\nsize 4\ngrid\n  1 2 3 4\n  3 4 1 2\n  2 1 4 3\n  4 3 . .\n"
OPEN = "puzzle sudoku\nsize 4\ngrid\n  1 2 3 .\n  . . . .\n  . . . .\n  . . . .\n"
NONE = "puzzle sudoku\nsize 4\ngrid\n  1 1 . .\n  . . . .\n  . . . .\n  . . . .\n"


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_text_lists_steps_solution_and_difficulty(capsys):
    assert main(["explain", AKARI]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("step 1 (direct): ")
    assert "clue r5c2 (0)" in out  # a reason names the clue and its value
    assert "solved: the steps reach the unique solution" in out
    assert "difficulty " in lines[-1]


def test_json_steps_cover_every_fact(capsys):
    assert main(["explain", CLASSIC, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["verdict"] == "unique" and d["complete"]
    shown = [f["fact"] for s in d["steps"] for f in s["facts"]]
    assert len(shown) + len(d["given"]) == d["facts"] == 81
    assert {s["kind"] for s in d["steps"]} <= {"direct", "contradiction", "deduction", "trial"}
    assert 1 <= d["difficulty"]["rating"] <= 5
    step_of = {f["fact"]: s["step"] for s in d["steps"] for f in s["facts"]}
    for s in d["steps"]:  # every cited fact came before
        for f in s["facts"]:
            assert all(r["step"] < s["step"] for r in f["reason_facts"])
            assert all(step_of.get(r["fact"], 0) == r["step"] for r in f["reason_facts"])


def test_hint_from_state_and_pasted_step_lines(tmp_path, capsys):
    puzzle = write(tmp_path, "four.pzl", FOUR)
    assert main(["explain", puzzle, "--hint"]) == 0
    first = capsys.readouterr().out.splitlines()
    assert len(first) == 1 and first[0].startswith("step 1 (direct): r4c4 = 1")
    state = write(tmp_path, "state.txt", first[0] + "\n")  # a printed line, pasted
    assert main(["explain", puzzle, "--hint", "--state", state]) == 0
    assert capsys.readouterr().out.startswith("step 1 (direct): r4c3 = 2: clue r3c1 (2); r4c4 = 1 (given)")


def test_wrong_state_names_the_cell(tmp_path, capsys):
    puzzle = write(tmp_path, "four.pzl", FOUR)
    state = write(tmp_path, "state.txt", "# my grid\nr4c4 = 2\n")
    assert main(["explain", puzzle, "--hint", "--state", state]) == 3
    assert "wrong at r4c4" in capsys.readouterr().err


def test_unknown_fact_is_bad_input_with_position(tmp_path, capsys):
    puzzle = write(tmp_path, "four.pzl", FOUR)
    state = write(tmp_path, "state.txt", "r4c4 = 1\n  r9c9 = 7\n")
    assert main(["explain", puzzle, "--hint", "--state", state]) == 4
    assert f"{state}:2:3: error: `r9c9 = 7` is not a fact" in capsys.readouterr().err


def test_several_solutions_explain_the_forced_facts(tmp_path, capsys):
    puzzle = write(tmp_path, "open.pzl", OPEN)
    assert main(["explain", puzzle, "--json"]) == 1
    d = json.loads(capsys.readouterr().out)
    assert d["verdict"] == "multiple" and d["complete"]
    shown = {f["fact"] for s in d["steps"] for f in s["facts"]}
    assert shown == {"r1c4 = 4"}  # the only cell every solution shares beyond the givens
    assert main(["explain", puzzle]) == 1
    assert "several solutions" in capsys.readouterr().out


def test_no_solution(tmp_path, capsys):
    assert main(["explain", write(tmp_path, "none.pzl", NONE)]) == 3
    assert "no solution" in capsys.readouterr().out


def test_time_limit_prints_steps_so_far(capsys):
    assert main(["explain", CLASSIC, "--timeout", "0.000001", "--json"]) == 5
    d = json.loads(capsys.readouterr().out)
    assert not d["complete"]


def test_svg_draws_every_step(tmp_path, capsys):
    out = tmp_path / "steps"
    assert main(["explain", AKARI, "--svg", str(out), "--json"]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    files = sorted(p.name for p in out.iterdir())
    assert files == [f"step-{s['step']:03d}.svg" for s in steps]
    first = (out / files[0]).read_text()
    assert first.startswith("<svg") or first.startswith("<?xml")
    assert "#" in first  # drawn, with colours


def test_check_difficulty_adds_the_rating_to_every_record(tmp_path, capsys):
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    lines = write(tmp_path, "two.txt", f"{hard}\n1{'.' * 80}\n")
    assert main(["check", lines, "--difficulty", "--json"]) == 1
    unique, several = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert unique["verdict"] == "unique" and 1 <= unique["difficulty"]["rating"] <= 5
    assert set(unique["difficulty"]) >= {"score", "steps", "trials", "hardest"}
    assert several["verdict"] == "multiple" and several["difficulty"] is None
    assert main(["check", lines]) == 1
    assert "\tdifficulty " not in capsys.readouterr().out


def test_hint_reads_the_solution_block_and_names_a_wrong_cell(tmp_path, capsys):
    with_solution = (ROOT / "instances" / "akari" / "hand-6x6.pzl").read_text()
    assert main(["explain", write(tmp_path, "right.pzl", with_solution), "--hint"]) == 0
    assert "nothing left to explain" in capsys.readouterr().out
    # the written solution with the lamp of r1c2 moved to r1c1
    wrong = with_solution.replace("solution\n  . o 1", "solution\n  o . 1")
    assert wrong != with_solution
    assert main(["explain", write(tmp_path, "wrong.pzl", wrong), "--hint"]) == 3
    err = capsys.readouterr().err
    assert "wrong at r1c1" in err or "wrong at r1c2" in err


def test_pictures_after_every_step(capsys):
    assert main(["explain", AKARI, "--pictures"]) == 0
    out = capsys.readouterr().out
    steps = {line.split(" (")[0] for line in out.splitlines() if line.startswith("step ")}
    assert out.count("┌") == len(steps) + 1  # one per step, and the solution
    assert "░" in out  # the new facts, shaded


def test_an_optimising_puzzle_is_refused(capsys):
    shortest = str(ROOT / "instances" / "circuitboard" / "shortest" / "shortest-6x6.pzl")
    assert main(["explain", shortest]) == 2
    assert "best solution" in capsys.readouterr().err
